package network

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

const goodFile = `name: central-server
time_unit: ms
classes:
  - name: batch
    population: 20
    start: terminals
  - name: web
    arrivals: {to: cpu, rate: 0.005}
stations:
  - name: terminals
    servers: inf
    service: {dist: exp, mean: 5000}
  - name: cpu
    servers: 1
    discipline: ps
    service: {batch: {dist: exp, mean: 50}, web: {dist: det, mean: 20}}
  - name: disk
    service: {dist: gamma, mean: 30, cv: 0.5}
routing:
  cpu:
    batch: {disk: 0.9, terminals: 0.1}
    web: {disk: 0.5}
  disk: {cpu: 1}
  terminals: {cpu: 1}
`

func TestParseGoodFile(t *testing.T) {
	n, err := Parse("good.yaml", []byte(goodFile))
	require.NoError(t, err)
	assert.Equal(t, "central-server", n.Name)
	require.Len(t, n.Classes, 2)
	assert.Equal(t, 20, n.Classes[0].Population)
	assert.InDelta(t, 5, 1/n.Classes[1].Arrivals.Interarrival.MeanValue(), 1e-9, "0.005 per ms = 5 per s")
	assert.Equal(t, des.Infinite, n.Stations[0].Servers)
	assert.InDelta(t, 5, n.Stations[0].Service.MeanValue(), 1e-12, "ms converted to s")
	assert.Equal(t, des.PS, n.Stations[1].Discipline)
	assert.InDelta(t, 0.02, n.Stations[1].ServiceByClass["web"].MeanValue(), 1e-12)
	assert.Equal(t, "gamma", n.Stations[2].Service.Name())
	assert.Len(t, n.Routes, 5)
}

func TestParseClassSwitching(t *testing.T) {
	src := `classes:
  - {name: a, arrivals: {to: q, rate: 1}}
  - {name: b, arrivals: {to: q, rate: 0.1}}
stations:
  - {name: q, service: {dist: exp, mean: 0.1}}
  - {name: r, service: {dist: exp, mean: 0.1}}
routing:
  q: {a: {"r/b": 0.5}}
`
	n, err := Parse("sw.yaml", []byte(src))
	require.NoError(t, err)
	assert.Equal(t, []Route{{Class: "a", From: "q", To: "r", ToClass: "b", Prob: 0.5}}, n.Routes)
}

// TestParseErrors checks that each mistake is reported with the file, the
// line, the element and the valid values.
func TestParseErrors(t *testing.T) {
	base := "arrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    service: {dist: exp, mean: 0.5}\n"
	tests := []struct {
		name, src string
		want      []string
	}{
		{"unknown station in routing", base + "routing:\n  q: {r: 0.5}\n", []string{"f.yaml:6:", `routing "q"`, `unknown station "r"`, "valid: q"}},
		{"row above 1", base + "  - name: r\n    service: {dist: exp, mean: 1}\nrouting:\n  q: {r: 0.7, q: 0.4}\n", []string{"f.yaml:8:", "sum to 1.1", "at most 1"}},
		{"closed class leaves", "classes:\n  - {name: c, population: 2, start: q}\nstations:\n  - {name: q, service: {dist: exp, mean: 1}}\nrouting:\n  q: {q: 0.5}\n", []string{"f.yaml:6:", `closed class "c"`, "must sum to 1"}},
		{"missing service", "arrivals: {to: q, rate: 1}\nstations:\n  - name: q\n", []string{"f.yaml:3:", `station "q" service`, "missing"}},
		{"bad parameter", "arrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    service: {dist: hyperexp, mean: 1, cv: 0.5}\n", []string{"f.yaml:4:", "cv", "> 1"}},
		{"unknown distribution", "arrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    service: {dist: expo, mean: 1}\n", []string{"f.yaml:4:", `unknown distribution "expo"`, "valid: exp, det"}},
		{"parameter of another family", "arrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    service: {dist: exp, mean: 1, k: 2}\n", []string{"f.yaml:4:", "k does not apply to exp", "exp takes: mean"}},
		{"duplicate station", base + "  - name: q\n    service: {dist: exp, mean: 1}\n", []string{"f.yaml:5:", `station "q"`, "duplicate"}},
		{"unknown key", base + "  - name: r\n    sevrice: {dist: exp, mean: 1}\n", []string{"f.yaml:6:", `unknown key "sevrice"`, "valid: name, servers"}},
		{"unknown top key", base + "routes: {}\n", []string{"f.yaml:5:", `unknown key "routes"`}},
		{"bad servers", "arrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    servers: 0\n    service: {dist: exp, mean: 1}\n", []string{"f.yaml:4:", "servers", "from 1 to", "inf"}},
		{"bad discipline", "arrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    discipline: fifo\n    service: {dist: exp, mean: 1}\n", []string{"f.yaml:4:", `unknown discipline "fifo"`, "fcfs"}},
		{"open class without arrivals", "classes:\n  - name: a\nstations:\n  - {name: q, service: {dist: exp, mean: 1}}\n", []string{"f.yaml:2:", `class "a"`, "needs arrivals"}},
		{"closed class without start", "classes:\n  - {name: a, population: 3}\nstations:\n  - {name: q, service: {dist: exp, mean: 1}}\n", []string{"f.yaml:2:", "start", "valid: q"}},
		{"bad time unit", "time_unit: days\n" + base, []string{"f.yaml:1:", `unknown unit "days"`, "ms, s, min, h"}},
		{"long value cut", "arrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    discipline: " + strings.Repeat("x", 500) + "\n", []string{"…"}},
		{"alias", "x: &a 1\n", []string{"anchors"}},
		{"not yaml", "stations: [\n", []string{"not valid YAML"}},
		{"empty", "", []string{"empty file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("f.yaml", []byte(tt.src))
			require.Error(t, err)
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
			assert.Less(t, len(err.Error()), 400, "echoed values are cut short")
		})
	}
}

func TestParseFileTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	require.NoError(t, os.WriteFile(path, []byte("name: "+strings.Repeat("x", MaxFileSize)), 0o600))
	_, err := ParseFile(path)
	assert.ErrorContains(t, err, "larger than the 1 MiB limit")
}

// TestExamplesParse parses every example file.
func TestExamplesParse(t *testing.T) {
	files, err := filepath.Glob("../../examples/networks/*.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		_, err := ParseFile(f)
		assert.NoError(t, err, f)
	}
}

// FuzzParse: Parse never panics, and a network it accepts is valid, can
// be built into a simulation, and is written back (YAML) to a file that
// parses to the same network.
func FuzzParse(f *testing.F) {
	f.Add([]byte(goodFile))
	files, _ := filepath.Glob("../../examples/networks/*.yaml")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		require.NoError(t, n.Validate())
		_, err = New(n, Options{Seed: 1})
		require.NoError(t, err)
		out, err := n.YAML()
		require.NoError(t, err)
		back, err := Parse("out.yaml", out)
		require.NoError(t, err, "%s", out)
		require.Equal(t, noLines(n), noLines(back), "%s", out)
	})
}
