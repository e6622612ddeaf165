package analytic

import (
	"errors"
	"fmt"
	"math"
)

// MMcD is the M/M/c+D queue (Erlang-A with deterministic patience): Poisson
// arrivals at rate Lambda, c = Servers exponential servers of rate Mu, one
// FIFO queue, and every customer willing to wait at most Patience = D
// seconds; a customer whose wait would exceed D abandons at D and is lost.
// This is the payment switch's slot pool with its 2 s queue timeout. It is
// stable for every load, including overload λ > cμ.
//
// # The exact solution
//
// Following [Baccelli-Hebuterne] and [Zeltyn-Mandelbaum] (the case of
// constant patience), let V be the offered (virtual) waiting time: the wait a customer
// with infinite patience arriving now would have. By PASTA an arrival sees V
// in its stationary law. V = 0 while j < c servers are busy, with
// probabilities π_j = π_0·a^j/j! (a = λ/μ), and on V > 0 it has the density
//
//	f(x) = λ·π_{c−1}·e^{−δx}                  for 0 < x ≤ D,  δ = cμ − λ,
//	f(x) = λ·π_{c−1}·e^{−δD}·e^{−cμ(x−D)}     for x > D.
//
// (Level crossing: V is crossed downward at rate f(x); it is crossed upward
// by arrivals that join, i.e. see V < D, and add an Exp(cμ) increment, which
// gives f′ = (λ − cμ)·f below D and f′ = −cμ·f above it.) Normalising
// Σπ_j + ∫f = 1 with π_{c−1} = B(c−1, a)·Σ_{j<c}π_j (Erlang B — no
// factorials, so c may be in the thousands) gives every result below. When
// δ < 0 (overload) the masses are rescaled by e^{δD} so that nothing
// overflows; δ = 0 uses the linear limit ∫₀^D 1 dx = D.
//
// Customers with V ≤ D are served after waiting V; the others wait D and
// abandon. Hence P(abandon) = P(V > D), the mean wait of all customers is
// E[min(V, D)], and of served ones E[V; V ≤ D]/P(V ≤ D). At D = 0 P(abandon)
// is Erlang B(c, a); as D → ∞ (λ < cμ) P(wait) tends to Erlang C(c, a).
//
// Every method returns NaN when Validate reports an error.
type MMcD struct {
	Servers  int     // c ≥ 1
	Lambda   float64 // arrival rate λ ≥ 0
	Mu       float64 // service rate per server μ > 0
	Patience float64 // D ≥ 0, seconds; +Inf is allowed only when λ < cμ (then M/M/c)
}

// Validate reports why the parameters are not a valid M/M/c+D queue, or nil.
func (q MMcD) Validate() error {
	if err := (MMc{q.Servers, q.Lambda, q.Mu}).Validate(); err != nil {
		return err
	}
	switch {
	case math.IsNaN(q.Patience) || q.Patience < 0:
		return fmt.Errorf("patience must be ≥ 0, got %v", q.Patience)
	case math.IsInf(q.Patience, 1) && q.Lambda >= float64(q.Servers)*q.Mu:
		return fmt.Errorf("infinite patience needs λ < cμ: %w", ErrUnstable)
	}
	return nil
}

// mmcdState holds the (rescaled) masses of the offered-wait distribution.
type mmcdState struct {
	w      float64 // λ·π_{c−1}/Σ_{j<c}π_j = λ·B(c−1, a)
	m0     float64 // Σ_{j<c} π_j, rescaled
	i1     float64 // ∫₀^D e^{−δx} dx, rescaled
	m2     float64 // e^{−δD}/(cμ), rescaled
	first  float64 // ∫₀^D x·e^{−δx} dx, rescaled
	total  float64 // m0 + w·(i1 + m2)
	delta  float64 // cμ − λ
	cmu    float64
	scaled bool // masses multiplied by e^{δD} (δ < 0)
}

func (q MMcD) state() (mmcdState, bool) {
	if q.Validate() != nil {
		return mmcdState{}, false
	}
	c := q.Servers
	a := q.Lambda / q.Mu
	bPrev := ErlangB(c-1, a)
	s := mmcdState{w: q.Lambda * bPrev, cmu: float64(c) * q.Mu}
	s.delta = s.cmu - q.Lambda
	d := q.Patience
	switch {
	case math.IsInf(d, 1): // stable M/M/c
		s.m0, s.i1, s.m2, s.first = 1, 1/s.delta, 0, 1/(s.delta*s.delta)
	case s.delta >= 0:
		y := s.delta * d
		s.m0 = 1
		s.i1 = d * expIntegral(y)
		s.m2 = math.Exp(-y) / s.cmu
		s.first = d * d * expMoment(y)
		if y > 1 { // the same value without overflowing d² for huge D
			s.first = (-math.Expm1(-y) - y*math.Exp(-y)) / (s.delta * s.delta)
		}
	default: // overload: multiply every mass by e^{δD} = e^{−uD}
		y := -s.delta * d
		g := expIntegral(y)
		s.scaled = true
		s.m0 = math.Exp(-y)
		s.i1 = d * g
		s.m2 = 1 / s.cmu
		s.first = d * d * (g - expMoment(y))
	}
	s.total = s.m0 + s.w*(s.i1+s.m2)
	return s, true
}

// ProbWait returns P(V > 0): the probability that an arrival finds all c
// servers busy (and so waits, or abandons).
func (q MMcD) ProbWait() float64 {
	s, ok := q.state()
	if !ok {
		return math.NaN()
	}
	return clamp01(s.w * (s.i1 + s.m2) / s.total)
}

// ProbAbandon returns P(V > D): the share of arrivals that give up after
// waiting D. At D = 0 it equals ErlangB(c, a).
func (q MMcD) ProbAbandon() float64 {
	s, ok := q.state()
	if !ok {
		return math.NaN()
	}
	return clamp01(s.w * s.m2 / s.total)
}

// MeanWait returns E[min(V, D)], the mean time in queue over all arrivals,
// served or abandoning.
func (q MMcD) MeanWait() float64 {
	s, ok := q.state()
	if !ok {
		return math.NaN()
	}
	w := s.w * s.first / s.total
	if pa := s.w * s.m2 / s.total; pa > 0 {
		w += q.Patience * pa
	}
	return w
}

// MeanWaitServed returns E[V | V ≤ D] = E[V; V ≤ D]/P(V ≤ D), the mean wait
// of the customers who are served (those who do not wait at all included).
// Returns NaN if no customer is served (P(V ≤ D) = 0 cannot happen for finite
// parameters, so this is only the invalid-input NaN).
func (q MMcD) MeanWaitServed() float64 {
	s, ok := q.state()
	if !ok {
		return math.NaN()
	}
	served := (s.m0 + s.w*s.i1) / s.total
	return s.w * s.first / s.total / served
}

// Throughput returns λ·(1 − P(abandon)), the rate of served customers.
func (q MMcD) Throughput() float64 { return q.Lambda * (1 - q.ProbAbandon()) }

// Utilization returns the mean share of busy servers, throughput/(cμ) (every
// served customer holds a server for 1/μ on average; abandoning customers
// hold none).
func (q MMcD) Utilization() float64 {
	return clamp01(q.Throughput() / (float64(q.Servers) * q.Mu))
}

// MeanQueueLength returns λ·E[min(V, D)], the mean number waiting (Little's
// law over all arrivals, since abandoning customers wait D in the queue).
func (q MMcD) MeanQueueLength() float64 { return q.Lambda * q.MeanWait() }

// ProbOfferedWaitExceeds returns P(V > t), the tail of the offered wait:
// P(wait) at t = 0, P(abandon) at t = D, and P(abandon)·e^{−cμ(t−D)} beyond
// D. The probability that a customer actually waits longer than t < D is the
// same number. Returns NaN for t < 0 or NaN.
func (q MMcD) ProbOfferedWaitExceeds(t float64) float64 {
	s, ok := q.state()
	if !ok || math.IsNaN(t) || t < 0 {
		return math.NaN()
	}
	d := q.Patience
	if t > d {
		return clamp01(s.w * s.m2 / s.total * math.Exp(-s.cmu*(t-d)))
	}
	var tail float64 // ∫_t^D e^{−δx} dx, rescaled like the other masses
	switch {
	case math.IsInf(d, 1):
		tail = math.Exp(-s.delta*t) / s.delta
	case s.scaled:
		tail = (d - t) * expIntegral(-s.delta*(d-t))
	default:
		tail = (d - t) * math.Exp(-s.delta*t) * expIntegral(s.delta*(d-t))
	}
	return clamp01(s.w * (tail + s.m2) / s.total)
}

// ErlangA is the M/M/c+M queue (Erlang-A, [Garnett]): Poisson arrivals at
// rate Lambda, c = Servers exponential servers of rate Mu, a FIFO queue, and
// exponentially distributed patience with rate Theta (mean patience 1/θ).
// The number in system is a birth–death chain with birth rate λ and death
// rate jμ for j ≤ c and cμ + (j − c)·θ above c; it is stable for every load
// when θ > 0. With θ = 0 it is the M/M/c queue (stable only for λ < cμ).
//
// The stationary law up to c is the Erlang loss law (through ErlangB, so
// large c is fine); above c the terms Π_{i=1}^{k} λ/(cμ + iθ) are summed
// with running rescaling (no overflow) until the remainder, bounded by a
// geometric series once the ratio drops below 1, is below ErlangATolerance
// of the sum. Summing more than ErlangAMaxTerms terms (that is,
// (λ − cμ)/θ beyond about 10⁷) is refused with ErrNotConverged.
//
// Every method returns NaN when Validate reports an error.
type ErlangA struct {
	Servers int     // c ≥ 1
	Lambda  float64 // arrival rate λ ≥ 0
	Mu      float64 // service rate per server μ > 0
	Theta   float64 // abandonment rate θ ≥ 0 (1/mean patience)
}

// ErlangATolerance is the relative truncation error of the ErlangA sums.
const ErlangATolerance = 1e-15

// ErlangAMaxTerms bounds the number of terms ErlangA sums.
const ErlangAMaxTerms = 10_000_000

// ErrNotConverged is returned when a series would need too many terms.
var ErrNotConverged = errors.New("series did not converge within the term limit")

type erlangAState struct {
	pWait float64 // P(j ≥ c)
	meanQ float64 // E[j − c | j ≥ c]
}

// Validate reports why the parameters are not a valid, computable Erlang-A
// queue, or nil. It runs the series, so it costs as much as one method call.
func (q ErlangA) Validate() error {
	_, err := q.solve()
	return err
}

func (q ErlangA) solve() (erlangAState, error) {
	if err := (MMc{q.Servers, q.Lambda, q.Mu}).Validate(); err != nil {
		return erlangAState{}, err
	}
	if !nonneg(q.Theta) {
		return erlangAState{}, fmt.Errorf("abandonment rate must be a finite number ≥ 0, got %v", q.Theta)
	}
	if q.Lambda == 0 {
		return erlangAState{}, nil
	}
	c := q.Servers
	cmu := float64(c) * q.Mu
	a := q.Lambda / q.Mu
	b := ErlangB(c, a)
	var r, qs float64 // Σ_k term_k and Σ_k k·term_k, term_0 = 1, both ×e^{−lnScale}
	lnScale := 0.0
	if q.Theta == 0 {
		if q.Lambda >= cmu {
			return erlangAState{}, ErrUnstable
		}
		rho := q.Lambda / cmu
		r, qs = 1/(1-rho), rho/((1-rho)*(1-rho))
	} else {
		term := 1.0
		r = 1
		converged := false
		for k := 1; k <= ErlangAMaxTerms; k++ {
			term *= q.Lambda / (cmu + float64(k)*q.Theta)
			r += term
			qs += float64(k) * term
			if r > 1e250 {
				term, r, qs = term*1e-250, r*1e-250, qs*1e-250
				lnScale += 250 * math.Ln10
			}
			next := q.Lambda / (cmu + float64(k+1)*q.Theta)
			if next < 1 {
				remR := term * next / (1 - next)
				remQ := term * (float64(k)*next/(1-next) + next/((1-next)*(1-next)))
				if remR <= ErlangATolerance*r && remQ <= ErlangATolerance*qs {
					converged = true
					break
				}
			}
			if term == 0 {
				converged = true
				break
			}
		}
		if !converged {
			return erlangAState{}, ErrNotConverged
		}
	}
	lnR := math.Log(r) + lnScale
	s := erlangAState{meanQ: qs / r}
	s.pWait = 1 / (1 + (1-b)*math.Exp(-math.Log(b)-lnR))
	return s, nil
}

// ProbWait returns P(j ≥ c): the probability that an arrival has to wait.
func (q ErlangA) ProbWait() float64 {
	s, err := q.solve()
	if err != nil {
		return math.NaN()
	}
	return clamp01(s.pWait)
}

// MeanQueueLength returns Lq = E[max(j − c, 0)].
func (q ErlangA) MeanQueueLength() float64 {
	s, err := q.solve()
	if err != nil {
		return math.NaN()
	}
	return s.pWait * s.meanQ
}

// ProbAbandon returns the share of arrivals that abandon, θ·Lq/λ (the rate
// of abandonment over the rate of arrival); 0 when λ = 0.
func (q ErlangA) ProbAbandon() float64 {
	lq := q.MeanQueueLength()
	if q.Lambda == 0 || math.IsNaN(lq) {
		return lq
	}
	return clamp01(q.Theta * lq / q.Lambda)
}

// MeanWait returns the mean time in queue over all arrivals, Lq/λ (Little's
// law); 0 when λ = 0.
func (q ErlangA) MeanWait() float64 {
	lq := q.MeanQueueLength()
	if q.Lambda == 0 || math.IsNaN(lq) {
		return lq
	}
	return lq / q.Lambda
}

// Throughput returns λ·(1 − P(abandon)), the rate of served customers.
func (q ErlangA) Throughput() float64 { return q.Lambda * (1 - q.ProbAbandon()) }
