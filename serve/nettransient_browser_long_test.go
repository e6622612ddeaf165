//go:build long

package serve

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// TestBrowserNetworkTransient: on backlog-drain (M/M/1 opening with 12
// tickets), in Turkish, the first minutes' panel draws the exact E[N(t)]
// (8.05 tickets at 10 min, as net solve --at says) and its time average
// over the 61 times of the first hour, then the run's time average once
// per simulated minute as it runs, with the legend and the note in the
// page's language. The chain is asked for once the panel is on screen. It
// waits for what it checks through #transient's data-drawn, set after
// drawing.
func TestBrowserNetworkTransient(t *testing.T) {
	p := page{t, browser(t)}
	ts := liveServer(t, nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	const drawn = `document.querySelector("#transient").dataset.drawn`
	p.do(chromedp.Navigate(ts.URL+"/network.html?net=backlog-drain&seed=3&lang=tr"),
		until(`net.st !== null`, 10*time.Second),
		chromedp.ScrollIntoView(`#transient-panel`),
		until(`(`+drawn+` || "").startsWith("ready")`, 10*time.Second))
	assert.Equal(t, 61, p.count(`document.querySelector("#transient polyline.tr-mean").getAttribute("points").split(" ").length`), "E[N(t)] at 61 times")
	assert.Equal(t, 61, p.count(`document.querySelector("#transient polyline.tr-avg").getAttribute("points").split(" ").length`))
	assert.InDelta(t, 8.05, p.num(`TRANS.res.series[0].mean[10]`), 0.005, "E[N(10 min)] as net solve --at gives it")
	assert.Equal(t, "ready:0", p.str(drawn), "no run yet: no dots")
	assert.Contains(t, p.content("#transient-panel h2"), "İlk dakikalar: kesin geçici rejim ve koşu")
	assert.Contains(t, p.text("#transient .tlegend"), "kesin E[N(t)]: t anındaki ortalama sayı (kesikli)")
	assert.Contains(t, p.text("#transient"), "Bir koşu N(t)'nin tek bir yoludur")
	assert.Contains(t, p.text("#transient-status"), "henüz zaman ortalaması yok")
	assert.Contains(t, p.str(`document.querySelector("#transient svg.tchart").getAttribute("aria-label")`), "kesin geçici rejim ve koşunun zaman ortalaması")

	p.do(click(`#speeds button[data-speed="100"]`),
		until(drawn+` === "ready:60"`, 10*time.Second),
		click(`#pause`), until(`!net.st.running`, 5*time.Second))
	assert.Equal(t, 60, p.count(`document.querySelectorAll("#transient svg.tchart circle.tr-run").length`), "one dot per simulated minute of the first hour")
	first := p.num(`net.st.runAverage.v[0][0]`)
	assert.InDelta(t, 12, first, 3, "over the first minute the desk holds about its 12 tickets")
	p.do(chromedp.ScrollIntoView(`#transient-panel`))
	p.shotWith("network-transient.png", chromedp.CaptureScreenshot())
	assert.Equal(t, 0, p.count(`[...I18N.missing].filter(k => /transient|E\[N|time average|first minutes/.test(k)).length`), "every text of the panel is in the catalogue")

	// axe-core on the page with the panel drawn, and at 400 px nothing
	// scrolls sideways (run where QUEUELAB_AXE is set, as the other audits).
	t.Run("axe", func(t *testing.T) {
		axe := axeSource(t)
		p := page{t, p.ctx}
		for _, v := range p.audit(axe) {
			t.Errorf("axe %s (%s): %s — %d nodes", v.ID, v.Impact, v.Help, len(v.Nodes))
		}
		p.do(chromedp.EmulateViewport(400, 900), until(`document.querySelector("#transient svg.tchart") !== null`, time.Second))
		assert.LessOrEqual(t, p.num(`document.documentElement.scrollWidth`), p.num(`window.innerWidth`), "nothing scrolls sideways")
		p.do(chromedp.EmulateViewport(1440, 1000))
	})
}
