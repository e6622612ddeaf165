package analytic

import (
	"math"
	"strings"

	"queuelab/des/queueing"
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
// mean es and survival function surv (P(S > u)), which may jump only at
// the points jumps (e.g. {d} for a deterministic d): m(t) = ∫₀^∞ λ(t−u)·P(S >
// u) du = E[λ(t − Sₑ)]·E[S], Sₑ the stationary-excess time of S (Eick,
// Massey & Whitt 1993, Theorem 1). It integrates numerically (composite
// Gauss–Legendre, pieces split at every rate change and jump) up to where surv falls
// below 1e-12, or 60 mean service times. Averaged over a period, m(t) is
// λ̄·E[S] for any service law.
func InfiniteServerMean(v *Varying, es float64, surv func(u float64) float64, jumps []float64, t float64) float64 {
	horizon := 60 * es
	for _, j := range jumps {
		horizon = max(horizon, 2*j)
	}
	for horizon > 2*es && surv(horizon/2) < 1e-12 {
		horizon /= 2
	}
	// Cut [0, horizon] at every u where t−u is a rate change, and at the
	// jumps, so that each piece integrates a smooth function.
	cuts := []float64{0, horizon}
	for _, j := range jumps {
		if j > 0 && j < horizon {
			cuts = append(cuts, j)
		}
	}
	base := 0.0
	if v.Period > 0 {
		base = math.Floor(t/v.Period) * v.Period
	}
	for ; t-base < horizon+v.Period; base -= v.Period {
		for _, at := range v.At {
			if u := t - (base + at); u > 0 && u < horizon {
				cuts = append(cuts, u)
			}
		}
		if v.Period <= 0 {
			break
		}
	}
	sortFloats(cuts)
	sum := 0.0
	for k := 0; k+1 < len(cuts); k++ {
		a, b := cuts[k], cuts[k+1]
		if b <= a {
			continue
		}
		lam := v.rate(t - (a+b)/2)
		sum += lam * gaussLegendre(surv, a, b, 32)
	}
	return sum
}

// gaussLegendre integrates f over [a, b] by the 5-point Gauss–Legendre
// rule on n equal subintervals; it never evaluates f at a or b, so a jump
// there (a deterministic law's survival) does not matter.
func gaussLegendre(f func(float64) float64, a, b float64, n int) float64 {
	x := [5]float64{-0.9061798459386640, -0.5384693101056831, 0, 0.5384693101056831, 0.9061798459386640}
	w := [5]float64{0.2369268850561891, 0.4786286704993665, 0.5688888888888889, 0.4786286704993665, 0.2369268850561891}
	h := (b - a) / float64(n)
	sum := 0.0
	for k := 0; k < n; k++ {
		mid := a + (float64(k)+0.5)*h
		for q := range x {
			sum += w[q] * f(mid+x[q]*h/2)
		}
	}
	return sum * h / 2
}

func sortFloats(xs []float64) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// poissonEvents reports whether a batch class's events are Poisson: its
// law is named "exp+batch" (or nothing, read as Poisson).
func poissonEvents(law string) bool {
	law = strings.TrimSuffix(law, "+batch")
	return law == "" || law == "exp"
}

// renewal reports whether class c arrives as a renewal process of single
// customers (what every other formula assumes).
func (c NetClass) renewal() bool { return c.MAP == nil && c.Varying == nil && c.Batch == nil }

// solveNonRenewal is SolveNetwork's open-network case when some class
// arrives as a MAP, with a time-varying rate or in batches. What stays
// exact: the traffic equations (long-run throughputs and utilisations,
// any arrival process), every delay station's per-visit response E[S]
// and its mean number λ̄·E[S] (Little's law; for time-varying Poisson
// input the period average of Eick–Massey–Whitt's m(t)), a FCFS or SIRO
// station that only external Poisson classes reach (Erlang C,
// Pollaczek–Khinchine), and a single
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
		thr, a := s.classLoads(i, lam)
		if perf, ok := s.poissonStationPerf(i, thr, a); ok {
			s.emitStation(i, thr, perf, false) // only Poisson classes come here
			continue
		}
		switch {
		case st.delay():
			perf := stationPerf{resp: append([]float64(nil), st.Mean...), wait: make([]float64, s.r), method: MethodInfiniteServer, exact: true}
			s.emitStation(i, thr, perf, false)
		case s.singleStation() && s.r == 1 && st.Servers == 1 && st.Discipline == queueing.FCFS:
			c := s.n.Classes[0]
			if c.Batch == nil || c.MAP != nil || c.Varying != nil || c.ArrivalSCV != 1 || !poissonEvents(c.ArrivalLaw.Name) || math.IsInf(st.scv(0), 1) {
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
