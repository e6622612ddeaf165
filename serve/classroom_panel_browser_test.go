package serve

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// classroomPages are the three pages that show the classroom panel, each
// with the condition that says it is open.
var classroomPages = []struct{ name, path, ready string }{
	{"switch", "/?system=switch&seed=1&lang=", `app.st && app.st.system === "switch"`},
	{"web", "/?system=web&seed=1&lang=", `app.st && app.st.system === "web"`},
	{"network", "/network.html?net=terminal&seed=1&lang=", `net.st !== null`},
}

// checkClassroomPanel opens page (one of classroomPages) in lang and
// checks its classroom panel: three learning goals, the basis (formulas
// with numbered sources that exist, assumptions marked, the sources) and
// the disclaimer, every string translated.
func checkClassroomPanel(t *testing.T, ctx context.Context, base string, pageIndex int, lang string) {
	disclaimer := map[string]string{"en": "Educational simulation only", "tr": "Yalnızca eğitim amaçlı simülasyon", "uz": "Faqat ta’limiy simulyatsiya"}
	learn := map[string]string{"en": "What you'll learn", "tr": "Neler öğreneceksiniz", "uz": "Nimalarni o‘rganasiz"}
	where := classroomPages[pageIndex]
	p := page{t, ctx}
	p.do(chromedp.Navigate(base+where.path+lang),
		until(where.ready+` && document.querySelectorAll("#classroom .basis-list li").length > 0`, 10*time.Second))
	assert.Equal(t, where.name, p.str(`document.getElementById("classroom").dataset.page`))
	assert.Equal(t, learn[lang], p.content("#classroom > h2"))
	assert.Equal(t, 3, p.count(`document.querySelectorAll("#classroom ol.learn li").length`))
	assert.GreaterOrEqual(t, p.count(`document.querySelectorAll("#classroom .basis-list li code.formula").length`), 5)
	assert.Positive(t, p.count(`document.querySelectorAll("#classroom .basis-list .assumption").length`), "assumptions are marked")
	assert.Zero(t, p.count(`[...document.querySelectorAll("#classroom a.ref")].filter(a => !document.querySelector(a.getAttribute("href"))).length`), "every cited source is listed")
	assert.Positive(t, p.count(`document.querySelectorAll("#classroom .sources li").length`))
	assert.Contains(t, p.content("#classroom"), "L = λ", "Little's law is in every basis")
	assert.Contains(t, p.text("#disclaimer"), disclaimer[lang])
	assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
}

// classroomLanguages are the languages the panel is checked in; the
// default run checks each page in one of them (page i in language i),
// and TestBrowserClassroomPanelEveryLanguage (build tag long, run by CI)
// the six other pairs. The order gives the web page English, the one
// language TestBrowserLanguages does not open it in, so that the default
// run opens every page in English, Turkish and Uzbek (README).
var classroomLanguages = []string{"tr", "en", "uz"}

// TestBrowserClassroomPanel: both systems' pages and the network page show
// three learning goals, the basis (formulas with numbered sources that
// exist, assumptions marked, constants, the generator) and the disclaimer,
// each page in one of the languages, with every string translated.
func TestBrowserClassroomPanel(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	for i, where := range classroomPages {
		lang := classroomLanguages[i]
		t.Run(where.name+"/"+lang, func(t *testing.T) { checkClassroomPanel(t, ctx, ts.URL, i, lang) })
	}

	// The calculator is filled with the switch's numbers and answers from
	// the calculator package; a changed input gives a new answer, a bad one
	// its error, in the page's language.
	t.Run("calculator", func(t *testing.T) {
		p := page{t, ctx}
		const util = `document.querySelector('#calc tr[data-key="utilization"] td.n')`
		p.do(chromedp.Navigate(ts.URL+"/?system=switch&seed=1&lang=tr"),
			until(util+` !== null`, 10*time.Second))
		assert.Equal(t, "0,6875", p.str(util+`.textContent`), "132 of 192 slots busy")
		assert.Contains(t, p.str(`document.querySelector('#calc tr[data-key="answered_within"] td.n').textContent`), "%")
		// the formula's texts in the page's language (the catalogue's calculator messages)
		assert.Equal(t, "meşgul sunucuların payı λS/N", p.str(`document.querySelector('#calc tr[data-key="utilization"] td.muted').textContent`))
		assert.Contains(t, p.str(`document.querySelector('#calc-servers').parentElement.querySelector('small').textContent`), "sunucu sayısı N")
		assert.Contains(t, p.str(`document.querySelector('#calc-formula option[value="mmc"]').textContent`), "M/M/c kuyruğu")
		p.do(chromedp.SetValue(chromedp.CSS("#calc-servers"), "140"), click("#calc-run"),
			until(util+`.textContent === "0,9429"`, 5*time.Second))
		p.do(chromedp.SetValue(chromedp.CSS("#calc-servers"), "100"), click("#calc-run"),
			until(`document.querySelector("#calc .error").textContent.includes("kararsız kuyruk")`, 5*time.Second))
	})
}
