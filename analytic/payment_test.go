package analytic

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestStdNormal(t *testing.T) {
	// Values from standard normal tables (Abramowitz & Stegun, Table 26.1).
	assert.InDelta(t, 0.5, StdNormalCDF(0), 0)
	assert.InDelta(t, 0.8413447461, StdNormalCDF(1), 1e-10)
	assert.InDelta(t, 0.9750021049, StdNormalCDF(1.96), 1e-10)
	assert.InDelta(t, 0.0013498980, StdNormalSurvival(3), 1e-10)
	assert.InEpsilon(t, 7.619853e-24, StdNormalSurvival(10), 1e-6, "upper tail keeps relative precision")
	assert.InEpsilon(t, 7.619853e-24, StdNormalCDF(-10), 1e-6)
}

func TestTimeoutLatency(t *testing.T) {
	for _, tc := range []struct{ m, T float64 }{{0.25, 8}, {12, 8}, {1, 1}, {3, 0.001}} {
		// Independent check: E[min(L, T)] = ∫₀ᵀ P(L > x) dx by Simpson's rule.
		const n = 4000
		h := tc.T / n
		s := 1 + math.Exp(-tc.T/tc.m)
		for i := 1; i < n; i++ {
			w := 2.0
			if i%2 == 1 {
				w = 4
			}
			s += w * math.Exp(-float64(i)*h/tc.m)
		}
		assert.InDelta(t, s*h/3, TimeoutHeldMean(tc.m, tc.T), 1e-10, "%+v", tc)
		assert.InDelta(t, math.Exp(-tc.T/tc.m), TimeoutProb(tc.m, tc.T), 1e-15)
	}
	// Group B at 12 s with an 8 s timeout: 12·(1 − e^{−2/3}) ≈ 5.84 s held, 51 % time out.
	assert.InDelta(t, 5.839, TimeoutHeldMean(12, 8), 1e-3)
	assert.InDelta(t, 0.5134, TimeoutProb(12, 8), 1e-4)
	assert.Equal(t, 12.0, TimeoutHeldMean(12, math.Inf(1)))
	assert.Equal(t, 0.0, TimeoutHeldMean(0, 8))
	assert.Equal(t, 0.0, TimeoutHeldMean(5, 0))
	assert.True(t, math.IsNaN(TimeoutHeldMean(-1, 8)))
	assert.True(t, math.IsNaN(TimeoutProb(1, -8)))
}

func TestHoldingTime(t *testing.T) {
	outage := []IssuerGroup{{0.75, 0.25}, {0.25, 12}}
	s := HoldingTime(0.08, 8, outage)
	want := 0.08 + 0.75*0.25*(1-math.Exp(-32)) + 0.25*12*(1-math.Exp(-8.0/12))
	assert.InDelta(t, want, s, 1e-12)
	timeouts := 0.75*math.Exp(-32) + 0.25*math.Exp(-8.0/12)
	assert.InDelta(t, timeouts, TimeoutShare(8, outage), 1e-15)
	assert.InDelta(t, want+0.08*timeouts, HoldingTimeWithReversal(0.08, 0.08, 8, outage), 1e-12)
	// Shares below 1: the rest holds the slot only for the switch time.
	assert.InDelta(t, 0.08+0.5*0.25, HoldingTime(0.08, math.Inf(1), []IssuerGroup{{0.5, 0.25}}), 1e-15)
	assert.Equal(t, 0.08, HoldingTime(0.08, 8, nil))
	assert.True(t, math.IsNaN(HoldingTime(0.08, 8, []IssuerGroup{{0.8, 1}, {0.8, 1}})), "shares > 1")
	assert.True(t, math.IsNaN(HoldingTime(0.08, 8, []IssuerGroup{{-0.1, 1}})))
	assert.True(t, math.IsNaN(HoldingTimeWithReversal(0.08, -1, 8, outage)))
}

func TestGoodputAndShedding(t *testing.T) {
	capacity := 192 / 0.33
	assert.Equal(t, 400.0, Goodput(400, capacity, 0.3), "below capacity goodput = λ")
	assert.InDelta(t, capacity, Goodput(capacity, capacity, 0.3), 1e-9, "continuous at capacity")
	assert.InDelta(t, (capacity-0.3*800)/0.7, Goodput(800, capacity, 0.3), 1e-9)
	assert.Equal(t, 0.0, Goodput(capacity/0.3+1, capacity, 0.3), "clipped at 0")
	assert.Equal(t, capacity, Goodput(2*capacity, capacity, 0), "ω = 0: no waste")
	prev := math.Inf(1)
	for l := capacity; l < 2*capacity; l += 10 {
		g := Goodput(l, capacity, 0.3)
		assert.Less(t, g, prev, "goodput falls beyond capacity")
		prev = g
	}
	assert.Equal(t, 400.0, SheddingAdmitRate(400, capacity, 0.9))
	assert.InDelta(t, 0.9*capacity, SheddingAdmitRate(800, capacity, 0.9), 1e-12)
	assert.True(t, math.IsNaN(Goodput(1, capacity, 1)))
	assert.True(t, math.IsNaN(Goodput(1, 0, 0.3)))
	assert.True(t, math.IsNaN(SheddingAdmitRate(1, 1, 1.5)))
}

func TestBinormal(t *testing.T) {
	b := Binormal{DPrime: 2.5}
	assert.InDelta(t, 0.9614, b.AUC(), 1e-4, "the original's AUC ≈ 0.96")
	assert.InDelta(t, 0.5, Binormal{0}.AUC(), 0)
	assert.InDelta(t, StdNormalSurvival(3), b.FPR(3), 0)
	assert.InDelta(t, StdNormalSurvival(0.5), b.TPR(3), 0)
	assert.Equal(t, 1.0, b.FPR(math.Inf(-1)))
	assert.Equal(t, 0.0, b.TPR(math.Inf(1)))

	// The optimal threshold is where the likelihood ratio equals ((1−π)/π)·k.
	for _, tc := range []struct{ pi, k float64 }{{0.001, 0.08}, {0.01, 0.08}, {0.3, 1}, {0.5, 1}} {
		ts := b.OptimalThreshold(tc.pi, tc.k)
		assert.InEpsilon(t, (1-tc.pi)/tc.pi*tc.k, b.LikelihoodRatio(ts), 1e-12, "%+v", tc)
	}
	assert.InDelta(t, 1.25, b.OptimalThreshold(0.5, 1), 1e-15, "equal priors and costs: midpoint d′/2")
	// Ten times more fraud lowers the threshold by ln(10·(1−π)/(1−10π))/d′ ≈ ln 10/d′ ≈ 0.92σ.
	drop := b.OptimalThreshold(0.001, 0.08) - b.OptimalThreshold(0.01, 0.08)
	assert.InDelta(t, math.Log(10*0.999/0.99)/2.5, drop, 1e-12)
	assert.InDelta(t, math.Log(10)/2.5, drop, 0.01)
	assert.True(t, math.IsNaN(Binormal{0}.OptimalThreshold(0.1, 1)))
	assert.True(t, math.IsNaN(b.OptimalThreshold(0, 1)))
	assert.True(t, math.IsNaN(b.OptimalThreshold(0.1, 0)))
}

func TestStepUp(t *testing.T) {
	b := Binormal{DPrime: 2.5}
	g, f := b.StepUp(3, 0, 0.85, 0.05)
	assert.Equal(t, 0.0, g.Challenged, "band 0 is step-up off")
	assert.InDelta(t, b.FPR(3), g.Declined, 1e-15)
	assert.InDelta(t, 1-b.FPR(3), g.Approved, 1e-15)
	assert.InDelta(t, 1-b.TPR(3), f.Approved, 1e-15)

	g, f = b.StepUp(3, 1, 0.85, 0.05)
	for _, s := range []StepUpShares{g, f} {
		assert.InDelta(t, 1, s.Declined+s.Challenged+s.Passed, 1e-15)
	}
	assert.InDelta(t, StdNormalCDF(3)-StdNormalCDF(2), g.Challenged, 1e-15)
	assert.InDelta(t, StdNormalCDF(0.5)-StdNormalCDF(-0.5), f.Challenged, 1e-15)
	assert.InDelta(t, StdNormalCDF(2)+0.85*g.Challenged, g.Approved, 1e-15)
	assert.InDelta(t, StdNormalCDF(-0.5)+0.05*f.Challenged, f.Approved, 1e-15)
	// A wider band stops more fraud and approves fewer genuine customers.
	g2, f2 := b.StepUp(3, 2, 0.85, 0.05)
	assert.Less(t, f2.Approved, f.Approved)
	assert.Less(t, g2.Approved, g.Approved)
	// Far in the upper tail the challenged share keeps its precision.
	g, _ = b.StepUp(12, 1, 0.85, 0.05)
	assert.InEpsilon(t, StdNormalSurvival(11)-StdNormalSurvival(12), g.Challenged, 1e-12)
	g, _ = b.StepUp(3, -1, 0.85, 0.05)
	assert.True(t, math.IsNaN(g.Approved))
}

func TestFraudBasisPoints(t *testing.T) {
	assert.InDelta(t, 0.0, FraudBasisPoints(0, 1, 1, 1.5), 0)
	assert.InDelta(t, 1e4, FraudBasisPoints(1, 1, 1, 1.5), 0)
	// Nothing filtered, 1 % fraud of equal size: 100 bp.
	assert.InDelta(t, 100, FraudBasisPoints(0.01, 1, 1, 1), 1e-10)
	assert.True(t, math.IsNaN(FraudBasisPoints(0.5, 0, 0, 1)), "nothing approved")
	assert.True(t, math.IsNaN(FraudBasisPoints(1.5, 1, 1, 1)))
}

func TestLognormal(t *testing.T) {
	l := LognormalFromMedian(40, 1)
	assert.InDelta(t, math.Log(40), l.Mu, 1e-15)
	assert.InDelta(t, 0.5, l.CDF(40), 1e-15)
	assert.InDelta(t, 40*math.Exp(0.5), l.Mean(), 1e-12)
	assert.InDelta(t, 40.0, l.Median(), 1e-12)
	assert.InDelta(t, l.Mean(), l.PartialExpectation(math.Inf(1)), 1e-12)
	assert.Equal(t, 0.0, l.PartialExpectation(0))
	assert.Equal(t, 0.0, l.CDF(-1))
	fraud := l.Scaled(1.5)
	assert.InDelta(t, 60.0, fraud.Median(), 1e-12)
	assert.InDelta(t, 1.5*l.Mean(), fraud.Mean(), 1e-12)
	// Independent check of E[X; X ≤ L] by integrating x·f(x) in log space:
	// ∫_{−∞}^{ln L} e^y·φ((y − μ)/σ)/σ dy by Simpson's rule.
	for _, limit := range []float64{10, 40, 100, 500} {
		lo, hi := l.Mu-12, math.Log(limit)
		const n = 20000
		h := (hi - lo) / n
		f := func(y float64) float64 {
			z := (y - l.Mu) / l.Sigma
			return math.Exp(y) * math.Exp(-z*z/2) / (math.Sqrt(2*math.Pi) * l.Sigma)
		}
		s := f(lo) + f(hi)
		for i := 1; i < n; i++ {
			w := 2.0
			if i%2 == 1 {
				w = 4
			}
			s += w * f(lo+float64(i)*h)
		}
		assert.InEpsilon(t, s*h/3, l.PartialExpectation(limit), 1e-9, "L=%v", limit)
	}
	assert.True(t, math.IsNaN(Lognormal{0, 0}.CDF(1)))
	assert.True(t, math.IsNaN(LognormalFromMedian(-1, 1).Mean()))
}

func TestCostRate(t *testing.T) {
	assert.Equal(t, 36.0, CostRate(6, 6))
	assert.InDelta(t, 4.0, CostRate(10, 0.40), 1e-15)
	assert.True(t, math.IsNaN(CostRate(-1, 1)))
}
