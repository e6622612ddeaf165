package validate

import (
	"math"

	"queuelab/analytic"
	"queuelab/des/queueing"
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
func Formulas(cfg Config) map[queueing.Metric]Formula {
	f := formulaSet{queueing.LittleGap: {0, "Little's law", false, 0}, queueing.ArrivalRate: {cfg.ArrivalRate, "Poisson arrivals", false, 0}}
	exp := cfg.Service.Memoryless()
	switch {
	case cfg.Patience.Kind == PatienceNone && cfg.Capacity == 0:
		f.unlimited(cfg)
	case cfg.Patience.Kind == PatienceNone && cfg.Capacity == cfg.Servers:
		f.loss(cfg)
	case cfg.Patience.Kind == PatienceNone && exp:
		f.mmcK(cfg)
	case cfg.Patience.Kind == PatienceDet && cfg.Capacity == 0 && exp:
		f.mmcD(cfg)
	case cfg.Patience.Kind == PatienceExp && cfg.Capacity == 0 && exp:
		f.erlangA(cfg)
	default:
		if cfg.Capacity == 0 {
			f.put(queueing.PBlock, 0, "no capacity")
			f.put(queueing.AdmittedRate, cfg.ArrivalRate, "no capacity")
		}
		if cfg.Patience.Kind == PatienceNone {
			f.put(queueing.PAbandon, 0, "no patience")
		}
	}
	return f
}

// formulaSet is Formulas' result under construction.
type formulaSet map[queueing.Metric]Formula

// put records the formula value v of metric name, from src, unless v is
// NaN (the formula does not apply).
func (f formulaSet) put(name queueing.Metric, v float64, src string) {
	if !math.IsNaN(v) {
		f[name] = Formula{Value: v, Source: src}
	}
}

// unlimited: no patience, no capacity. Nobody is lost; M/M/c (Erlang C)
// for exponential service, M/G/1 (Pollaczek–Khinchine) for one server.
func (f formulaSet) unlimited(cfg Config) {
	c, lam, s := cfg.Servers, cfg.ArrivalRate, cfg.ServiceMean()
	const lossless = "no losses: λ, λS/c"
	f.put(queueing.PBlock, 0, lossless)
	f.put(queueing.Throughput, lam, lossless)
	f.put(queueing.AdmittedRate, lam, lossless)
	f.put(queueing.Utilization, cfg.Rho(), lossless)
	f.put(queueing.PAbandon, 0, "no patience")
	if cfg.Service.Memoryless() {
		q := analytic.MMc{Servers: c, Lambda: lam, Mu: 1 / s}
		f.queue(q, "M/M/c (Erlang C)")
		for _, t := range cfg.WaitThresholds {
			f.put(WaitMetricName(t), q.ProbWaitExceeds(t), "M/M/c: C·e^(−(cμ−λ)t)")
		}
		for _, p := range cfg.ResponseQuantiles {
			f.put(QuantileMetricName(p), q.ResponseTimeQuantile(p), "M/M/c exact sojourn quantile")
		}
		return
	}
	if c == 1 {
		rho := lam * s
		es2 := s * s * (1 + cfg.Service.SCV())
		wq := lam * es2 / (2 * (1 - rho))
		const src = "M/G/1 (Pollaczek–Khinchine)"
		f.put(queueing.PWait, rho, src)
		f.put(queueing.MeanWait, wq, src)
		f.put(queueing.MeanWaitServed, wq, src)
		f.put(queueing.MeanInQueue, lam*wq, src)
		f.put(queueing.MeanInSystem, lam*wq+rho, src)
		f.put(queueing.MeanResponse, wq+s, src)
		f.put(queueing.MeanSojourn, wq+s, src)
	}
}

// loss: capacity = servers, no patience. Erlang B, which holds for any
// service law with the same mean.
func (f formulaSet) loss(cfg Config) {
	lam, s := cfg.ArrivalRate, cfg.ServiceMean()
	b := analytic.ErlangB(cfg.Servers, cfg.Offered())
	src := "Erlang B"
	if !cfg.Service.Memoryless() {
		src = "Erlang B (insensitive)"
	}
	f.put(queueing.PBlock, b, src)
	f.put(queueing.Throughput, lam*(1-b), src)
	f.put(queueing.AdmittedRate, lam*(1-b), src)
	f.put(queueing.Utilization, cfg.Offered()*(1-b)/float64(cfg.Servers), src)
	f.put(queueing.MeanInSystem, cfg.Offered()*(1-b), src)
	f.put(queueing.MeanInQueue, 0, "loss system")
	f.put(queueing.PWait, 0, "loss system")
	f.put(queueing.MeanWait, 0, "loss system")
	f.put(queueing.MeanWaitServed, 0, "loss system")
	f.put(queueing.PAbandon, 0, "no patience")
	f.put(queueing.MeanResponse, s, "loss system")
	f.put(queueing.MeanSojourn, s, "loss system")
}

// mmcK: a finite capacity above the servers, exponential service, no
// patience.
func (f formulaSet) mmcK(cfg Config) {
	q := analytic.MMcK{Servers: cfg.Servers, Capacity: cfg.Capacity, Lambda: cfg.ArrivalRate, Mu: 1 / cfg.ServiceMean()}
	const src = "M/M/c/K"
	f.put(queueing.PBlock, q.ProbBlock(), src)
	f.put(queueing.Throughput, q.Throughput(), src)
	f.put(queueing.AdmittedRate, q.Throughput(), src)
	f.put(queueing.Utilization, q.Utilization(), src)
	f.queue(q, src)
	f.put(queueing.PAbandon, 0, "no patience")
}

// waitingQueue is a queue without abandonment whose waiting and sojourn
// formulas are known (analytic.MMc, analytic.MMcK).
type waitingQueue interface {
	ProbWait() float64
	MeanWait() float64
	MeanQueueLength() float64
	MeanNumberInSystem() float64
	MeanResponseTime() float64
}

// queue records q's waiting and sojourn metrics, from src. Nobody
// abandons, so the wait of those served is every customer's wait.
func (f formulaSet) queue(q waitingQueue, src string) {
	f.put(queueing.PWait, q.ProbWait(), src)
	f.put(queueing.MeanWait, q.MeanWait(), src)
	f.put(queueing.MeanWaitServed, q.MeanWait(), src)
	f.put(queueing.MeanInQueue, q.MeanQueueLength(), src)
	f.put(queueing.MeanInSystem, q.MeanNumberInSystem(), src)
	f.put(queueing.MeanResponse, q.MeanResponseTime(), src)
	f.put(queueing.MeanSojourn, q.MeanResponseTime(), src)
}

// impatientQueue is a queue without capacity whose customers may abandon
// while waiting (analytic.MMcD, analytic.ErlangA).
type impatientQueue interface {
	ProbWait() float64
	ProbAbandon() float64
	MeanWait() float64 // of all arrivals, abandoning ones included
	MeanQueueLength() float64
	Throughput() float64
}

// impatient records q's metrics that follow the same way for any such
// queue, from src: nobody is blocked, so all λ are admitted; Little's law
// over the served gives the number present, Lq + X·S, and the sojourn of
// an arrival is its wait plus S if it is served, W + (1 − P(abandon))·S.
func (f formulaSet) impatient(q impatientQueue, lam, s float64, src string) {
	f.put(queueing.PBlock, 0, "no capacity")
	f.put(queueing.AdmittedRate, lam, "no capacity")
	f.put(queueing.PWait, q.ProbWait(), src)
	f.put(queueing.PAbandon, q.ProbAbandon(), src)
	f.put(queueing.MeanWait, q.MeanWait(), src)
	f.put(queueing.Throughput, q.Throughput(), src)
	f.put(queueing.MeanInQueue, q.MeanQueueLength(), src)
	f.put(queueing.MeanInSystem, q.MeanQueueLength()+q.Throughput()*s, src)
	f.put(queueing.MeanSojourn, q.MeanWait()+(1-q.ProbAbandon())*s, src)
}

// mmcD: deterministic patience, exponential service, no capacity.
func (f formulaSet) mmcD(cfg Config) {
	lam, s := cfg.ArrivalRate, cfg.ServiceMean()
	q := analytic.MMcD{Servers: cfg.Servers, Lambda: lam, Mu: 1 / s, Patience: cfg.Patience.Value}
	const src = "M/M/c+D"
	f.impatient(q, lam, s, src)
	f.put(queueing.MeanWaitServed, q.MeanWaitServed(), src)
	f.put(queueing.Utilization, q.Utilization(), src)
	f.put(queueing.MeanResponse, q.MeanWaitServed()+s, src)
	for _, t := range cfg.WaitThresholds {
		if t < cfg.Patience.Value {
			f.put(WaitMetricName(t), q.ProbOfferedWaitExceeds(t), src)
		} else {
			f.put(WaitMetricName(t), 0, "nobody waits past the patience")
		}
	}
}

// erlangA: exponential patience, exponential service, no capacity.
func (f formulaSet) erlangA(cfg Config) {
	lam, s := cfg.ArrivalRate, cfg.ServiceMean()
	q := analytic.ErlangA{Servers: cfg.Servers, Lambda: lam, Mu: 1 / s, Theta: 1 / cfg.Patience.Value}
	const src = "Erlang-A (M/M/c+M)"
	f.impatient(q, lam, s, src)
	f.put(queueing.Utilization, q.Throughput()*s/float64(cfg.Servers), src)
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
