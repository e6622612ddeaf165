package main

import (
	"encoding/json"
	"io"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/calculator"
)

// runCapture runs the command line and returns its exit status and stdout.
// The formula command writes through cmd.OutOrStdout(), which is os.Stdout
// when run() builds the root command, so the test swaps os.Stdout (and
// os.Stderr, where run reports errors) for pipes.
func runCapture(t *testing.T, args ...string) (int, string) {
	code, out, _ := runCapture3(t, args...)
	return code, out
}

// runCapture3 is runCapture that also returns stderr.
func runCapture3(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	capture := func(f **os.File) (restore func() string) {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		saved := *f
		*f = w
		done := make(chan string)
		go func() {
			b, _ := io.ReadAll(r)
			done <- string(b)
		}()
		return func() string {
			*f = saved
			require.NoError(t, w.Close())
			s := <-done
			require.NoError(t, r.Close())
			return s
		}
	}
	restoreOut := capture(&os.Stdout)
	restoreErr := capture(&os.Stderr)
	code = run(args)
	stderr = restoreErr()
	stdout = restoreOut()
	return code, stdout, stderr
}

// jsonKeys returns the keys of a JSON object in document order.
func jsonKeys(t *testing.T, s string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, json.Delim('{'), tok)
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, k.(string))
		var v any
		require.NoError(t, dec.Decode(&v))
	}
	return keys
}

func runJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out := runCapture(t, append(args, "--json")...)
	require.Equal(t, 0, code, "args %v", args)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m), out)
	return m
}

func TestFormulaErlang(t *testing.T) {
	m := runJSON(t, "formula", "erlang-b", "--servers", "10", "--load", "10")
	assert.Equal(t, "erlang-b", m["name"])
	assert.InDelta(t, 0.2146, m["value"].(float64), 5e-5) // Erlang B tables
	m = runJSON(t, "formula", "erlang-c", "--servers", "2", "--load", "1")
	assert.Equal(t, "erlang-c", m["name"])
	assert.InDelta(t, 1.0/3, m["value"].(float64), 1e-15) // 2ρ²/(1+ρ), ρ = 1/2
	_, out := runCapture(t, "formula", "erlang-b", "--servers", "10", "--load", "10", "--json")
	assert.Equal(t, []string{"name", "value"}, jsonKeys(t, out))
}

func TestFormulaMMc(t *testing.T) {
	args := []string{"formula", "mmc", "--servers", "192", "--arrival-rate", "400", "--service-mean", "330ms", "--t", "2s", "--json"}
	code, out := runCapture(t, args...)
	require.Equal(t, 0, code)
	assert.Equal(t, []string{"name", "p_wait", "mean_wait", "mean_in_queue", "mean_in_system", "mean_response", "utilization", "p_wait_gt"}, jsonKeys(t, out))
	_, again := runCapture(t, args...)
	assert.Equal(t, out, again, "deterministic output")
	m := runJSON(t, "formula", "mmc", "--servers", "1", "--arrival-rate", "3", "--service-mean", "0.25")
	assert.InDelta(t, 0.75, m["p_wait"].(float64), 1e-15)
	assert.InDelta(t, 0.75, m["mean_wait"].(float64), 1e-14) // ρ/(μ − λ)
	assert.InDelta(t, 3.0, m["mean_in_system"].(float64), 1e-13)
	assert.InDelta(t, 0.75, m["utilization"].(float64), 1e-15)
	assert.NotContains(t, m, "p_wait_gt", "only with --t")
	// Bare seconds and duration syntax agree.
	a := runJSON(t, "formula", "mmc", "--servers", "3", "--arrival-rate", "5", "--service-mean", "0.5")
	b := runJSON(t, "formula", "mmc", "--servers", "3", "--arrival-rate", "5", "--service-mean", "500ms")
	assert.Equal(t, a, b)
}

func TestFormulaMMcPatience(t *testing.T) {
	code, out := runCapture(t, "formula", "mmc-patience", "--servers", "192", "--arrival-rate", "800", "--service-mean", "330ms", "--patience", "2s", "--json")
	require.Equal(t, 0, code)
	assert.Equal(t, []string{"name", "p_wait", "p_abandon", "mean_wait_served", "mean_wait", "throughput", "utilization"}, jsonKeys(t, out))
	var m map[string]float64
	dec := json.NewDecoder(strings.NewReader(strings.Replace(out, `"name": "mmc-patience",`, "", 1)))
	require.NoError(t, dec.Decode(&m))
	assert.InDelta(t, 192/0.33, m["throughput"], 1e-6, "overload: the slots are always busy")
	// D = 0 is Erlang B.
	z := runJSON(t, "formula", "mmc-patience", "--servers", "10", "--arrival-rate", "10", "--service-mean", "1", "--patience", "0")
	assert.InDelta(t, 0.21458, z["p_abandon"].(float64), 1e-5)
}

func TestFormulaOthers(t *testing.T) {
	for _, tc := range []struct {
		args []string
		key  string
		want float64
		tol  float64
	}{
		{[]string{"holding-time"}, "holding_time", 0.33, 1e-12},
		{[]string{"holding-time", "--arrival-rate", "400", "--slots", "192"}, "busy_share", 0.6875, 1e-12},
		{[]string{"timeout-latency", "--mean", "12s", "--timeout", "8s"}, "mean_held", 12 * (1 - math.Exp(-8.0/12)), 1e-12},
		{[]string{"roc"}, "fraud_bp", 10.39, 0.01},
		{[]string{"roc"}, "fpr", 0.0013499, 1e-7},
		{[]string{"roc", "--band", "1"}, "genuine_challenged", 0.0214002, 1e-6},
		{[]string{"optimal-threshold", "--base-rate", "0.5", "--cost-ratio", "1"}, "threshold", 1.25, 1e-12},
		{[]string{"lognormal", "--limit", "40"}, "p_below", 0.5, 1e-15},
		{[]string{"goodput", "--arrival-rate", "400", "--slots", "192", "--service-mean", "330ms"}, "goodput", 400, 0},
		{[]string{"diurnal-rate", "--hour", "8"}, "rate", 1125, 1e-9},
		{[]string{"ttl-cache", "--arrival-rate", "1125"}, "hit", 3.375 / 4.375, 1e-12},
		{[]string{"ttl-cache", "--arrival-rate", "1125"}, "mean_age", 30, 0},
		{[]string{"db-query-time", "--arrival-rate", "1125", "--hit", "0.75", "--queries", "2"}, "utilization", 1125 * 2 * 0.25 / 4000, 1e-12},
		{[]string{"db-query-time", "--arrival-rate", "1125", "--hit", "0", "--extra", "600"}, "query_time", 0.25, 0},
		{[]string{"service-time", "--hit", "0.75", "--query-time", "10ms"}, "service_time", 0.0775, 1e-12},
		{[]string{"p99", "--servers", "1", "--arrival-rate", "3", "--service-mean", "0.25"}, "exact", math.Log(100), 1e-9},
		{[]string{"burn-rate", "--error-rate", "0.05"}, "burn", 50, 1e-9},
		{[]string{"autoscaler", "--serving", "10", "--utilization", "1.5"}, "desired", 17, 0},
		{[]string{"cost-rate", "--instances", "6", "--price", "6"}, "cost_per_hour", 36, 0},
		{[]string{"erlang-a", "--servers", "5", "--arrival-rate", "7", "--service-mean", "1", "--patience-mean", "1"}, "p_wait", 0.8270083, 1e-6},
		{[]string{"mmck", "--servers", "7", "--capacity", "7", "--arrival-rate", "5.5", "--service-mean", "1"}, "p_block", analytic.ErlangB(7, 5.5), 1e-15},
		{[]string{"little", "--number", "132", "--time", "330ms"}, "arrival_rate", 400, 1e-9},
	} {
		m := runJSON(t, append([]string{"formula"}, tc.args...)...)
		require.Contains(t, m, tc.key, "%v", tc.args)
		assert.InDelta(t, tc.want, m[tc.key].(float64), tc.tol, "%v %s", tc.args, tc.key)
	}
}

func TestFormulaTable(t *testing.T) {
	code, out := runCapture(t, "formula", "mmc", "--servers", "10", "--arrival-rate", "8", "--service-mean", "1s")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "mmc — ")
	assert.Regexp(t, `(?m)^  p_wait +0\.40918 `, out)
	assert.Regexp(t, `(?m)^  utilization +0\.8 `, out)
	assert.NotContains(t, out, "NaN")
}

func TestFormulaList(t *testing.T) {
	code, out := runCapture(t, "formula")
	require.Equal(t, 0, code)
	for _, f := range calculator.All() {
		assert.Contains(t, out, "\n"+f.Name+" — ", f.Name)
		for _, p := range f.Params {
			assert.Contains(t, out, "--"+p.Flag(), f.Name)
		}
	}
	code, out = runCapture(t, "formula", "--json")
	require.Equal(t, 0, code)
	var list []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &list))
	assert.Len(t, list, len(calculator.All()))
}

func TestFormulaBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string // the error names this
	}{
		{[]string{"erlang-b", "--servers", "-1", "--load", "1"}, `--servers: must be an integer in [0, 10000000], got "-1"`},
		{[]string{"erlang-b", "--servers", "x", "--load", "1"}, "--servers"},
		{[]string{"erlang-b", "--servers", "2"}, "--load: required"},
		{[]string{"erlang-b", "--servers", "2", "--load", "NaN"}, "--load: must be a number ≥ 0"},
		{[]string{"erlang-c", "--servers", "4", "--load", "4"}, "--load: must be below --servers 4"},
		{[]string{"mmc", "--servers", "0", "--arrival-rate", "1", "--service-mean", "1"}, `--servers: must be an integer in [1, 10000000], got "0"`},
		{[]string{"mmc", "--servers", "2", "--arrival-rate", "3", "--service-mean", "1"}, "unstable queue"},
		{[]string{"mmc", "--servers", "2", "--arrival-rate", "1", "--service-mean", "0"}, "--service-mean: must be a duration > 0"},
		{[]string{"mmc", "--servers", "2", "--arrival-rate", "1", "--service-mean", "-5ms"}, "--service-mean: must be a duration > 0"},
		{[]string{"mmc", "--servers", "2", "--arrival-rate", "1", "--service-mean", "1", "--t", "soon"}, "--t: must be a duration ≥ 0"},
		{[]string{"mmc", "--servers", "2", "--arrival-rate", "1", "--service-mean", "1", "--bogus", "1"}, "--bogus"},
		{[]string{"mmc", "--servers", "2", "--arrival-rate", "1", "--service-mean", "1", "stray"}, "stray"},
		{[]string{"mmc-patience", "--servers", "2", "--arrival-rate", "1", "--service-mean", "1"}, "--patience: required"},
		{[]string{"mmck", "--servers", "3", "--capacity", "2", "--arrival-rate", "1", "--service-mean", "1"}, "--capacity: must be an integer ≥ --servers 3"},
		{[]string{"erlang-a", "--servers", "1", "--arrival-rate", "1e9", "--service-mean", "1", "--patience-mean", "1e6"}, "erlang-a"},
		{[]string{"holding-time", "--groups", "0.8:1s,0.8:1s"}, "--groups"},
		{[]string{"holding-time", "--groups", "half:1s"}, "--groups"},
		{[]string{"holding-time", "--slots", "192"}, "--arrival-rate and --slots"},
		{[]string{"roc", "--genuine-pass", "1.5"}, `--genuine-pass: must be a number in [0, 1], got "1.5"`},
		{[]string{"little", "--arrival-rate", "1"}, "exactly two of --arrival-rate, --time, --number"},
		{[]string{"p99", "--servers", "1", "--arrival-rate", "1", "--service-mean", "1"}, "unstable queue"},
		{[]string{"burn-rate", "--error-rate", "0.1", "--slo", "1"}, "--slo: must be a number in [0, 1)"},
		{[]string{"autoscaler", "--serving", "10", "--utilization", "0.5", "--target", "0"}, "--target: must be a number in (0, 1]"},
		{[]string{"db-query-time", "--arrival-rate", "1", "--hit", "0.5", "--max", "1ms"}, "--max: must be ≥ --base"},
		{[]string{"nope"}, `unknown formula "nope"`},
	} {
		code, out, errOut := runCapture3(t, append([]string{"formula"}, tc.args...)...)
		assert.Equal(t, 2, code, "%v", tc.args)
		assert.Empty(t, out, "%v", tc.args)
		assert.Contains(t, errOut, tc.msg, "%v", tc.args)
	}
}
