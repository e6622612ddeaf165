package serve

import (
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// TestBrowserLanguages opens both system pages and the network page in
// each language: <html lang> and the switcher follow ?lang=, the page's
// own words come from the catalogue (none is missing after a few minutes
// of a run), numbers and percentages are written the language's way, and
// the switcher reloads the page in another language keeping the run.
func TestBrowserLanguages(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	for _, tc := range []struct {
		lang, goals, trends, play string
		approval                  *regexp.Regexp // the good-approval card's value with its unit
	}{
		{"en", "Goals", "Trends", "▶ run", regexp.MustCompile(`^\d+\.\d%$`)},
		{"tr", "Hedefler", "Eğilim", "▶ çalıştır", regexp.MustCompile(`^%\d+,\d$`)},
		{"uz", "Maqsadlar", "Trendlar", "▶ ishga tushirish", regexp.MustCompile(`^\d+,\d%$`)},
	} {
		t.Run("switch/"+tc.lang, func(t *testing.T) {
			p := page{t, ctx}
			p.do(chromedp.Navigate(ts.URL+"/?lang="+tc.lang+"&system=switch&scenario=sale-surge&seed=1"),
				until(`app.st && app.st.scenario === "sale-surge"`, 10*time.Second),
				click("#step"), until(`app.rows.length === 1 && !app.st.running`, 20*time.Second),
				click("#step"), until(`app.rows.length === 2 && !app.st.running`, 20*time.Second))
			assert.Equal(t, tc.lang, p.str(`document.documentElement.lang`))
			assert.Equal(t, tc.lang, p.str(`document.getElementById("lang").value`))
			assert.Equal(t, tc.goals, p.str(`document.querySelector("#goals").closest(".panel").querySelector("h2 span").textContent`))
			assert.Equal(t, tc.trends, p.str(`document.getElementById("chart-key").previousElementSibling.textContent`))
			assert.Equal(t, tc.play, p.text("#play"))
			assert.Regexp(t, tc.approval, p.str(`document.querySelector('#headline .card[data-key="good_approval"] .value').textContent`))
			assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`), "every string the page showed has a translation")
		})
	}

	t.Run("web in Uzbek on the clock", func(t *testing.T) {
		p := page{t, ctx}
		p.do(chromedp.Navigate(ts.URL+"/?lang=uz&system=web&scenario=bad-build&seed=1"),
			until(`app.st && app.st.scenario === "bad-build"`, 10*time.Second),
			click(`#speeds button[data-speed="-1"]`), until(`app.rows.length >= 12`, 30*time.Second),
			click("#pause"), until(`!app.st.running`, 10*time.Second))
		assert.Contains(t, p.text("#actions li.event"), "09:10: v2 (yomon build) deployi boshlanadi", "events by the clock, in Uzbek")
		assert.Contains(t, p.text("#clock"), "09:", "the clock shows the time of day")
		assert.Contains(t, p.str(`[...document.querySelectorAll("#charts svg text")].map(e => e.textContent).join(" ")`), "09:00", "axes by the clock")
		assert.Equal(t, "Maqsadlar", p.str(`document.querySelector("#goals").closest(".panel").querySelector("h2 span").textContent`))
		assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
		// The switcher reloads the page in Turkish, keeping the run.
		p.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("lang"); s.value = "tr"; s.dispatchEvent(new Event("change")); })()`))
		p.reloaded(`document.documentElement.lang === "tr" && typeof app !== "undefined" && app.st && app.st.scenario === "bad-build"`, 20*time.Second)
		assert.Contains(t, p.location(), "lang=tr")
		assert.Contains(t, p.location(), "scenario=bad-build")
		assert.Equal(t, "Hedefler", p.str(`document.querySelector("#goals").closest(".panel").querySelector("h2 span").textContent`))
	})

	for _, tc := range []struct{ lang, station, table string }{
		{"en", "station", "Simulation against the formulas"},
		{"tr", "istasyon", "Simülasyon formüllere karşı"},
		{"uz", "stansiya", "Simulyatsiya formulalarga qarshi"},
	} {
		t.Run("network/"+tc.lang, func(t *testing.T) {
			p := page{t, ctx}
			p.do(chromedp.Navigate(ts.URL+"/network.html?lang="+tc.lang+"&net=tandem&seed=1"),
				until(`net.st && document.querySelectorAll("#table tr").length > 1`, 10*time.Second),
				click(`#speeds button[data-speed="-1"]`), until(`net.st.time > 2000`, 30*time.Second),
				click("#pause"), until(`!net.st.running`, 10*time.Second))
			assert.Equal(t, tc.lang, p.str(`document.documentElement.lang`))
			assert.Equal(t, tc.station, p.text("#table th"))
			assert.Contains(t, p.content("main"), tc.table)
			assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
			if tc.lang != "en" {
				assert.Contains(t, p.content(`#graph [data-station="first"] .st-foot`), "ρ = 0,4", "decimal comma")
			}
		})
	}
}

// reloaded waits for cond in a page that is navigating: a poll that fails
// because the old document went away is tried again in the new one.
func (p page) reloaded(cond string, d time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(d)
	var err error
	for time.Now().Before(deadline) {
		if err = chromedp.Do(p.ctx, until(cond, 2*time.Second)); err == nil {
			return
		}
	}
	p.t.Fatalf("after the reload: %v", err)
}
