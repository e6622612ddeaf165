//go:build long

package serve

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// TestBrowserNetworkFeatures drives the network page on the examples with
// a router and a buffer: the router is drawn as one, with its policy on
// its routes and a policy control that changes it; a blocked server is
// drawn crossed out; the buffer is shown and changed.
func TestBrowserNetworkFeatures(t *testing.T) {
	p := page{t, browser(t)}
	ts := liveServer(t, nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})

	p.do(chromedp.Navigate(ts.URL+"/network.html?net=jsq-vs-random&seed=1"),
		until(`net.st && net.st.graph.stations.length === 3`, 10*time.Second))
	assert.Equal(t, 1, p.count(`document.querySelectorAll("#graph .router").length`))
	assert.Contains(t, p.content(`#graph [data-station="balancer"]`), "jsq")
	assert.Equal(t, 2, p.count(`document.querySelectorAll('#graph path[data-route^="balancer>"]').length`), "balancer→left, balancer→right; nothing leaves a router")
	p.do(click(`button[data-change="policy balancer"][data-value="random"]`),
		until(`net.st.taken.length === 1 && net.st.graph.stations[0].policy === "random"`, 10*time.Second))
	assert.Contains(t, p.content(`#graph [data-station="balancer"]`), "random")

	p.do(chromedp.Navigate(ts.URL+"/network.html?net=blocking-tandem&seed=1"),
		until(`net.st && net.st.graph.stations.length === 2`, 10*time.Second))
	assert.Contains(t, p.content(`#graph [data-station="second"]`), "B = 2 (BAS)")
	p.do(click(`#speeds button[data-speed="10"]`),
		until(`document.querySelectorAll('#graph [data-station="first"] .server-blocked').length > 0 && /1 blocked/.test(document.querySelector('#graph [data-station="first"]').textContent)`, 30*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second))
	p.do(chromedp.SetValue(chromedp.CSS(`input[data-change="buffer second"]`), "5"),
		click(`button[data-set="buffer second"]`),
		until(`net.st.taken.length === 1`, 10*time.Second))
	assert.Contains(t, p.content(`#graph [data-station="second"]`), "B = 5 (BAS)")
}
