//go:build long

package serve

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserWhatIf: the terminal model's page draws X and R against N
// with the exact MVA line, both kinds of bounds and N* = 21, marks the
// population now, and follows a change of population; an open network
// shows no what-if panel.
func TestBrowserWhatIf(t *testing.T) {
	p := page{t, browser(t)}
	ts := liveServer(t, nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	p.do(chromedp.Navigate(ts.URL+"/network.html?net=terminal&seed=3&lang=tr"),
		until(`net.st && !document.getElementById("whatif-panel").hidden && document.querySelectorAll("#whatif svg").length === 2`, 10*time.Second))
	for _, m := range []string{"x", "r"} {
		svg := `#whatif svg[data-measure="` + m + `"]`
		assert.Equal(t, 5, p.count(`document.querySelectorAll('`+svg+` polyline').length`), "MVA, two ABA and two BJB lines for %s", m)
		assert.Equal(t, "N* = 21", p.content(svg+` .nstar-label`))
	}
	assert.Contains(t, p.content("#whatif-note"), "N* = (D + Z)/Dmax = 21")
	assert.Equal(t, 30, p.count(`WHATIF.data.population`))
	p.do(chromedp.SetValue(chromedp.CSS(`input[data-change="population user"]`), "10"),
		click(`button[data-set="population user"]`),
		until(`WHATIF.data && WHATIF.data.population === 10`, 10*time.Second))
	assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
	// Little's law per station, from the measured values.
	p.do(click(`#speeds button[data-speed="-1"]`), until(`document.querySelector('.little[data-station="server"]') !== null && net.st.time > 3000`, 30*time.Second),
		click("#pause"), until(`!net.st.running`, 10*time.Second))
	assert.Contains(t, p.content(`.little[data-station="server"]`), "Little yasası: λ·W = ")
	// λ·W and L from one state in one evaluation (two reads could straddle a poll).
	lwl, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]float64](`(() => { const r = n => net.st.rows.find(x => x.station === "server" && x.class === "" && x.name === n).sim; return [r("throughput") * r("mean_response"), r("mean_in_system")]; })()`))
	require.NoError(t, err)
	require.Len(t, lwl, 2)
	assert.InEpsilon(t, lwl[1], lwl[0], 0.05, "λ·W and L measured on the same run agree (Little's law)")
	// Edited means, as JMVA: the server at 0.25 s moves N* to 41 and the
	// simulation's point goes (it runs the file's means); a bad value is
	// refused in the page's language; reset brings the file's curves back.
	p.do(chromedp.SetValue(chromedp.CSS(`#whatif-means input[data-station="server"]`), "0.25"),
		click("#whatif-apply"), until(`WHATIF.data && WHATIF.data.nStar === 41`, 10*time.Second))
	assert.Equal(t, "N* = 41", p.content(`#whatif svg[data-measure="x"] .nstar-label`))
	assert.Equal(t, 0, p.count(`document.querySelectorAll("#whatif circle.now-sim").length`), "no simulated point for edited means")
	assert.Contains(t, p.content("#whatif-means"), "simülasyon ağın kendi değerlerini korur")
	p.do(chromedp.SetValue(chromedp.CSS(`#whatif-means input[data-station="server"]`), "-2"),
		click("#whatif-apply"), until(`!document.getElementById("whatif-error").hidden`, 10*time.Second))
	assert.Contains(t, p.text("#whatif-error"), "> 0 ve ≤ 1e9 saniye bir sayı olmalı")
	p.do(click("#whatif-reset"), until(`WHATIF.data && WHATIF.data.nStar === 21 && document.getElementById("whatif-error") && document.getElementById("whatif-error").hidden`, 10*time.Second))
	assert.Equal(t, 2, p.count(`document.querySelectorAll("#whatif circle.now-sim").length`), "the simulation's point is back, in both charts")
	assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
	p.do(chromedp.Navigate(ts.URL+"/network.html?net=tandem&seed=3"),
		until(`net.st && net.st.file === "tandem.yaml" && WHATIF.key !== null && WHATIF.key.startsWith(net.st.id) && WHATIF.drawn === WHATIF.key`, 10*time.Second))
	assert.Equal(t, "true", p.str(`String(document.getElementById("whatif-panel").hidden)`))
}
