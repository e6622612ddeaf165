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
}

func attr(t *testing.T, ctx context.Context, sel, name string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(sel), name))
	require.NoError(t, err, sel)
	return v.Value
}

// shot saves a screenshot in the test's folder and, with
// QUEUELAB_SCREENSHOTS=dir, in dir.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.Greater(t, len(png), 10_000)
	require.NoError(t, os.WriteFile(filepath.Join(t.TempDir(), name), png, 0o644))
	if dir := os.Getenv("QUEUELAB_SCREENSHOTS"); dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), png, 0o644))
	}
}
