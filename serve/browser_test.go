package serve

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/input"
	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// chromiumPath finds a Chromium binary: $CHROMIUM, then the usual names.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser gives the test a fresh tab of the package's one headless
// Chromium, in a browser context of its own (no cookies, storage or
// cache shared with another test), sized 1440×1000; or it skips the test
// when there is no Chromium outside CI (in CI, CI=true, a missing browser
// fails the test). It marks the test parallel: a browser test spends most
// of its time waiting for a page to reach a state, so tests overlap their
// waits (up to go test's -parallel, browserParallel unless given), and starting
// Chromium once instead of once per test saves about a second each. The
// returned context bounds every later action by the test binary's
// deadline.
func browser(t *testing.T) context.Context {
	t.Helper()
	t.Parallel()
	root := chromium.start(t)
	tab, cancelTab := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	t.Cleanup(cancelTab)
	require.NoError(t, chromedp.Do(tab, chromedp.EmulateViewport(1440, 1000)), "opening a tab")
	// Only a hang is a failure: the bound is the test binary's own
	// deadline (go test -timeout), less time to report, not a guess of how
	// fast a shared machine is.
	ctx, cancelT := context.WithCancel(tab)
	if dl, ok := t.Deadline(); ok {
		ctx, cancelT = context.WithDeadline(tab, dl.Add(-30*time.Second))
	}
	t.Cleanup(cancelT)
	return ctx
}

// chromium is the package's one browser process, started by the first
// browser test that needs it and stopped by TestMain when every test is
// done.
var chromium sharedChromium

type sharedChromium struct {
	once    sync.Once
	ctx     context.Context
	stop    func()
	err     error
	bin     string
	profile string
}

// start returns the browser's root context, starting Chromium the first
// time, or ends the test as browser describes.
func (c *sharedChromium) start(t *testing.T) context.Context {
	t.Helper()
	c.once.Do(func() {
		c.bin = chromiumPath()
		if c.bin == "" {
			return
		}
		c.profile, c.err = os.MkdirTemp("", "queuelab-chromium-")
		if c.err != nil {
			return
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(c.bin),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			// Tabs in the background keep their timers running: the pages
			// animate by requestAnimationFrame and setTimeout, and every
			// parallel test's tab is a background tab.
			chromedp.Flag("disable-background-timer-throttling", true),
			chromedp.Flag("disable-backgrounding-occluded-windows", true),
			chromedp.Flag("disable-renderer-backgrounding", true),
			chromedp.UserDataDir(c.profile),
			chromedp.WindowSize(1440, 1000),
		}
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelB := chromedp.NewContext(actx)
		c.ctx, c.stop = bctx, func() { cancelB(); cancelA(); os.RemoveAll(c.profile) }
		// The first action starts the browser; it must not carry a timeout.
		c.err = chromedp.Do(bctx)
	})
	switch {
	case c.bin == "" && os.Getenv("CI") == "true":
		t.Fatal("CI=true but no chromium binary found (install Debian's chromium or set $CHROMIUM)")
	case c.bin == "":
		t.Skip("no chromium binary found (install Debian's chromium or set $CHROMIUM); the browser test runs in CI")
	}
	require.NoError(t, c.err, "starting %s", c.bin)
	return c.ctx
}

// browserParallel is how many parallel tests run at once when go test's
// -parallel is not given (its default is GOMAXPROCS). The browser tests
// spend much of their time waiting for the pages' polls and the live
// runs' pacing. Measured on the shared 2-core machine (CPU of the test
// binary and every Chromium process): the whole package took 226 s wall
// at -parallel 2 and 193 s at 4 (139 and 136 s CPU, load 21-28); the
// browser tests alone 243 s and 169 s (107 and 117 s CPU, load 35-45).
const browserParallel = 4

// TestMain runs the package's tests and then stops the shared Chromium.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given && runtime.GOMAXPROCS(0) < browserParallel {
		if err := flag.Set("test.parallel", strconv.Itoa(browserParallel)); err != nil {
			fmt.Fprintln(os.Stderr, "setting -test.parallel:", err)
			os.Exit(2)
		}
	}
	code := m.Run()
	if chromium.stop != nil {
		chromium.stop()
	}
	os.Exit(code)
}

// liveServer serves a Server of systems over HTTP until the test ends.
func liveServer(t *testing.T, systems []scenario.System, opts Options) *httptest.Server {
	t.Helper()
	srv, err := New(systems, opts)
	require.NoError(t, err)
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return ts
}

// page is a browser tab under test: each method fails the test when its
// action does.
type page struct {
	t   *testing.T
	ctx context.Context
}

func (p page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, steps...))
}

// num evaluates a JavaScript expression to a number.
func (p page) num(expr string) float64 {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](expr))
	require.NoError(p.t, err, expr)
	return v
}

// count evaluates a JavaScript expression to a whole number.
func (p page) count(expr string) int {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[int](expr))
	require.NoError(p.t, err, expr)
	return v
}

// str evaluates a JavaScript expression to a string.
func (p page) str(expr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr))
	require.NoError(p.t, err, expr)
	return v
}

// text is the visible text of the first element sel selects, once there
// is one ("" while it is hidden, as chromedp.Text has it). It is read in
// one evaluation: the pages redraw their lists on every state they fetch,
// so a node looked up first and read after may be gone ("No node with
// given id found").
func (p page) text(sel string) string {
	p.t.Helper()
	p.do(until(fmt.Sprintf(`document.querySelector(%q) !== null`, sel), time.Second))
	return p.str(fmt.Sprintf(`(() => {
  const e = document.querySelector(%q);
  return e && (e.offsetWidth || e.offsetHeight || e.getClientRects().length) ? e.innerText : "";
})()`, sel))
}

// content is the textContent of the first element sel selects, hidden
// parts included.
func (p page) content(sel string) string {
	p.t.Helper()
	return p.str(fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

func (p page) attr(sel, name string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.AttributeValue(chromedp.CSS(sel), name))
	require.NoError(p.t, err, sel)
	return v.Value
}

// location is the page's address.
func (p page) location() string {
	p.t.Helper()
	url, err := chromedp.Run(p.ctx, chromedp.Location())
	require.NoError(p.t, err)
	return url
}

// download fetches the link sel points to from the server at base.
func (p page) download(base, sel string) []byte {
	p.t.Helper()
	return get(p.t, base+p.attr(sel, "href"))
}

// get fetches url and returns the body of its 200 answer.
func get(t *testing.T, url string) []byte {
	t.Helper()
	res, err := http.Get(url)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode, string(body))
	return body
}

// shot saves a screenshot of the whole page in the test's folder and,
// with QUEUELAB_SCREENSHOTS=dir, in dir.
func (p page) shot(name string) {
	p.t.Helper()
	p.shotWith(name, chromedp.FullScreenshot(100))
}

// shotWith is shot with the screenshot action given (e.g. of the viewport).
func (p page) shotWith(name string, take chromedp.Action[[]byte]) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, take)
	require.NoError(p.t, err)
	require.Greater(p.t, len(png), 10_000)
	require.NoError(p.t, os.WriteFile(filepath.Join(p.t.TempDir(), name), png, 0o644))
	if dir := os.Getenv("QUEUELAB_SCREENSHOTS"); dir != "" {
		require.NoError(p.t, os.WriteFile(filepath.Join(dir, name), png, 0o644))
	}
}

// until polls a JavaScript condition in the page until it holds. usual
// says how long that takes on an idle machine, for the reader; it is not
// a limit: the wait is bounded only by the test's context (see browser),
// so a loaded machine makes the test slower, never fail. When the wait
// ends without the condition, the error says what the page showed: the
// value of each of the condition's top-level && terms, evaluated once
// more outside the expired context (see seen).
func until(cond string, usual time.Duration) chromedp.Action[chromedp.Void] {
	_ = usual
	poll := chromedp.Poll[bool](cond, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(0))
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := poll(ctx, t)
		if err != nil {
			err = fmt.Errorf("waiting for %s: %w; the page had %s", cond, err, seen(ctx, t, cond))
		}
		return chromedp.Void{}, err
	}
}

// seen evaluates each top-level && term of cond in the page, in a context
// of its own (ctx has usually expired: the failed wait's) bounded by 10 s,
// and lists them as "term → value" (JSON, at most 200 characters each),
// so that a wait that never ended says which part did not hold.
func seen(ctx context.Context, t *chromedp.Target, cond string) string {
	ectx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	var parts []string
	for _, term := range andTerms(cond) {
		v, err := chromedp.Evaluate[string](`(() => { try { const v = (`+term+`); return v === undefined ? "undefined" : JSON.stringify(v); } catch (e) { return "throws " + e; } })()`)(ectx, t)
		if err != nil {
			v = "(not evaluated: " + err.Error() + ")"
		}
		if len(v) > 200 {
			v = v[:200] + "…"
		}
		parts = append(parts, term+" → "+v)
	}
	return strings.Join(parts, "; ")
}

// andTerms splits a JavaScript expression at its top-level && (outside
// brackets and string or template literals), trimmed. An expression that
// is not a conjunction is its own one term, and so is one with a
// top-level ||, ?: or comma, which bind more loosely than &&.
func andTerms(expr string) []string {
	var terms []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(expr); i++ {
		c := expr[i]
		switch {
		case quote == 0 && depth == 0 && (c == '?' || c == ',' || c == '|' && i+1 < len(expr) && expr[i+1] == '|'):
			return []string{strings.TrimSpace(expr)}
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == '&' && depth == 0 && i+1 < len(expr) && expr[i+1] == '&':
			terms = append(terms, strings.TrimSpace(expr[start:i]))
			start = i + 2
			i++
		}
	}
	return append(terms, strings.TrimSpace(expr[start:]))
}

// systemsDrawn holds on the systems page once every panel it fetches for
// the state on screen has drawn its answer: each sets its key before the
// fetch and its drawn marker after the draw (the numbers, or the panel
// hidden) — the model & formulas panel, the why view, the guided steps
// and the reference playbook. A check of the whole page (the English
// scan, the accessibility audit) waits for it, or it may look at a panel
// still showing the minute before or not drawn yet.
const systemsDrawn = `app.st && MODELP.drawn === MODELP.key && WHY.drawn === WHY.key && GUIDE.drawn === GUIDE.key && app.reference.drawn === app.reference.key`

// networkDrawn is systemsDrawn for the network page: its one fetched
// panel is the what-if (drawn or hidden for a network without one).
const networkDrawn = `net.st && WHATIF.key !== null && WHATIF.drawn === WHATIF.key`

func click(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(sel)) }

// press clicks the button sel selects in one evaluation, for a button the
// page draws again on every state answer (the network page's class
// choice): click finds the node first and then clicks it, and the node
// may have been replaced in between ("Could not find node with given id").
func press(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(until(fmt.Sprintf(`document.querySelector(%q) !== null`, sel), time.Second),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).click()`, sel)))
}

// setControl types value into a control's box and presses its "set" button.
func setControl(name, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(chromedp.SetValue(chromedp.CSS(fmt.Sprintf(`input[data-control=%q]`, name)), value),
		click(fmt.Sprintf(`button[data-set=%q]`, name)))
}

// pick chooses a scenario in the picker the way a user does, in one
// evaluation: set apart, a state answer drawn between setting the value
// and the change event put the old scenario back in the picker.
func pick(scen string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
  const s = document.getElementById("scenario");
  s.value = %q;
  s.dispatchEvent(new Event("change"));
})()`, scen))
}

// column returns the expression for the des value of column key at minute m.
func column(key string, m int) string {
	return fmt.Sprintf(`app.rows[%d][app.columns.findIndex(c => c.key === %q)]`, m, key)
}

// controlDefault returns the default of sys's control name.
func controlDefault(t *testing.T, sys scenario.System, name string) string {
	t.Helper()
	c, err := input.Find(sys.Controls, name)
	require.NoError(t, err)
	require.NotEmpty(t, c.Default, name)
	return c.Default
}

// TestBrowser drives the live page in headless Chromium for the payment
// switch: pick a scenario, see the controls' defaults, run, see the
// scenario's events listed and marked on the charts, change controls
// mid-run (one invalid), see the indicators respond, reach the end-of-run
// summary, and save a screenshot. With QUEUELAB_SCREENSHOTS=dir the screenshots are also
// written there (docs/screenshots for the README). The same walk through
// the web service is TestBrowserWeb (build tag long: the default run opens
// the web page in TestBrowserLanguages and TestBrowserAccessibility).
func TestBrowser(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{})
	t.Run("switch", func(t *testing.T) {
		p := page{t, ctx}
		p.do(chromedp.Navigate(ts.URL+"/?system=switch&seed=1"),
			chromedp.WaitVisible(chromedp.CSS(`#headline .card`)),
			pick("sale-surge"),
			until(`app.st && app.st.scenario === "sale-surge"`, 5*time.Second))
		assert.Contains(t, strings.ToLower(p.text("#scen-title")), "sale surge")
		// Before any change each control shows the system's default, and
		// no event has happened yet.
		servers := controlDefault(t, paymentswitch.System, "servers")
		p.do(until(fmt.Sprintf(`document.querySelector('[data-now="servers"]').textContent === "start %s"`, servers), 5*time.Second))
		assert.Equal(t, "start off", p.text(`[data-now="shedding"]`))
		assert.Equal(t, "off", p.text(`button.on[data-control="shedding"]`), "the default's button is lit")
		assert.Equal(t, "start "+controlDefault(t, paymentswitch.System, "issuer-timeout"), p.text(`[data-now="issuer-timeout"]`))
		assert.NotContains(t, p.text("#actions"), "sale opens")
		// Run into the surge untouched, a minute at a time (a pause at
		// speed 60 landed wherever the machine's load put it): good
		// approval falls.
		for m := 1; m <= 9; m++ {
			p.do(click(`#step`), until(fmt.Sprintf(`app.rows.length >= %d && !app.st.running`, m), 5*time.Second))
		}
		stopped := int(p.num(`app.rows.length`))
		// The sale opened at its minute: listed with the actions, marked
		// and labelled on every trend chart.
		sale := fmt.Sprintf("minute %d: sale opens: traffic ×2", paymentswitch.EventMinute)
		assert.Contains(t, p.text("#actions li.event"), sale)
		charts := int(p.num(`document.querySelectorAll("#charts .chart").length`))
		require.Positive(t, charts)
		assert.Equal(t, charts, int(p.num(`[...document.querySelectorAll("#charts .event-mark text")].filter(e => e.textContent === "sale opens").length`)),
			"each chart labels the sale")
		assert.Less(t, p.num(column("good_approval", 8)), 0.97, "the surge hurts good approval at minute 8 with no action")
		// A bad value answers with the valid range; good ones are taken.
		p.do(setControl("servers", "999"),
			until(`document.getElementById("control-error").textContent.includes("want an integer")`, 5*time.Second),
			setControl("servers", "14"),
			until(`app.st.pending.length === 1`, 5*time.Second),
			until(fmt.Sprintf(`document.querySelector('[data-now="servers"]').textContent === "start %s · → 14 next minute"`, servers), 5*time.Second),
			click(`button[data-control="shedding"][data-value="on"]`),
			until(`app.st.pending.length === 2`, 5*time.Second),
			click(`button[data-control="retry"][data-value="backoff"]`),
			until(`app.st.pending.length === 3`, 5*time.Second),
			click(`#speeds button[data-speed="-1"]`),
			until(`app.st.final !== null`, 30*time.Second),
			chromedp.WaitVisible(chromedp.CSS(`#summary`)))
		assert.Greater(t, p.num(column("good_approval", 25)), 0.99, "14 servers, shedding and backoff restore good approval")
		assert.Contains(t, p.text("#actions"), fmt.Sprintf("minute %d: servers = 14", stopped))
		assert.Contains(t, p.text("#actions"), "sale ends", "the end of the sale is listed too")
		assert.Equal(t, "now 14", p.text(`[data-now="servers"]`), "the applied value replaces the default")
		assert.Equal(t, "backoff", p.text(`button.on[data-control="retry"]`))
		assert.Contains(t, p.text("#summary"), "End of the scenario at minute 60")
		assert.Equal(t, "NORMAL", strings.ToUpper(p.text(`#headline .card[data-key="good_approval"] .word`)))
		url := p.location()
		assert.Contains(t, url, fmt.Sprintf("at=%dm%%3Aservers%%3D14", stopped), "the address replays the run")
		assert.Contains(t, url, "seed=1")
		body := p.download(ts.URL, `#download`)
		pb, err := scenario.ParseYAML("download.yaml", body, paymentswitch.System.Controls)
		require.NoError(t, err, string(body))
		require.Len(t, pb, 3)
		assert.Equal(t, fmt.Sprintf("%dm servers=14", stopped), pb[0].String())
		p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`),
			until(`document.querySelectorAll("#groups .icon").length > 0`, 5*time.Second))
		p.shot("switch.png")
	})
}
