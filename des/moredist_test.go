package des

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"gonum.org/v1/gonum/stat/distuv"
)

// TestShapedDistributionsGoodnessOfFit draws 20,000 values from each
// (mean, cv)-built distribution with a fixed seed from both generators and
// applies the Kolmogorov–Smirnov test at significance 0.001 per check
// (18 checks), as TestContinuousGoodnessOfFit does; the power check shows
// the test rejects a gamma whose mean is 5 % off.
func TestShapedDistributionsGoodnessOfFit(t *testing.T) {
	dists := []struct {
		name string
		d    continuous
	}{
		{"gamma cv 0.5", GammaFromMean(2, 0.5)},
		{"gamma cv 2 (shape < 1)", GammaFromMean(2, 2)},
		{"gamma shape 1", Gamma{K: 1, Theta: 3}},
		{"weibull cv 0.5", WeibullFromMean(1, 0.5)},
		{"weibull cv 2", WeibullFromMean(1, 2)},
		{"weibull cv 1", WeibullFromMean(4, 1)},
		{"pareto alpha 2.5", ParetoFromMean(1, 2.5)},
		{"pareto cv 1", ParetoFromMean(3, ParetoAlphaFromCV(1))},
		{"pareto alpha 1.2", ParetoFromMean(1, 1.2)},
	}
	for _, gen := range []Generator{Mulberry32, PCG} {
		for _, tt := range dists {
			s := Streams{Seed: 17, Gen: gen}.Stream(tt.name)
			xs := make([]float64, 20000)
			for i := range xs {
				xs[i] = tt.d.Rand(s)
			}
			assert.Less(t, ksStatistic(xs, tt.d.CDF), ksCritical001, "%v %s: KS statistic", gen, tt.name)
		}
	}
	s := NewPCG(5, 6)
	xs := make([]float64, 20000)
	for i := range xs {
		xs[i] = GammaFromMean(2.1, 0.5).Rand(s)
	}
	assert.Greater(t, ksStatistic(xs, GammaFromMean(2, 0.5).CDF), ksCritical001, "power: a mean 5 %% off is rejected")
}

// TestShapedDistributionsMoments checks that the (mean, cv) constructors
// give the requested mean and coefficient of variation, computed from the
// closed-form moments.
func TestShapedDistributionsMoments(t *testing.T) {
	for _, cv := range []float64{0.1, 0.5, 1, 2, 5} {
		g := GammaFromMean(3, cv)
		assert.InDelta(t, 3, g.Mean(), 1e-12, "gamma mean cv %v", cv)
		assert.InDelta(t, cv*cv, 1/g.K, 1e-12, "gamma scv")

		w := WeibullFromMean(3, cv)
		assert.InDelta(t, 3, w.Mean(), 1e-9, "weibull mean cv %v", cv)
		m2 := w.Lambda * w.Lambda * math.Gamma(1+2/w.K)
		assert.InDelta(t, cv*cv, m2/9-1, 1e-6*cv*cv, "weibull scv cv %v", cv)

		a := ParetoAlphaFromCV(cv)
		p := ParetoFromMean(3, a)
		assert.InDelta(t, 3, p.Mean(), 1e-12, "pareto mean")
		assert.InDelta(t, cv*cv, 1/(a*(a-2)), 1e-9, "pareto scv")
	}
	assert.True(t, math.IsInf(Pareto{Xm: 1, Alpha: 1}.Mean(), 1), "pareto alpha ≤ 1 has no mean")
	assert.InDelta(t, 0.5, Weibull{K: 1, Lambda: 2}.CDF(2*math.Ln2), 1e-12, "weibull K=1 is exponential")
	assert.InDelta(t, distuv.Gamma{Alpha: 2.5, Beta: 1 / 1.5}.CDF(3), Gamma{K: 2.5, Theta: 1.5}.CDF(3), 1e-12, "gamma CDF")
}

// TestEmpiricalGoodnessOfFit applies Pearson's chi-square test at
// significance 0.001 to 50,000 draws from an empirical distribution with
// a repeated value (so unequal cell probabilities).
func TestEmpiricalGoodnessOfFit(t *testing.T) {
	e := NewEmpirical([]float64{3, 1, 2, 2, 5})
	assert.Equal(t, []float64{1, 2, 2, 3, 5}, e.Values, "sorted copy")
	assert.InDelta(t, 2.6, e.Mean(), 1e-12)
	assert.InDelta(t, 0.6, e.CDF(2), 1e-12)
	assert.InDelta(t, 0, e.CDF(0.5), 1e-12)
	assert.InDelta(t, 1, e.CDF(5), 1e-12)
	const n = 50000
	s := NewPCG(9, 9)
	counts := map[float64]int{}
	for i := 0; i < n; i++ {
		counts[e.Rand(s)]++
	}
	want := map[float64]float64{1: 0.2, 2: 0.4, 3: 0.2, 5: 0.2}
	stat := 0.0
	for v, p := range want {
		d := float64(counts[v]) - p*n
		stat += d * d / (p * n)
	}
	assert.Len(t, counts, 4)
	assert.Less(t, stat, distuv.ChiSquared{K: 3}.Quantile(0.999))
}
