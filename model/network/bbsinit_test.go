package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/des"
)

// bbsInit is a line f → c (c blocking before service, buffer 2) that
// starts with c full and 2 customers at f. Initial customers are placed
// station by station in file order, each as an arrival: with c listed
// first, f's first customer reaches its server with c full and holds it
// unstarted; with f first it starts.
func bbsInit(cFirst bool) string {
	f := "  - {name: f, capacity: 4, service: {dist: exp, mean: 0.625}}\n"
	c := "  - {name: c, service: {dist: exp, mean: 0.8}, buffer: 2, blocking: before-service}\n"
	st := f + c
	if cFirst {
		st = c + f
	}
	return `name: init
classes:
  - name: job
    arrivals: {to: f, rate: 1.1}
    initial: {c: 2, f: 2}
stations:
` + st + `routing:
  f: {c: 1}
`
}

// TestBeforeServiceInitialSimAgreesWithCTMC: the mean number at f and at
// c at t = 0.3 s and 1.2 s after the initial state, over 3000 simulated
// replications (seeds 1–3000), against the exact chain's transient
// (uniformization), within the 99.9 % normal half-width of the
// replication mean (z = 3.29; 8 checks). The chain of the other file
// order lies outside for f at 0.3 s, so a chain that placed the initial
// customers without the check would fail.
func TestBeforeServiceInitialSimAgreesWithCTMC(t *testing.T) {
	times := []float64{0.3, 1.2}
	exact := func(cFirst bool) map[[2]string]float64 {
		n, err := Parse("init.yaml", []byte(bbsInit(cFirst)))
		require.NoError(t, err)
		an, err := n.Analytic()
		require.NoError(t, err)
		vals, _, err := analytic.CTMCTransient(an, times)
		require.NoError(t, err)
		out := map[[2]string]float64{}
		for k, v := range vals {
			for _, m := range v {
				if m.Class == "" && m.Name == "mean_in_system" {
					out[[2]string{m.Station, string(rune('0' + k))}] = m.Value
				}
			}
		}
		return out
	}
	const reps = 3000
	for _, cFirst := range []bool{true, false} {
		n, err := Parse("init.yaml", []byte(bbsInit(cFirst)))
		require.NoError(t, err)
		var sum, sq [2][2]float64 // by time, station (f, c)
		for rep := range reps {
			s, err := New(n, Options{Seed: uint64(rep + 1), Generator: des.PCG})
			require.NoError(t, err)
			for k, at := range times {
				require.NoError(t, s.RunUntil(at))
				for j, name := range []string{"f", "c"} {
					x := float64(s.stations[s.top.stationIdx[name]].InSystem())
					sum[k][j] += x
					sq[k][j] += x * x
				}
			}
			s.Close()
		}
		want, other := exact(cFirst), exact(!cFirst)
		for k := range times {
			for j, name := range []string{"f", "c"} {
				mean := sum[k][j] / reps
				half := 3.29 * math.Sqrt((sq[k][j]/reps-mean*mean)/(reps-1))
				key := [2]string{name, string(rune('0' + k))}
				assert.InDelta(t, want[key], mean, half, "c first %v, t %v, %s", cFirst, times[k], name)
				if k == 0 && name == "f" {
					assert.Greater(t, math.Abs(other[key]-mean), half, "c first %v: the other order's chain %v, simulated %v ± %v", cFirst, other[key], mean, half)
				}
			}
		}
	}
}
