package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/des/queueing"
)

// TestPercentilesMM1: the batch-quantile estimates of an M/M/1 station
// (λ = 0.8, μ = 1) bracket the exact quantiles: response Exp(μ − λ),
// wait 0 with probability 1 − ρ, else Exp(μ − λ). Each check is the
// batch-means t interval at 99.9 % (30 batches, t₂₉ = 3.659), seed 4.
func TestPercentilesMM1(t *testing.T) {
	n := &Network{
		Classes:  []Class{{Name: "c", Arrivals: PoissonArrivals("q", 0.8)}},
		Stations: []Station{{Name: "q", Servers: 1, Service: Exponential(1)}},
	}
	s, err := New(n, Options{Seed: 4, Generator: des.PCG, Window: 100, Percentiles: true})
	require.NoError(t, err)
	defer s.Close()
	require.NoError(t, s.RunUntil(300_000))
	res := s.Result(10_000, 30)
	assert.Equal(t, int64(1), res.PercentileStride)
	q := analytic.MMc{Servers: 1, Lambda: 0.8, Mu: 1}
	for _, c := range []struct {
		station string
		name    queueing.Metric
		exact   float64
	}{
		{"q", "p50_response", math.Ln2 / 0.2},
		{"q", "p90_response", math.Log(10) / 0.2},
		{"q", "p99_response", math.Log(100) / 0.2},
		{"q", "p90_wait", q.WaitQuantile(0.9)},
		{"q", "p50_wait", q.WaitQuantile(0.5)},
		{NetworkStation, "p90_response", math.Log(10) / 0.2},
	} {
		m, ok := res.Metric(c.station, "", c.name)
		require.True(t, ok, c.name)
		var tl des.Tally
		for _, x := range m.Num {
			tl.Add(x)
		}
		se := tl.StdDev() / math.Sqrt(float64(len(m.Num)))
		assert.InDelta(t, c.exact, m.Value(), 3.659*se, "%s %s", c.station, c.name)
	}
	_, ok := res.Metric("q", "", "p99_wait")
	assert.True(t, ok)
}

func TestPercentilesOnlyWhenAsked(t *testing.T) {
	n := &Network{
		Classes:  []Class{{Name: "c", Arrivals: PoissonArrivals("q", 0.5)}},
		Stations: []Station{{Name: "q", Servers: 1, Discipline: des.PS, Service: Exponential(1)}},
	}
	s, err := New(n, Options{Seed: 1})
	require.NoError(t, err)
	require.NoError(t, s.RunUntil(100))
	for _, m := range s.Result(0, 5).Metrics {
		assert.False(t, queueing.IsPercentile(m.Name), m.Name)
	}
	s.Close()
	s, err = New(n, Options{Seed: 1, Percentiles: true})
	require.NoError(t, err)
	defer s.Close()
	require.NoError(t, s.RunUntil(100))
	res := s.Result(0, 5)
	_, ok := res.Metric("q", "", "p50_wait")
	assert.False(t, ok, "nobody waits at a PS station")
	_, ok = res.Metric("q", "", "p50_response")
	assert.True(t, ok)
}

func TestPctStoreThin(t *testing.T) {
	p := newPctStore(1, 1)
	p.budget = 8
	p.take()
	for k := 0; k < 6; k++ {
		p.add(1, float64(k))
	}
	p.take()
	for k := 6; k < 12; k++ {
		p.add(1, float64(k))
	}
	p.take()
	S := p.series()
	// 8 kept → thinned to 0, 2, 4, 6 (stride 2), then 8 and 10 recorded.
	assert.Equal(t, []float32{0, 2, 4, 6, 8, 10}, p.vals[1])
	assert.Equal(t, int64(2), p.stride)
	assert.Equal(t, []int32{0, 3, 6}, []int32{p.bnd[0*S+1], p.bnd[1*S+1], p.bnd[2*S+1]}, "the first window held 0…5: three kept")
	assert.True(t, queueing.IsPercentile("p99_wait"))
	assert.True(t, queueing.IsPercentile("p50_response"))
	assert.False(t, queueing.IsPercentile("p_loss"))
	assert.False(t, queueing.IsPercentile("mean_wait"))
}

// TestPercentileBoundaryBytes: the bound the network page refuses by is
// what a store of m stations and r classes holds at its most boundaries
// (MaxWindows+1, before they are halved).
func TestPercentileBoundaryBytes(t *testing.T) {
	for _, tc := range []struct{ m, r int }{{1, 1}, {3, 2}, {600, 1}} {
		p := newPctStore(tc.m, tc.r)
		for range MaxWindows + 1 {
			p.take()
		}
		assert.Equal(t, float64(4*len(p.bnd)), PercentileBoundaryBytes(tc.m, tc.r), "%d stations, %d classes", tc.m, tc.r)
	}
}
