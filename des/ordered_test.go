package des

import (
	"fmt"
	"math"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// sequentialMinima is the sampler OrderedUniforms replaced in the payment
// switch: each next time is the minimum of the j uniform times still to
// come after the last, from + (to − from)(1 − U^{1/j}).
func sequentialMinima(s *Stream, k int, from, to Time) []Time {
	out := make([]Time, 0, k)
	at := from
	for j := k; j > 0; j-- {
		frac := 1 - math.Pow(1-s.Float64(), 1/float64(j))
		at = min(at+Time(frac*float64(to-at)), to-1)
		out = append(out, at)
	}
	return out
}

func TestOrderedUniformsSortedInRange(t *testing.T) {
	tests := []struct {
		k        int
		from, to Time
	}{
		{0, 0, Minute},
		{1, 5 * Minute, 6 * Minute},
		{7, 0, 3}, // more times than clock ticks: ties
		{1000, Minute, 2 * Minute},
		{20, 0, Minute}, // after a larger k: the buffers are reused
	}
	var o OrderedUniforms
	s := Streams{Seed: 3, Gen: PCG}.Stream("ordered")
	for _, tt := range tests {
		xs := o.Draw(s, tt.k, tt.from, tt.to)
		require.Len(t, xs, tt.k)
		assert.True(t, sort.SliceIsSorted(xs, func(i, j int) bool { return xs[i] < xs[j] }), "k=%d sorted", tt.k)
		for _, x := range xs {
			assert.True(t, x >= tt.from && x < tt.to, "k=%d: %v outside [%v, %v)", tt.k, x, tt.from, tt.to)
		}
	}
	a := OrderedUniforms{}
	b := OrderedUniforms{}
	assert.Equal(t, a.Draw(Streams{Seed: 9, Gen: Mulberry32}.Stream("x"), 50, 0, Minute),
		b.Draw(Streams{Seed: 9, Gen: Mulberry32}.Stream("x"), 50, 0, Minute), "same seed, same times")
	assert.Zero(t, testing.AllocsPerRun(20, func() { o.Draw(s, 500, 0, Minute) }), "no allocation once grown")
}

// maxSpacingCDF is the law of the largest of the k+1 spacings that k iid
// uniforms cut [0, 1) into (Fisher 1929; Devroye 1986, ch. V):
// P(M ≤ x) = Σ_j (−1)^j C(k+1, j) (1 − j x)₊^k. The alternating sum
// loses about C(k+1, k/2)·2⁻⁵³ to cancellation: use it for k ≤ 10.
func maxSpacingCDF(k int) func(float64) float64 {
	return func(x float64) float64 {
		sum, c := 0.0, 1.0 // c = C(k+1, j)
		for j := 0; j <= k+1 && float64(j)*x < 1; j++ {
			sum += math.Pow(-1, float64(j)) * c * math.Pow(1-float64(j)*x, float64(k))
			c = c * float64(k+1-j) / float64(j+1)
		}
		return sum
	}
}

func maxSpacing(xs []Time, from, to Time) float64 {
	span, prev, m := float64(to-from), from, 0.0
	for _, x := range xs {
		m = math.Max(m, float64(x-prev)/span)
		prev = x
	}
	return math.Max(m, float64(to-prev)/span)
}

// ks2Statistic returns sup|F_a − F_b|·√(nm/(n+m)) for two samples (sorted
// in place); compare it with ksCritical001.
func ks2Statistic(a, b []float64) float64 {
	sort.Float64s(a)
	sort.Float64s(b)
	i, j, d := 0, 0, 0.0
	for i < len(a) && j < len(b) {
		x := math.Min(a[i], b[j])
		for i < len(a) && a[i] == x {
			i++
		}
		for j < len(b) && b[j] == x {
			j++
		}
		d = math.Max(d, math.Abs(float64(i)/float64(len(a))-float64(j)/float64(len(b))))
	}
	n, m := float64(len(a)), float64(len(b))
	return d * math.Sqrt(n*m/(n+m))
}

// TestOrderedUniformsLaw draws 20,000 windows of k times (k = 1, 3, 10,
// 40) from both generators with fixed seeds (11 for OrderedUniforms, 12
// for the old sequential sampler) on a one-minute window, and applies the
// Kolmogorov–Smirnov test at significance 0.001 per check: the j-th time
// (j = 1, ⌈k/2⌉, k), scaled to [0, 1), against its exact law Beta(j,
// k+1−j); the largest spacing, a statistic of the whole configuration,
// against its exact law (k ≤ 10); and the largest spacing and the middle
// time, two-sample, against the old sampler's. 38 checks: a family-wise
// false alarm rate of about 4 % for a fresh seed; the seeds are fixed, so
// the result is reproducible. The power check below shows that drawing
// one time too many is rejected.
func TestOrderedUniformsLaw(t *testing.T) {
	const n = 20000
	from, to := 3*Minute, 4*Minute
	span := float64(to - from)
	for _, gen := range []Generator{Mulberry32, PCG} {
		for _, k := range []int{1, 3, 10, 40} {
			t.Run(fmt.Sprintf("%v/k=%d", gen, k), func(t *testing.T) {
				var o OrderedUniforms
				s := Streams{Seed: 11, Gen: gen}.Stream("ordered")
				old := Streams{Seed: 12, Gen: gen}.Stream("ordered")
				js := []int{1, (k + 1) / 2, k}
				at := make([][]float64, len(js))
				gapNew, gapOld, midOld := make([]float64, n), make([]float64, n), make([]float64, n)
				for r := range n {
					xs := o.Draw(s, k, from, to)
					for i, j := range js {
						at[i] = append(at[i], float64(xs[j-1]-from)/span)
					}
					gapNew[r] = maxSpacing(xs, from, to)
					ys := sequentialMinima(old, k, from, to)
					gapOld[r] = maxSpacing(ys, from, to)
					midOld[r] = float64(ys[js[1]-1]-from) / span
				}
				for i, j := range js {
					beta := distuv.Beta{Alpha: float64(j), Beta: float64(k + 1 - j)}
					assert.Less(t, ksStatistic(append([]float64(nil), at[i]...), beta.CDF), ksCritical001, "time %d of %d against Beta", j, k)
				}
				if k <= 10 {
					assert.Less(t, ksStatistic(append([]float64(nil), gapNew...), maxSpacingCDF(k)), ksCritical001, "largest spacing")
				}
				assert.Less(t, ks2Statistic(gapNew, gapOld), ksCritical001, "largest spacing against the old sampler")
				assert.Less(t, ks2Statistic(at[1], midOld), ksCritical001, "middle time against the old sampler")
			})
		}
	}
	// Power: the first 3 of 4 ordered uniforms are not 3 ordered uniforms.
	var o OrderedUniforms
	s := Streams{Seed: 11, Gen: PCG}.Stream("ordered")
	last := make([]float64, n)
	for r := range last {
		last[r] = float64(o.Draw(s, 4, from, to)[2]-from) / span
	}
	assert.Greater(t, ksStatistic(last, distuv.Beta{Alpha: 3, Beta: 1}.CDF), ksCritical001, "power")
}

// BenchmarkOrderedUniforms: one operation is one time of a 3000-time
// window (the order of a sale-surge minute's retries), against the
// sequential minima it replaced.
func BenchmarkOrderedUniforms(b *testing.B) {
	const k = 3000
	s := Streams{Seed: 1, Gen: Mulberry32}.Stream("bench")
	b.Run("ordered", func(b *testing.B) {
		var o OrderedUniforms
		for i := 0; i < b.N; i += k {
			o.Draw(s, k, 0, Minute)
		}
	})
	b.Run("sequential", func(b *testing.B) {
		for i := 0; i < b.N; i += k {
			at := Time(0)
			for j := k; j > 0; j-- {
				frac := 1 - math.Pow(1-s.Float64(), 1/float64(j))
				at = min(at+Time(frac*float64(Minute-at)), Minute-1)
			}
		}
	})
}
