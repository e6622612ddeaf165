package network

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

func mm1(rate, mean float64) *Network {
	return &Network{
		Name:     "mm1",
		Classes:  []Class{{Name: "job", Arrivals: PoissonArrivals("q", rate)}},
		Stations: []Station{{Name: "q", Servers: 1, Service: Exponential(mean)}},
	}
}

func run(t *testing.T, n *Network, seed uint64, dur float64) *Result {
	t.Helper()
	s, err := New(n, Options{Seed: seed, Generator: des.PCG, Window: dur / 1000})
	require.NoError(t, err)
	require.NoError(t, s.RunUntil(dur))
	return s.Result(0.05*dur, 0)
}

func value(t *testing.T, r *Result, station, class, name string) float64 {
	t.Helper()
	m, ok := r.Metric(station, class, name)
	require.True(t, ok, "%s %s %s", station, class, name)
	return m.Value()
}

// TestMM1 checks the M/M/1 station's means against L = ρ/(1−ρ),
// W = S/(1−ρ) at ρ = 0.5 within 5 % (a 200 000 s run has about 100 000
// customers; the batch-means relative half-width of L is near 2 %, so 5 %
// is about 5 standard errors: a real 10 % bug fails, noise does not).
func TestMM1(t *testing.T) {
	r := run(t, mm1(0.5, 1), 7, 200_000)
	assert.InEpsilon(t, 1.0, value(t, r, "q", "", "mean_in_system"), 0.05)
	assert.InEpsilon(t, 2.0, value(t, r, "q", "", "mean_response"), 0.05)
	assert.InEpsilon(t, 0.5, value(t, r, "q", "", "utilization"), 0.03)
	assert.InEpsilon(t, 0.5, value(t, r, "network", "", "throughput"), 0.03)
	assert.InEpsilon(t, 2.0, value(t, r, "network", "", "mean_response"), 0.05)
	assert.Equal(t, DefaultBatches, r.Batches)
}
