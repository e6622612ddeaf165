//go:build long

package serve

import (
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// TestBrowserWhy: the "show why" panel of both systems in Chromium. The
// switch's sale with immediate retries goes over the capacity line and
// the page says so, with the new and retried areas drawn; the web
// service's morning stays under it, and after shed-low is set the shed
// low-priority area appears; the panel speaks Turkish on a Turkish page.
func TestBrowserWhy(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	t.Run("switch retry storm", func(t *testing.T) {
		p := page{t, ctx}
		p.do(chromedp.Navigate(ts.URL+"/?system=switch&scenario=sale-surge&seed=1"),
			until(`app.st && app.st.scenario === "sale-surge"`, 10*time.Second),
			click(`#speeds button[data-speed="-1"]`), until(`app.rows.length >= 14`, 60*time.Second),
			click("#pause"), until(`!app.st.running`, 10*time.Second),
			until(`!!(!document.getElementById("why-panel").hidden && WHY.key && WHY.key.endsWith("/" + app.rows.length) && WHY.drawn === WHY.key && document.getElementById("why-last"))`, 10*time.Second))
		offered, err := strconv.ParseFloat(p.attr("#why-last", "data-offered"), 64)
		require.NoError(t, err)
		capacity, err := strconv.ParseFloat(p.attr("#why-last", "data-capacity"), 64)
		require.NoError(t, err)
		assert.Greater(t, offered, capacity, "the sale's traffic is over the line")
		assert.Contains(t, p.text("#why-last"), "above the capacity")
		assert.Equal(t, 1, p.count(`document.querySelectorAll('#why-chart path[data-series="new"]').length`))
		assert.Equal(t, 1, p.count(`document.querySelectorAll('#why-chart path[data-series="retried"]').length`))
		assert.Equal(t, 1, p.count(`document.querySelectorAll('#why-chart path.why-capacity').length`))
		assert.Equal(t, "Offered traffic against capacity", p.text("#why-title"))
	})
	t.Run("web priority classes in Turkish", func(t *testing.T) {
		p := page{t, ctx}
		p.do(chromedp.Navigate(ts.URL+"/?lang=tr&system=web&scenario=normal&seed=1"),
			until(`app.st && app.st.scenario === "normal"`, 10*time.Second),
			setControl("shed-low", "50"),
			click("#step"), until(`app.rows.length === 1 && !app.st.running`, 20*time.Second),
			click("#step"), until(`app.rows.length === 2 && !app.st.running`, 20*time.Second),
			until(`!!(WHY.key && WHY.key.endsWith("/2") && WHY.drawn === WHY.key && !document.getElementById("why-panel").hidden && document.getElementById("why-last"))`, 10*time.Second))
		assert.Equal(t, "Kapasiteye karşı öncelik sınıfına göre istekler", p.text("#why-title"))
		assert.Contains(t, p.text("#why-last"), "altında", "a normal morning is under the line")
		assert.Greater(t, p.num(`WHY.data.series[2].values[1]`), 0.0, "the shed low-priority requests")
		assert.Equal(t, 1, p.count(`document.querySelectorAll('#why-chart path[data-series="shed"]').length`))
		assert.Contains(t, p.content("#why-legend"), "atılan düşük öncelik")
		assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
	})
	t.Run("network P(wait) in Uzbek", func(t *testing.T) {
		p := page{t, ctx}
		p.do(chromedp.Navigate(ts.URL+"/network.html?lang=uz&net=tandem&seed=1"),
			until(`net.st && !document.getElementById("pwait").hidden`, 10*time.Second))
		assert.Equal(t, 2, p.count(`document.querySelectorAll("#pwait-list li").length`))
		assert.InDelta(t, 0.4, p.num(`Number(document.querySelector('#pwait-list li[data-station="first"]').dataset.pwait)`), 1e-9, "M/M/1: P(wait) = ρ")
		assert.Contains(t, p.str(`document.querySelector('#pwait-list li[data-station="second"]').textContent`), "P(kutish) = C(1, 0,64) = 0,64")
		p.do(chromedp.SetValue(chromedp.CSS(`input[data-change="servers second"]`), "2"),
			click(`button[data-set="servers second"]`),
			click("#step"),
			until(`net.st.pWait.length === 2 && net.st.pWait[1].servers === 2`, 20*time.Second))
		assert.Contains(t, p.str(`document.querySelector('#pwait-list li[data-station="second"]').textContent`), "C(2, 0,64)", "a second server changes the formula")
		assert.Less(t, p.num(`Number(document.querySelector('#pwait-list li[data-station="second"]').dataset.pwait)`), 0.2)
		p.do(click(`#speeds button[data-speed="-1"]`), until(`document.querySelector('#pwait-list li[data-station="first"]').dataset.implied !== undefined && net.st.time > 3000`, 60*time.Second),
			click("#pause"), until(`!net.st.running`, 10*time.Second))
		assert.Contains(t, p.str(`document.querySelector('#pwait-list li[data-station="first"]').textContent`), "simulyatsiya kutishiga ko‘ra")
		assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
	})
}
