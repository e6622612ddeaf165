package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
	"queuelab/model/network"
)

// TestWorkEstimates checks the estimate against what runs really execute
// (a factor of 3 either way) and that the runs that exhaust a machine are
// estimated far over the default budget.
func TestWorkEstimates(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"M/M/c", Config{Servers: 10, ArrivalRate: 8, Service: network.Exponential(1), Duration: 2e4, Warmup: AutoWarmup, Seed: 1}},
		{"M/M/c+D overloaded", Config{Servers: 10, ArrivalRate: 14, Service: network.Exponential(1), Patience: Patience{PatienceDet, 2}, Duration: 2e4, Warmup: 100, Seed: 1}},
		{"loss system", Config{Servers: 5, ArrivalRate: 5, Service: network.Exponential(1), Capacity: 5, Duration: 2e4, Warmup: AutoWarmup, Seed: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.cfg.Work()
			res, err := Station(tt.cfg)
			require.NoError(t, err)
			ev := float64(res.Events)
			assert.LessOrEqual(t, ev, w.Events, "the estimate is an upper bound")
			assert.GreaterOrEqual(t, 3*ev, w.Events, "within a factor of 3")
			assert.Less(t, w.Bytes, float64(16<<20), "a small run needs little memory")
		})
	}
	huge := []Config{
		{Servers: 1, ArrivalRate: 1e9, Service: network.Exponential(1), Capacity: 100_000_000, Duration: 100},
		{Servers: 1, ArrivalRate: 1e9, Service: network.Exponential(1e6), Patience: Patience{PatienceDet, 1e6}, Duration: 100},
		{Servers: 192, ArrivalRate: 400, Service: network.Exponential(0.33), Precision: 1e-6, MinDuration: 600, MaxDuration: 1e9},
	}
	for _, cfg := range huge {
		assert.Greater(t, cfg.Work().Events, 10*des.DefaultBudget.MaxEvents, "%+v", cfg)
	}
	// A full buffer: 10⁸ waiting customers cost gigabytes.
	assert.Greater(t, huge[0].Work().Bytes, float64(4<<30))
}

// TestLongPrecisionRunMergesWindows runs a precision-driven M/M/1 far past
// the point where its windows merge (64 times its minimum length)
// and checks the merged estimate against the exact utilisation ρ = 0.5
// (seed 7; α = 10⁻⁴ per DefaultRule, so noise fails it once in 10⁴ seeds).
func TestLongPrecisionRunMergesWindows(t *testing.T) {
	cfg := Config{Servers: 1, ArrivalRate: 0.5, Service: network.Exponential(1), Warmup: 0,
		Precision: 1e-6, MinDuration: 2e3, MaxDuration: 128e3, Seed: 7}
	var calls int
	res, err := StationProgress(cfg, func(done, total float64) {
		calls++
		assert.LessOrEqual(t, done, total)
	})
	require.NoError(t, err)
	assert.Greater(t, calls, network.MaxWindows, "progress is reported every window of the first length")
	assert.InDelta(t, 128e3, res.Measured, 128e3*0.02, "the whole run is measured")
	u, _ := res.Metric("utilization")
	assert.Equal(t, DefaultBatches, u.K)
	c := Check{Sim: u, Formula: 0.5}
	c.Judge(DefaultRule)
	assert.Equal(t, Agrees, c.Verdict, "%v ± %v", u.Mean, u.HalfWidth)
}
