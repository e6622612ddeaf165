//go:build long

package serve

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// TestBrowserLanguagesNetworkKinds opens the network page on a fork/join
// example and a router example in Turkish and Uzbek and runs each a
// little: the kinds' labels, the measures and the methods new with them
// (Nelson–Tantawi, the synchronisation delay, the router's policy) come
// from the catalogue, nothing is missing, and no English shows (see
// englishScanJS). One tab per page, a short run: the scan is what costs.
func TestBrowserLanguagesNetworkKinds(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	for _, tc := range []struct{ lang, net, sel, kind, table string }{
		{"tr", "fork-join", `#graph [data-kind="fork"] .st-meta`, "çatal", "Nelson-Tantawi (kesin, 2 kol)"},
		{"uz", "fork-join", `#graph [data-kind="join"] .st-meta`, "birlashish", "sinxronlash kechikishi"},
		{"tr", "jsq-vs-random", `#graph .router .st-meta`, "yönlendirici · jsq", "ρ · kullanım"},
		{"uz", "jsq-vs-random", `#graph .router .st-meta`, "marshrutizator · jsq", "ρ · bandlik"},
	} {
		t.Run(tc.net+"/"+tc.lang, func(t *testing.T) {
			p := page{t, ctx}
			p.do(chromedp.Navigate(ts.URL+"/network.html?lang="+tc.lang+"&net="+tc.net+"&seed=1"),
				until(`net.st && document.querySelectorAll("#table tr").length > 1`, 10*time.Second),
				click(`#speeds button[data-speed="-1"]`), until(`net.st.time > 200`, 30*time.Second),
				click("#pause"), until(`!net.st.running`, 10*time.Second), until(networkDrawn, 10*time.Second))
			assert.Equal(t, tc.kind, p.content(tc.sel), "the kind's label")
			if tc.lang == "tr" {
				assert.Contains(t, p.content("#graph .src-label"), "/sn", "the arrival rate's unit")
			}
			assert.Contains(t, p.content("#table"), tc.table)
			assert.Equal(t, "[]", p.str(`JSON.stringify([...I18N.missing])`))
			p.noEnglish()
		})
	}
}
