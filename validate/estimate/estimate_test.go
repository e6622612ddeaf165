package estimate

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"queuelab/des"
)

// TestRatio checks the ratio estimator against a hand computation.
func TestRatio(t *testing.T) {
	num := []float64{2, 4, 3, 3}
	den := []float64{1, 2, 1, 2}
	e := Ratio("x", num, den)
	assert.InDelta(t, 2.0, e.Mean, 1e-15) // 12/6
	// residuals 2−2, 4−4, 3−2, 3−4 = 0, 0, 1, −1: s = √(2/3); x̄ = 1.5
	se := math.Sqrt(2.0/3) / (2 * 1.5)
	assert.InDelta(t, se, e.SE, 1e-15)
	assert.InDelta(t, des.StudentTQuantile(0.975, 3)*se, e.HalfWidth, 1e-12)
	assert.Equal(t, []float64{2, 2, 3, 1.5}, e.Batch)
	assert.True(t, e.Covers(2.5))
	assert.InDelta(t, e.HalfWidth/2, e.RelativeHalfWidth(), 1e-15)

	m := Mean("m", []float64{1, 2, 3})
	assert.Equal(t, 2.0, m.Mean)
	assert.InDelta(t, des.MeanCI([]float64{1, 2, 3}, 0.95).HalfWidth, m.HalfWidth, 1e-12)

	none := Ratio("none", []float64{0, 0}, []float64{0, 0})
	assert.True(t, math.IsNaN(none.Mean))
	assert.True(t, math.IsInf(none.HalfWidthAt(0.99), 1))
}

// TestHalfWidthAt: the interval at level 1 − α is t_{k−1, 1−α/2}·SE, so
// it widens with the level; without an interval it is infinite.
func TestHalfWidthAt(t *testing.T) {
	tests := []struct {
		name  string
		e     Estimate
		level float64
		want  float64
	}{
		{"95 %", Estimate{SE: 2, K: 30}, 0.95, 2 * des.StudentTQuantile(0.975, 29)},
		{"99.99 %", Estimate{SE: 2, K: 30}, 1 - 1e-4, 2 * des.StudentTQuantile(1-0.5e-4, 29)},
		{"one batch", Estimate{SE: 2, K: 1}, 0.95, math.Inf(1)},
		{"no standard error", Estimate{SE: math.NaN(), K: 30}, 0.95, math.Inf(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.e.HalfWidthAt(tt.level))
		})
	}
}

// TestSortedQuantile: the observation of rank ⌈p·n⌉.
func TestSortedQuantile(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	tests := []struct{ p, want float64 }{{0.5, 5}, {0.99, 10}, {0.1, 1}, {0.11, 2}, {0.01, 1}}
	for _, tt := range tests {
		assert.Equal(t, tt.want, SortedQuantile(xs, tt.p), "p = %g", tt.p)
	}
	assert.True(t, math.IsNaN(SortedQuantile(nil, 0.5)))
}

// The mean wait over three batches: 12 s of waiting by 6 customers in
// all, 2 s per customer, with the batch-means interval of the ratio.
func ExampleRatio() {
	wait := []float64{2, 4, 3, 3}      // seconds of waiting per batch
	customers := []float64{1, 2, 1, 2} // customers per batch
	e := Ratio("mean_wait", wait, customers)
	fmt.Printf("%s = %.3g ± %.3g (95 %%, %d batches)\n", e.Name, e.Mean, e.HalfWidth, e.K)
	// Output: mean_wait = 2 ± 0.866 (95 %, 4 batches)
}

// TestRatioMean: RatioMean is Ratio's Mean to the last bit (random batch
// sums of mixed magnitudes, seed 5; the sums' rounding depends on their
// order, so a different order would show), and NaN without observations.
func TestRatioMean(t *testing.T) {
	st := des.Streams{Seed: 5, Gen: des.PCG}.Stream("ratio")
	for trial := range 200 {
		k := 1 + trial%40
		num, den := make([]float64, k), make([]float64, k)
		for b := range num {
			num[b] = st.Float64() * math.Pow(10, float64(b%7))
			den[b] = st.Float64() * math.Pow(10, float64(b%5))
		}
		want := Ratio("x", num, den).Mean
		assert.Equal(t, math.Float64bits(want), math.Float64bits(RatioMean(num, den)), "trial %d", trial)
	}
	assert.True(t, math.IsNaN(RatioMean([]float64{0, 0}, []float64{0, 0})))
	assert.True(t, math.IsNaN(RatioMean(nil, nil)))
}
