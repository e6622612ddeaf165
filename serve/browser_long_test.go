//go:build long

package serve

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// TestBrowserWeb is TestBrowser's run of the web service (the default
// run drives the switch, and TestBrowserLanguages the web service's page
// in Uzbek): switch to the web system, pick the cache flush, step to
// minute 11 one minute at a time, see the flush listed, marked and
// emptying the cache, press the warm-up job with recommendations off, and
// see the cache refill at speed 10; the screenshot is docs/screenshots/web.png.
func TestBrowserWeb(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{})
	p := page{t, ctx}
	p.do(chromedp.Navigate(ts.URL+"/?system=switch&seed=1"),
		chromedp.WaitVisible(chromedp.CSS(`#headline .card`)),
		click(`#systems button[title="web"]`),
		until(`app.st && app.st.system === "web"`, 10*time.Second),
		pick("cache-flush"),
		until(`app.st.scenario === "cache-flush" && document.querySelector('input[data-control="min-instances"]') !== null`, 5*time.Second))
	// The cache is flushed at minute 10; step to minute 11 one minute
	// at a time (a pause at speed 10 landed wherever the machine's load
	// put it, and the cache refills by itself meanwhile), then act.
	for m := 1; m <= 11; m++ {
		p.do(click(`#step`), until(fmt.Sprintf(`app.rows.length >= %d && !app.st.running`, m), 5*time.Second))
	}
	stopped := int(p.num(`app.rows.length`))
	flushed := p.num(column("cache_hit", stopped-1))
	assert.Less(t, flushed, 0.1, "the flush empties the cache")
	assert.Contains(t, p.text("#actions li.event"), "12:00: cache flushed", "the web service names minutes by the clock")
	assert.Positive(t, p.num(`[...document.querySelectorAll("#charts .event-mark text")].filter(e => e.textContent === "cache flushed").length`))
	assert.Equal(t, "start "+controlDefault(t, webservice.System, "min-instances"), p.text(`[data-now="min-instances"]`))
	p.do(click(`button[data-control="recommendations"][data-value="off"]`),
		until(`app.st.pending.length === 1`, 5*time.Second),
		click(`button[data-control="warmup"]`),
		until(`app.st.pending.length === 2`, 5*time.Second),
		click(`#speeds button[data-speed="10"]`),
		until(fmt.Sprintf(`app.rows.length >= %d`, stopped+7), 20*time.Second),
		click(`#pause`),
		until(`!app.st.running`, 5*time.Second))
	assert.Greater(t, p.num(column("cache_hit", stopped+5)), flushed+0.2, "the warm-up job refills the cache")
	assert.Contains(t, p.text("#actions"), "warmup = press")
	p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	p.shot("web.png")
}
