package webservice

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/model/scenario"
)

// runAt runs the des engine on a scenario for n minutes (seed 1) with
// one --at spec.
func runAt(t *testing.T, name string, n int, at string) *scenario.Result {
	t.Helper()
	pb, err := scenario.ParseAt(at, Controls)
	require.NoError(t, err)
	return runMinutes(t, scenario.DES, name, 1, pb, n)
}

// TestDBLayouts: on a normal morning (10 minutes, seed 1, ρ ≈ 0.19) the
// measured query time is 5 ms/(1 − ρ) with per-lane queues (each lane an
// M/M/1 queue) and the M/M/20 mean with one pooled queue (≈ 5.0 ms). The
// tolerance, 0.15 ms, is over 5 standard errors of the 10-minute mean
// (≈ 1.6 million queries, exponential sojourns of mean ≈ 6 ms) and below
// the 1.2 ms that separates the two laws.
func TestDBLayouts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		db   string
		want func(rho float64) float64 // ms
	}{
		{"per-lane", func(rho float64) float64 { return 5 / (1 - rho) }},
		{"pooled", func(rho float64) float64 {
			return 1000 * analytic.MMc{Servers: 20, Lambda: rho * 4000, Mu: 200}.MeanResponseTime()
		}},
	} {
		t.Run(tc.db, func(t *testing.T) {
			t.Parallel()
			r := runAt(t, "normal", 10, "0m:db="+tc.db)
			rho := r.Totals[colDBUtil]
			assert.InDelta(t, 0.19, rho, 0.01)
			assert.InDelta(t, tc.want(rho), r.Totals[colDBQuery], 0.15)
		})
	}
}

// TestDBLayoutIsFixedOnceStarted: db can be set before the first minute
// only, on both engines, with an error that says so.
func TestDBLayoutIsFixedOnceStarted(t *testing.T) {
	t.Parallel()
	a, err := scenario.ParseAt("0m:db=pooled", Controls)
	require.NoError(t, err)
	for _, kind := range []scenario.EngineKind{scenario.DES, scenario.Formula} {
		e, err := New(kind, "normal", 1)
		require.NoError(t, err)
		require.NoError(t, e.Apply(a[0]), kind)
		e.Step()
		err = e.Apply(a[0])
		require.Error(t, err, kind)
		assert.Contains(t, err.Error(), "control db")
	}
}

// TestCacheFlushCliffPerRequest: the cache-flush story happens request
// by request on the default database. In the flush minute (12:00, seed
// 1, no action) every request misses and, with per-lane queues, each of
// its three queries waits 5 ms/(1 − ρ) at ρ ≈ 0.8: workers are held
// long enough to saturate and requests time out (measured ≈ 12 %). With
// one pooled queue the database barely queues at the same load and
// nothing fails — the cliff is hidden until ρ is within a few percent
// of 1.
func TestCacheFlushCliffPerRequest(t *testing.T) {
	t.Parallel()
	flush := func(db string) scenario.Row {
		r := runAt(t, "cache-flush", 11, "0m:db="+db)
		return r.Minutes[10]
	}
	lane, pooled := flush("per-lane"), flush("pooled")
	assert.Greater(t, lane[colErrorRate], 0.05)
	assert.Greater(t, lane[colDBQuery], 20.0)
	assert.Zero(t, pooled[colErrorRate])
	assert.Less(t, pooled[colDBQuery], 10.0)
}
