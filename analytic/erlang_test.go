package analytic

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// directErlangB evaluates B(N, a) = (a^N/N!)/Σ_{k≤N} a^k/k! term by term; an
// independent check for small N.
func directErlangB(n int, a float64) float64 {
	term, sum := 1.0, 1.0
	for k := 1; k <= n; k++ {
		term *= a / float64(k)
		sum += term
	}
	return term / sum
}

// directErlangC evaluates C(N, a) from the M/M/N stationary law:
// π_N/(1 − ρ) over Σ_{k<N} a^k/k! + π_N/(1 − ρ).
func directErlangC(n int, a float64) float64 {
	term, sum := 1.0, 0.0
	for k := 0; k < n; k++ {
		sum += term
		term *= a / float64(k+1)
	}
	wait := term / (1 - a/float64(n))
	return wait / (sum + wait)
}

func TestErlangBPublished(t *testing.T) {
	// Standard Erlang B traffic tables: 10 erlangs on 10 circuits block
	// 21.46 %; the traffic carried at 1 % grade of service is 1.36 E on 5,
	// 4.46 E on 10 and 12.03 E on 20 circuits (values rounded in the tables).
	assert.InDelta(t, 0.2146, ErlangB(10, 10), 5e-5)
	for _, tc := range []struct {
		n    int
		load float64
	}{{5, 1.36}, {10, 4.46}, {20, 12.03}} {
		assert.InDelta(t, 0.01, ErlangB(tc.n, tc.load), 3e-4, "N=%d", tc.n)
	}
}

func TestErlangBAgainstDirectSum(t *testing.T) {
	for n := 0; n <= 30; n++ {
		for _, a := range []float64{0, 0.01, 0.5, 2, 4, 7.3, 15, 30, 50} {
			assert.InEpsilon(t, directErlangB(n, a)+1e-300, ErlangB(n, a)+1e-300, 1e-12, "N=%d a=%v", n, a)
		}
	}
}

func TestErlangEdges(t *testing.T) {
	for _, a := range []float64{0, 0.1, 0.5, 1, 3.7, 100} {
		assert.InDelta(t, a/(1+a), ErlangB(1, a), 1e-15, "B(a,1) = a/(1+a)")
	}
	for _, rho := range []float64{0, 0.1, 0.5, 0.9, 0.999} {
		assert.InDelta(t, rho, ErlangC(1, rho), 1e-14, "M/M/1: C = ρ")
		assert.InDelta(t, 2*rho*rho/(1+rho), ErlangC(2, 2*rho), 1e-14, "M/M/2: C = 2ρ²/(1+ρ)")
	}
	assert.Equal(t, 1.0, ErlangB(0, 3))
	assert.Equal(t, 0.0, ErlangB(5, 0))
	assert.Equal(t, 1.0, ErlangC(4, 4), "a = N: every arrival waits")
	assert.Equal(t, 1.0, ErlangC(4, 9))
	for _, bad := range []struct {
		n int
		a float64
	}{{-1, 1}, {3, -0.1}, {3, math.NaN()}, {3, math.Inf(1)}} {
		assert.True(t, math.IsNaN(ErlangB(bad.n, bad.a)), "B(%d, %v)", bad.n, bad.a)
		assert.True(t, math.IsNaN(ErlangC(bad.n, bad.a)), "C(%d, %v)", bad.n, bad.a)
	}
	assert.True(t, math.IsNaN(ErlangC(0, 0.5)))
}

func TestErlangCAgainstDirect(t *testing.T) {
	for n := 1; n <= 30; n++ {
		for _, rho := range []float64{0.05, 0.3, 0.7, 0.95, 0.999} {
			a := rho * float64(n)
			assert.InEpsilon(t, directErlangC(n, a), ErlangC(n, a), 1e-11, "N=%d a=%v", n, a)
		}
	}
}

func TestErlangMonotone(t *testing.T) {
	for _, a := range []float64{0.5, 5, 50} {
		prevB, prevC := 2.0, 2.0
		for n := int(a) + 1; n < int(a)+60; n++ {
			b, c := ErlangB(n, a), ErlangC(n, a)
			assert.Less(t, b, prevB, "B decreases in N")
			assert.Less(t, c, prevC, "C decreases in N")
			assert.GreaterOrEqual(t, c, b, "C ≥ B")
			prevB, prevC = b, c
		}
	}
	prevB, prevC := -1.0, -1.0
	for a := 0.0; a < 20; a += 0.25 {
		b, c := ErlangB(20, a), ErlangC(20, a)
		assert.Greater(t, b, prevB, "B increases in a")
		assert.Greater(t, c, prevC, "C increases in a")
		prevB, prevC = b, c
	}
}

func TestErlangLargeN(t *testing.T) {
	const n = 100_000
	// For a = N the leading asymptotic is B ≈ √(2/(πN)) (Jagerman 1974).
	b := ErlangB(n, n)
	assert.InEpsilon(t, math.Sqrt(2/(math.Pi*n)), b, 0.01)
	// Far above N, B → 1 − N/a.
	assert.InDelta(t, 0.5, ErlangB(n, 2*n), 1e-4)
	assert.InDelta(t, 1-1.0/1000, ErlangB(n, 1000*n), 1e-6)
	// Far below N, B underflows gracefully to a tiny non-negative value.
	b = ErlangB(n, 0.5*n)
	assert.True(t, b >= 0 && b < 1e-300)
	// Erlang C near saturation stays a probability and increases to 1.
	c1, c2 := ErlangC(n, n-10), ErlangC(n, n-1e-6)
	assert.True(t, c1 > 0.9 && c1 < c2 && c2 <= 1, "%v %v", c1, c2)
	// Fractional loads interpolate smoothly.
	assert.True(t, ErlangB(10, 7.5) > ErlangB(10, 7) && ErlangB(10, 7.5) < ErlangB(10, 8))
}

func TestMMcClosedForms(t *testing.T) {
	// M/M/1: Wq = ρ/(μ − λ), L = ρ/(1 − ρ), T ~ Exp(μ − λ).
	q := MMc{Servers: 1, Lambda: 3, Mu: 4}
	require.NoError(t, q.Validate())
	rho := 0.75
	assert.InDelta(t, rho, q.ProbWait(), 1e-15)
	assert.InDelta(t, rho/(4-3), q.MeanWait(), 1e-14)
	assert.InDelta(t, rho/(1-rho), q.MeanNumberInSystem(), 1e-13)
	assert.InDelta(t, 1/(4.0-3), q.MeanResponseTime(), 1e-14)
	assert.InDelta(t, rho, q.Utilization(), 1e-15)
	assert.InDelta(t, math.Log(100), q.ResponseTimeQuantile(0.99), 1e-9)
	for _, x := range []float64{0, 0.3, 1, 5} {
		assert.InDelta(t, math.Exp(-x), q.ResponseTimeSurvival(x), 1e-14)
		assert.InDelta(t, rho*math.Exp(-x), q.ProbWaitExceeds(x), 1e-15)
	}
	// Little's law ties the means together.
	q = MMc{Servers: 7, Lambda: 20, Mu: 3.5}
	assert.InDelta(t, q.Lambda*q.MeanWait(), q.MeanQueueLength(), 1e-12)
	assert.InDelta(t, q.Lambda*q.MeanResponseTime(), q.MeanNumberInSystem(), 1e-12)
	assert.InDelta(t, q.ProbWait(), q.ProbWaitExceeds(0), 0)
	c := q.ProbWait()
	assert.Equal(t, 0.0, q.WaitQuantile(1-c-1e-9), "below 1 − C the wait quantile is 0")
	assert.InDelta(t, math.Log(c/0.01)/(7*3.5-20), q.WaitQuantile(0.99), 1e-12)
}

func TestMMcUnstableAndInvalid(t *testing.T) {
	q := MMc{Servers: 4, Lambda: 8, Mu: 2}
	require.NoError(t, q.Validate())
	assert.False(t, q.Stable())
	assert.Equal(t, 1.0, q.ProbWait())
	assert.Equal(t, 1.0, q.ProbWaitExceeds(3))
	assert.True(t, math.IsInf(q.MeanWait(), 1))
	assert.True(t, math.IsInf(q.MeanNumberInSystem(), 1))
	assert.True(t, math.IsInf(q.ResponseTimeQuantile(0.99), 1))
	assert.InDelta(t, 1.0, q.Utilization(), 0)
	for _, bad := range []MMc{{0, 1, 1}, {1, -1, 1}, {1, 1, 0}, {1, math.NaN(), 1}, {1, 1, math.Inf(1)}, {1, 1e300, 1e-300}} {
		assert.Error(t, bad.Validate(), "%+v", bad)
		assert.True(t, math.IsNaN(bad.ProbWait()), "%+v", bad)
		assert.True(t, math.IsNaN(bad.MeanWait()), "%+v", bad)
	}
	assert.True(t, math.IsNaN(MMc{2, 1, 1}.ProbWaitExceeds(-1)))
	assert.True(t, math.IsNaN(MMc{2, 1, 1}.ResponseTimeQuantile(1.5)))
}

// numericSurvival integrates the sojourn-time law by Simpson's rule:
// P(T > x) = (1 − C)e^{−μx} + C·(e^{−γx} + ∫₀ˣ γe^{−γy}·e^{−μ(x−y)} dy).
func numericSurvival(q MMc, x float64) float64 {
	c, g, mu := q.ProbWait(), float64(q.Servers)*q.Mu-q.Lambda, q.Mu
	const n = 2000
	h := x / n
	f := func(y float64) float64 { return g * math.Exp(-g*y) * math.Exp(-mu*(x-y)) }
	s := f(0) + f(x)
	for i := 1; i < n; i++ {
		w := 2.0
		if i%2 == 1 {
			w = 4
		}
		s += w * f(float64(i)*h)
	}
	return (1-c)*math.Exp(-mu*x) + c*(math.Exp(-g*x)+s*h/3)
}

func TestMMcResponseTimeDistribution(t *testing.T) {
	for _, q := range []MMc{
		{10, 8, 1},       // γ = 2 > μ
		{2, 1, 1},        // γ = μ exactly: the (1 + μx)e^{−μx} case
		{2, 1 + 1e-9, 1}, // γ within 1e-9 of μ
		{5, 4.9, 1},      // γ < μ
		{160, 1125, 1 / 0.0742},
	} {
		for _, x := range []float64{0.01, 0.1, 0.5, 1, 3} {
			assert.InDelta(t, numericSurvival(q, x), q.ResponseTimeSurvival(x), 1e-9, "%+v x=%v", q, x)
		}
		p99 := q.ResponseTimeQuantile(0.99)
		assert.InDelta(t, 0.01, q.ResponseTimeSurvival(p99), 1e-10, "%+v", q)
		assert.InDelta(t, 0.99, q.ResponseTimeCDF(p99), 1e-10, "%+v", q)
	}
	// Continuity across γ = μ.
	a, b := MMc{2, 1, 1}.ResponseTimeSurvival(2), MMc{2, 1 + 1e-7, 1}.ResponseTimeSurvival(2)
	assert.InDelta(t, a, b, 1e-6)
}

func TestMMcP99Approximation(t *testing.T) {
	// The original's p99 ≈ S·ln 100 + ln(C/0.01)/(N/S − λ), wait term 0 if C ≤ 0.01.
	q := MMc{Servers: 10, Lambda: 8, Mu: 1}
	c := q.ProbWait()
	want := math.Log(100) + math.Log(c/0.01)/(10-8)
	assert.InDelta(t, want, q.ResponseTimeQuantileApprox(0.99), 1e-12)
	q = MMc{Servers: 50, Lambda: 10, Mu: 1}
	require.Less(t, q.ProbWait(), 0.01)
	assert.InDelta(t, math.Log(100), q.ResponseTimeQuantileApprox(0.99), 1e-12)
	// Both bracket the truth from the right side here: adding quantiles
	// overstates the quantile of the sum.
	q = MMc{Servers: 10, Lambda: 9, Mu: 1}
	assert.Greater(t, q.ResponseTimeQuantileApprox(0.99), q.ResponseTimeQuantile(0.99))
}

// directMMcK returns P_K and L of M/M/c/K from the stationary law summed term
// by term (small c, K).
func directMMcK(c, k int, lambda, mu float64) (pK, l float64) {
	p := make([]float64, k+1)
	p[0] = 1
	sum := 1.0
	for j := 1; j <= k; j++ {
		p[j] = p[j-1] * lambda / (float64(min(j, c)) * mu)
		sum += p[j]
	}
	for j := range p {
		p[j] /= sum
		l += float64(j) * p[j]
	}
	return p[k], l
}

func TestMMcK(t *testing.T) {
	for _, tc := range []struct {
		c, k       int
		lambda, mu float64
	}{
		{1, 1, 2, 1}, {1, 5, 0.5, 1}, {1, 5, 1, 1}, {1, 5, 3, 1}, {3, 3, 2.5, 1}, {3, 10, 2, 1},
		{3, 10, 3, 1}, {3, 10, 3 + 1e-9, 1}, {4, 40, 12, 1}, {8, 20, 1, 2}, {2, 200, 2.2, 1},
	} {
		q := MMcK{tc.c, tc.k, tc.lambda, tc.mu}
		require.NoError(t, q.Validate())
		pK, l := directMMcK(tc.c, tc.k, tc.lambda, tc.mu)
		assert.InDelta(t, pK, q.ProbBlock(), 1e-12, "%+v", tc)
		assert.InDelta(t, l, q.MeanNumberInSystem(), 1e-9*max(1, l), "%+v", tc)
		// Little: L − Lq = busy servers = throughput/μ.
		assert.InDelta(t, q.Throughput()/q.Mu, q.MeanNumberInSystem()-q.MeanQueueLength(), 1e-9*max(1, l), "%+v", tc)
		assert.InDelta(t, q.MeanNumberInSystem()/q.Throughput(), q.MeanResponseTime(), 1e-12, "%+v", tc)
	}
	// K = c is the Erlang loss system.
	assert.InDelta(t, ErlangB(7, 5.5), MMcK{7, 7, 5.5, 1}.ProbBlock(), 1e-15)
	// M/M/1/K closed form: P_K = (1 − ρ)ρ^K/(1 − ρ^{K+1}).
	rho, k := 0.8, 12
	assert.InDelta(t, (1-rho)*math.Pow(rho, float64(k))/(1-math.Pow(rho, float64(k+1))), MMcK{1, k, 0.8, 1}.ProbBlock(), 1e-15)
	// Large K approaches M/M/c when stable ...
	big := MMcK{10, 100_000, 8, 1}
	assert.InDelta(t, MMc{10, 8, 1}.MeanWait(), big.MeanWait(), 1e-12)
	assert.InDelta(t, MMc{10, 8, 1}.ProbWait(), big.ProbWait(), 1e-12)
	// ... and blocks 1 − cμ/λ in overload, with no overflow for huge K, c.
	over := MMcK{1000, 1_000_000, 2000, 1}
	assert.InDelta(t, 0.5, over.ProbBlock(), 1e-9)
	assert.InDelta(t, 1000.0, over.Throughput(), 1e-5)
	assert.Error(t, MMcK{3, 2, 1, 1}.Validate())
	assert.True(t, math.IsNaN(MMcK{3, 2, 1, 1}.ProbBlock()))
	assert.Equal(t, 0.0, MMcK{3, 5, 0, 1}.ProbBlock())
}

func TestLittle(t *testing.T) {
	assert.InDelta(t, 132.0, LittleL(400, 0.33), 1e-12)
	assert.InDelta(t, 0.33, LittleW(132, 400), 1e-15)
	assert.InDelta(t, 400.0, LittleLambda(132, 0.33), 1e-9)
	assert.True(t, math.IsNaN(LittleW(1, 0)))
	assert.True(t, math.IsNaN(LittleLambda(1, 0)))
	assert.True(t, math.IsNaN(LittleL(-1, 1)))
}
