package serve

import (
	"regexp"
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
		lesson, help, def, err    string         // words of the lesson, a control's help, a definition, an error
		calcErr, playbook         string         // the calculator's refusal of 0 servers, the reference playbook's comment
	}{
		{"en", "Goals", "Trends", "▶ run", regexp.MustCompile(`^\d+\.\d%$`), "retry storm", "connection slots each", "Per transaction, final outcome", "want an integer from 2 to 24",
			`--servers: must be an integer in [1, 10000000], got "0"`, "order servers at once"},
		{"tr", "Hedefler", "Eğilim", "▶ çalıştır", regexp.MustCompile(`^%\d+,\d$`), "yeniden deneme fırtınası", "her biri 32 bağlantı yuvası", "İşlem başına, nihai sonuç", "beklenen 2 ile 24 arasında bir tam sayı",
			`--servers: [1; 10.000.000] aralığında bir tam sayı olmalı, verilen "0"`, "sunucuları hemen sipariş edin"},
		{"uz", "Maqsadlar", "Trendlar", "▶ ishga tushirish", regexp.MustCompile(`^\d+,\d%$`), "qayta urinishlar bo‘roni", "har birida 32 ulanish sloti", "Tranzaksiya bo‘yicha, yakuniy natija", "kutilgan 2 dan 24 gacha butun son",
			"--servers: [1; 10\u00a0000\u00a0000] oralig‘idagi butun son bo‘lishi kerak, berilgan \"0\"", "serverlarni darhol buyurtma qiling"},
	} {
		t.Run("switch/"+tc.lang, func(t *testing.T) {
			p := page{t, ctx}
			p.do(chromedp.Navigate(ts.URL+"/?lang="+tc.lang+"&system=switch&scenario=sale-surge&seed=1"),
				until(`app.st && app.st.scenario === "sale-surge"`, 10*time.Second),
				click("#step"), until(`app.rows.length === 1 && !app.st.running`, 20*time.Second),
				click("#step"), until(`app.rows.length === 2 && !app.st.running`, 20*time.Second),
				until(systemsDrawn+` && MODELP.key.endsWith("/2")`, 10*time.Second))
			assert.Equal(t, tc.lang, p.str(`document.documentElement.lang`))
			assert.Equal(t, tc.lang, p.str(`document.getElementById("lang").value`))
			assert.Equal(t, tc.goals, p.str(`document.querySelector("#goals").closest(".panel").querySelector("h2 span").textContent`))
			assert.Equal(t, tc.trends, p.str(`document.getElementById("chart-key").previousElementSibling.textContent`))
			assert.Equal(t, tc.play, p.text("#play"))
			assert.Regexp(t, tc.approval, p.str(`document.querySelector('#headline .card[data-key="good_approval"] .value').textContent`))
			assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`), "every string the page showed has a translation")
			assert.Contains(t, p.text("#scen-lesson"), tc.lesson, "the scenario's lesson")
			assert.Contains(t, p.text("#help-servers"), tc.help, "a control's help")
			assert.Contains(t, p.content(`#detail details.def p`), tc.def, "an indicator's definition")
			// The panels whose own browser tests run under the build tag
			// long (TestBrowserModelPanel, TestBrowserWhy, TestBrowserGuide)
			// have drawn this minute: a smoke check in every language.
			assert.Contains(t, p.text("#model-little"), "192", "the model panel's Little's law, of 192 slots")
			assert.NotEmpty(t, p.text("#why-title"), "the why panel's title")
			assert.Positive(t, p.count(`document.querySelectorAll('#why-chart path[data-series="new"]').length`), "the why panel's chart")
			assert.Positive(t, p.count(`document.querySelectorAll('#guide-steps input[data-step]').length`), "the guided steps' questions")
			p.do(setControl("servers", "0"), until(`!document.getElementById("control-error").hidden`, 10*time.Second))
			assert.Contains(t, p.text("#control-error"), tc.err, "the server's error in the page's language")
			// The calculator's ranges and its refusal, in the page's language.
			p.do(chromedp.SetValue(chromedp.CSS("#calc-servers"), "0"), click("#calc-run"),
				until(`document.querySelector("#calc .error").textContent !== ""`, 10*time.Second))
			assert.Contains(t, p.text("#calc .error"), tc.calcErr)
			p.do(click("#reference-show"), until(`!document.getElementById("reference-body").hidden && document.getElementById("reference-text").textContent !== ""`, 10*time.Second))
			assert.Contains(t, strings.ReplaceAll(p.text("#reference-text"), "\n# ", " "), tc.playbook, "the reference playbook's why")
			if tc.lang != "en" {
				p.noEnglish()
			}
		})
	}

	t.Run("web in Uzbek on the clock", func(t *testing.T) {
		p := page{t, ctx}
		// The replay changes the database's layout after minute 0: the model
		// refuses it, and the note says so in Uzbek.
		p.do(chromedp.Navigate(ts.URL+"/?lang=uz&system=web&scenario=bad-build&seed=1&at=1m:db=pooled"),
			until(`app.st && app.st.scenario === "bad-build"`, 10*time.Second),
			click(`#speeds button[data-speed="-1"]`), until(`app.rows.length >= 12`, 30*time.Second),
			click("#pause"), until(`!app.st.running`, 10*time.Second), until(systemsDrawn, 10*time.Second))
		assert.Contains(t, p.text("#messages"), "1-daqiqa: db=pooled qo‘llanmadi: db sozlamasi: ma’lumotlar bazasining tuzilishi", "a refused action's note, in Uzbek")
		p.noEnglish()
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

	for _, tc := range []struct{ lang, station, table, title, lesson, err string }{
		{"en", "station", "Simulation against the formulas", "Tandem line: Little's law, station by station", "Burke's theorem", "must be a whole number from 1 to"},
		{"tr", "istasyon", "Simülasyon formüllere karşı", "Seri hat: istasyon istasyon Little yasası", "Burke teoremine göre", "istasyonunun sunucuları: 1 ile"},
		{"uz", "stansiya", "Simulyatsiya formulalarga qarshi", "Ketma-ket liniya: stansiyama-stansiya Little qonuni", "Burke teoremasiga ko‘ra", "stansiyasining serverlari: 1 dan"},
	} {
		t.Run("network/"+tc.lang, func(t *testing.T) {
			p := page{t, ctx}
			p.do(chromedp.Navigate(ts.URL+"/network.html?lang="+tc.lang+"&net=tandem&seed=1"),
				until(`net.st && document.querySelectorAll("#table tr").length > 1`, 10*time.Second),
				click(`#speeds button[data-speed="-1"]`), until(`net.st.time > 2000`, 30*time.Second),
				click("#pause"), until(`!net.st.running`, 10*time.Second), until(networkDrawn, 10*time.Second))
			assert.Equal(t, tc.lang, p.str(`document.documentElement.lang`))
			assert.Equal(t, tc.station, p.text("#table th"))
			assert.Contains(t, p.content("main"), tc.table)
			assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
			if tc.lang != "en" {
				assert.Contains(t, p.content(`#graph [data-station="first"] .st-foot`), "ρ = 0,4", "decimal comma")
			}
			assert.Equal(t, tc.title, p.str(`document.querySelector("#network option:checked").textContent`), "the lesson's title in the picker")
			assert.Contains(t, p.content("#lesson"), tc.lesson, "the lesson")
			assert.Equal(t, 2, p.count(`document.querySelectorAll("#pwait-list li").length`), "P(wait) of both stations (TestBrowserWhy, long)")
			p.do(chromedp.SetValue(chromedp.CSS(`input[data-change="servers first"]`), "0"),
				click(`button[data-set="servers first"]`), until(`!document.getElementById("change-error").hidden`, 10*time.Second))
			assert.Contains(t, p.text("#change-error"), tc.err, "a refused change's reason in the page's language")
			if tc.lang != "en" {
				p.noEnglish()
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

// englishScanJS opens every <details> (an indicator's definition, the
// basis) and lists the page's visible English: every visible text and
// every title, aria-label and placeholder outside the parts marked
// lang="en" (the sources, cited as published) in which one of a set of
// English words stands alone, or a number is written with a decimal point
// (a group of other than three digits after the point; 0.75:250ms, 6.2ms
// and rate job=1.3 are input syntax, the number after "=" or followed by a
// colon or a letter). The words are
// none of the names the pages keep in every language (controls, their
// choices, stations, classes, flags, disciplines, units), and no word of
// the Turkish or Uzbek catalogue; a letter includes the Uzbek ‘ and ʻ.
const englishScanJS = `(() => {
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  const words = ["the", "of", "and", "with", "from", "not", "by", "for", "is", "are", "within", "than", "until", "needs",
    "applied", "stopped", "minute", "minutes", "number", "integer", "duration", "agrees", "approximate", "collecting",
    "exact", "bound", "equations", "insensitivity", "bare", "seconds", "share", "waits", "growing", "batches", "measured",
    "slots", "genuine", "fraud", "goodput", "admits", "objects", "budget", "burn", "desired", "serving", "utilisation",
    "instances", "timeouts", "warm", "bad", "session", "runs", "most", "got", "must", "want", "valid", "unknown",
    "invalid", "required", "queue", "wait", "per", "off", "or", "no", "fork", "join", "router", "branch", "branches",
    "birth", "death", "infinite", "approximation", "balk"];
  const L = "\\p{L}\\p{N}_\\-‘’ʻʼ'";
  const word = new RegExp("(?<![" + L + "])(" + words.join("|") + ")(?![" + L + "])", "iu");
  const point = /(?<![\d.,:=])\d+\.(?:\d{1,2}|\d{4,})(?![\d:\p{L}])/u;
  const out = [];
  const english = (e) => { const l = e.closest("[lang]"); return !!l && l.lang === "en"; };
  const where = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.split(" ")[0] : "");
  const check = (s, at) => {
    const m = word.exec(s) || point.exec(s);
    if (m) out.push(at + ": " + JSON.stringify(m[0]) + " in " + JSON.stringify(s.slice(0, 200)));
  };
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const e = n.parentElement;
    if (!e || e.closest("script, style") || english(e) || !e.checkVisibility()) continue;
    check(n.textContent, where(e));
  }
  for (const e of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (english(e)) continue;
    for (const a of ["title", "aria-label", "placeholder"]) {
      const v = e.getAttribute(a);
      if (v) check(v, where(e) + "@" + a);
    }
  }
  return out;
})()`

// noEnglish fails the test for each piece of visible English on the page
// (see englishScanJS).
func (p page) noEnglish() {
	p.t.Helper()
	hits, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](englishScanJS))
	require.NoError(p.t, err)
	assert.Empty(p.t, hits, "English on the %s page", p.str(`document.documentElement.lang`))
}
