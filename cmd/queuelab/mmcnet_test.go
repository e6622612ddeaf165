package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMMcIsANetRunOfOneStation: `queuelab mmc` is the network simulator on
// a one-station network, so with the same seed, generator, warm-up and
// length it measures exactly what `queuelab net run` measures on the
// equivalent file (station "station", open class "job", the class of a
// file's top-level arrivals: the names fix the random streams). Every metric both print must match to the
// last digit, interval included; a different stream, window, warm-up,
// batch layout or station setting would change them.
func TestMMcIsANetRunOfOneStation(t *testing.T) {
	tests := []struct {
		name string
		file string
		mmc  []string
		same map[string]string // mmc metric → net run metric at the station
	}{
		{"M/M/2",
			"arrivals: {to: station, rate: 1.5}\nstations:\n  - {name: station, servers: 2, service: {dist: exp, mean: 1}}\n",
			[]string{"--servers", "2", "--arrival-rate", "1.5", "--service-mean", "1"},
			map[string]string{"mean_wait": "mean_wait", "utilization": "utilization", "mean_in_queue": "mean_in_queue",
				"mean_in_system": "mean_in_system", "throughput": "throughput", "mean_response": "mean_response"}},
		{"lognormal service, capacity and patience",
			"classes:\n  - {name: job, arrivals: {to: station, rate: 2.5}}\nstations:\n" +
				"  - {name: station, servers: 3, capacity: 8, service: {dist: lognormal, mean: 1, cv: 1.5}, patience: {dist: exp, mean: 4}}\n",
			[]string{"--servers", "3", "--arrival-rate", "2.5", "--service-mean", "1", "--service", "lognormal", "--service-cv", "1.5",
				"--capacity", "8", "--patience-mean", "4", "--generator", "mulberry32"},
			map[string]string{"mean_wait": "mean_wait", "p_abandon": "p_abandon", "p_block": "p_loss", "utilization": "utilization",
				"mean_in_queue": "mean_in_queue", "mean_in_system": "mean_in_system", "throughput": "throughput", "mean_response": "mean_response"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "one.yaml")
			require.NoError(t, os.WriteFile(file, []byte("name: one\n"+tt.file), 0o644))
			run := []string{"--seed", "11", "--duration", "4000", "--warmup", "200"}
			gen := "pcg"
			for i, a := range tt.mmc {
				if a == "--generator" {
					gen = tt.mmc[i+1]
				}
			}
			m := runMMcJSON(t, append(tt.mmc, run...)...)
			code, out, errOut := runCapture3(t, append([]string{"net", "run", file, "--json", "--generator", gen}, run...)...)
			require.Equal(t, 0, code, errOut)
			var n struct {
				Metrics []struct {
					Station string   `json:"station"`
					Class   *string  `json:"class"`
					Name    string   `json:"name"`
					Sim     *float64 `json:"sim"`
					CI95    *float64 `json:"ci95"`
				} `json:"metrics"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &n), out)
			compared := 0
			for _, mm := range m.Metrics {
				want, ok := tt.same[mm.Name]
				if !ok {
					continue
				}
				found := false
				for _, nm := range n.Metrics {
					if nm.Station != "station" || nm.Class != nil || nm.Name != want {
						continue
					}
					found = true
					require.NotNil(t, mm.Sim, mm.Name)
					require.NotNil(t, nm.Sim, want)
					assert.Equal(t, *nm.Sim, *mm.Sim, "%s: value", mm.Name)
					assert.Equal(t, *nm.CI95, *mm.CI95, "%s: interval", mm.Name)
				}
				assert.True(t, found, "net run prints %s", want)
				compared++
			}
			assert.Equal(t, len(tt.same), compared, "mmc prints every compared metric")
		})
	}
}
