package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

// planRun runs n to end (in steps ending at the given times, then at end)
// with a tap on station tap, planning the result first when plan is set,
// and returns the Sim and its Result.
func planRun(t *testing.T, n *Network, tap string, plan bool, steps []float64, end, warmup float64, batches int) (*Sim, *Result) {
	t.Helper()
	s, err := New(n, Options{Seed: 7, Generator: des.PCG, Window: end / 1200})
	require.NoError(t, err)
	t.Cleanup(s.Close)
	require.NoError(t, s.Tap(TapConfig{Station: tap, WaitAbove: []float64{0.5, 2}}))
	if plan {
		require.NoError(t, s.PlanResult(end, warmup, batches))
	}
	for _, at := range append(steps, end) {
		require.NoError(t, s.RunUntil(at))
	}
	return s, s.Result(warmup, batches)
}

// TestPlanResultSameResult: a run that plans its result takes only the
// boundaries the result reads (fewer events run: Events counts them) and
// gets the same Result otherwise, and the same station batches and tap
// counts, as one that takes every boundary; for one station and for a network,
// with and without warm-up, with the default and an odd number of
// batches, and when the run stops in steps (one on a window boundary).
func TestPlanResultSameResult(t *testing.T) {
	jackson, err := ParseFile("../../examples/networks/jackson-feedback.yaml")
	require.NoError(t, err)
	loss := mm1(0.9, 1)
	loss.Stations[0].Capacity = 4
	loss.Stations[0].Patience = Exponential(3)
	tests := []struct {
		name     string
		n        *Network
		tap      string
		steps    []float64
		end, wu  float64
		batches  int
		notTaken int // windows the plan must skip at least
	}{
		{"M/M/1, 5 % warm-up", mm1(0.7, 1), "q", nil, 1000, 50, 0, 1000},
		{"M/M/1/4 with patience, no warm-up, 7 batches, steps", loss, "q", []float64{100, 500 * 2 / 1.2}, 2000, 0, 7, 1100},
		{"Jackson network, 100 s warm-up, 40 batches", jackson, "b", []float64{333.3}, 3000, 100, 40, 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dense, want := planRun(t, tt.n, tt.tap, false, tt.steps, tt.end, tt.wu, tt.batches)
			sparse, got := planRun(t, tt.n, tt.tap, true, tt.steps, tt.end, tt.wu, tt.batches)
			assert.GreaterOrEqual(t, want.Events-got.Events, uint64(tt.notTaken), "window events the plan skipped")
			assert.Equal(t, sparse.Events(), got.Events)
			wantSnaps, wantTaps, err := dense.StationBatches(want, tt.tap)
			require.NoError(t, err)
			gotSnaps, gotTaps, err := sparse.StationBatches(got, tt.tap)
			require.NoError(t, err)
			assert.Equal(t, wantSnaps, gotSnaps)
			assert.Equal(t, wantTaps, gotTaps)
			want.bounds, got.bounds = nil, nil // boundary numbers, or where a plan keeps them
			want.Events, got.Events = 0, 0
			assert.Equal(t, want, got)
		})
	}
}

// TestPlanResultOtherResults: after a planned result, a Result that
// would read a skipped boundary (another warm-up, other batches, MSER,
// or a later end) has no batches instead of reading boundaries never taken; a Mark
// starts afresh and gives the same numbers as an unplanned run marked at
// the same time (but for the windows the plan did not run).
func TestPlanResultOtherResults(t *testing.T) {
	s, planned := planRun(t, mm1(0.7, 1), "q", true, nil, 1000, 50, 0)
	require.Equal(t, DefaultBatches, planned.Batches)
	for _, other := range []struct {
		warmup  float64
		batches int
	}{{100, 0}, {50, 10}, {AutoWarmup, 0}} {
		r := s.Result(other.warmup, other.batches)
		assert.Equal(t, 0, r.Batches, "warm-up %v, %d batches", other.warmup, other.batches)
		assert.Equal(t, 0.0, r.Measured)
	}
	require.NoError(t, s.RunUntil(1500))
	assert.Equal(t, 0, s.Result(50, 0).Batches, "a later end")

	d, _ := planRun(t, mm1(0.7, 1), "q", false, nil, 1000, 50, 0)
	require.NoError(t, d.RunUntil(1500))
	s.Mark()
	d.Mark()
	require.NoError(t, s.RunUntil(2500))
	require.NoError(t, d.RunUntil(2500))
	want, got := d.Result(AutoWarmup, 0), s.Result(AutoWarmup, 0)
	assert.Less(t, got.Events, want.Events)
	want.Events, got.Events = 0, 0
	assert.Equal(t, want, got)
}

// TestPlanResultDoesNothing: without a warm-up in seconds, with
// percentiles, or with more windows than are kept unmerged, a plan is
// ignored: every window is taken and the Result is the unplanned one.
func TestPlanResultDoesNothing(t *testing.T) {
	tests := []struct {
		name   string
		o      Options
		warmup float64
	}{
		{"MSER warm-up", Options{Window: 1}, AutoWarmup},
		{"percentiles", Options{Window: 1, Percentiles: true}, 50},
		{"windows would merge", Options{Window: 0.1}, 50},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var res [2]*Result
			var steps [2]uint64
			for i, plan := range []bool{false, true} {
				o := tt.o
				o.Seed, o.Generator = 3, des.PCG
				s, err := New(mm1(0.7, 1), o)
				require.NoError(t, err)
				if plan {
					require.NoError(t, s.PlanResult(1000, tt.warmup, 0))
				}
				require.NoError(t, s.RunUntil(1000))
				res[i], steps[i] = s.Result(tt.warmup, 0), s.env.Steps()
				s.Close()
			}
			assert.Equal(t, res[0], res[1])
			assert.Equal(t, steps[0], steps[1], "events run")
		})
	}
}

func TestPlanResultBadEnd(t *testing.T) {
	s, err := New(mm1(0.7, 1), Options{})
	require.NoError(t, err)
	assert.ErrorContains(t, s.PlanResult(math.NaN(), 0, 0), "plan result at NaN s")
}
