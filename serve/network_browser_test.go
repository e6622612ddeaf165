package serve

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/examples/networks"
	"queuelab/model/network"
)

// TestBrowserNetworkFake drives the network page in headless Chromium on
// the fake network: open it from the catalogue, see the lesson and the
// graph, run until the verdict appears, change the number of servers
// mid-run, see the restart marked on the charts, the verdict go back to
// collecting and come again, the replay link and the download carry the
// change; then an unstable rate shows as unstable, not as numbers.
func TestBrowserNetworkFake(t *testing.T) {
	ctx := browser(t)
	srv := newNetServer(t, Options{})
	ts := httptest.NewServer(srv)
	defer ts.Close()

	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx, steps...))
	}
	text := func(sel string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).textContent`, sel)))
		require.NoError(t, err, sel)
		return v
	}
	count := func(expr string) int {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[int](expr))
		require.NoError(t, err, expr)
		return v
	}
	badge := func(station, measure string) string {
		return `document.querySelector('.netchart[data-station="` + station + `"][data-measure="` + measure + `"] .badge')`
	}

	do(chromedp.Navigate(ts.URL+"/network.html?net=fake&seed=5"),
		until(`net.st && net.st.graph.stations.length === 2`, 10*time.Second))
	assert.Contains(t, text("#lesson"), "two servers", "the example's lesson is shown")
	assert.Equal(t, 1, count(`document.querySelectorAll("#lesson strong").length`), "bold is rendered, not shown as asterisks")
	assert.Equal(t, 2, count(`document.querySelectorAll("#graph .station").length`))
	assert.Equal(t, 3, count(`document.querySelectorAll("#graph path[data-route]").length`), "cpu→disk, cpu→out, disk→cpu")
	assert.Contains(t, text(`#graph`), "0.5")
	assert.Equal(t, 6, count(`document.querySelectorAll("#charts .netchart").length`), "L, W and utilisation for both stations")
	assert.Contains(t, text(`.netchart[data-station="cpu"][data-measure="mean_in_system"]`), "Jackson product form · exact")

	do(click(`#speeds button[data-speed="-1"]`),
		until(badge("cpu", "mean_in_system")+`.dataset.verdict === "agrees"`, 20*time.Second),
		click(`#pause`),
		until(`!net.st.running`, 5*time.Second),
		chromedp.SetValue(chromedp.CSS(`input[data-change="servers cpu"]`), "2"),
		click(`button[data-set="servers cpu"]`),
		until(`net.st.taken.length === 1 && !net.st.running`, 10*time.Second))
	assert.Contains(t, text("#taken"), "servers cpu=2")
	assert.Equal(t, "collecting", strings.TrimSpace(strings.SplitN(text(`.netchart[data-station="cpu"][data-measure="mean_in_system"] .badge`), "·", 2)[1]),
		"the statistics restarted at the change")
	assert.Positive(t, count(`document.querySelectorAll('.netchart[data-station="cpu"] line.mark').length`), "the restart is marked on the charts")
	assert.Contains(t, text(`#graph [data-station="cpu"]`), "c = 2")
	url, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	assert.Contains(t, url, "at=", "the address replays the change")
	assert.Contains(t, url, "servers+cpu%3D2")

	do(click(`#speeds button[data-speed="-1"]`),
		until(badge("cpu", "mean_in_system")+`.dataset.verdict === "agrees"`, 20*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second))
	href, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(`#download`), "href"))
	require.NoError(t, err)
	res, err := http.Get(ts.URL + href.Value)
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Contains(t, string(body), "servers: 2", "the download is the edited network")

	// An unstable rate (λ_cpu = 10, 2 servers of mean 0.25: ρ = 1.25): shown
	// as unstable, with the queue growing.
	do(chromedp.SetValue(chromedp.CSS(`input[data-change="rate job"]`), "5"),
		click(`button[data-set="rate job"]`),
		until(`net.st.taken.length === 2`, 10*time.Second),
		click(`#speeds button[data-speed="10"]`),
		until(`net.st.snapshot.stations[0].count > 20`, 20*time.Second),
		click(`#pause`))
	assert.Contains(t, text("#banner"), "cpu has ρ = 1.25 ≥ 1")
	assert.Equal(t, "unstable", attr(t, ctx, `.netchart[data-station="cpu"][data-measure="mean_in_system"] .badge`, "data-verdict"))
	assert.Contains(t, text(`#graph [data-station="cpu"]`), "unstable")
	assert.Contains(t, text(`#graph [data-station="cpu"]`), "more waiting")
	shot(t, ctx, "network-fake.png")

	// A file from this computer: opened in the page, travelling in the
	// replay link, which opens it again.
	mine := filepath.Join(t.TempDir(), "mine.yaml")
	require.NoError(t, os.WriteFile(mine, []byte("name: mine\n"), 0o644))
	do(chromedp.SetUploadFiles(chromedp.CSS(`#upload`), []string{mine}),
		until(`net.st && net.st.file === "mine.yaml" && net.st.origin === ""`, 10*time.Second))
	assert.Contains(t, text("#lesson"), "An uploaded network")
	url, err = chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	assert.Contains(t, url, "src=")
	assert.Contains(t, url, "file=mine.yaml")
	do(chromedp.Navigate(url), until(`net.st && net.st.file === "mine.yaml"`, 10*time.Second))
	id := evalString(t, ctx, `net.id`)
	res, err = http.Get(ts.URL + "/api/networks/sessions/" + id + "/network.yaml")
	require.NoError(t, err)
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	assert.Contains(t, string(body), "# queuelab network: mine.yaml")
}

func attr(t *testing.T, ctx context.Context, sel, name string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(sel), name))
	require.NoError(t, err, sel)
	return v.Value
}

// shot saves a screenshot of the whole page in the test's folder and,
// with QUEUELAB_SCREENSHOTS=dir, in dir.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	shotWith(t, ctx, name, chromedp.FullScreenshot(100))
}

// shotWith is shot with the screenshot action given (e.g. of the viewport).
func shotWith(t *testing.T, ctx context.Context, name string, take chromedp.Action[[]byte]) {
	t.Helper()
	png, err := chromedp.Run(ctx, take)
	require.NoError(t, err)
	require.Greater(t, len(png), 10_000)
	require.NoError(t, os.WriteFile(filepath.Join(t.TempDir(), name), png, 0o644))
	if dir := os.Getenv("QUEUELAB_SCREENSHOTS"); dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), png, 0o644))
	}
}

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
	ctx := browser(t)
	srv, err := New(nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	require.NoError(t, err)
	ts := httptest.NewServer(srv)
	defer func() { ts.Close(); srv.Close() }()
	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx, steps...))
	}
	text := func(sel string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).textContent`, sel)))
		require.NoError(t, err, sel)
		return v
	}
	eval := func(expr string) float64 {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[float64](expr))
		require.NoError(t, err, expr)
		return v
	}
	verdict := func(station, measure string) string {
		return `document.querySelector('.netchart[data-station="` + station + `"][data-measure="` + measure + `"] .badge').dataset.verdict`
	}
	formula := func(station, name string) string {
		return `net.st.rows.find(r => r.station === "` + station + `" && r.class === "" && r.name === "` + name + `").formulas[0].value`
	}

	do(chromedp.Navigate(ts.URL+"/network.html?net=jackson-feedback&seed=1"),
		until(`net.st && net.st.graph.stations.length === 3`, 10*time.Second))
	assert.Contains(t, text("#net-title"), "jackson-feedback")
	assert.Contains(t, text("#lesson"), "traffic equations")
	assert.Equal(t, 3.0, eval(`document.querySelectorAll("#graph .station").length`))
	for _, route := range []string{"a>b", "b>c", "b>a", "c>a", "b>out", "c>out"} {
		assert.Equal(t, 1.0, eval(`document.querySelectorAll('#graph path[data-route="`+route+`"]').length`), route)
	}
	assert.Equal(t, 9.0, eval(`document.querySelectorAll("#charts .netchart").length`), "L, W and utilisation of 3 stations")
	assert.Contains(t, text(`.netchart[data-station="a"][data-measure="mean_in_system"]`), "exact")
	assert.InDelta(t, 2.0, eval(formula("b", "mean_in_system")), 1e-9, "ρb = 2/3: L = 2")

	do(click(`#speeds button[data-speed="-1"]`),
		until(verdict("a", "mean_in_system")+` === "agrees"`, 60*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second),
		chromedp.SetValue(chromedp.CSS(`input[data-change="route b>a"]`), "0.3"),
		click(`button[data-set="route b>a"]`),
		until(`net.st.taken.length === 1 && !net.st.running`, 10*time.Second))
	assert.Equal(t, "inconclusive", evalString(t, ctx, verdict("a", "mean_in_system")), "the statistics restarted")
	assert.InDelta(t, 4.0, eval(formula("b", "mean_in_system")), 1e-9, "λa = 2, ρb = 0.8: L = 4")
	assert.Contains(t, text(`#graph`), "0.3")
	assert.Positive(t, eval(`document.querySelectorAll('.netchart[data-station="b"] line.mark').length`))

	do(click(`#speeds button[data-speed="-1"]`),
		until(verdict("a", "mean_in_system")+` === "agrees" && `+verdict("b", "utilization")+` === "agrees"`, 60*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second),
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	shotWith(t, ctx, "network.png", chromedp.CaptureScreenshot()) // the top of the page: graph, lesson, first charts

	href, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(`#download`), "href"))
	require.NoError(t, err)
	res, err := http.Get(ts.URL + href.Value)
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	n, err := network.Parse("download.yaml", body)
	require.NoError(t, err, string(body))
	assert.Contains(t, string(body), "b: {c: 0.5, a: 0.3}")
	assert.Contains(t, string(body), "# Source: Jackson", "the file's description is kept")
	assert.Len(t, n.Stations, 3)

	// The replay link carries the change with its time: opened again, the
	// page applies it at that time (TestNetworkReplayIsIdentical checks
	// that the states then agree to the byte).
	taken := evalString(t, ctx, `net.st.taken[0]`)
	url, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	assert.Contains(t, url, "route+b%3Ea%3D0.3")
	do(chromedp.Navigate(url), until(`net.st && net.st.planned.length === 1`, 10*time.Second))
	assert.Equal(t, taken, evalString(t, ctx, `net.st.planned[0]`))
	assert.Contains(t, text("#taken"), "(planned)")
	do(click(`#speeds button[data-speed="-1"]`), until(`net.st.taken.length === 1`, 30*time.Second))
	assert.Equal(t, taken, evalString(t, ctx, `net.st.taken[0]`))

	// Past ρ = 1: λ = 2 makes λa = λb = 4, λc = 2: ρ = 1.2, 1.6 and 1.2.
	// The page says so and shows b's queue growing instead of numbers.
	do(chromedp.SetValue(chromedp.CSS(`input[data-change="rate job"]`), "2"),
		click(`button[data-set="rate job"]`),
		until(`net.st.taken.length === 2`, 10*time.Second),
		click(`#speeds button[data-speed="10"]`),
		until(`net.st.snapshot.stations[1].count > 40`, 30*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second))
	assert.Contains(t, text("#banner"), "a has ρ = 1.2 ≥ 1, b has ρ = 1.6 ≥ 1, c has ρ = 1.2 ≥ 1")
	assert.Equal(t, "unstable", evalString(t, ctx, verdict("b", "mean_in_system")))
	assert.Contains(t, text(`#graph [data-station="b"]`), "unstable")
	assert.Contains(t, text(`#graph [data-station="b"]`), "more waiting")
	assert.Contains(t, text(`tr[data-row="b//mean_in_system"]`), "growing: unstable")
	shot(t, ctx, "network-unstable.png")
}

func evalString(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	require.NoError(t, err, expr)
	return v
}

// TestBrowserNetworkClasses: a network of two classes (priority-mg1) is
// charted per class on demand; switching the discipline from priority to
// FCFS moves each class's formula to the Pollaczek–Khinchine wait, and the
// urgent class's measured wait follows it.
func TestBrowserNetworkClasses(t *testing.T) {
	ctx := browser(t)
	srv, err := New(nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	require.NoError(t, err)
	ts := httptest.NewServer(srv)
	defer func() { ts.Close(); srv.Close() }()
	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx, steps...))
	}
	eval := func(expr string) float64 {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[float64](expr))
		require.NoError(t, err, expr)
		return v
	}
	const urgentW = `document.querySelector('.netchart[data-station="server"][data-measure="mean_response"][data-class="urgent"] .badge')`
	wait := func(cls string) string {
		return `net.st.rows.find(r => r.station === "server" && r.class === "` + cls + `" && r.name === "mean_wait")`
	}

	do(chromedp.Navigate(ts.URL+"/network.html?net=priority-mg1&seed=2"),
		until(`net.st && net.st.slots.length === 3`, 10*time.Second),
		click(`#chart-classes button[data-slot="urgent"]`),
		until(urgentW+` !== null`, 5*time.Second))
	assert.Contains(t, evalString(t, ctx, urgentW+`.parentNode.textContent`), "Cobham priority · exact")
	assert.InDelta(t, 0.643, eval(wait("urgent")+`.formulas[0].value`), 0.001, "Cobham: W0/(1 − σ1) = 0.45/0.7")
	assert.InDelta(t, 2.143, eval(wait("normal")+`.formulas[0].value`), 0.001)

	do(click(`#speeds button[data-speed="-1"]`),
		until(urgentW+`.dataset.verdict === "agrees"`, 60*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second),
		click(`button[data-change="discipline server"][data-value="fcfs"]`),
		until(`net.st.taken.length === 1 && !net.st.running`, 10*time.Second))
	assert.InDelta(t, 1.5, eval(wait("urgent")+`.formulas[0].value`), 0.001, "FCFS: every class waits W0/(1 − ρ) = 1.5 s")
	assert.InDelta(t, 1.5, eval(wait("normal")+`.formulas[0].value`), 0.001)
	assert.Equal(t, "fcfs", evalString(t, ctx, `document.querySelector('button.on[data-change="discipline server"]').dataset.value`))
	do(click(`#speeds button[data-speed="-1"]`),
		until(urgentW+`.dataset.verdict === "agrees"`, 60*time.Second),
		click(`#pause`))
	assert.InDelta(t, 1.5, eval(wait("urgent")+`.sim`), 0.1, "the urgent class now waits as long as everyone")
}
