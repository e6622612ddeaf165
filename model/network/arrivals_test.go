package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

// mmpp2 is a two-phase MMPP: rates l1, l2, switching 1→2 at a, 2→1 at b.
func mmpp2(l1, l2, a, b float64) *MAP {
	return &MAP{
		D0: [][]float64{{-(l1 + a), a}, {b, -(l2 + b)}},
		D1: [][]float64{{l1, 0}, {0, l2}},
	}
}

func TestMAPRateExact(t *testing.T) {
	tests := []struct {
		name string
		m    *MAP
		pi   []float64
		rate float64
	}{
		// π = (b, a)/(a+b); rate = (b·l1 + a·l2)/(a+b).
		{"mmpp2", mmpp2(10, 1, 0.1, 0.3), []float64{0.75, 0.25}, 0.75*10 + 0.25*1},
		{"poisson", &MAP{D0: [][]float64{{-3}}, D1: [][]float64{{3}}}, []float64{1}, 3},
		// Erlang-2 renewal of mean 1 as a MAP: phases in turn, rate 1.
		{"erlang2", &MAP{D0: [][]float64{{-2, 2}, {0, -2}}, D1: [][]float64{{0, 0}, {2, 0}}}, []float64{0.5, 0.5}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NoError(t, tt.m.Validate())
			assert.InDeltaSlice(t, tt.pi, tt.m.Stationary(), 1e-12)
			assert.InDelta(t, tt.rate, tt.m.Rate(), 1e-12)
		})
	}
}

func TestMAPValidateRefuses(t *testing.T) {
	tests := []struct {
		name string
		m    *MAP
		want string
	}{
		{"empty", &MAP{}, "1 to 64 phases"},
		{"sizes", &MAP{D0: [][]float64{{-1}}, D1: [][]float64{{1}, {1}}}, "as many rows"},
		{"not square", &MAP{D0: [][]float64{{-1, 1}, {1}}, D1: [][]float64{{0, 0}, {0, 0}}}, "square"},
		{"diagonal", &MAP{D0: [][]float64{{0}}, D1: [][]float64{{0}}}, "diagonal of D0 must be negative"},
		{"negative D1", &MAP{D0: [][]float64{{-1}}, D1: [][]float64{{-1}}}, "must be ≥ 0"},
		{"negative off-diagonal", &MAP{D0: [][]float64{{-1, -1}, {1, -2}}, D1: [][]float64{{2, 0}, {0, 1}}}, "off the diagonal"},
		{"row sum", &MAP{D0: [][]float64{{-2}}, D1: [][]float64{{1}}}, "must sum to 0"},
		{"no arrivals", &MAP{D0: [][]float64{{-1, 1}, {1, -1}}, D1: [][]float64{{0, 0}, {0, 0}}}, "no customer ever arrives"},
		{"reducible", &MAP{D0: [][]float64{{-2, 1}, {0, -1}}, D1: [][]float64{{1, 0}, {0, 1}}}, "not irreducible: phase 2 cannot reach phase 1"},
		{"NaN", &MAP{D0: [][]float64{{math.NaN()}}, D1: [][]float64{{1}}}, "finite rate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.m.Validate()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// batchMeans returns the mean and standard error of xs cut into k equal
// batches.
func batchMeans(xs []float64, k int) (mean, se float64) {
	size := len(xs) / k
	var tl des.Tally
	for b := 0; b < k; b++ {
		s := 0.0
		for _, x := range xs[b*size : (b+1)*size] {
			s += x
		}
		tl.Add(s / float64(size))
	}
	return tl.Mean(), math.Sqrt(tl.Variance() / float64(k))
}

// t29 is the two-sided 99.9 % quantile of Student's t with 29 degrees of
// freedom: a correct sampler fails a check at most once in 1000 seeds.
const t29 = 3.659

func TestMAPSamplerMoments(t *testing.T) {
	// Erlang-2 renewal: interarrival mean 1, E[X²] = 1.5 (SCV 1/2); the
	// MMPP's mean interarrival is 1/rate. 30 batch means, 99.9 % level,
	// seeds 1–3.
	tests := []struct {
		name      string
		m         *MAP
		mean, sq  float64
		checkSecd bool
	}{
		{"erlang2", &MAP{D0: [][]float64{{-2, 2}, {0, -2}}, D1: [][]float64{{0, 0}, {2, 0}}}, 1, 1.5, true},
		{"mmpp2", mmpp2(10, 1, 0.1, 0.3), 1 / 7.75, 0, false},
	}
	for _, tt := range tests {
		for seed := uint64(1); seed <= 3; seed++ {
			st := des.Streams{Seed: seed, Gen: des.PCG}.Stream("a")
			p := newArrProc(&Arrivals{MAP: tt.m}, st)
			xs, sq := make([]float64, 300_000), make([]float64, 300_000)
			for k := range xs {
				xs[k] = p.mapNext(st)
				sq[k] = xs[k] * xs[k]
			}
			m, se := batchMeans(xs, 30)
			assert.InDelta(t, tt.mean, m, t29*se, "%s seed %d mean", tt.name, seed)
			if tt.checkSecd {
				m2, se2 := batchMeans(sq, 30)
				assert.InDelta(t, tt.sq, m2, t29*se2, "%s seed %d E[X²]", tt.name, seed)
			}
		}
	}
}

func TestVaryingNextInversion(t *testing.T) {
	steps := []RateStep{{0, 2}, {50, 6}}
	p := &arrProc{steps: steps, period: 100, perInt: integratedRate(steps, 100)}
	require.InDelta(t, 400, p.perInt, 1e-12)
	tests := []struct {
		now, e, want float64
	}{
		{0, 1, 0.5},                   // rate 2
		{40, 30, 50 + 10.0/6},         // 20 at rate 2 to t = 50, then 10 at rate 6
		{60, 6, 61},                   // rate 6
		{90, 70, 100 + 10.0/2},        // 60 to the period's end, then rate 2 again
		{10, 400 + 1, 100 + 10 + 0.5}, // a whole period skipped
		{210, 1, 210 + 0.5},           // in the third period's first step
		{250, 3, 250 + 0.5},           // and its second
	}
	for _, tt := range tests {
		assert.InDelta(t, tt.want, p.varyingNext(tt.now, tt.e), 1e-9, "now %v, e %v", tt.now, tt.e)
	}
	once := &arrProc{steps: []RateStep{{0, 0}, {10, 4}}}
	assert.InDelta(t, 10.25, once.varyingNext(0, 1), 1e-12, "no period: rate 0, then 4 for ever")
}

func TestVaryingCountsPerStep(t *testing.T) {
	// Arrivals of rate 2 on [0, 50) and 6 on [50, 100), repeated: the
	// count in each half of each period is Poisson (mean 100 and 300).
	// 2000 periods in 30 batches, 99.9 % level, seed 7.
	net := &Network{
		Classes:  []Class{{Name: "c", Arrivals: &Arrivals{To: "d", Rates: []RateStep{{0, 2}, {50, 6}}, Period: 100}}},
		Stations: []Station{{Name: "d", Servers: des.Infinite, Service: Exponential(0.001)}},
	}
	a := net.Classes[0].Arrivals
	require.InDelta(t, 4, a.Rate(), 1e-12)
	st := des.Streams{Seed: 7, Gen: des.PCG}.Stream("a")
	p := newArrProc(a, st)
	const periods = 3000
	lo, hi := make([]float64, periods), make([]float64, periods)
	for now := p.next(0, st); now < periods*100; now = p.next(now, st) {
		k := int(now / 100)
		if math.Mod(now, 100) < 50 {
			lo[k]++
		} else {
			hi[k]++
		}
	}
	m, se := batchMeans(lo, 30)
	assert.InDelta(t, 100, m, t29*se)
	m, se = batchMeans(hi, 30)
	assert.InDelta(t, 300, m, t29*se)
}

func TestBatchLaws(t *testing.T) {
	tests := []struct {
		name     string
		b        Batch
		mean, m2 float64
	}{
		{"geometric", Batch{Kind: BatchGeometric, Mean: 2}, 2, 6},
		{"geometric 1", Batch{Kind: BatchGeometric, Mean: 1}, 1, 1},
		{"det", Batch{Kind: BatchDet, Mean: 3}, 3, 9},
		{"values", Batch{Kind: BatchValues, Values: []int{1, 4}, P: []float64{0.75, 0.25}}, 1.75, 0.75 + 4},
		{"values equal", Batch{Kind: BatchValues, Values: []int{2, 4}}, 3, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NoError(t, tt.b.Validate())
			assert.InDelta(t, tt.mean, tt.b.MeanSize(), 1e-12)
			assert.InDelta(t, tt.m2, tt.b.SecondMoment(), 1e-12)
			// Draws: 30 batch means of 10 000, 99.9 % level, seed 3.
			st := des.Streams{Seed: 3, Gen: des.PCG}.Stream("b")
			s := tt.b.sampler()
			xs, sq := make([]float64, 300_000), make([]float64, 300_000)
			for k := range xs {
				x := s.draw(st)
				require.GreaterOrEqual(t, x, 1)
				xs[k], sq[k] = float64(x), float64(x*x)
			}
			m, se := batchMeans(xs, 30)
			assert.InDelta(t, tt.mean, m, t29*se+1e-12)
			m2, se2 := batchMeans(sq, 30)
			assert.InDelta(t, tt.m2, m2, t29*se2+1e-12)
		})
	}
	assert.ErrorContains(t, (&Batch{Kind: BatchDet, Mean: 2.5}).Validate(), "whole number")
	assert.ErrorContains(t, (&Batch{Kind: BatchGeometric, Mean: 0.5}).Validate(), "mean from 1")
	assert.ErrorContains(t, (&Batch{Kind: BatchValues, Values: []int{1, 2}, P: []float64{0.5, 0.6}}).Validate(), "sum to 1")
	assert.ErrorContains(t, (&Batch{Kind: BatchValues, Values: []int{0}}).Validate(), "from 1")
}
