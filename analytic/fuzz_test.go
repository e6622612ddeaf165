package analytic

import (
	"math"
	"testing"
)

// checkProb fails the fuzz run when p is not a probability; NaN is allowed
// only when the input was declared invalid.
func checkProb(t *testing.T, name string, p float64, valid bool) {
	t.Helper()
	if math.IsNaN(p) {
		if valid {
			t.Fatalf("%s: NaN for valid input", name)
		}
		return
	}
	if p < 0 || p > 1 {
		t.Fatalf("%s = %v, outside [0, 1]", name, p)
	}
}

// boundServers keeps fuzzed server counts where one call costs milliseconds.
func boundServers(n int) int {
	if n < -1 {
		n = -1 - (-n % 200_000)
	}
	return n % 200_000
}

func FuzzErlang(f *testing.F) {
	f.Add(10, 10.0)
	f.Add(0, 0.0)
	f.Add(100000, 99999.999)
	f.Add(1, 1e300)
	f.Fuzz(func(t *testing.T, n int, a float64) {
		n = boundServers(n)
		valid := n >= 0 && nonneg(a)
		checkProb(t, "ErlangB", ErlangB(n, a), valid)
		checkProb(t, "ErlangC", ErlangC(n, a), valid && n >= 1)
	})
}

func FuzzMMc(f *testing.F) {
	f.Add(10, 8.0, 1.0, 0.5, 0.99)
	f.Add(1, 0.0, 1e-300, 0.0, 0.0)
	f.Add(2, 1.0, 1.0, 3.0, 1.0)
	f.Fuzz(func(t *testing.T, n int, lambda, mu, x, p float64) {
		q := MMc{boundServers(n), lambda, mu}
		valid := q.Validate() == nil
		checkProb(t, "ProbWait", q.ProbWait(), valid)
		checkProb(t, "ProbWaitExceeds", q.ProbWaitExceeds(x), valid && x >= 0)
		checkProb(t, "ResponseTimeSurvival", q.ResponseTimeSurvival(x), valid && !math.IsNaN(x))
		if valid && q.Stable() && isProb(p) && p < 1 {
			for _, v := range []float64{q.MeanWait(), q.MeanNumberInSystem(), q.ResponseTimeQuantile(p), q.ResponseTimeQuantileApprox(p)} {
				if math.IsNaN(v) || v < 0 {
					t.Fatalf("stable %+v gave %v", q, v)
				}
			}
		}
	})
}

func FuzzMMcK(f *testing.F) {
	f.Add(3, 10, 2.0, 1.0)
	f.Add(1000, 1000000, 2000.0, 1.0)
	f.Add(1, 1, 0.0, 1.0)
	f.Fuzz(func(t *testing.T, c, k int, lambda, mu float64) {
		q := MMcK{boundServers(c), k % 10_000_000, lambda, mu}
		valid := q.Validate() == nil
		checkProb(t, "ProbBlock", q.ProbBlock(), valid)
		checkProb(t, "ProbWait", q.ProbWait(), valid)
		checkProb(t, "Utilization", q.Utilization(), valid)
		if l := q.MeanNumberInSystem(); valid && (math.IsNaN(l) || l < 0 || l > float64(q.Capacity)*(1+1e-9)) {
			t.Fatalf("%+v: L = %v", q, l)
		}
	})
}

func FuzzMMcD(f *testing.F) {
	f.Add(10, 8.0, 1.0, 2.0, 0.5)
	f.Add(192, 800.0, 3.0, 2.0, 3.0)
	f.Add(1, 1.0, 1.0, 0.0, 0.0)
	f.Add(5000, 5000.0, 1.0, 1e9, 1.0)
	f.Fuzz(func(t *testing.T, n int, lambda, mu, d, x float64) {
		q := MMcD{boundServers(n), lambda, mu, d}
		valid := q.Validate() == nil
		checkProb(t, "ProbWait", q.ProbWait(), valid)
		checkProb(t, "ProbAbandon", q.ProbAbandon(), valid)
		checkProb(t, "Utilization", q.Utilization(), valid)
		checkProb(t, "ProbOfferedWaitExceeds", q.ProbOfferedWaitExceeds(x), valid && x >= 0)
		if valid {
			for _, v := range []float64{q.MeanWait(), q.MeanWaitServed()} {
				if math.IsNaN(v) || v < 0 || v > d*(1+1e-9) {
					t.Fatalf("%+v: mean wait %v", q, v)
				}
			}
		}
	})
}

func FuzzErlangA(f *testing.F) {
	f.Add(10, 8.0, 1.0, 0.5)
	f.Add(2000, 4000.0, 1.0, 0.01)
	f.Add(1, 1.0, 1.0, 0.0)
	f.Fuzz(func(t *testing.T, n int, lambda, mu, theta float64) {
		q := ErlangA{boundServers(n) % 20_000, lambda, mu, theta}
		// Bound the series length so that one call stays fast.
		if theta > 0 && (lambda-float64(q.Servers)*mu)/theta > 1e5 {
			return
		}
		valid := q.Validate() == nil
		checkProb(t, "ProbWait", q.ProbWait(), valid)
		checkProb(t, "ProbAbandon", q.ProbAbandon(), valid)
	})
}

func FuzzSwitchFormulas(f *testing.F) {
	f.Add(0.25, 8.0, 0.75, 2.5, 3.0, 1.0, 0.001, 40.0)
	f.Add(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
	f.Fuzz(func(t *testing.T, m, timeout, share, dprime, thr, band, pi, limit float64) {
		checkProb(t, "TimeoutProb", TimeoutProb(m, timeout), nonneg(m) && timeout >= 0)
		checkProb(t, "TimeoutShare", TimeoutShare(timeout, []IssuerGroup{{share, m}}), nonneg(m) && timeout >= 0 && isProb(share))
		if h := TimeoutHeldMean(m, timeout); !math.IsNaN(h) && (h < 0 || h > m) {
			t.Fatalf("held %v outside [0, m]", h)
		}
		b := Binormal{dprime}
		okT := finite(dprime) && !math.IsNaN(thr)
		checkProb(t, "FPR", b.FPR(thr), okT)
		checkProb(t, "TPR", b.TPR(thr), okT)
		checkProb(t, "AUC", b.AUC(), finite(dprime))
		g, fr := b.StepUp(thr, band, pi, share)
		for _, s := range []StepUpShares{g, fr} {
			for _, p := range []float64{s.Declined, s.Challenged, s.Passed, s.Approved} {
				checkProb(t, "StepUp", p, okT && band >= 0 && isProb(pi) && isProb(share))
			}
		}
		l := Lognormal{dprime, band}
		checkProb(t, "Lognormal.CDF", l.CDF(limit), finite(dprime) && positive(band) && !math.IsNaN(limit))
		if bp := FraudBasisPoints(pi, share, share, m); !math.IsNaN(bp) && (bp < 0 || bp > 1e4) {
			t.Fatalf("bp %v", bp)
		}
	})
}

func FuzzWebFormulas(f *testing.F) {
	f.Add(1125.0, 60.0, 1.0, 0.2, 3.0, 0.999)
	f.Add(0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
	f.Fuzz(func(t *testing.T, lambda, ttl, warm, s, q, slo float64) {
		checkProb(t, "TTLHitRatio", TTLHitRatio(lambda, ttl, warm), nonneg(lambda) && nonneg(ttl) && isProb(warm))
		checkProb(t, "ZipfTTLHitRatio", ZipfTTLHitRatio(lambda, ttl, warm, 50, s), nonneg(lambda) && nonneg(ttl) && isProb(warm) && nonneg(s))
		if qt := DBQueryTime(0.005, lambda, 4000, 0.25); !math.IsNaN(qt) && (qt < 0.005 || qt > 0.25) {
			t.Fatalf("query time %v", qt)
		}
		checkProb(t, "ErrorBudget", ErrorBudget(slo), slo >= 0 && slo < 1)
		if n, err := DesiredInstances(int(q)%1000, warm, slo, 40); err == nil && (n < 0 || n > 40) {
			t.Fatalf("desired %d", n)
		}
	})
}
