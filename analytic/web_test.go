package analytic

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDiurnalRate(t *testing.T) {
	assert.InDelta(t, 1000.0, DiurnalRate(1000, 0.25, 6), 1e-12)
	assert.InDelta(t, 1250.0, DiurnalRate(1000, 0.25, 12), 1e-12, "peak at noon")
	assert.InDelta(t, 750.0, DiurnalRate(1000, 0.25, 0), 1e-12, "trough at midnight")
	assert.InDelta(t, 1125.0, DiurnalRate(1000, 0.25, 8), 1e-9)
	assert.True(t, math.IsNaN(DiurnalRate(1000, 1.5, 8)))
}

// simulateTTL requests one object as a Poisson process and counts hits of
// a TTL cache whose timer is set on a miss; it also averages the age of the
// entry at each hit.
func simulateTTL(rate, ttl float64, n int) (hit, meanAge float64) {
	rng := rand.New(rand.NewPCG(7, 7))
	t, stored := 0.0, math.Inf(-1)
	hits, ages := 0, 0.0
	for i := 0; i < n; i++ {
		t += rng.ExpFloat64() / rate
		if t-stored < ttl {
			hits++
			ages += t - stored
		} else {
			stored = t
		}
	}
	return float64(hits) / float64(n), ages / float64(hits)
}

func TestTTLCache(t *testing.T) {
	// The closed form against a direct simulation of the renewal process.
	for _, tc := range []struct{ r, T float64 }{{0.05625, 60}, {0.01, 30}, {1, 2}} {
		hit, age := simulateTTL(tc.r, tc.T, 400_000)
		assert.InDelta(t, TTLHitRatio(tc.r, tc.T, 1), hit, 4e-3, "%+v", tc)
		assert.InDelta(t, CachedAnswerMeanAge(tc.T), age, 0.01*tc.T, "%+v", tc)
	}
	assert.InDelta(t, 0.5*3.375/4.375, TTLHitRatio(0.05625, 60, 0.5), 1e-15, "warm scales the hit ratio")
	assert.Equal(t, 0.0, TTLHitRatio(0, 60, 1))
	assert.Equal(t, 1.0, TTLHitRatio(1e308, 1e308, 1))
	assert.True(t, math.IsNaN(TTLHitRatio(1, 1, 1.1)))
	assert.True(t, math.IsNaN(TTLHitRatio(-1, 1, 1)))

	// Zipf: s = 0 is the uniform case; skew raises the request-weighted hit ratio.
	uniform := TTLHitRatio(1125.0/20000, 60, 1)
	assert.InDelta(t, uniform, ZipfTTLHitRatio(1125, 60, 1, 20000, 0), 1e-12)
	skewed := ZipfTTLHitRatio(1125, 60, 1, 20000, 0.8)
	assert.Greater(t, skewed, uniform)
	assert.Less(t, skewed, 1.0)
	// Two objects by hand: p = (1, 1/2)/1.5 at s = 1.
	p1, p2 := 2.0/3, 1.0/3
	want := p1*TTLHitRatio(3*p1, 1, 1) + p2*TTLHitRatio(3*p2, 1, 1)
	assert.InDelta(t, want, ZipfTTLHitRatio(3, 1, 1, 2, 1), 1e-15)
	assert.True(t, math.IsNaN(ZipfTTLHitRatio(3, 1, 1, 0, 1)))
}

func TestDatabase(t *testing.T) {
	assert.InDelta(t, 1125*3*0.25+600, DBLoad(1125, 3, 0.75, 600), 1e-12)
	assert.InDelta(t, 0.005, DBQueryTime(0.005, 0, 4000, 0.25), 0)
	assert.InDelta(t, 0.01, DBQueryTime(0.005, 2000, 4000, 0.25), 1e-15)
	assert.Equal(t, 0.25, DBQueryTime(0.005, 3990, 4000, 0.25), "capped")
	assert.Equal(t, 0.25, DBQueryTime(0.005, 4000, 4000, 0.25), "ρ ≥ 1 ⇒ cap")
	assert.Equal(t, 0.25, DBQueryTime(0.005, 9000, 4000, 0.25))
	assert.True(t, math.IsNaN(DBQueryTime(0.005, 1, 0, 0.25)))
	assert.True(t, math.IsNaN(DBQueryTime(0.005, 1, 4000, 0.001)), "cap below base")
	assert.InDelta(t, 0.07+0.25*3*0.01, WebServiceTime(0.07, 0.75, 3, 0.01), 1e-15)
	assert.True(t, math.IsNaN(WebServiceTime(0.07, 2, 3, 0.01)))
}

func TestErrorBudget(t *testing.T) {
	assert.InDelta(t, 0.001, ErrorBudget(0.999), 1e-15)
	assert.InDelta(t, 50.0, BurnRate(0.05, 0.999), 1e-9, "the bad build's 5 % errors burn 50×")
	assert.InDelta(t, 1.0/43200, BudgetSpentPerMinute(1), 1e-18)
	assert.InDelta(t, 50.0/43200, BudgetSpentPerMinute(50), 1e-15)
	assert.InDelta(t, 1.0, BudgetSpent(1, SLOPeriod30Days, SLOPeriod30Days), 1e-15)
	// 1-hour window pre-filled with the opening minute (no errors), then 6
	// minutes at 5 %: burn = (6·0.05/60)/0.001 = 5.
	window := make([]float64, 60)
	for i := 54; i < 60; i++ {
		window[i] = 0.05
	}
	assert.InDelta(t, 5.0, WindowBurnRate(window, 0.999), 1e-9)
	assert.True(t, math.IsNaN(WindowBurnRate(nil, 0.999)))
	assert.True(t, math.IsNaN(BurnRate(0.1, 1)))
	assert.True(t, math.IsNaN(BurnRate(1.1, 0.999)))
}

func TestDesiredInstances(t *testing.T) {
	for _, tc := range []struct {
		serving    int
		util, tgt  float64
		max, wants int
	}{
		{10, 0.6, 0.6, 40, 10}, // exactly on target: no rounding up to 11
		{10, 0.9, 0.6, 40, 15},
		{10, 0.61, 0.6, 40, 11},
		{10, 1.7, 0.6, 40, 17}, // utilisation saturates at 100 %
		{30, 1.0, 0.6, 40, 40}, // bounded by the maximum
		{10, 0, 0.6, 40, 0},
	} {
		got, err := DesiredInstances(tc.serving, tc.util, tc.tgt, tc.max)
		require.NoError(t, err)
		assert.Equal(t, tc.wants, got, "%+v", tc)
	}
	for _, bad := range []struct {
		s       int
		u, tgt  float64
		maxInst int
	}{{-1, 0.5, 0.6, 40}, {10, math.NaN(), 0.6, 40}, {10, 0.5, 0, 40}, {10, 0.5, 1.2, 40}, {10, 0.5, 0.6, -1}} {
		_, err := DesiredInstances(bad.s, bad.u, bad.tgt, bad.maxInst)
		assert.ErrorIs(t, err, ErrInvalid, "%+v", bad)
	}
}
