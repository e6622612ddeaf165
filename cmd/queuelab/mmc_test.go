package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type mmcJSON struct {
	Station string `json:"station"`
	Metrics []struct {
		Name    string   `json:"name"`
		Sim     *float64 `json:"sim"`
		CI95    *float64 `json:"ci95"`
		Formula *float64 `json:"formula"`
		Verdict string   `json:"verdict"`
	} `json:"metrics"`
}

func runMMcJSON(t *testing.T, args ...string) mmcJSON {
	t.Helper()
	code, out, errOut := runCapture3(t, append([]string{"mmc", "--json"}, args...)...)
	require.Equal(t, 0, code, errOut)
	var v mmcJSON
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	return v
}

func TestMMcDefaultRuns(t *testing.T) {
	code, out := runCapture(t, "mmc")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "c = 192 servers, λ = 400/s, exp service of mean 0.33 s")
	assert.Contains(t, out, "utilization")
	assert.Contains(t, out, "M/M/c (Erlang C)")
	assert.Equal(t, 1, strings.Count(out, "DISAGREES"), "only in the legend")
}

func TestMMcJSONShape(t *testing.T) {
	v := runMMcJSON(t, "--servers", "10", "--arrival-rate", "12", "--service-mean", "1s", "--patience", "2",
		"--duration", "1e5", "--seed", "3")
	var names []string
	for _, m := range v.Metrics {
		names = append(names, m.Name)
		require.NotNil(t, m.Sim, m.Name)
		require.NotNil(t, m.CI95, m.Name)
		assert.NotEqual(t, "DISAGREES", m.Verdict, m.Name)
	}
	for _, want := range []string{"p_wait", "mean_wait", "mean_wait_served", "p_abandon", "p_block",
		"utilization", "mean_in_queue", "mean_in_system", "throughput"} {
		assert.Contains(t, names, want)
	}
	for _, m := range v.Metrics {
		if m.Name == "p_abandon" {
			require.NotNil(t, m.Formula)
			assert.InDelta(t, 0.168, *m.Formula, 0.001) // exact M/M/10+D
			assert.Equal(t, "agrees", m.Verdict)
		}
	}
	// No formula for M/G/c+D: formula is null, verdict "—".
	v = runMMcJSON(t, "--servers", "4", "--arrival-rate", "3", "--service-mean", "1", "--service", "lognormal",
		"--service-cv", "2", "--patience", "1s", "--duration", "2000")
	for _, m := range v.Metrics {
		if m.Name == "p_abandon" || m.Name == "mean_wait" {
			assert.Nil(t, m.Formula, m.Name)
			assert.Equal(t, "—", m.Verdict)
		}
	}
}

func TestMMcBadFlags(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--servers", "0"}, "--servers: must be a whole number from 1 to 1000000"},
		{[]string{"--arrival-rate", "-3"}, "--arrival-rate: must be a number > 0"},
		{[]string{"--service-mean", "abc"}, "--service-mean: must be a time > 0 s"},
		{[]string{"--service", "gamma"}, "--service: unknown service distribution"},
		{[]string{"--service", "exp", "--service-cv", "2"}, "--service-cv: applies only to --service lognormal or hyperexp"},
		{[]string{"--service", "hyperexp", "--service-cv", "0.5"}, "--service-cv: must be a number > 1"},
		{[]string{"--erlang-k", "0"}, "--erlang-k: must be a whole number from 1 to 1000"},
		{[]string{"--patience", "2s", "--patience-mean", "2s"}, "give at most one"},
		{[]string{"--patience-mean", "0"}, "--patience-mean: must be a time > 0 s"},
		{[]string{"--capacity", "5"}, "--capacity: must be 0 (unlimited) or at least --servers (192)"},
		{[]string{"--duration", "0"}, "--duration: must be a time > 0 s"},
		{[]string{"--precision", "1.5"}, "--precision: must be a number > 0"},
		{[]string{"--max-duration", "10m"}, "--max-duration: applies only with --precision"},
		{[]string{"--main", "p_wait"}, "--main: applies only with --precision"},
		{[]string{"--precision", "0.05", "--main", "nope"}, "--main: must be one of p_wait, mean_wait"},
		{[]string{"--seed", "-1"}, "--seed: must be a whole number"},
		{[]string{"--generator", "xorshift"}, "--generator: unknown generator"},
		{[]string{"--servers", "10", "--arrival-rate", "12", "--service-mean", "1"}, "unstable queue"},
		{[]string{"--bogus"}, "unknown flag"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			code, _, errOut := runCapture3(t, append([]string{"mmc"}, tc.args...)...)
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, tc.want)
		})
	}
}

func TestMMcPrecisionAndLossSystem(t *testing.T) {
	// Erlang B with deterministic service: insensitive, so a formula applies.
	v := runMMcJSON(t, "--servers", "10", "--arrival-rate", "8", "--service-mean", "1", "--service", "det",
		"--capacity", "10", "--precision", "0.03", "--duration", "2000", "--max-duration", "1e5")
	for _, m := range v.Metrics {
		if m.Name == "p_block" {
			require.NotNil(t, m.Formula)
			assert.InDelta(t, 0.1217, *m.Formula, 1e-4)
			assert.LessOrEqual(t, *m.CI95 / *m.Sim, 0.03)
		}
	}
}

func TestValidateCommandFlags(t *testing.T) {
	code, _, errOut := runCapture3(t, "validate", "--report", filepath.Join(t.TempDir(), "r.txt"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--report: the file name must end in .md or .html")
	code, _, errOut = runCapture3(t, "validate", "--seed", "x")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--seed")
	code, _, _ = runCapture3(t, "validate", "extra")
	assert.Equal(t, 2, code)
}
