//go:build long

package serve

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/examples/networks"
)

// TestNetworkTransientCatalogueLong: for every catalogue network whose
// page transient is ready (jackson-feedback left out for its cost), the
// mean over 100 runs (seeds 1…100) of each station's time average over
// the first 60 units matches the exact time average the page draws,
// within 4 standard errors (a false alarm about 6·10⁻⁵ per check, some
// 20 checks). Fork and join stations have no exact curve: the simulator
// counts jobs and waiting tasks there, the chain nobody.
func TestNetworkTransientCatalogueLong(t *testing.T) {
	const runs = 100
	checked := 0
	for _, ex := range networks.Catalogue() {
		if ex.Name == "jackson-feedback.yaml" {
			continue
		}
		l0, err := OpenNetwork(ex.Name, ex.Source, 1)
		require.NoError(t, err)
		an, unit, err := l0.(netTransienter).TransientModel()
		require.NoError(t, err)
		if noSteadyState(an) != nil {
			continue
		}
		if _, err := an.CTMCModel(); err != nil {
			continue
		}
		exact := solveTransient(an, unit)
		if exact.Status != "ready" {
			continue
		}
		M := len(an.Stations)
		sum, sq := make([]float64, M), make([]float64, M)
		for seed := uint64(1); seed <= runs; seed++ {
			l, err := OpenNetwork(ex.Name, ex.Source, seed)
			require.NoError(t, err)
			require.NoError(t, l.RunUntil(61*unit))
			ts, v, ok := l.(netTransienter).RunAverages(0)
			require.True(t, ok)
			require.Len(t, ts, transientUnits, ex.Name)
			for i := range M {
				x := v[transientUnits-1][i]
				sum[i], sq[i] = sum[i]+x, sq[i]+x*x
			}
		}
		for i := range M {
			want := float64(exact.Series[i].Avg[transientSteps])
			if math.IsNaN(want) {
				continue
			}
			m := sum[i] / runs
			se := math.Sqrt((sq[i]/runs - m*m) / (runs - 1))
			assert.InDelta(t, want, m, 4*se+1e-9, "%s, station %s: %d runs' time average over 60 units", ex.Name, an.Stations[i].Name, runs)
			checked++
		}
	}
	assert.GreaterOrEqual(t, checked, 15)
}
