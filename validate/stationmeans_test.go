package validate

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
	"queuelab/model/network"
)

// TestStationMeans: StationMeans gives Station's means to the last bit,
// NaN and all, with no interval, for a plain M/M/3 station, one with
// patience, a capacity and wait thresholds, and one run with MSER-5
// choosing the warm-up (every window taken); a precision-driven run keeps
// its intervals.
func TestStationMeans(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"M/M/3, 5 % warm-up", Config{Servers: 3, ArrivalRate: 2, Service: network.Exponential(1), Duration: 1000, Warmup: 50, Seed: 1, Generator: des.PCG}},
		{"M/M/2/4 with patience and thresholds", Config{Servers: 2, ArrivalRate: 2.5, Service: network.Exponential(1), Duration: 2000, Warmup: 0, Seed: 2,
			Capacity: 4, Patience: Patience{Kind: PatienceExp, Value: 3}, WaitThresholds: []float64{0.5, 2}}},
		{"MSER-5 warm-up", Config{Servers: 1, ArrivalRate: 0.5, Service: network.Exponential(1), Duration: 3000, Warmup: AutoWarmup, Seed: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			full, err := Station(tt.cfg)
			require.NoError(t, err)
			means, err := StationMeans(tt.cfg)
			require.NoError(t, err)
			require.Len(t, means.Metrics, len(full.Metrics))
			for i, m := range means.Metrics {
				f := full.Metrics[i]
				assert.Equal(t, f.Name, m.Name)
				assert.Equal(t, math.Float64bits(f.Mean), math.Float64bits(m.Mean), "%s: %v against %v", m.Name, m.Mean, f.Mean)
				assert.Equal(t, f.K, m.K, m.Name)
				assert.True(t, math.IsNaN(m.HalfWidth), m.Name)
				assert.Nil(t, m.Batch, m.Name)
			}
			if tt.cfg.Warmup >= 0 {
				assert.Less(t, means.Events, full.Events, "a fixed warm-up: the plan runs fewer window events")
			} else {
				assert.LessOrEqual(t, means.Events, full.Events, "MSER-5 reads every window: no plan")
			}
			assert.Equal(t, full.Customers, means.Customers)
		})
	}
	cfg := Config{Servers: 1, ArrivalRate: 0.5, Service: network.Exponential(1), Duration: 2000, MinDuration: 2000, MaxDuration: 8000, Precision: 0.05, Warmup: 100, Seed: 4}
	r, err := StationMeans(cfg)
	require.NoError(t, err)
	assert.False(t, math.IsNaN(r.Metrics[0].HalfWidth), "a precision run keeps its intervals")
}
