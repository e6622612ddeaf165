package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// axeSource returns axe-core (the npm package's axe.min.js) from the file
// $QUEUELAB_AXE names; .ci/run installs it and sets the variable. Without
// it the test skips, or fails in CI (CI=true).
func axeSource(t *testing.T) string {
	t.Helper()
	path := os.Getenv("QUEUELAB_AXE")
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true but QUEUELAB_AXE is not set (npm install axe-core and point it at axe.min.js)")
		}
		t.Skip("QUEUELAB_AXE not set: the accessibility audit needs axe-core's axe.min.js (npm install axe-core); it runs in CI")
	}
	b, err := os.ReadFile(path)
	require.NoError(t, err, "QUEUELAB_AXE")
	return string(b)
}

type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any  `json:"target"`
		HTML   string `json:"html"`
	} `json:"nodes"`
}

// audit runs axe-core on the page and returns its serious and critical
// violations. The source is evaluated once per document (it is 0.5 MB):
// a second audit of the same page reuses it.
func (p page) audit(axe string) []axeViolation {
	p.t.Helper()
	if p.str(`typeof axe`) == "undefined" {
		p.do(chromedp.Evaluate[chromedp.Void](axe))
	}
	out, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.filter(v => v.impact === "serious" || v.impact === "critical")))`, chromedp.EvalAwaitPromise))
	require.NoError(p.t, err)
	var vs []axeViolation
	require.NoError(p.t, json.Unmarshal([]byte(out), &vs))
	return vs
}

// TestBrowserAccessibility audits both system pages and the network page,
// each in one language (see a11yPages and auditPage), with axe-core (no
// serious or critical violation) at a desktop width and at 400 px, where
// nothing may scroll sideways; it checks the h1, the clock announced to
// screen readers, and the indicator definitions opened by keyboard and by
// a tap.
func TestBrowserAccessibility(t *testing.T) {
	axe := axeSource(t)
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	for _, tc := range a11yPages {
		t.Run(tc.name, func(t *testing.T) { auditPage(t, ctx, ts.URL, tc, axe) })
	}
	t.Run("definitions by keyboard and touch", func(t *testing.T) {
		p := page{t, ctx}
		p.do(chromedp.EmulateViewport(400, 900),
			chromedp.Navigate(ts.URL+"/?system=switch&seed=1"), until(`app.st && document.querySelectorAll("#detail details").length > 0`, 10*time.Second))
		assert.Equal(t, 0, p.count(`document.querySelectorAll("#detail details[open]").length`))
		// Keyboard: Tab reaches the summary (focusable), Enter opens it.
		p.do(chromedp.Focus(chromedp.CSS(`#detail details summary`)), chromedp.KeyEvent("\r"),
			until(`document.querySelector("#detail details").open`, 5*time.Second))
		assert.Equal(t, "SUMMARY", p.str(`document.activeElement.tagName`))
		assert.NotEmpty(t, p.text(`#detail details[open] p`), "the definition is shown")
		// Touch: a tap on another name opens its definition.
		p.do(click(`#detail tr:nth-child(3) details summary`), until(`document.querySelector("#detail tr:nth-child(3) details").open`, 5*time.Second))
		p.do(chromedp.EmulateViewport(1440, 1000))
	})
}

// a11yPage is a page TestBrowserAccessibility audits: its address, the
// condition that says it is open, and the one that says its first step is
// drawn.
type a11yPage struct{ name, path, ready, stepped string }

// stepped: the step's answer is drawn, every fetched panel with it,
// before the audit looks.
const (
	systemsStepped = `app.rows.length === 1 && !app.st.running && ` + systemsDrawn
	networkStepped = `net.st.time > 0 && !net.st.running && ` + networkDrawn
)

// a11yPages: each page in one language, audited in the default run.
var a11yPages = []a11yPage{
	{"switch/en", "/?system=switch&scenario=sale-surge&seed=1", `app.st && document.querySelectorAll("#detail details").length > 0`, systemsStepped},
	{"web/tr", "/?system=web&scenario=cache-flush&seed=1&lang=tr", `app.st && document.querySelectorAll("#detail details").length > 0`, systemsStepped},
	{"network/uz", "/network.html?net=jackson-feedback&seed=1&lang=uz", `net.st && document.querySelectorAll("#table tr").length > 1 && document.querySelectorAll("#classroom li").length > 0`, networkStepped},
}

// a11ySwitchTurkish is the switch's page in Turkish, audited under the
// build tag long (TestBrowserAccessibilitySwitchTurkish).
var a11ySwitchTurkish = a11yPage{"switch/tr", "/?system=switch&scenario=issuer-outage&seed=1&lang=tr", `app.st && document.querySelectorAll("#detail details").length > 0`, systemsStepped}

// auditPage opens tc's page at 400 px, steps it once and audits it there,
// then widened to 1440 px and audited again: the pages lay themselves out
// by CSS (the charts and the graph scale by their viewBox; the dots'
// canvas is measured at every frame), so a resized page is the page a
// wide screen opens, and the audit needs no second load and step. At
// both widths: no serious or critical axe violation, one h1, the clock
// announced, nothing scrolling sideways.
func auditPage(t *testing.T, ctx context.Context, base string, tc a11yPage, axe string) {
	p := page{t, ctx}
	p.do(chromedp.EmulateViewport(400, 900),
		chromedp.Navigate(base+tc.path), until(tc.ready, 10*time.Second),
		click("#step"), until(tc.stepped, 10*time.Second))
	for _, w := range []int64{400, 1440} {
		p.do(chromedp.EmulateViewport(w, 900), until(fmt.Sprintf(`window.innerWidth === %d && %s`, w, tc.stepped), 5*time.Second))
		for _, v := range p.audit(axe) {
			var where []string
			for _, n := range v.Nodes {
				where = append(where, n.HTML)
			}
			t.Errorf("axe at %d px: %s (%s): %s — %d nodes, e.g. %.200v", w, v.ID, v.Impact, v.Help, len(v.Nodes), where)
		}
		assert.Equal(t, 1, p.count(`document.querySelectorAll("h1").length`))
		assert.Equal(t, "polite", p.str(`document.querySelector(".clock").getAttribute("aria-live")`), "the clock is announced")
		assert.LessOrEqual(t, p.num(`document.documentElement.scrollWidth`), p.num(`window.innerWidth`), "nothing scrolls sideways at %d px", w)
	}
}
