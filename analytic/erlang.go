package analytic

import (
	"errors"
	"fmt"
	"math"
)

// ErlangB returns the Erlang B (Erlang loss) probability B(N, a): the share of
// arrivals blocked in an M/M/N/N loss system offered a erlangs (a = λ/μ, any
// real a ≥ 0, not only integers), which is also the probability that all N
// servers are busy.
//
// It uses the recursion B(0) = 1, B(k) = a·B(k−1) / (k + a·B(k−1)), which
// never forms a^N or N! and so neither overflows nor loses precision for N up
// to 10⁵ and beyond, for loads far below, near or above N. The cost is O(N).
// Source: [Harchol-Balter] ch. 14 (M/M/k/k); the recursion is the standard
// one, see [Jagerman].
//
// Returns NaN if servers < 0 or load is negative, NaN or infinite.
func ErlangB(servers int, load float64) float64 {
	if servers < 0 || !nonneg(load) {
		return math.NaN()
	}
	_, b := erlangBPair(servers, load)
	return b
}

// erlangBPair returns B(n−1, a) and B(n, a) (with B(−1, a) reported as 1).
func erlangBPair(n int, a float64) (prev, cur float64) {
	prev, cur = 1, 1
	for k := 1; k <= n; k++ {
		prev = cur
		cur = a * prev / (float64(k) + a*prev)
	}
	return prev, cur
}

// carriedLoad returns the mean number of busy servers of the Erlang loss
// system with k servers, a·(1 − B(k, a)), in the cancellation-free form
// a·k / (k + a·B(k−1, a)). It is also the mean of a Poisson(a) variable
// truncated to {0, …, k}.
func carriedLoad(k int, a float64) float64 {
	if k <= 0 {
		return 0
	}
	_, prev := erlangBPair(k-1, a)
	return a * float64(k) / (float64(k) + a*prev)
}

// ErlangC returns the Erlang C probability C(N, a) that an arrival to an
// M/M/N queue offered a = λ/μ erlangs has to wait, computed from Erlang B as
//
//	C = N·B / (N − a·(1 − B)),  B = ErlangB(N, a),
//
// which is exact and stable for the same range as ErlangB. Source:
// [Harchol-Balter] ch. 14 (C = B / (1 − ρ(1 − B)) with ρ = a/N).
//
// The formula needs a < N (a stable queue). For a ≥ N every arrival
// eventually finds all servers busy and ErlangC returns 1. Returns NaN if
// servers < 1 or load is negative, NaN or infinite.
func ErlangC(servers int, load float64) float64 {
	if servers < 1 || !nonneg(load) {
		return math.NaN()
	}
	n := float64(servers)
	if load >= n {
		return 1
	}
	b := ErlangB(servers, load)
	return clamp01(n * b / (n - load*(1-b)))
}

// MMc is the M/M/c queue: Poisson arrivals at rate Lambda, c = Servers
// identical servers with exponential service times of rate Mu (mean service
// time S = 1/Mu), one FIFO queue of unlimited length and no abandonment.
// Source: [Harchol-Balter] ch. 14; [Kleinrock] ch. 3.
//
// The queue is stable when the offered load a = λ/μ is below c. For an
// unstable queue (a ≥ c) the probabilities of waiting are 1 and the mean
// queue quantities are +Inf. Every method returns NaN when Validate reports
// an error.
type MMc struct {
	Servers int     // c ≥ 1
	Lambda  float64 // arrival rate λ ≥ 0, per second
	Mu      float64 // service rate per server μ > 0, per second (1/mean service time)
}

// Validate reports why the parameters are not a valid M/M/c queue, or nil.
// An unstable queue (a ≥ c) is valid; see Stable.
func (q MMc) Validate() error {
	switch {
	case q.Servers < 1:
		return fmt.Errorf("servers must be ≥ 1, got %d", q.Servers)
	case !nonneg(q.Lambda):
		return fmt.Errorf("arrival rate must be a finite number ≥ 0, got %v", q.Lambda)
	case !positive(q.Mu):
		return fmt.Errorf("service rate must be a finite number > 0, got %v", q.Mu)
	case !finite(q.Lambda / q.Mu):
		return fmt.Errorf("offered load λ/μ = %v/%v overflows", q.Lambda, q.Mu)
	}
	return nil
}

// ErrUnstable is returned when a result exists only for a stable queue
// (offered load below the number of servers).
var ErrUnstable = errors.New("unstable queue: offered load a = λ/μ is not below the number of servers")

// Load returns the offered load a = λ/μ in erlangs.
func (q MMc) Load() float64 {
	if q.Validate() != nil {
		return math.NaN()
	}
	return q.Lambda / q.Mu
}

// Stable reports whether the offered load is below the number of servers.
func (q MMc) Stable() bool { return q.Validate() == nil && q.Lambda < float64(q.Servers)*q.Mu }

// Utilization returns ρ = a/c = λ/(cμ), the long-run share of busy servers
// (Little's law applied to the servers). For an unstable queue it is the
// offered utilisation and exceeds 1; the servers are then busy all the time.
func (q MMc) Utilization() float64 { return q.Load() / float64(q.Servers) }

// ProbWait returns P(W > 0) = C(c, a), the Erlang C probability that an
// arrival waits; 1 for an unstable queue.
func (q MMc) ProbWait() float64 {
	if q.Validate() != nil {
		return math.NaN()
	}
	return ErlangC(q.Servers, q.Load())
}

// decay returns cμ − λ, the rate of the exponential tail of the wait.
func (q MMc) decay() float64 { return float64(q.Servers)*q.Mu - q.Lambda }

// ProbWaitExceeds returns P(W > t) = C·e^{−(cμ − λ)·t} for t ≥ 0, the
// probability that a FIFO arrival waits longer than t. The wait W has an atom
// 1 − C at 0 and, given W > 0, is exponential with rate cμ − λ
// ([Harchol-Balter] ch. 14). Returns 1 for an unstable queue and NaN for
// t < 0 or NaN.
func (q MMc) ProbWaitExceeds(t float64) float64 {
	if q.Validate() != nil || math.IsNaN(t) || t < 0 {
		return math.NaN()
	}
	if !q.Stable() {
		return 1
	}
	return q.ProbWait() * math.Exp(-q.decay()*t)
}

// MeanWait returns the mean time in queue Wq = C/(cμ − λ); +Inf if unstable.
func (q MMc) MeanWait() float64 {
	if q.Validate() != nil {
		return math.NaN()
	}
	if !q.Stable() {
		return math.Inf(1)
	}
	return q.ProbWait() / q.decay()
}

// MeanQueueLength returns the mean number waiting Lq = λ·Wq (Little's law);
// +Inf if unstable.
func (q MMc) MeanQueueLength() float64 {
	return q.Lambda * q.MeanWait()
}

// MeanNumberInSystem returns L = Lq + a, the mean number waiting or in
// service; +Inf if unstable.
func (q MMc) MeanNumberInSystem() float64 { return q.MeanQueueLength() + q.Load() }

// MeanResponseTime returns the mean sojourn time W = Wq + 1/μ; +Inf if
// unstable.
func (q MMc) MeanResponseTime() float64 { return q.MeanWait() + 1/q.Mu }

// WaitQuantile returns the exact p-quantile of the FIFO waiting time: 0 when
// p ≤ 1 − C, otherwise ln(C/(1 − p))/(cμ − λ). Returns +Inf if unstable or
// p = 1, NaN for p outside [0, 1].
func (q MMc) WaitQuantile(p float64) float64 {
	if q.Validate() != nil || !isProb(p) {
		return math.NaN()
	}
	if !q.Stable() || p == 1 {
		return math.Inf(1)
	}
	c := q.ProbWait()
	if c <= 1-p {
		return 0
	}
	return math.Log(c/(1-p)) / q.decay()
}

// ResponseTimeSurvival returns P(T > x) for the FIFO sojourn time
// T = Wq + X, X ~ Exp(μ) independent of Wq. With γ = cμ − λ, C = ProbWait,
// and Y ~ Exp(γ):
//
//	P(T > x) = (1 − C)·e^{−μx} + C·P(Y + X > x),
//	P(Y + X > x) = (γ·e^{−μx} − μ·e^{−γx}) / (γ − μ)   (hypoexponential),
//	             = (1 + μx)·e^{−μx}                    when γ = μ.
//
// It evaluates the hypoexponential term as e^{−l·x}·(1 + l·x·g((h − l)·x))
// with l = min(γ, μ), h = max(γ, μ) and g(y) = (1 − e^{−y})/y, which is the
// same function without the cancellation near γ = μ. Source: derived from
// the wait distribution ([Harchol-Balter] ch. 14) by convolution.
// Returns 1 for an unstable queue, 1 for x < 0, NaN for NaN x.
func (q MMc) ResponseTimeSurvival(x float64) float64 {
	if q.Validate() != nil || math.IsNaN(x) {
		return math.NaN()
	}
	if x < 0 || !q.Stable() {
		return 1
	}
	if math.IsInf(x, 1) {
		return 0
	}
	c := q.ProbWait()
	g, mu := q.decay(), q.Mu
	lo, hi := min(g, mu), max(g, mu)
	hypo := math.Exp(-lo*x) * (1 + lo*x*expIntegral((hi-lo)*x))
	return clamp01((1-c)*math.Exp(-mu*x) + c*hypo)
}

// ResponseTimeCDF returns P(T ≤ x) = 1 − ResponseTimeSurvival(x).
func (q MMc) ResponseTimeCDF(x float64) float64 { return 1 - q.ResponseTimeSurvival(x) }

// ResponseTimeQuantile returns the exact p-quantile of the FIFO sojourn time
// (wait + service), found by bisection on ResponseTimeSurvival to a relative
// precision of about 1e-12. Returns +Inf if unstable or p = 1, 0 for p = 0
// and NaN for p outside [0, 1].
func (q MMc) ResponseTimeQuantile(p float64) float64 {
	if q.Validate() != nil || !isProb(p) {
		return math.NaN()
	}
	if !q.Stable() || p == 1 {
		return math.Inf(1)
	}
	if p == 0 {
		return 0
	}
	target := 1 - p
	hi := 1 / q.Mu
	for q.ResponseTimeSurvival(hi) > target {
		hi *= 2
	}
	lo := 0.0
	for i := 0; i < 200 && hi-lo > 1e-12*hi; i++ {
		mid := lo + (hi-lo)/2
		if q.ResponseTimeSurvival(mid) > target {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// ResponseTimeQuantileApprox returns the web-service original's
// approximation of the p-quantile of the sojourn time: the service-time
// quantile plus the waiting-time quantile,
//
//	t_p ≈ S·ln(1/(1 − p)) + ln(C/(1 − p)) / (N/S − λ),
//
// with the second term 0 when C ≤ 1 − p. For p = 0.99 this is
// p99 ≈ S·ln 100 + ln(C/0.01)/(N/S − λ). Adding quantiles is not the
// quantile of the sum; compare ResponseTimeQuantile. Returns +Inf if unstable
// or p = 1 and NaN for p outside [0, 1].
func (q MMc) ResponseTimeQuantileApprox(p float64) float64 {
	w := q.WaitQuantile(p)
	if math.IsNaN(w) || math.IsInf(w, 1) {
		return w
	}
	return -math.Log1p(-p)/q.Mu + w
}

// MMcK is the M/M/c/K queue: like MMc but with room for at most K = Capacity
// customers in the system (c in service, K − c waiting); arrivals that find
// K present are blocked and lost. It is stable for every load.
// Source: [Kleinrock] ch. 3 (birth–death queues); [Harchol-Balter] ch. 14
// (M/M/k/k for K = c).
//
// The stationary law is π_j ∝ a^j/j! for j ≤ c and π_c·ρ^{j−c} for
// c < j ≤ K (ρ = a/c). The methods evaluate it through Erlang B and closed
// forms for the truncated geometric part, so they are stable for large c, K
// and loads. Every method returns NaN when Validate reports an error.
type MMcK struct {
	Servers  int     // c ≥ 1
	Capacity int     // K ≥ c, the most customers in the system
	Lambda   float64 // arrival rate λ ≥ 0
	Mu       float64 // service rate per server μ > 0
}

// Validate reports why the parameters are not a valid M/M/c/K queue, or nil.
func (q MMcK) Validate() error {
	if err := (MMc{q.Servers, q.Lambda, q.Mu}).Validate(); err != nil {
		return err
	}
	if q.Capacity < q.Servers {
		return fmt.Errorf("capacity K must be ≥ servers c = %d, got %d", q.Servers, q.Capacity)
	}
	return nil
}

type mmckState struct {
	pBusy  float64 // P(j ≥ c): all servers busy
	pBlock float64 // P(j = K)
	meanQ  float64 // E[j − c | j ≥ c]
	meanI  float64 // E[j | j < c]
}

func (q MMcK) state() (mmckState, bool) {
	if q.Validate() != nil {
		return mmckState{}, false
	}
	if q.Lambda == 0 {
		return mmckState{}, true
	}
	c, m := q.Servers, q.Capacity-q.Servers
	a := q.Lambda / q.Mu
	_, b := erlangBPair(c, a)
	s := mmckState{meanI: carriedLoad(c-1, a)}
	if m == 0 {
		s.pBusy, s.pBlock = b, b
		return s, true
	}
	x := -math.Log(a / float64(c)) // ρ = e^{−x}
	lnG := logTruncGeomSum(x, m)
	s.pBusy = 1 / (1 + (1-b)*math.Exp(-math.Log(b)-lnG))
	s.pBlock = s.pBusy * math.Exp(logTruncGeomLast(x, m))
	s.meanQ = truncGeomMean(x, m)
	return s, true
}

// ProbBlock returns P(j = K): the share of arrivals blocked (PASTA).
func (q MMcK) ProbBlock() float64 {
	s, ok := q.state()
	if !ok {
		return math.NaN()
	}
	return clamp01(s.pBlock)
}

// Throughput returns λ·(1 − P_K), the rate of admitted (and served) customers.
func (q MMcK) Throughput() float64 { return q.Lambda * (1 - q.ProbBlock()) }

// Utilization returns the share of busy servers, throughput/(cμ).
func (q MMcK) Utilization() float64 {
	return clamp01(q.Throughput() / (float64(q.Servers) * q.Mu))
}

// ProbWait returns the probability that an admitted arrival waits:
// P(c ≤ j < K)/(1 − P_K).
func (q MMcK) ProbWait() float64 {
	s, ok := q.state()
	if !ok {
		return math.NaN()
	}
	if s.pBlock >= 1 {
		return 1
	}
	return clamp01((s.pBusy - s.pBlock) / (1 - s.pBlock))
}

// MeanQueueLength returns Lq = E[max(j − c, 0)].
func (q MMcK) MeanQueueLength() float64 {
	s, ok := q.state()
	if !ok {
		return math.NaN()
	}
	return s.pBusy * s.meanQ
}

// MeanNumberInSystem returns L = E[j].
func (q MMcK) MeanNumberInSystem() float64 {
	s, ok := q.state()
	if !ok {
		return math.NaN()
	}
	return (1-s.pBusy)*s.meanI + s.pBusy*(float64(q.Servers)+s.meanQ)
}

// MeanWait returns the mean wait of admitted customers Wq = Lq/throughput
// (Little's law); 0 when λ = 0.
func (q MMcK) MeanWait() float64 {
	t := q.Throughput()
	if t == 0 {
		return 0 * q.MeanQueueLength()
	}
	return q.MeanQueueLength() / t
}

// MeanResponseTime returns the mean sojourn time of admitted customers
// W = L/throughput (Little's law); 1/μ when λ = 0.
func (q MMcK) MeanResponseTime() float64 {
	t := q.Throughput()
	if t == 0 {
		return q.MeanWait() + 1/q.Mu
	}
	return q.MeanNumberInSystem() / t
}

// LittleL returns L = λ·W, the mean number in a system with throughput λ and
// mean time in system W (Little's law, [Harchol-Balter] ch. 6). Returns NaN if
// either argument is negative, NaN or infinite.
func LittleL(lambda, w float64) float64 {
	if !nonneg(lambda) || !nonneg(w) {
		return math.NaN()
	}
	return lambda * w
}

// LittleW returns W = L/λ (Little's law). Returns NaN for a negative, NaN or
// infinite argument or λ = 0.
func LittleW(l, lambda float64) float64 {
	if !nonneg(l) || !positive(lambda) {
		return math.NaN()
	}
	return l / lambda
}

// LittleLambda returns λ = L/W (Little's law). Returns NaN for a negative,
// NaN or infinite argument or W = 0.
func LittleLambda(l, w float64) float64 {
	if !nonneg(l) || !positive(w) {
		return math.NaN()
	}
	return l / w
}
