package des

import (
	"math"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTallyHandComputed(t *testing.T) {
	var a Tally
	assert.True(t, math.IsNaN(a.Mean()))
	for _, x := range []float64{2, 4, 4, 4, 5, 5, 7, 9} {
		a.Add(x)
	}
	// mean 5, sum of squared deviations 32, sample variance 32/7
	assert.Equal(t, int64(8), a.N())
	assert.InDelta(t, 5, a.Mean(), 1e-15)
	assert.InDelta(t, 32.0/7, a.Variance(), 1e-14)
	assert.Equal(t, 2.0, a.Min())
	assert.Equal(t, 9.0, a.Max())
	assert.InDelta(t, 40, a.Sum(), 1e-12)

	var b, c Tally
	for _, x := range []float64{2, 4, 4} {
		b.Add(x)
	}
	for _, x := range []float64{4, 5, 5, 7, 9} {
		c.Add(x)
	}
	b.Merge(c)
	assert.Equal(t, a.N(), b.N())
	assert.InDelta(t, a.Mean(), b.Mean(), 1e-14)
	assert.InDelta(t, a.Variance(), b.Variance(), 1e-13)
	assert.Equal(t, a.Min(), b.Min())
	assert.Equal(t, a.Max(), b.Max())

	// Welford keeps precision where the naive formula cancels.
	var big Tally
	for _, x := range []float64{1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16} {
		big.Add(x)
	}
	assert.InDelta(t, 30, big.Variance(), 1e-6)
}

func TestTimeWeightedHandComputed(t *testing.T) {
	var w TimeWeighted
	w.Set(0, 2)        // 2 on [0, 3)
	w.Set(3*Second, 5) // 5 on [3, 4)
	w.Add(4*Second, -5)
	// area = 2·3 + 5·1 + 0·1 = 11 over 5 s
	assert.InDelta(t, 11.0/5, w.Mean(5*Second), 1e-12)
	assert.InDelta(t, 11, w.Area(5*Second), 1e-12)
	assert.Equal(t, 5.0, w.Max())

	w.Mark(5 * Second)
	w.Set(6*Second, 4) // 0 on [5,6), 4 on [6,7)
	assert.InDelta(t, 2, w.WindowMean(7*Second), 1e-12)
	assert.InDelta(t, 15.0/7, w.Mean(7*Second), 1e-12, "the window does not disturb the total")

	w.Reset(7 * Second)
	assert.InDelta(t, 4, w.Mean(9*Second), 1e-12)
	assert.True(t, math.IsNaN(w.Mean(7*Second)))
}

func TestSketchRelativeErrorBound(t *testing.T) {
	s := MustSketch(0.01, 1e-6, 1e4)
	rng := NewMulberry32(99)
	xs := make([]float64, 100000)
	for i := range xs {
		xs[i] = LogNormal{Mu: math.Log(0.3), Sigma: 1.5}.Rand(rng)
		s.Add(xs[i])
	}
	sort.Float64s(xs)
	for _, q := range []float64{0, 0.01, 0.25, 0.5, 0.9, 0.99, 0.999, 1} {
		rank := int(math.Ceil(q * float64(len(xs))))
		if rank < 1 {
			rank = 1
		}
		exact := xs[rank-1]
		got := s.Quantile(q)
		assert.LessOrEqual(t, math.Abs(got-exact)/exact, 0.01+1e-12, "q=%v exact %v got %v", q, exact, got)
	}
	assert.Equal(t, uint64(100000), s.N())

	// Merge equals adding everything to one sketch; Reset empties.
	a, b := MustSketch(0.01, 1e-6, 1e4), MustSketch(0.01, 1e-6, 1e4)
	for i, x := range xs {
		if i%2 == 0 {
			a.Add(x)
		} else {
			b.Add(x)
		}
	}
	require.NoError(t, a.Merge(b))
	assert.Equal(t, s.Quantile(0.99), a.Quantile(0.99))
	a.Reset()
	assert.True(t, math.IsNaN(a.Quantile(0.5)))
	assert.Error(t, a.Merge(MustSketch(0.02, 1e-6, 1e4)))

	// Values outside [min, max] are clamped.
	c := MustSketch(0.01, 1, 10)
	c.Add(0.5)
	c.Add(100)
	assert.Equal(t, 1.0, c.Quantile(0))
	assert.InDelta(t, 10, c.Quantile(1), 0.1)

	_, err := NewSketch(0, 1, 2)
	assert.Error(t, err)
	_, err = NewSketch(0.01, 2, 1)
	assert.Error(t, err)
}

func TestMeanCIAndBatchMeans(t *testing.T) {
	// t(0.975, 4) = 2.776445 (standard tables).
	assert.InDelta(t, 2.776445, StudentTQuantile(0.975, 4), 1e-5)
	xs := []float64{1, 2, 3, 4, 5}
	iv := MeanCI(xs, 0.95)
	// mean 3, s = √2.5, half-width t·s/√5
	assert.InDelta(t, 3, iv.Mean, 1e-12)
	assert.InDelta(t, 2.776445*math.Sqrt(2.5)/math.Sqrt(5), iv.HalfWidth, 1e-5)
	assert.True(t, iv.Contains(4))
	assert.False(t, iv.Contains(5))
	assert.True(t, math.IsInf(MeanCI([]float64{1}, 0.95).HalfWidth, 1))

	// Batch means of 1..100 in 4 batches of 25: batch means 13, 38, 63, 88.
	series := make([]float64, 102) // two leading values are dropped
	series[0], series[1] = 1000, 1000
	for i := 0; i < 100; i++ {
		series[i+2] = float64(i + 1)
	}
	bm := BatchMeans(series, 4, 0.95)
	want := MeanCI([]float64{13, 38, 63, 88}, 0.95)
	assert.InDelta(t, want.Mean, bm.Mean, 1e-12)
	assert.InDelta(t, want.HalfWidth, bm.HalfWidth, 1e-12)
	assert.Equal(t, 4, bm.N)
	assert.True(t, math.IsInf(BatchMeans(series[:3], 4, 0.95).HalfWidth, 1))
}

func TestMSER5FindsTheTransient(t *testing.T) {
	// A series that starts 40 values high and then settles: MSER-5 must cut
	// the whole transient; it may cut a few batches more where the noise of
	// the following batches happens to favour it (here it cuts 80), but far
	// less than half the run.
	rng := NewMulberry32(5)
	xs := make([]float64, 1000)
	for i := range xs {
		xs[i] = Normal{Mu: 0, Sigma: 1}.Rand(rng)
		if i < 40 {
			xs[i] += 10
		}
	}
	d := MSER5(xs)
	assert.Equal(t, 0, d%5)
	assert.GreaterOrEqual(t, d, 40)
	assert.LessOrEqual(t, d, 100)
	assert.Equal(t, 0, MSER5([]float64{1, 2, 3}))

	// No transient: little or nothing is cut.
	flat := make([]float64, 1000)
	for i := range flat {
		flat[i] = Normal{Mu: 0, Sigma: 1}.Rand(rng)
	}
	assert.LessOrEqual(t, MSER5(flat), 500)
}

func TestSeries(t *testing.T) {
	s := Series{Width: Minute}
	s.Add(10*Second, 1)
	s.Add(50*Second, 3)
	s.Add(2*Minute+Second, 7)
	assert.Equal(t, 3, s.Len())
	w0 := s.Window(0)
	assert.Equal(t, 2.0, w0.Mean())
	w1 := s.Window(1)
	assert.Equal(t, int64(0), w1.N())
	w2 := s.Window(2)
	assert.Equal(t, 7.0, w2.Mean())
	empty := s.Window(9)
	assert.Equal(t, int64(0), empty.N())
}
