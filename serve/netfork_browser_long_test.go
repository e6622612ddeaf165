//go:build long

package serve

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// TestBrowserNetworkForkJoin: the page draws the fork and the join as
// bars, labels the fork's branches with their tasks, offers no live
// changes for either, shows tasks waiting at the join, and the join's
// synchronisation delay agrees with Nelson–Tantawi.
func TestBrowserNetworkForkJoin(t *testing.T) {
	p := page{t, browser(t)}
	ts := liveServer(t, nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	p.do(chromedp.Navigate(ts.URL+"/network.html?net=fork-join&seed=1"),
		until(`net.st && net.st.graph.stations.length === 4`, 10*time.Second))
	assert.Equal(t, 1.0, p.num(`document.querySelectorAll('#graph [data-kind="fork"] .fj-bar').length`))
	assert.Equal(t, 1.0, p.num(`document.querySelectorAll('#graph [data-kind="join"] .fj-bar').length`))
	assert.Equal(t, 1.0, p.num(`document.querySelectorAll('#graph path[data-route="split>left"]').length`))
	assert.Equal(t, 0.0, p.num(`document.querySelectorAll('#graph path[data-route="split>out"]').length`))
	assert.Contains(t, p.content("#graph"), "×1")
	assert.Equal(t, 0.0, p.num(`document.querySelectorAll('[data-change="servers split"], [data-change="route split>left"]').length`))
	p.do(click(`#speeds button[data-speed="-1"]`),
		until(`net.st.snapshot.stations[3].count > 0`, 30*time.Second),
		until(`(net.st.rows.find(r => r.station === "merge" && r.name === "mean_sync_delay") || {}).verdict === "agrees"`, 60*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second))
	assert.Contains(t, p.content(`tr[data-row="merge//mean_sync_delay"]`), "synchronisation delay")
	p.shot("network-fork-join.png")
}
