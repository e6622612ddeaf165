package serve

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/examples/networks"
	"queuelab/model/network"
)

// realCatalogue is the examples/networks catalogue as the command offers it.
func realCatalogue() []NetworkFile {
	var out []NetworkFile
	for _, e := range networks.Catalogue() {
		out = append(out, NetworkFile{Name: e.Name, Title: e.Title, Source: e.Source, Lesson: e.Lesson})
	}
	return out
}

// TestBrowserNetwork drives the network page in headless Chromium on the
// real simulator and the jackson-feedback example: open it, see the graph
// and the lesson, run until the verdict agrees with Jackson's formula,
// change a routing probability mid-run, see the restart marked and the
// formula move, run until the verdict agrees again, download the edited
// file, replay the run from its link to the same state, and drive a
// station past ρ = 1. With QUEUELAB_SCREENSHOTS=dir it writes network.png
// there (docs/screenshots for the README).
func TestBrowserNetwork(t *testing.T) {
	p := page{t, browser(t)}
	ts := liveServer(t, nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	verdict := func(station, measure string) string {
		return `document.querySelector('.netchart[data-station="` + station + `"][data-measure="` + measure + `"] .badge').dataset.verdict`
	}
	formula := func(station, name string) string {
		return `net.st.rows.find(r => r.station === "` + station + `" && r.class === "" && r.name === "` + name + `").formulas[0].value`
	}

	p.do(chromedp.Navigate(ts.URL+"/network.html?net=jackson-feedback&seed=1"),
		until(`net.st && net.st.graph.stations.length === 3`, 10*time.Second))
	assert.Contains(t, p.content("#net-title"), "jackson-feedback")
	assert.Contains(t, p.content("#lesson"), "traffic equations")
	assert.Equal(t, 3.0, p.num(`document.querySelectorAll("#graph .station").length`))
	for _, route := range []string{"a>b", "b>c", "b>a", "c>a", "b>out", "c>out"} {
		assert.Equal(t, 1.0, p.num(`document.querySelectorAll('#graph path[data-route="`+route+`"]').length`), route)
	}
	assert.Equal(t, 9.0, p.num(`document.querySelectorAll("#charts .netchart").length`), "L, W and utilisation of 3 stations")
	assert.Contains(t, p.content(`.netchart[data-station="a"][data-measure="mean_in_system"]`), "exact")
	assert.InDelta(t, 2.0, p.num(formula("b", "mean_in_system")), 1e-9, "ρb = 2/3: L = 2")

	p.do(click(`#speeds button[data-speed="-1"]`),
		until(verdict("a", "mean_in_system")+` === "agrees"`, 60*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second),
		chromedp.SetValue(chromedp.CSS(`input[data-change="route b>a"]`), "0.3"),
		click(`button[data-set="route b>a"]`),
		until(`net.st.taken.length === 1 && !net.st.running`, 10*time.Second))
	assert.Equal(t, "inconclusive", p.str(verdict("a", "mean_in_system")), "the statistics restarted")
	assert.InDelta(t, 4.0, p.num(formula("b", "mean_in_system")), 1e-9, "λa = 2, ρb = 0.8: L = 4")
	assert.Contains(t, p.content(`#graph`), "0.3")
	assert.Positive(t, p.num(`document.querySelectorAll('.netchart[data-station="b"] line.mark').length`))

	p.do(click(`#speeds button[data-speed="-1"]`),
		until(verdict("a", "mean_in_system")+` === "agrees" && `+verdict("b", "utilization")+` === "agrees"`, 60*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second),
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	p.shotWith("network.png", chromedp.CaptureScreenshot()) // the top of the page: graph, lesson, first charts

	body := p.download(ts.URL, `#download`)
	n, err := network.Parse("download.yaml", body)
	require.NoError(t, err, string(body))
	assert.Contains(t, string(body), "b: {c: 0.5, a: 0.3}")
	assert.Contains(t, string(body), "# Source: Jackson", "the file's description is kept")
	assert.Len(t, n.Stations, 3)

	// The replay link carries the change with its time: opened again, the
	// page applies it at that time (TestNetworkReplayIsIdentical checks
	// that the states then agree to the byte).
	taken := p.str(`net.st.taken[0]`)
	url := p.location()
	assert.Contains(t, url, "route+b%3Ea%3D0.3")
	p.do(chromedp.Navigate(url), until(`net.st && net.st.planned.length === 1`, 10*time.Second))
	assert.Equal(t, taken, p.str(`net.st.planned[0]`))
	assert.Contains(t, p.content("#taken"), "(planned)")
	p.do(click(`#speeds button[data-speed="-1"]`), until(`net.st.taken.length === 1`, 30*time.Second))
	assert.Equal(t, taken, p.str(`net.st.taken[0]`))

	// Past ρ = 1: λ = 2 makes λa = λb = 4, λc = 2: ρ = 1.2, 1.6 and 1.2.
	// The page says so and shows b's queue growing instead of numbers.
	p.do(chromedp.SetValue(chromedp.CSS(`input[data-change="rate job"]`), "2"),
		click(`button[data-set="rate job"]`),
		until(`net.st.taken.length === 2`, 10*time.Second),
		click(`#speeds button[data-speed="10"]`),
		until(`net.st.snapshot.stations[1].count > 40`, 30*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second))
	assert.Contains(t, p.content("#banner"), "a has ρ = 1.2 ≥ 1, b has ρ = 1.6 ≥ 1, c has ρ = 1.2 ≥ 1")
	assert.Equal(t, "unstable", p.str(verdict("b", "mean_in_system")))
	assert.Contains(t, p.content(`#graph [data-station="b"]`), "unstable")
	assert.Contains(t, p.content(`#graph [data-station="b"]`), "more waiting")
	assert.Contains(t, p.content(`tr[data-row="b//mean_in_system"]`), "growing: unstable")
	p.shot("network-unstable.png")
}
