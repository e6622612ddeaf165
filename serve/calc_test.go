package serve

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The in-page calculator answers with the calculator package's values:
// the switch's normal day as M/M/192 at 400 tx/s of 0.33 s is 132 busy
// slots (utilisation 0.6875); bad input is a 400 naming the flag, an
// unknown formula a 404.
func TestCalculatorEndpoint(t *testing.T) {
	srv := newTestServer(t, Options{})
	var list []calcFormulaJSON
	require.Equal(t, http.StatusOK, call(t, srv, "GET", "/api/calculator", "", &list))
	names := map[string]bool{}
	for _, f := range list {
		names[f.Name] = true
	}
	assert.True(t, names["mmc"] && names["erlang-b"] && names["erlang-c"], "%v", names)

	var out struct {
		Outputs []struct {
			Key   string
			Value float64
		}
		Error string
	}
	require.Equal(t, http.StatusOK, call(t, srv, "POST", "/api/calculator/mmc", `{"params":{"servers":"192","arrival-rate":"400","service-mean":"0.33s","t":"2s"}}`, &out))
	got := map[string]float64{}
	for _, o := range out.Outputs {
		got[o.Key] = o.Value
	}
	assert.InDelta(t, 132.0/192, got["utilization"], 1e-12)
	assert.Less(t, got["p_wait"], 1e-3, "132 of 192 slots busy: almost nobody waits")
	assert.Contains(t, got, "p_wait_gt")

	for _, tc := range []struct {
		path, body string
		code       int
		want       string
	}{
		{"/api/calculator/mmc", `{"params":{"servers":"0","arrival-rate":"1","service-mean":"1s"}}`, http.StatusBadRequest, "--servers"},
		{"/api/calculator/mmc", `{"params":{"servers":"2","arrival-rate":"3","service-mean":"1s"}}`, http.StatusBadRequest, "stable"},
		{"/api/calculator/nonesuch", `{"params":{}}`, http.StatusNotFound, "unknown formula"},
	} {
		out.Error = ""
		assert.Equal(t, tc.code, call(t, srv, "POST", tc.path, tc.body, &out), tc.body)
		assert.Contains(t, out.Error, tc.want)
	}
}
