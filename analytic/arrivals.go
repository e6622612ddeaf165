package analytic

import (
	"math"
)

// Arrival processes beyond renewal ones, as NetClass carries them, and the
// formulas that hold for them: the batch-Poisson single server M^X/G/1,
// and the infinite-server station under any (time-varying) Poisson input.

// MAP is a Markovian arrival process: D0 the phase rates without an
// arrival (diagonal negative), D1 those with one, per second.
type MAP struct{ D0, D1 [][]float64 }

// Varying is a piecewise-constant Poisson rate: Rates[k] per second from
// At[k] s until At[k+1] (the last for ever, or until Period when Period
// > 0, after which the pattern repeats). At[0] = 0.
type Varying struct {
	At, Rates []float64
	Period    float64
}

// Mean returns the long-run rate: the average over a period, or the last
// rate when there is no period.
func (v *Varying) Mean() float64 {
	if v.Period <= 0 {
		return v.Rates[len(v.Rates)-1]
	}
	sum := 0.0
	for k, r := range v.Rates {
		end := v.Period
		if k+1 < len(v.At) {
			end = v.At[k+1]
		}
		sum += r * (end - v.At[k])
	}
	return sum / v.Period
}

// rate returns λ(t) for any real t (before 0 the periodic pattern is
// extended backwards; without a period the rate before 0 is the first).
func (v *Varying) rate(t float64) float64 {
	if v.Period > 0 {
		t -= math.Floor(t/v.Period) * v.Period
	}
	k := 0
	for k+1 < len(v.At) && v.At[k+1] <= t {
		k++
	}
	return v.Rates[k]
}

// Batch is the law of the number X ≥ 1 of customers one arrival event
// brings, by its first two moments (and its law where it is finite, for
// an exact chain: PMF[k-1] = P(X = k); nil for an unbounded law such as
// the geometric).
type Batch struct {
	Mean, SecondMoment float64
	PMF                []float64
}

// MethodBatchPK names the M^X/G/1 mean-value formula.
const MethodBatchPK = "M^X/G/1 (batch Pollaczek-Khinchine)"

// MethodInfiniteServer names the infinite-server (M_t/G/∞) mean.
const MethodInfiniteServer = "M_t/G/∞ (infinite server)"

// BatchMG1Wait returns the mean wait in queue of a customer of an M^X/G/1
// FCFS queue: batches arrive as a Poisson process of rate lambda, each of
// X customers (E[X] = ex, E[X²] = ex2) served one at a time, service S
// with mean es and second moment es2; ρ = λ·E[X]·E[S] < 1. The wait is
// that of the batch's first customer — the Pollaczek–Khinchine wait of a
// "super-customer" whose service is the batch's total work B, E[B] =
// E[X]E[S], E[B²] = E[X]·Var S + E[X²]·E[S]² — plus the work of those
// ahead of it in its own batch, E[X(X−1)]/(2E[X])·E[S] (Burke 1975; Gross,
// Shortle, Thompson & Harris 2008, §3.1 for exponential service, where it
// gives L = ρ/(1−ρ)·(E[X²]+E[X])/(2E[X])). Exact; +Inf when ρ ≥ 1.
func BatchMG1Wait(lambda, ex, ex2, es, es2 float64) float64 {
	rho := lambda * ex * es
	if rho >= 1 {
		return math.Inf(1)
	}
	eb2 := ex*(es2-es*es) + ex2*es*es
	return lambda*eb2/(2*(1-rho)) + (ex2-ex)/(2*ex)*es
}

// InfiniteServerMean returns the expected number in an infinite-server
// station at time t whose arrivals are a Poisson process of rate v (from
// time −∞, the pattern extended backwards) and whose service times have
// mean es and survival function surv (P(S > u)): m(t) = ∫₀^∞ λ(t−u)·P(S >
// u) du = E[λ(t − Sₑ)]·E[S], Sₑ the stationary-excess time of S (Eick,
// Massey & Whitt 1993, Theorem 1). It integrates numerically (composite
// Simpson, steps splitting every rate change) up to where surv falls
// below 1e-12, or 60 mean service times. Averaged over a period, m(t) is
// λ̄·E[S] for any service law.
func InfiniteServerMean(v *Varying, es float64, surv func(u float64) float64, t float64) float64 {
	horizon := 60 * es
	for horizon > es && surv(horizon/2) < 1e-12 {
		horizon /= 2
	}
	// Cut [0, horizon] at every u where t−u is a rate change, so that
	// each piece integrates a smooth function.
	cuts := []float64{0}
	for base := 0.0; ; base -= v.Period {
		added := false
		for k := len(v.At) - 1; k >= 0; k-- {
			u := t - (base + v.At[k])
			if u > 0 && u < horizon {
				cuts = append(cuts, u)
				added = true
			}
		}
		if v.Period <= 0 || (!added && t-base > horizon) {
			break
		}
	}
	cuts = append(cuts, horizon)
	sortFloats(cuts)
	sum := 0.0
	for k := 0; k+1 < len(cuts); k++ {
		a, b := cuts[k], cuts[k+1]
		if b <= a {
			continue
		}
		lam := v.rate(t - (a+b)/2)
		sum += lam * simpson(surv, a, b, 64)
	}
	return sum
}

func simpson(f func(float64) float64, a, b float64, n int) float64 {
	h := (b - a) / float64(n)
	s := f(a) + f(b)
	for i := 1; i < n; i++ {
		w := 2.0
		if i%2 == 1 {
			w = 4
		}
		s += w * f(a+float64(i)*h)
	}
	return s * h / 3
}

func sortFloats(xs []float64) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// renewal reports whether class c arrives as a renewal process of single
// customers (what every other formula assumes).
func (c NetClass) renewal() bool { return c.MAP == nil && c.Varying == nil && c.Batch == nil }

// solveNonRenewal is SolveNetwork's open-network case when some class
// arrives as a MAP, with a time-varying rate or in batches. What stays
// exact: the traffic equations (long-run throughputs and utilisations,
// any arrival process), every delay station's per-visit response E[S]
// and its mean number λ̄·E[S] (Little's law; for time-varying Poisson
// input the period average of Eick–Massey–Whitt's m(t)), and a single
// FCFS one-server station with batch-Poisson arrivals (M^X/G/1). The
// exact CTMC may add more (MAP arrivals) where it is connected.
func (s *netSolver) solveNonRenewal(lam []float64) {
	for i := range s.n.Stations {
		if s.limited(i) {
			return // losses change the flows: nothing is exact
		}
	}
	s.emitTraffic(lam)
	method := MethodInfiniteServer
	for i, st := range s.n.Stations {
		thr, _ := s.classLoads(i, lam)
		switch {
		case st.delay():
			perf := stationPerf{resp: append([]float64(nil), st.Mean...), wait: make([]float64, s.r), method: MethodInfiniteServer, exact: true}
			s.emitStation(i, thr, perf, false)
		case s.singleStation() && s.r == 1 && st.Servers == 1 && st.Discipline == FCFS:
			c := s.n.Classes[0]
			if c.Batch == nil || c.MAP != nil || c.Varying != nil || c.ArrivalSCV != 1 || (c.ArrivalLaw.Name != "" && c.ArrivalLaw.Name != "exp") || math.IsInf(st.scv(0), 1) {
				continue
			}
			es := st.Mean[0]
			es2 := es * es * (1 + st.scv(0))
			w := BatchMG1Wait(c.Rate/c.Batch.Mean, c.Batch.Mean, c.Batch.SecondMoment, es, es2)
			perf := stationPerf{resp: []float64{w + es}, wait: []float64{w}, method: MethodBatchPK, exact: true}
			s.emitStation(i, thr, perf, false)
			method = MethodBatchPK
		}
	}
	s.emitOpenNetwork(method, true) // for the classes whose every visit is known
}
