package serve

import (
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// TestBrowserPercentiles: on the network page in Uzbek, the percentiles
// are asked for by their button only, drawn as net run's table (p50, p90,
// p99 of the response time end to end and at each of jackson-feedback's
// three stations), with the command that gives the same numbers, and no
// English but the command, nothing scrolling sideways at 400 px; with $QUEUELAB_AXE set, axe-core finds no
// serious or critical violation in it.
func TestBrowserPercentiles(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	p := page{t, ctx}
	p.do(chromedp.Navigate(ts.URL+"/network.html?net=jackson-feedback&seed=5&lang=uz"),
		until(`net.st && document.querySelector("#pctl-ask") !== null`, 10*time.Second))
	assert.Empty(t, p.str(`PCTL.key === null ? "" : PCTL.key`), "nothing asked before the button")
	p.do(click("#pctl-ask"), until(`PCTL.drawn !== null && PCTL.drawn === PCTL.key && document.querySelector("#pctl").dataset.drawn === "ready"`, 20*time.Second))
	assert.Equal(t, 12, p.count(`document.querySelectorAll("#pctl tr[data-row]").length`))
	assert.Equal(t, "persentil", p.text(`#pctl th:nth-child(3)`))
	assert.Equal(t, "queuelab net run --percentiles --seed 5 --duration 38000 network.yaml", p.text(`#pctl pre code`))
	assert.Equal(t, "network//p50_response", p.attr(`#pctl tr[data-row]`, "data-row"), "end to end first")
	p.noEnglish()
	p.do(chromedp.EmulateViewport(400, 900), until(`window.innerWidth === 400`, 5*time.Second))
	assert.LessOrEqual(t, p.num(`document.documentElement.scrollWidth`), p.num(`window.innerWidth`), "nothing scrolls sideways at 400 px")
	if os.Getenv("QUEUELAB_AXE") != "" {
		for _, v := range p.audit(axeSource(t)) {
			t.Errorf("axe: %s (%s): %s — %d nodes", v.ID, v.Impact, v.Help, len(v.Nodes))
		}
	}
}
