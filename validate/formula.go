package validate

import (
	"math"

	"queuelab/analytic"
	"queuelab/model/network"
)

// Formula is the value a textbook result gives for one metric of a
// station, with where it comes from.
type Formula struct {
	Value  float64
	Source string // e.g. "Erlang C", "Erlang B (insensitive)"
	// Approx marks a documented approximation (not an exact result); Tol
	// is then its documented relative model tolerance.
	Approx bool
	Tol    float64
}

// Formulas returns the exact results that apply to the station cfg,
// keyed by metric name; metrics without an exact result are absent.
//
//   - No patience, no capacity, exponential service: M/M/c (Erlang C) for
//     every metric, P(W > t) = C·e^(−(cμ−λ)t) and the response-time
//     quantiles ([Harchol-Balter] ch. 14).
//   - No patience, no capacity, one server, general service: the
//     Pollaczek–Khinchine mean wait λE[S²]/(2(1−ρ)) (Kleinrock vol. 1,
//     §5.7), and P(wait) = ρ (PASTA).
//   - Capacity = servers (a loss system), no patience, any service law:
//     Erlang B, which depends on the service time only through its mean
//     (Sevast'yanov's insensitivity theorem, 1957).
//   - Capacity > servers, no patience, exponential service: M/M/c/K.
//   - Deterministic patience, no capacity, exponential service: M/M/c+D
//     (Baccelli & Hébuterne 1981; Zeltyn & Mandelbaum 2005).
//   - Exponential patience, no capacity, exponential service: Erlang-A
//     (Garnett, Mandelbaum & Reiman 2002).
//
// Whatever the model, a station without losses has throughput λ and
// utilisation λS/c, and Little's law gives little_gap = 0.
func Formulas(cfg Config) map[string]Formula {
	f := map[string]Formula{"little_gap": {0, "Little's law", false, 0}, "arrival_rate": {cfg.ArrivalRate, "Poisson arrivals", false, 0}}
	put := func(name string, v float64, src string) {
		if !math.IsNaN(v) {
			f[name] = Formula{Value: v, Source: src}
		}
	}
	c, lam, s := cfg.Servers, cfg.ArrivalRate, cfg.ServiceMean()
	mu := 1 / s
	exp := cfg.Service.Kind == network.Exp
	noLoss := func(src string) {
		put("p_block", 0, src)
		put("throughput", lam, src)
		put("admitted_rate", lam, src)
		put("utilization", cfg.Rho(), src)
	}
	switch {
	case cfg.Patience.Kind == PatienceNone && cfg.Capacity == 0:
		noLoss("no losses: λ, λS/c")
		put("p_abandon", 0, "no patience")
		if exp {
			q := analytic.MMc{Servers: c, Lambda: lam, Mu: mu}
			const src = "M/M/c (Erlang C)"
			put("p_wait", q.ProbWait(), src)
			put("mean_wait", q.MeanWait(), src)
			put("mean_wait_served", q.MeanWait(), src)
			put("mean_in_queue", q.MeanQueueLength(), src)
			put("mean_in_system", q.MeanNumberInSystem(), src)
			put("mean_response", q.MeanResponseTime(), src)
			put("mean_sojourn", q.MeanResponseTime(), src)
			for _, t := range cfg.WaitThresholds {
				put(WaitMetricName(t), q.ProbWaitExceeds(t), "M/M/c: C·e^(−(cμ−λ)t)")
			}
			for _, p := range cfg.ResponseQuantiles {
				put(QuantileMetricName(p), q.ResponseTimeQuantile(p), "M/M/c exact sojourn quantile")
			}
		} else if c == 1 {
			rho := lam * s
			es2 := s * s * (1 + cfg.Service.SCV())
			wq := lam * es2 / (2 * (1 - rho))
			const src = "M/G/1 (Pollaczek–Khinchine)"
			put("p_wait", rho, src)
			put("mean_wait", wq, src)
			put("mean_wait_served", wq, src)
			put("mean_in_queue", lam*wq, src)
			put("mean_in_system", lam*wq+rho, src)
			put("mean_response", wq+s, src)
			put("mean_sojourn", wq+s, src)
		}
	case cfg.Patience.Kind == PatienceNone && cfg.Capacity == c:
		b := analytic.ErlangB(c, cfg.Offered())
		src := "Erlang B"
		if !exp {
			src = "Erlang B (insensitive)"
		}
		put("p_block", b, src)
		put("throughput", lam*(1-b), src)
		put("admitted_rate", lam*(1-b), src)
		put("utilization", cfg.Offered()*(1-b)/float64(c), src)
		put("mean_in_system", cfg.Offered()*(1-b), src)
		put("mean_in_queue", 0, "loss system")
		put("p_wait", 0, "loss system")
		put("mean_wait", 0, "loss system")
		put("mean_wait_served", 0, "loss system")
		put("p_abandon", 0, "no patience")
		put("mean_response", s, "loss system")
		put("mean_sojourn", s, "loss system")
	case cfg.Patience.Kind == PatienceNone && exp:
		q := analytic.MMcK{Servers: c, Capacity: cfg.Capacity, Lambda: lam, Mu: mu}
		const src = "M/M/c/K"
		put("p_block", q.ProbBlock(), src)
		put("throughput", q.Throughput(), src)
		put("admitted_rate", q.Throughput(), src)
		put("utilization", q.Utilization(), src)
		put("p_wait", q.ProbWait(), src)
		put("mean_wait", q.MeanWait(), src)
		put("mean_wait_served", q.MeanWait(), src)
		put("mean_in_queue", q.MeanQueueLength(), src)
		put("mean_in_system", q.MeanNumberInSystem(), src)
		put("mean_response", q.MeanResponseTime(), src)
		put("mean_sojourn", q.MeanResponseTime(), src)
		put("p_abandon", 0, "no patience")
	case cfg.Patience.Kind == PatienceDet && cfg.Capacity == 0 && exp:
		q := analytic.MMcD{Servers: c, Lambda: lam, Mu: mu, Patience: cfg.Patience.Value}
		const src = "M/M/c+D"
		put("p_block", 0, "no capacity")
		put("admitted_rate", lam, "no capacity")
		put("p_wait", q.ProbWait(), src)
		put("p_abandon", q.ProbAbandon(), src)
		put("mean_wait", q.MeanWait(), src)
		put("mean_wait_served", q.MeanWaitServed(), src)
		put("throughput", q.Throughput(), src)
		put("utilization", q.Utilization(), src)
		put("mean_in_queue", q.MeanQueueLength(), src)
		put("mean_in_system", q.MeanQueueLength()+q.Throughput()*s, src)
		put("mean_response", q.MeanWaitServed()+s, src)
		put("mean_sojourn", q.MeanWait()+(1-q.ProbAbandon())*s, src)
		for _, t := range cfg.WaitThresholds {
			if t < cfg.Patience.Value {
				put(WaitMetricName(t), q.ProbOfferedWaitExceeds(t), src)
			} else {
				put(WaitMetricName(t), 0, "nobody waits past the patience")
			}
		}
	case cfg.Patience.Kind == PatienceExp && cfg.Capacity == 0 && exp:
		q := analytic.ErlangA{Servers: c, Lambda: lam, Mu: mu, Theta: 1 / cfg.Patience.Value}
		const src = "Erlang-A (M/M/c+M)"
		put("p_block", 0, "no capacity")
		put("admitted_rate", lam, "no capacity")
		put("p_wait", q.ProbWait(), src)
		put("p_abandon", q.ProbAbandon(), src)
		put("mean_wait", q.MeanWait(), src)
		put("throughput", q.Throughput(), src)
		put("utilization", q.Throughput()*s/float64(c), src)
		put("mean_in_queue", q.MeanQueueLength(), src)
		put("mean_in_system", q.MeanQueueLength()+q.Throughput()*s, src)
		put("mean_sojourn", q.MeanWait()+(1-q.ProbAbandon())*s, src)
	default:
		if cfg.Capacity == 0 {
			put("p_block", 0, "no capacity")
			put("admitted_rate", lam, "no capacity")
		}
		if cfg.Patience.Kind == PatienceNone {
			put("p_abandon", 0, "no patience")
		}
	}
	return f
}

// OriginalTimeoutEstimate is the payment-switch original's estimate of the
// share of transactions that time out in the slot queue,
// C(c, a)·e^(−(c/S − λ)·D): the M/M/c tail P(W > D) of customers who never
// give up. With deterministic patience D the customers who give up leave
// the queue, so the real abandonment (M/M/c+D) is smaller; the original
// overstates it. NaN for an overloaded pool (a ≥ c), where the estimate
// has no meaning.
func OriginalTimeoutEstimate(cfg Config, d float64) float64 {
	q := analytic.MMc{Servers: cfg.Servers, Lambda: cfg.ArrivalRate, Mu: 1 / cfg.ServiceMean()}
	if !q.Stable() {
		return math.NaN()
	}
	return q.ProbWaitExceeds(d)
}
