//go:build long

package serve

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserNetworkFake drives the network page in headless Chromium on
// the fake network: open it from the catalogue, see the lesson and the
// graph, run until the verdict appears, change the number of servers
// mid-run, see the restart marked on the charts, the verdict go back to
// collecting and come again, the replay link and the download carry the
// change; then an unstable rate shows as unstable, not as numbers.
func TestBrowserNetworkFake(t *testing.T) {
	p := page{t, browser(t)}
	ts := httptest.NewServer(newNetServer(t, Options{}))
	defer ts.Close()

	badge := func(station, measure string) string {
		return `document.querySelector('.netchart[data-station="` + station + `"][data-measure="` + measure + `"] .badge')`
	}

	p.do(chromedp.Navigate(ts.URL+"/network.html?net=fake&seed=5"),
		until(`net.st && net.st.graph.stations.length === 2`, 10*time.Second))
	assert.Contains(t, p.content("#lesson"), "two servers", "the example's lesson is shown")
	assert.Equal(t, 1, p.count(`document.querySelectorAll("#lesson strong").length`), "bold is rendered, not shown as asterisks")
	assert.Equal(t, 2, p.count(`document.querySelectorAll("#graph .station").length`))
	assert.Equal(t, 3, p.count(`document.querySelectorAll("#graph path[data-route]").length`), "cpu→disk, cpu→out, disk→cpu")
	assert.Contains(t, p.content(`#graph`), "0.5")
	assert.Equal(t, 6, p.count(`document.querySelectorAll("#charts .netchart").length`), "L, W and utilisation for both stations")
	assert.Contains(t, p.content(`.netchart[data-station="cpu"][data-measure="mean_in_system"]`), "Jackson product form · exact")

	p.do(click(`#speeds button[data-speed="-1"]`),
		until(badge("cpu", "mean_in_system")+`.dataset.verdict === "agrees"`, 20*time.Second),
		click(`#pause`),
		until(`!net.st.running`, 5*time.Second),
		chromedp.SetValue(chromedp.CSS(`input[data-change="servers cpu"]`), "2"),
		click(`button[data-set="servers cpu"]`),
		until(`net.st.taken.length === 1 && !net.st.running`, 10*time.Second))
	assert.Contains(t, p.content("#taken"), "servers cpu=2")
	assert.Equal(t, "collecting", strings.TrimSpace(strings.SplitN(p.content(`.netchart[data-station="cpu"][data-measure="mean_in_system"] .badge`), "·", 2)[1]),
		"the statistics restarted at the change")
	assert.Positive(t, p.count(`document.querySelectorAll('.netchart[data-station="cpu"] line.mark').length`), "the restart is marked on the charts")
	assert.Contains(t, p.content(`#graph [data-station="cpu"]`), "c = 2")
	url := p.location()
	assert.Contains(t, url, "at=", "the address replays the change")
	assert.Contains(t, url, "servers+cpu%3D2")

	p.do(click(`#speeds button[data-speed="-1"]`),
		until(badge("cpu", "mean_in_system")+`.dataset.verdict === "agrees"`, 20*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second))
	body := p.download(ts.URL, `#download`)
	assert.Contains(t, string(body), "servers: 2", "the download is the edited network")

	// An unstable rate (λ_cpu = 10, 2 servers of mean 0.25: ρ = 1.25): shown
	// as unstable, with the queue growing.
	p.do(chromedp.SetValue(chromedp.CSS(`input[data-change="rate job"]`), "5"),
		click(`button[data-set="rate job"]`),
		until(`net.st.taken.length === 2`, 10*time.Second),
		click(`#speeds button[data-speed="10"]`),
		until(`net.st.snapshot.stations[0].count > 20`, 20*time.Second),
		click(`#pause`))
	assert.Contains(t, p.content("#banner"), "cpu has ρ = 1.25 ≥ 1")
	assert.Equal(t, "unstable", p.attr(`.netchart[data-station="cpu"][data-measure="mean_in_system"] .badge`, "data-verdict"))
	assert.Contains(t, p.content(`#graph [data-station="cpu"]`), "unstable")
	assert.Contains(t, p.content(`#graph [data-station="cpu"]`), "more waiting")
	p.shot("network-fake.png")

	// A file from this computer: opened in the page, travelling in the
	// replay link, which opens it again.
	mine := filepath.Join(t.TempDir(), "mine.yaml")
	require.NoError(t, os.WriteFile(mine, []byte("name: mine\n"), 0o644))
	p.do(chromedp.SetUploadFiles(chromedp.CSS(`#upload`), []string{mine}),
		until(`net.st && net.st.file === "mine.yaml" && net.st.origin === ""`, 10*time.Second))
	assert.Contains(t, p.content("#lesson"), "An uploaded network")
	url = p.location()
	assert.Contains(t, url, "src=")
	assert.Contains(t, url, "file=mine.yaml")
	p.do(chromedp.Navigate(url), until(`net.st && net.st.file === "mine.yaml"`, 10*time.Second))
	id := p.str(`net.id`)
	body = get(t, ts.URL+"/api/networks/sessions/"+id+"/network.yaml")
	assert.Contains(t, string(body), "# queuelab network: mine.yaml")
}

// TestBrowserNetworkClasses: a network of two classes (priority-mg1) is
// charted per class on demand; switching the discipline from priority to
// FCFS moves each class's formula to the Pollaczek–Khinchine wait, and the
// urgent class's measured wait follows it.
func TestBrowserNetworkClasses(t *testing.T) {
	p := page{t, browser(t)}
	ts := liveServer(t, nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	const urgentW = `document.querySelector('.netchart[data-station="server"][data-measure="mean_response"][data-class="urgent"] .badge')`
	wait := func(cls string) string {
		return `net.st.rows.find(r => r.station === "server" && r.class === "` + cls + `" && r.name === "mean_wait")`
	}

	p.do(chromedp.Navigate(ts.URL+"/network.html?net=priority-mg1&seed=2"),
		until(`net.st && net.st.slots.length === 3`, 10*time.Second),
		press(`#chart-classes button[data-slot="urgent"]`),
		until(urgentW+` !== null`, 5*time.Second))
	assert.Contains(t, p.str(urgentW+`.parentNode.textContent`), "Cobham priority · exact")
	assert.InDelta(t, 0.643, p.num(wait("urgent")+`.formulas[0].value`), 0.001, "Cobham: W0/(1 − σ1) = 0.45/0.7")
	assert.InDelta(t, 2.143, p.num(wait("normal")+`.formulas[0].value`), 0.001)

	p.do(click(`#speeds button[data-speed="-1"]`),
		until(urgentW+`.dataset.verdict === "agrees"`, 60*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second),
		click(`button[data-change="discipline server"][data-value="fcfs"]`),
		until(`net.st.taken.length === 1 && !net.st.running`, 10*time.Second))
	assert.InDelta(t, 1.5, p.num(wait("urgent")+`.formulas[0].value`), 0.001, "FCFS: every class waits W0/(1 − ρ) = 1.5 s")
	assert.InDelta(t, 1.5, p.num(wait("normal")+`.formulas[0].value`), 0.001)
	assert.Equal(t, "fcfs", p.str(`document.querySelector('button.on[data-change="discipline server"]').dataset.value`))
	p.do(click(`#speeds button[data-speed="-1"]`),
		until(urgentW+`.dataset.verdict === "agrees"`, 60*time.Second),
		click(`#pause`))
	assert.InDelta(t, 1.5, p.num(wait("urgent")+`.sim`), 0.1, "the urgent class now waits as long as everyone")
}

// TestBrowserNetworkPopulation: the closed terminal model offers its
// population as a control; setting 10 users starts the run again with
// them and moves the exact MVA throughput to 0.924/s (below the
// saturation point), and the measured throughput follows.
func TestBrowserNetworkPopulation(t *testing.T) {
	p := page{t, browser(t)}
	ts := liveServer(t, nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	const x = `net.st.rows.find(r => r.station === "server" && r.class === "" && r.name === "throughput")`
	const input = `document.querySelector('input[data-change="population user"]')`
	p.do(chromedp.Navigate(ts.URL+"/network.html?net=terminal&seed=3"),
		until(`net.st && `+input+` !== null`, 10*time.Second))
	assert.Equal(t, "30", p.str(input+`.value`))
	assert.InDelta(t, 1.983, p.num(x+`.formulas.find(f => f.exact).value`), 0.001, "30 users: near 1/D = 2/s")

	p.do(chromedp.SetValue(chromedp.CSS(`input[data-change="population user"]`), "10"),
		click(`button[data-set="population user"]`),
		until(`net.st.taken.length === 1`, 10*time.Second),
		until(`net.st.graph.classes[0].population === 10`, 10*time.Second))
	assert.InDelta(t, 0.924, p.num(x+`.formulas.find(f => f.exact).value`), 0.001, "exact MVA at 10 users")
	p.do(click(`#speeds button[data-speed="-1"]`),
		until(x+`.verdict === "agrees"`, 60*time.Second),
		click(`#pause`))
	assert.InDelta(t, 0.924, p.num(x+`.sim`), 0.05)
}
