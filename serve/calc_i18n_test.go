package serve

import (
	"net/http"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/calculator"
)

// calcTypical are inputs that run every branch of every calculator
// formula that adds an output: every parameter given, and little once
// for each pair of its three parameters.
var calcTypical = []struct {
	name  string
	given map[string]string
}{
	{"erlang-b", map[string]string{"servers": "10", "load": "8"}},
	{"erlang-c", map[string]string{"servers": "10", "load": "8"}},
	{"mmc", map[string]string{"servers": "10", "arrival-rate": "8", "service-mean": "1s", "t": "1s"}},
	{"mmc-patience", map[string]string{"servers": "10", "arrival-rate": "12", "service-mean": "1s", "patience": "2s", "t": "1s"}},
	{"erlang-a", map[string]string{"servers": "10", "arrival-rate": "12", "service-mean": "1s", "patience-mean": "2s"}},
	{"mmck", map[string]string{"servers": "3", "capacity": "10", "arrival-rate": "5", "service-mean": "1s"}},
	{"little", map[string]string{"arrival-rate": "5", "time": "2s"}},
	{"little", map[string]string{"arrival-rate": "5", "number": "10"}},
	{"little", map[string]string{"time": "2s", "number": "10"}},
	{"timeout-latency", map[string]string{"mean": "250ms", "timeout": "8s"}},
	{"holding-time", map[string]string{"switch-time": "80ms", "timeout": "8s", "reversal": "80ms", "groups": "0.75:250ms,0.25:12s", "arrival-rate": "400", "slots": "192"}},
	{"roc", map[string]string{"d-prime": "2.5", "threshold": "3", "band": "0.5", "genuine-pass": "0.85", "fraud-pass": "0.05", "fraud-share": "0.001", "amount-factor": "1.5"}},
	{"optimal-threshold", map[string]string{"d-prime": "2.5", "base-rate": "0.001", "cost-ratio": "0.1"}},
	{"lognormal", map[string]string{"median": "40", "sigma": "1", "limit": "100", "factor": "1.5"}},
	{"goodput", map[string]string{"arrival-rate": "800", "slots": "192", "service-mean": "330ms", "omega": "0.3", "shed-fraction": "0.9"}},
	{"goodput", map[string]string{"arrival-rate": "100", "slots": "192", "service-mean": "330ms", "omega": "0.3", "shed-fraction": "0.9"}},
	{"diurnal-rate", map[string]string{"base": "1000", "hour": "8", "amplitude": "0.25"}},
	{"ttl-cache", map[string]string{"arrival-rate": "1000", "ttl": "60s", "objects": "20000", "warm": "1", "zipf": "0.8"}},
	{"ttl-cache", map[string]string{"arrival-rate": "1000", "ttl": "60s", "objects": "20000", "warm": "1"}},
	{"db-query-time", map[string]string{"arrival-rate": "1000", "queries": "3", "hit": "0.9", "extra": "600", "capacity": "4000", "base": "5ms", "max": "250ms"}},
	{"service-time", map[string]string{"app-time": "70ms", "hit": "0.9", "queries": "3", "query-time": "5ms"}},
	{"p99", map[string]string{"servers": "192", "arrival-rate": "400", "service-mean": "330ms", "quantile": "0.99"}},
	{"burn-rate", map[string]string{"error-rate": "0.01", "slo": "0.999"}},
	{"autoscaler", map[string]string{"serving": "10", "utilization": "0.9", "target": "0.6", "max": "40"}},
	{"cost-rate", map[string]string{"instances": "12", "price": "0.4"}},
}

// TestCalculatorCatalogued fails when a calculator formula's summary, a
// parameter's description or an output's description (every output of
// every formula, through calcTypical) lacks a Turkish or Uzbek message:
// the in-page calculator shows them in the page's language.
func TestCalculatorCatalogued(t *testing.T) {
	msgs := map[string]pageText{}
	for _, m := range allPageTexts() {
		msgs[m.key()] = m
	}
	translated := func(what, k string) {
		m, ok := msgs[k]
		if assert.True(t, ok, "%s %q is not in the catalogue", what, k) {
			assert.NotEmpty(t, m.Tr, "%s %q has no tr translation", what, k)
			assert.NotEmpty(t, m.Uz, "%s %q has no uz translation", what, k)
		}
	}
	covered := map[string]bool{}
	for _, f := range calcFormulas() {
		translated("the summary of "+f.Name, f.Summary)
		for _, p := range f.Params {
			translated("parameter --"+p.Flag+" of "+f.Name, p.Desc)
		}
	}
	for _, tc := range calcTypical {
		outs, found, err := calcEvaluate(tc.name, tc.given)
		require.True(t, found, tc.name)
		require.NoError(t, err, tc.name)
		covered[tc.name] = true
		for _, o := range outs {
			translated("output "+o.Key+" of "+tc.name, o.Desc)
		}
	}
	for _, f := range calculator.All() {
		assert.True(t, covered[f.Name], "calcTypical has no inputs for %s, so its outputs go unchecked", f.Name)
	}
}

// The calculator's messages reach a page in its language, and the
// CLI's registry keeps its English.
func TestCalculatorTranslated(t *testing.T) {
	srv := newTestServer(t, Options{})
	var tr, uz i18nJSON
	serveJSON(t, srv, newReq("GET", "/api/i18n?lang=tr", nil), &tr)
	serveJSON(t, srv, newReq("GET", "/api/i18n?lang=uz", nil), &uz)
	assert.Equal(t, "sunucu sayısı N", tr.Text["number of servers N"])
	assert.Equal(t, "serverlar soni N", uz.Text["number of servers N"])
	assert.Equal(t, "kuyrukta ortalama süre Wq = C/(Nμ − λ)", tr.Text["mean time in queue Wq = C/(Nμ − λ)"])
	f, ok := calculator.Lookup("mmc")
	require.True(t, ok)
	assert.Equal(t, "M/M/c queue: P(wait), mean wait and queue, P(W > t)", f.Summary, "the CLI's text stays English")
}

// Every parameter's range reaches the calculator in the page's language,
// its numbers written the language's way: no range text of the
// calculator package lacks a template.
func TestCalculatorRangesTranslated(t *testing.T) {
	srv := newTestServer(t, Options{})
	english := regexp.MustCompile(`\b(?:a|an|in|number|integer|duration|e\.g\.|or|bare|seconds|pairs|with|adding)\b`)
	for _, lang := range []string{"tr", "uz"} {
		req := newReq("GET", "/api/calculator", nil)
		req.Header.Set("Accept-Language", lang)
		var list []calcFormulaJSON
		require.Equal(t, http.StatusOK, serveJSON(t, srv, req, &list))
		require.NotEmpty(t, list)
		for _, f := range list {
			for _, p := range f.Params {
				assert.NotRegexp(t, english, p.Range, "%s: range of --%s of %s", lang, p.Flag, f.Name)
			}
		}
	}
	var tr []calcFormulaJSON
	req := newReq("GET", "/api/calculator?lang=tr", nil)
	require.Equal(t, http.StatusOK, serveJSON(t, srv, req, &tr))
	ranges := map[string]string{}
	for _, f := range tr {
		for _, p := range f.Params {
			ranges[f.Name+" "+p.Flag] = p.Range
		}
	}
	assert.Equal(t, "[1; 10.000.000] aralığında bir tam sayı", ranges["mmc servers"])
	assert.Equal(t, "> 0 bir süre (ör. 80ms, 2s ya da yalın saniye)", ranges["mmc service-mean"])
	assert.Equal(t, "[-40; 40] aralığında bir sayı", ranges["roc threshold"])
	assert.Equal(t, "[-1.000.000; 1.000.000] aralığında bir sayı", ranges["diurnal-rate hour"])
}
