package webservice

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/scenario"
)

// TestStations: every station's measurements satisfy Little's law, L =
// λW, with L time-averaged, λ counted and W measured per customer — on a
// normal morning (10 instances, least-connections; within 0.2 % over 8
// minutes) and in the cache flush with the warm-up job pressed, which
// pushes the database past capacity so that queries renege and fail and
// the job's own queries count (within 2 %: the database's queue is not
// stationary there, and customers present at the window's edges count on
// one side only).
func TestStations(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		scenario string
		at       string
		from, to int
		tol      float64
	}{
		{"normal", "", 2, 10, 0.002},
		{"cache-flush", "10m:warmup=press", 11, 16, 0.02},
	} {
		e, err := NewDES(mustConfig(t, c.scenario, 4))
		require.NoError(t, err)
		var pb scenario.Playbook
		if c.at != "" {
			pb, err = scenario.ParseAt(c.at, Controls)
			require.NoError(t, err)
		}
		var before []scenario.StationStats
		for m := 0; m < c.to; m++ {
			for _, a := range pb.At(m) {
				require.NoError(t, e.Apply(a))
			}
			e.Step()
			if m == c.from-1 {
				before = e.Stations()
			}
		}
		after := e.Stations()
		require.Equal(t, "workers, pooled", after[0].Name)
		require.Equal(t, "database", after[len(after)-1].Name)
		seen := 0
		for i, s := range after {
			if i >= len(before) || s.Arrivals == before[i].Arrivals {
				continue
			}
			seen++
			w := s.Sub(before[i])
			require.Equal(t, s.Name, w.Name)
			assert.InDelta(t, float64(60*(c.to-c.from)), w.Time, 1e-6)
			l := w.Area / w.Time
			lw := w.Arrivals / w.Time * w.Sojourn / w.Departures
			t.Logf("%s, %s: L = %.5g, λW = %.5g", c.scenario, s.Name, l, lw)
			assert.InEpsilon(t, l, lw, c.tol, "%s, %s: L = %.4g, λW = %.4g", c.scenario, s.Name, l, lw)
		}
		assert.Equal(t, 11, seen, "%s: 10 instances and the database", c.scenario)
	}
}
