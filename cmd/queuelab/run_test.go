package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunJSONShapeAndDeterminism(t *testing.T) {
	args := []string{"run", "switch", "--scenario", "sale-surge", "--minutes", "8", "--seed", "5",
		"--at", "5m:servers=10,shedding=on", "--format", "json"}
	code, out, errOut := runCapture3(t, args...)
	require.Equal(t, 0, code, errOut)
	var doc struct {
		Minutes []map[string]any `json:"minutes"`
		Totals  map[string]any   `json:"totals"`
		Goals   []struct {
			Name   string   `json:"name"`
			Target float64  `json:"target"`
			Value  *float64 `json:"value"`
			Met    bool     `json:"met"`
		} `json:"goals"`
		Met  *bool   `json:"met"`
		Seed *uint64 `json:"seed"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Len(t, doc.Minutes, 8)
	assert.Contains(t, doc.Minutes[0], "good_approval")
	assert.Contains(t, doc.Totals, "good_approval")
	assert.Len(t, doc.Goals, 3)
	require.NotNil(t, doc.Met)
	require.NotNil(t, doc.Seed)
	assert.Equal(t, uint64(5), *doc.Seed)

	_, again, _ := runCapture3(t, args...)
	assert.Equal(t, out, again, "same seed, scenario and playbook give byte-identical output")
	_, other, _ := runCapture3(t, append(args[:len(args)-2:len(args)-2], "--seed", "6", "--format", "json")...)
	assert.NotEqual(t, out, other, "another seed gives another run")
}

func TestRunBothEnginesAndFormats(t *testing.T) {
	code, out, errOut := runCapture3(t, "run", "web", "--scenario", "normal", "--minutes", "3", "--engine", "both")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "engines des | formula")
	assert.Contains(t, out, "seed 1")
	assert.Contains(t, out, " | ")

	code, out, errOut = runCapture3(t, "run", "web", "--minutes", "2", "--engine", "both", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 1+2*3)
	assert.True(t, strings.HasPrefix(lines[0], "engine,minute,"))
	assert.True(t, strings.HasPrefix(lines[4], "formula,0,"))
}

func TestRunPlaybookFileAndArtifacts(t *testing.T) {
	dir := t.TempDir()
	pb := filepath.Join(dir, "pb.yaml")
	require.NoError(t, os.WriteFile(pb, []byte("- at: 5m\n  set: {servers: 12, shedding: on, retry: backoff}\n"), 0o644))
	plot, rep := filepath.Join(dir, "trend.svg"), filepath.Join(dir, "run.html")
	code, _, errOut := runCapture3(t, "run", "switch", "--scenario", "sale-surge", "--minutes", "10",
		"--playbook", pb, "--plot", plot, "--report", rep)
	require.Equal(t, 0, code, errOut)
	svg, err := os.ReadFile(plot)
	require.NoError(t, err)
	assert.Contains(t, string(svg), "<svg")
	assert.Contains(t, string(svg), "sale opens")
	html, err := os.ReadFile(rep)
	require.NoError(t, err)
	assert.Contains(t, string(html), "queuelab run switch --scenario sale-surge --seed 1 --minutes 10 --engine des --playbook "+pb)
}

func TestRunBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	require.NoError(t, os.WriteFile(bad, []byte("- at: 5m\n  set:\n    servers: 99\n"), 0o644))
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "bank"}, `unknown system "bank" (valid: switch, web)`},
		{[]string{"run", "switch", "--scenario", "meteor"}, `--scenario: unknown scenario "meteor" for switch (valid: normal, sale-surge, fraud-wave, issuer-outage)`},
		{[]string{"run", "switch", "--engine", "quantum"}, "--engine: must be des, formula or both"},
		{[]string{"run", "switch", "--format", "xml"}, "--format: must be table, csv or json"},
		{[]string{"run", "switch", "--minutes", "0"}, "--minutes: must be an integer from 1"},
		{[]string{"run", "switch", "--seed", "-1"}, "--seed"},
		{[]string{"run", "switch", "--at", "5m:servers=99"}, `--at 5m:servers=99: control servers: invalid value "99": want an integer from 2 to 24`},
		{[]string{"run", "web", "--at", "5m:servers=3"}, `unknown control "servers"`},
		{[]string{"run", "switch", "--playbook", bad}, bad + `:3: control servers: invalid value "99": want an integer from 2 to 24`},
		{[]string{"run", "switch", "--playbook", filepath.Join(dir, "missing.yaml")}, "--playbook: open"},
		{[]string{"run", "switch", "--minutes", "1", "--plot", filepath.Join(dir, "x.gif")}, `unknown picture format ".gif"`},
		{[]string{"run", "switch", "--minutes", "1", "--plot", filepath.Join(dir, "x.svg"), "--columns", "vibes"}, `--columns: unknown indicator "vibes" (valid: good_approval`},
	}
	for _, tt := range tests {
		code, _, errOut := runCapture3(t, tt.args...)
		assert.Equal(t, 2, code, "%v: %s", tt.args, errOut)
		assert.Contains(t, errOut, tt.want, "%v", tt.args)
	}
}

func TestScenariosListsBothSystems(t *testing.T) {
	code, out, _ := runCapture3(t, "scenarios")
	require.Equal(t, 0, code)
	for _, want := range []string{"switch/sale-surge", "switch/fraud-wave", "switch/issuer-outage",
		"web/bad-build", "web/viral-link", "web/cache-flush", "controls of switch:", "controls of web:", "lesson:"} {
		assert.Contains(t, out, want)
	}
}

func TestCobraUsageErrorsExitTwo(t *testing.T) {
	for _, args := range [][]string{{"bogus"}, {"run", "switch", "web"}, {"scenarios", "extra"}, {"validate", "--report", "/no/such/folder/r.md"}} {
		code, _, errOut := runCapture3(t, args...)
		assert.Equal(t, 2, code, "%v: %s", args, errOut)
	}
}
