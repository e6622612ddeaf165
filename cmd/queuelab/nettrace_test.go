package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetRunTraceAndPercentiles: --trace writes the same bytes for the
// same seed, --trace-max-mb cuts it with a note, and --percentiles adds
// percentile rows beside the exact M/M/1 values, in the file's time unit.
func TestNetRunTraceAndPercentiles(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "m1.yaml")
	require.NoError(t, os.WriteFile(file, []byte("time_unit: min\narrivals: {to: s, rate: 0.8}\nstations:\n  - {name: s, service: {dist: exp, mean: 1}}\n"), 0o644))
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	code, out, errOut := runCapture3(t, "net", "run", file, "--duration", "2000000", "--seed", "3", "--trace", a, "--percentiles", "--json")
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runCapture3(t, "net", "run", file, "--duration", "2000000", "--seed", "3", "--trace", b, "--percentiles", "--json")
	require.Equal(t, 0, code, errOut)
	ta, err := os.ReadFile(a)
	require.NoError(t, err)
	tb, err := os.ReadFile(b)
	require.NoError(t, err)
	assert.Equal(t, ta, tb)
	assert.True(t, strings.HasPrefix(string(ta), "customer,class,station,arrived,started,departed\n1,job,s,"), string(ta[:80]))

	var v struct {
		Metrics []struct {
			Station, Name string
			Sim, Formula  *float64
			Verdict       string
		} `json:"metrics"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	seen := 0
	for _, m := range v.Metrics {
		if m.Station == "s" && m.Name == "p90_response" && m.Formula != nil {
			// Exp(μ − λ) = Exp(0.2/min): ln 10 / 0.2 = 11.51 min.
			assert.InDelta(t, math.Log(10)/0.2, *m.Formula, 1e-9, "in minutes, as the file")
			assert.InDelta(t, *m.Formula, *m.Sim, 0.1**m.Formula)
			assert.NotEqual(t, "DISAGREES", m.Verdict)
			seen++
		}
	}
	assert.Positive(t, seen)

	code, _, errOut = runCapture3(t, "net", "run", file, "--duration", "2000000", "--trace", a, "--trace-max-mb", "1")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "reached its budget of 1 MB")
	info, err := os.Stat(a)
	require.NoError(t, err)
	assert.LessOrEqual(t, info.Size(), int64(1_000_000))

	code, _, errOut = runCapture3(t, "net", "run", file, "--trace-max-mb", "5")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--trace-max-mb: applies only with --trace FILE")
}
