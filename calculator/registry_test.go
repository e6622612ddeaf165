package calculator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryFormulaReadsOnlyItsParameters evaluates every formula with
// every parameter it declares given (little takes two of its three), so
// every read of a parameter runs: a read of a Param the formula does not
// declare panics (Inputs.check) and fails this test.
func TestEveryFormulaReadsOnlyItsParameters(t *testing.T) {
	typical := map[string]map[string]string{
		"erlang-b":          {"servers": "10", "load": "8"},
		"erlang-c":          {"servers": "10", "load": "8"},
		"mmc":               {"servers": "10", "arrival-rate": "8", "service-mean": "1s", "t": "1s"},
		"mmc-patience":      {"servers": "10", "arrival-rate": "12", "service-mean": "1s", "patience": "2s", "t": "1s"},
		"erlang-a":          {"servers": "10", "arrival-rate": "12", "service-mean": "1s", "patience-mean": "2s"},
		"mmck":              {"servers": "3", "capacity": "10", "arrival-rate": "5", "service-mean": "1s"},
		"little":            {"arrival-rate": "5", "time": "2s"},
		"timeout-latency":   {"mean": "250ms", "timeout": "8s"},
		"holding-time":      {"switch-time": "80ms", "timeout": "8s", "reversal": "80ms", "groups": "0.75:250ms,0.25:12s", "arrival-rate": "400", "slots": "192"},
		"roc":               {"d-prime": "2.5", "threshold": "3", "band": "0.5", "genuine-pass": "0.85", "fraud-pass": "0.05", "fraud-share": "0.001", "amount-factor": "1.5"},
		"optimal-threshold": {"d-prime": "2.5", "base-rate": "0.001", "cost-ratio": "0.1"},
		"lognormal":         {"median": "40", "sigma": "1", "limit": "100", "factor": "1.5"},
		"goodput":           {"arrival-rate": "800", "slots": "192", "service-mean": "330ms", "omega": "0.3", "shed-fraction": "0.9"},
		"diurnal-rate":      {"base": "1000", "hour": "8", "amplitude": "0.25"},
		"ttl-cache":         {"arrival-rate": "1000", "ttl": "60s", "objects": "20000", "warm": "1", "zipf": "0.8"},
		"db-query-time":     {"arrival-rate": "1000", "queries": "3", "hit": "0.9", "extra": "600", "capacity": "4000", "base": "5ms", "max": "250ms"},
		"service-time":      {"app-time": "70ms", "hit": "0.9", "queries": "3", "query-time": "5ms"},
		"p99":               {"servers": "192", "arrival-rate": "400", "service-mean": "330ms", "quantile": "0.99"},
		"burn-rate":         {"error-rate": "0.01", "slo": "0.999"},
		"autoscaler":        {"serving": "10", "utilization": "0.9", "target": "0.6", "max": "40"},
		"cost-rate":         {"instances": "12", "price": "0.4"},
	}
	all := All()
	require.Len(t, typical, len(all), "one row per formula")
	for _, f := range all {
		t.Run(f.Name, func(t *testing.T) {
			given, ok := typical[f.Name]
			require.True(t, ok, "no typical inputs for %s", f.Name)
			if f.Name != "little" {
				for _, p := range f.Params {
					assert.Contains(t, given, p.Flag(), "every parameter given, so every read runs")
				}
			}
			_, outs, err := f.Evaluate(given)
			require.NoError(t, err)
			assert.NotEmpty(t, outs)
		})
	}
}

// TestUndeclaredReadPanics checks the guard itself: a formula reading a
// parameter it did not declare, or one declared with other bounds under
// the same flag, is a programming error.
func TestUndeclaredReadPanics(t *testing.T) {
	in := Inputs{params: []Param{pServers}, num: map[string]float64{"servers": 3}}
	assert.Equal(t, 3, in.int(pServers))
	assert.PanicsWithValue(t, "calculator: the formula reads --arrival-rate, which it does not declare (or declares differently)",
		func() { in.f(pArrival) })
	assert.Panics(t, func() { in.f(pLossServers) }, "same flag, other range")
}

// TestRegistryNamesUnique checks that Lookup finds every formula by its
// own name.
func TestRegistryNamesUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range All() {
		assert.False(t, seen[f.Name], "duplicate %s", f.Name)
		seen[f.Name] = true
		g, ok := Lookup(f.Name)
		require.True(t, ok)
		assert.Equal(t, f.Summary, g.Summary)
	}
}
