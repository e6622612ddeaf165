package scenario

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGoalMeasure(t *testing.T) {
	nan := math.NaN()
	cols := []Column{{Key: "a"}, {Key: "b"}}
	rows := []Row{{1, 10}, {2, nan}, {3, 30}, {nan, 40}, {5, 50}}
	totals := Row{7, 70}
	tests := []struct {
		name string
		g    Goal
		want float64
	}{
		{"at end", Goal{Indicator: "b", Reduce: AtEnd}, 70},
		{"mean of all minutes", Goal{Indicator: "a", Reduce: MeanOver}, (1 + 2 + 3 + 5) / 4.0},
		{"mean from minute 2, NaN skipped", Goal{Indicator: "a", Reduce: MeanOver, From: 2}, 4},
		{"mean over a window of 2", Goal{Indicator: "b", Reduce: MeanOver, From: 1, Minutes: 2}, 30},
		{"max from minute 1", Goal{Indicator: "b", Reduce: MaxOver, From: 1}, 50},
		{"window past the run", Goal{Indicator: "a", Reduce: MeanOver, From: 9}, nan},
		{"unknown indicator", Goal{Indicator: "zzz", Reduce: AtEnd}, nan},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.g.Measure(cols, rows, totals)
			if math.IsNaN(tt.want) {
				assert.True(t, math.IsNaN(got), "got %v", got)
				return
			}
			assert.InDelta(t, tt.want, got, 1e-12)
		})
	}
}

func TestEvaluate(t *testing.T) {
	cols := []Column{{Key: "approval"}, {Key: "cost"}}
	rows := []Row{{0.5, 1}, {0.99, 2}, {0.97, 3}}
	specs := []Goal{
		{Name: "approval from minute 1", Op: ">=", Target: 0.95, Unit: "%", Indicator: "approval", Reduce: MeanOver, From: 1},
		{Name: "cost", Op: "<=", Target: 2.5, Unit: "u", Indicator: "cost"},
		{Name: "missing", Op: "<=", Target: 1, Indicator: "nope"},
	}
	got := Evaluate(specs, cols, rows, Row{0.82, 3})
	require.Len(t, got, 3)
	assert.InDelta(t, 0.98, got[0].Value, 1e-12)
	assert.True(t, got[0].Met)
	assert.Equal(t, 3.0, got[1].Value)
	assert.False(t, got[1].Met)
	assert.False(t, got[2].Met, "a goal on an unknown indicator is never met")
	assert.Equal(t, specs[0].Name, got[0].Name, "the specification is kept")
}

func TestRatio(t *testing.T) {
	assert.Equal(t, 0.25, Ratio(1, 4))
	for _, b := range []float64{0, -1, math.NaN()} {
		assert.True(t, math.IsNaN(Ratio(1, b)), "b = %v", b)
	}
}

func TestGoalLost(t *testing.T) {
	nan := math.NaN()
	cols := []Column{{Key: "share"}, {Key: "cost"}}
	share := Range{Lo: 0, Hi: 1}
	cost := Range{Lo: 0, Hi: math.Inf(1), NonDecreasing: true}
	rows := []Row{{0.9, 10}, {0.1, 20}, {0.2, 30}, {nan, 40}}
	tests := []struct {
		name string
		g    Goal
		r    Range
		run  int
		want bool
	}{
		{"cost above target", Goal{Indicator: "cost", Op: "<=", Target: 35}, cost, 10, true},
		{"cost still below", Goal{Indicator: "cost", Op: "<=", Target: 45}, cost, 10, false},
		{"a state at the end may come back", Goal{Indicator: "cost", Op: "<=", Target: 35}, Range{Lo: 0, Hi: 100}, 10, false},
		{"mean >= out of reach", Goal{Indicator: "share", Op: ">=", Target: 0.8, Reduce: MeanOver, From: 1}, share, 4, true},
		{"mean >= reachable", Goal{Indicator: "share", Op: ">=", Target: 0.8, Reduce: MeanOver, From: 1}, share, 12, false},
		{"mean <= out of reach", Goal{Indicator: "share", Op: "<=", Target: 0.05, Reduce: MeanOver, From: 1}, share, 5, true},
		{"mean <= reachable", Goal{Indicator: "share", Op: "<=", Target: 0.05, Reduce: MeanOver, From: 1}, share, 20, false},
		{"window not begun", Goal{Indicator: "share", Op: ">=", Target: 0.99, Reduce: MeanOver, From: 6}, share, 10, false},
		{"max <= exceeded", Goal{Indicator: "share", Op: "<=", Target: 0.5, Reduce: MaxOver}, share, 10, true},
		{"max <= outside the window", Goal{Indicator: "share", Op: "<=", Target: 0.5, Reduce: MaxOver, From: 1}, share, 10, false},
		{"unknown indicator", Goal{Indicator: "x", Op: "<=", Target: 0}, cost, 10, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.g.Lost(cols, rows, tt.run, tt.r))
		})
	}
}
