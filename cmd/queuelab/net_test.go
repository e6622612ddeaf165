package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const jackson = "../../examples/networks/jackson-feedback.yaml"

func TestNetRunJSONShape(t *testing.T) {
	code, out, errOut := runCapture3(t, "net", "run", jackson, "--json", "--duration", "20000", "--seed", "2")
	require.Equal(t, 0, code, errOut)
	var v struct {
		Network string           `json:"network"`
		Seed    uint64           `json:"seed"`
		Metrics []map[string]any `json:"metrics"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	assert.Equal(t, "jackson-feedback", v.Network)
	assert.Equal(t, uint64(2), v.Seed)
	require.NotEmpty(t, v.Metrics)
	stations := map[string]bool{}
	for _, m := range v.Metrics {
		for _, k := range []string{"station", "class", "name", "sim", "ci95", "formula", "method", "verdict"} {
			assert.Contains(t, m, k)
		}
		assert.Nil(t, m["class"], "one class: class is null (all classes)")
		assert.NotEqual(t, "DISAGREES", m["verdict"], "%v", m)
		stations[m["station"].(string)] = true
	}
	assert.Equal(t, map[string]bool{"a": true, "b": true, "c": true, "network": true}, stations)
}

func TestNetRunIsReproducible(t *testing.T) {
	args := []string{"net", "run", jackson, "--duration", "5000", "--seed", "9"}
	_, a := runCapture(t, args...)
	_, b := runCapture(t, args...)
	assert.Equal(t, a, b)
	assert.Contains(t, a, "Jackson product form")
	assert.Contains(t, a, `network "jackson-feedback": seed 9 (pcg)`)
}

func TestNetRunCSVAndReplications(t *testing.T) {
	code, out, errOut := runCapture3(t, "net", "run", jackson, "--csv", "--duration", "5000", "--replications", "5")
	require.Equal(t, 0, code, errOut)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"station", "class", "name", "sim", "ci95", "formula", "method", "verdict"}, rows[0])
	assert.Greater(t, len(rows), 10)
}

func TestNetSolveJSON(t *testing.T) {
	code, out, errOut := runCapture3(t, "net", "solve", "../../examples/networks/central-server.yaml", "--json")
	require.Equal(t, 0, code, errOut)
	var v struct {
		Metrics []struct {
			Station string  `json:"station"`
			Class   *string `json:"class"`
			Name    string  `json:"name"`
			Value   float64 `json:"value"`
			Method  string  `json:"method"`
			Exact   bool    `json:"exact"`
		} `json:"metrics"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	exact := 0
	for _, m := range v.Metrics {
		if m.Method == "exact MVA" {
			exact++
			assert.True(t, m.Exact)
		}
	}
	assert.Positive(t, exact)
}

func TestNetBadInput(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	require.NoError(t, os.WriteFile(bad, []byte("arrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    service: {dist: exp, mean: 1}\nrouting:\n  q: {r: 0.5}\n"), 0o600))
	unstable := filepath.Join(t.TempDir(), "unstable.yaml")
	require.NoError(t, os.WriteFile(unstable, []byte("arrivals: {to: q, rate: 2}\nstations:\n  - name: q\n    service: {dist: exp, mean: 1}\n"), 0o600))
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"net", "run", jackson, "--duration", "0"}, 2, "--duration"},
		{[]string{"net", "run", jackson, "--replications", "0"}, 2, "--replications: must be a whole number from 1 to 10000"},
		{[]string{"net", "run", jackson, "--precision", "1.5"}, 2, "--precision"},
		{[]string{"net", "run", jackson, "--max-duration", "10"}, 2, "only with --precision"},
		{[]string{"net", "run", jackson, "--seed", "-1"}, 2, "--seed"},
		{[]string{"net", "run", jackson, "--json", "--csv"}, 2, "at most one"},
		{[]string{"net", "run"}, 2, "exactly one network FILE"},
		{[]string{"net", "run", bad}, 2, "bad.yaml:6: routing \"q\": unknown station \"r\" (valid: q)"},
		{[]string{"net", "solve", bad}, 2, "unknown station"},
		{[]string{"net", "run", unstable, "--duration", "100"}, 2, `station "q" has utilisation ρ = 2`},
		{[]string{"net", "solve", unstable}, 2, `station "q"`},
		{[]string{"net", "run", "no-such-file.yaml"}, 2, "no-such-file.yaml"},
	}
	for _, tt := range tests {
		code, out, errOut := runCapture3(t, tt.args...)
		assert.Equal(t, tt.code, code, "%v: %s", tt.args, errOut)
		assert.Contains(t, errOut, tt.want, "%v", tt.args)
		if tt.code == 1 {
			assert.NotContains(t, out, "0.", "no numbers for an unstable network")
		}
	}
}
