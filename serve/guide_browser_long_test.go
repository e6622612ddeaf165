//go:build long

package serve

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// TestBrowserGuide: the classroom mode in each language. The answer the
// test types is worked out from what the page itself shows — the model &
// formulas panel's λ × S (computed in the page through the calculator)
// and the serving instances — so the server's check and the page's own
// numbers must agree; a wrong answer is told the run's value; checking
// before the step's minute says to run on.
func TestBrowserGuide(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{})
	answer := func(p page, expr string) string {
		v := p.num(expr)
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	type check struct{ answer, verdict string }
	for _, tc := range []struct {
		name, url, ready string
		steps            int
		early            string // the check's refusal before the minute ("" = none tried)
		right            func(p page) string
		words            []string // right, wrong
	}{
		{"tr switch Little", "/?lang=tr&system=switch&scenario=normal&seed=1", "normal", 3, "önce 3. dakikaya kadar çalıştırın",
			func(p page) string {
				return strings.Replace(answer(p, `Number(document.getElementById("model-little").dataset.formula)`), ".", ",", 1)
			}, []string{"Doğru", "Tam değil"}},
		{"uz web utilisation", "/?lang=uz&system=web&scenario=normal&seed=1", "normal", 3, "",
			func(p page) string {
				return answer(p, `100 * Number(document.getElementById("model-little").dataset.formula) / (16 * app.rows[app.rows.length - 1][app.columns.findIndex(c => c.key === "serving")])`) + " %"
			}, []string{"To‘g‘ri", "Unchalik emas"}},
		{"en fraud threshold", "/?lang=en&system=switch&scenario=fraud-wave&seed=1", "fraud-wave", 6, "run to minute 6 first",
			func(page) string { return "0.92" }, []string{"Right", "Not quite"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := page{t, ctx}
			p.do(chromedp.Navigate(ts.URL+tc.url), until(`app.st && app.st.scenario === "`+tc.ready+`" && !document.getElementById("guide-panel").hidden && document.querySelector('#guide-steps input[data-step="0"]') !== null`, 10*time.Second))
			if tc.early != "" {
				p.do(chromedp.SetValue(chromedp.CSS(`#guide-answer-0`), "1"), click(`button[data-check="0"]`),
					until(`document.getElementById("guide-result-0").textContent !== ""`, 10*time.Second))
				assert.Contains(t, p.text("#guide-result-0"), tc.early)
			}
			for m := 1; m <= tc.steps; m++ {
				p.do(click("#step"), until(`app.rows.length === `+strconv.Itoa(m)+` && !app.st.running`, 30*time.Second))
			}
			p.do(until(`MODELP.key && MODELP.key.endsWith("/`+strconv.Itoa(tc.steps)+`") && document.getElementById("model-little").dataset.drawn === MODELP.key`, 10*time.Second))
			for _, c := range []check{{tc.right(p), "true"}, {"1", "false"}} {
				p.do(chromedp.SetValue(chromedp.CSS(`#guide-answer-0`), c.answer), click(`button[data-check="0"]`),
					until(`document.getElementById("guide-result-0").dataset.correct === "`+c.verdict+`"`, 10*time.Second))
			}
			assert.Contains(t, p.text("#guide-result-0"), tc.words[1], "the wrong answer is told so, with the run's value")
			p.do(chromedp.SetValue(chromedp.CSS(`#guide-answer-0`), tc.right(p)), click(`button[data-check="0"]`),
				until(`document.getElementById("guide-result-0").dataset.correct === "true"`, 10*time.Second))
			assert.Contains(t, p.text("#guide-result-0"), tc.words[0])
			assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
			if !strings.HasPrefix(tc.name, "en ") {
				p.do(until(systemsDrawn, 10*time.Second))
				p.noEnglish() // the check's answer and its working too
			}
		})
	}
}
