package validate

import (
	"math"
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
// the point where its windows merge (64 times its minimum length, 4 merges)
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
	assert.Greater(t, calls, maxWindows, "progress is reported every window")
	assert.InDelta(t, 128e3, res.Measured, 128e3*0.02, "the whole run is measured")
	u, _ := res.Metric("utilization")
	assert.Equal(t, DefaultBatches, u.K)
	c := Check{Sim: u, Formula: 0.5}
	c.Judge(DefaultRule)
	assert.Equal(t, Agrees, c.Verdict, "%v ± %v", u.Mean, u.HalfWidth)
}

func TestMergeWindowsKeepsTotals(t *testing.T) {
	s := &sim{cfg: Config{WaitThresholds: []float64{1}}, width: 10}
	for i := 0; i < 4; i++ {
		s.windows = append(s.windows, window{length: 1, arrivals: float64(i), sysArea: 2, respStart: 3 * i})
		s.over = append(s.over, float64(i))
	}
	s.mergeWindows()
	require.Len(t, s.windows, 2)
	assert.Equal(t, window{length: 2, arrivals: 1, sysArea: 4, respStart: 0}, s.windows[0])
	assert.Equal(t, window{length: 2, arrivals: 5, sysArea: 4, respStart: 6}, s.windows[1])
	assert.Equal(t, []float64{1, 5}, s.over)
	assert.EqualValues(t, 20, s.width)
}

func TestNotEnoughData(t *testing.T) {
	cfg := Config{Servers: 1, ArrivalRate: 0.001, Service: network.Exponential(1), Duration: 10, Warmup: 0, Seed: 1}
	assert.EqualValues(t, 300, cfg.MinCustomers())
	assert.InDelta(t, 0.01, cfg.ExpectedCustomers(), 1e-12)
	res, err := Station(cfg)
	require.NoError(t, err)
	err = res.EnoughData()
	require.EqualError(t, err, "not enough data: 0 customers, need 300 (10 per batch)")
	cs := []Check{{Name: "utilization", Sim: Estimate{Mean: 0, SE: 0, K: 30}, Formula: 0.001}, {Name: "l", Formula: math.NaN(), Verdict: Info}}
	MarkNoData(cs, err)
	assert.Equal(t, NoData, cs[0].Verdict)
	assert.Equal(t, "not enough data", cs[0].VerdictText())
	assert.True(t, cs[0].Verdict.Failed())
	assert.Equal(t, Info, cs[1].Verdict, "a metric without formula stays information")

	// Many arrivals, but a run far shorter than the time they stay: none
	// is served or gives up within it.
	slow := Config{Servers: 192, ArrivalRate: 400, Service: network.Exponential(1e6), Patience: Patience{PatienceDet, 1e6},
		Duration: 600, Warmup: AutoWarmup, Seed: 1}
	res, err = Station(slow)
	require.NoError(t, err)
	assert.Greater(t, res.Customers, int64(100000))
	assert.ErrorContains(t, res.EnoughData(), "not enough data: 0 of ")
	assert.ErrorContains(t, res.EnoughData(), "customers left the system, need 300")
}
