//go:build long

package serve

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// TestBrowserClassroomPanelEveryLanguage checks the classroom panel of
// each page in the languages TestBrowserClassroomPanel leaves out, so that
// with both every page is checked in every language.
func TestBrowserClassroomPanelEveryLanguage(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	for i, where := range classroomPages {
		for j, lang := range classroomLanguages {
			if i == j {
				continue // in the default run
			}
			t.Run(where.name+"/"+lang, func(t *testing.T) { checkClassroomPanel(t, ctx, ts.URL, i, lang) })
		}
	}
}

// TestBrowserReferencePlaybook: a scenario with a reference playbook offers
// it behind a button; its link replays it from the start, and the run
// meets every goal (sale surge, seed 1); the normal day has none.
func TestBrowserReferencePlaybook(t *testing.T) {
	p := page{t, browser(t)}
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{})
	p.do(chromedp.Navigate(ts.URL+"/?system=switch&scenario=sale-surge&seed=1"),
		until(`app.st && !document.getElementById("reference").hidden`, 10*time.Second))
	assert.Equal(t, "true", p.str(`String(document.getElementById("reference-body").hidden)`), "hidden until asked for")
	p.do(click("#reference-show"), until(`!document.getElementById("reference-body").hidden`, 5*time.Second))
	assert.Contains(t, p.text("#reference-text"), "set: {servers: 12, shedding: on, retry: backoff}")
	href := p.attr("#reference-run", "href")
	assert.Contains(t, href, "at=5m%3Aservers%3D12")
	p.do(chromedp.Navigate(ts.URL+href), until(`app.st && app.st.planned.length > 0`, 10*time.Second),
		click(`#speeds button[data-speed="-1"]`), until(`app.st.final !== null`, 60*time.Second))
	assert.Equal(t, "true", p.str(`String(app.st.final.met)`), "the reference playbook meets the goals")
	p.do(chromedp.Navigate(ts.URL+"/?system=switch&scenario=normal&seed=1"),
		until(`app.st && app.st.scenario === "normal" && app.reference.drawn === "switch/normal"`, 10*time.Second))
	assert.Equal(t, "true", p.str(`String(document.getElementById("reference").hidden)`), "the normal day has no reference playbook")
}

// TestBrowserModelPanel: the "model & formulas" panel fills Little's law
// with the minute's numbers — the switch's busy slots λ × S of the slots
// in service, the web service's busy workers — and on a normal day the
// formula is within 10 % of what the simulation measured (S from the
// calculator package at the minute's controls and indicators).
func TestBrowserModelPanel(t *testing.T) {
	p := page{t, browser(t)}
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{})
	for _, tc := range []struct{ system, want string }{{"switch", "of 192"}, {"web", "of 160"}} {
		t.Run(tc.system, func(t *testing.T) {
			p.do(chromedp.Navigate(ts.URL+"/?system="+tc.system+"&scenario=normal&seed=1"),
				until(`app.st && app.st.system === "`+tc.system+`"`, 10*time.Second))
			for m := 1; m <= 3; m++ {
				p.do(click("#step"), until(`app.rows.length === `+string(rune('0'+m))+` && !app.st.running`, 20*time.Second))
			}
			p.do(until(`!document.getElementById("model-panel").hidden && MODELP.key.endsWith("/3") && document.getElementById("model-little").dataset.drawn === MODELP.key`, 10*time.Second))
			t.Logf("%s · %s", p.text("#model-little"), p.text("#model-measured"))
			assert.Contains(t, p.text("#model-little"), tc.want)
			assert.InEpsilon(t, p.num(`Number(document.getElementById("model-measured").dataset.measured)`), p.num(`Number(document.getElementById("model-little").dataset.formula)`), 0.10,
				"Little's law with the formula's S against the measured number")
			assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
		})
	}
}

// TestBrowserStudentWording (issue 24, defect 12): no developer wording on
// the student pages. Each system's page is opened once and its scenarios
// chosen in the picker, as a student does; each is read once every panel
// has drawn it. (It was a part of TestBrowserClassroomPanel; it moved here
// for its cost: a restart and a full draw per scenario.)
func TestBrowserStudentWording(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	p := page{t, ctx}
	for _, sys := range []scenario.System{paymentswitch.System, webservice.System} {
		p.do(chromedp.Navigate(ts.URL+"/?system="+sys.Name+"&seed=1"), until(`app.st && app.st.system === "`+sys.Name+`"`, 10*time.Second))
		for _, sc := range sys.Scenarios {
			// Waiting for the restart's own answer (a later epoch): the
			// page may show the scenario already (the first one), and a
			// restart still on its way could land after the next pick's.
			epoch := p.count(`app.st.epoch`)
			p.do(pick(sc.Name),
				until(`app.st && app.st.epoch > `+strconv.Itoa(epoch)+` && app.st.scenario === "`+sc.Name+`" && app.st.minute === 0 && document.getElementById("scenario").value === "`+sc.Name+`" && document.querySelectorAll("#detail tr").length > 1 && GUIDE.key === "`+sys.Name+`/`+sc.Name+`" && `+systemsDrawn, 10*time.Second))
			text := strings.ToLower(p.str(`document.body.textContent + [...document.querySelectorAll("[title]")].map(e => e.title).join(" ")`))
			for _, bad := range []string{"the original", "package doc", "des engine"} {
				require.NotContains(t, text, bad, "%s/%s", sys.Name, sc.Name)
			}
		}
	}
}
