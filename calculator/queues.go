package calculator

import (
	"errors"

	"queuelab/analytic"
	"queuelab/des/queueing"
)

// The queueing formulas: Erlang B and C, M/M/c with its tail and
// quantiles, M/M/c+D, Erlang-A, M/M/c/K and Little's law.

// Parameters shared by the M/M/c family.
var (
	pServers     = atMost(intP("servers", "", 1, "number of servers N"), maxServers)
	pArrival     = numP("arrival-rate", "", 0, false, "arrival rate λ per second")
	pServiceMean = durP("service-mean", "", true, "mean service time S = 1/μ")
)

// mmcFrom builds the M/M/c queue of the shared parameters.
func mmcFrom(in Inputs) analytic.MMc {
	return analytic.MMc{Servers: in.int(pServers), Lambda: in.f(pArrival), Mu: 1 / in.f(pServiceMean)}
}

// requireStable refuses an unstable M/M/c with a message naming the flags.
func requireStable(q analytic.MMc) error {
	if q.Stable() {
		return nil
	}
	return inputf("unstable queue: offered load a = λ·S = %g erlangs is not below --servers %d, so the wait grows without bound (lower --arrival-rate or --service-mean, or add servers; mmc-patience and erlang-a model overload)",
		q.Load(), q.Servers)
}

var (
	pLossServers = atMost(intP("servers", "", 0, "number of servers N"), maxServers)
	pLossLoad    = numP("load", "", 0, false, "offered load A = λ/μ in erlangs")
)

var erlangB = Formula{Name: "erlang-b", Params: []Param{pLossServers, pLossLoad}, eval: erlangBEval,
	Summary: "Erlang B: blocking probability of the M/M/N/N loss system offered A erlangs"}

func erlangBEval(in Inputs) ([]Output, error) {
	return []Output{{"value", analytic.ErlangB(in.int(pLossServers), in.f(pLossLoad)), "", "B(N, A)"}}, nil
}

var pWaitLoad = numP("load", "", 0, false, "offered load A = λ/μ in erlangs, below N")

var erlangC = Formula{Name: "erlang-c", Params: []Param{pServers, pWaitLoad}, eval: erlangCEval,
	Summary: "Erlang C: probability that an arrival to M/M/N waits (needs A < N)"}

func erlangCEval(in Inputs) ([]Output, error) {
	n, a := in.int(pServers), in.f(pWaitLoad)
	if a >= float64(n) {
		return nil, inputf("--load: must be below --servers %d for a stable queue, got %g (at A ≥ N every arrival waits and the queue grows without bound)", n, a)
	}
	return []Output{{"value", analytic.ErlangC(n, a), "", "C(N, A)"}}, nil
}

var pWaitThreshold = optional(durP("t", "", false, "wait threshold t for P(W > t)"))

var mmc = Formula{Name: "mmc", Params: []Param{pServers, pArrival, pServiceMean, pWaitThreshold}, eval: mmcEval,
	Summary: "M/M/c queue: P(wait), mean wait and queue, P(W > t)"}

func mmcEval(in Inputs) ([]Output, error) {
	q := mmcFrom(in)
	if err := requireStable(q); err != nil {
		return nil, err
	}
	outs := []Output{
		metricOut(queueing.PWait, q.ProbWait(), "", "P(W > 0) = Erlang C"),
		metricOut(queueing.MeanWait, q.MeanWait(), "s", "mean time in queue Wq = C/(Nμ − λ)"),
		metricOut(queueing.MeanInQueue, q.MeanQueueLength(), "", "mean number waiting Lq = λ·Wq"),
		metricOut(queueing.MeanInSystem, q.MeanNumberInSystem(), "", "mean number present L = Lq + λS"),
		metricOut(queueing.MeanResponse, q.MeanResponseTime(), "s", "mean time in system W = Wq + S"),
		metricOut(queueing.Utilization, q.Utilization(), "", "share of busy servers λS/N"),
	}
	if in.has(pWaitThreshold) {
		outs = append(outs, Output{"p_wait_gt", q.ProbWaitExceeds(in.f(pWaitThreshold)), "", "P(W > t) = C·e^{−(Nμ − λ)t}"})
	}
	return outs, nil
}

var (
	pPatience         = durP("patience", "", false, "patience D: a customer leaves after waiting D")
	pOfferedThreshold = optional(durP("t", "", false, "threshold t for the offered-wait tail P(V > t)"))
	pPatienceMean     = durP("patience-mean", "", true, "mean patience 1/θ")
	pCapacity         = intP("capacity", "", 1, "most customers in the system K (≥ servers)")
	pResponseQuantile = Param{flag: "quantile", def: "0.99", lo: 0, hi: 1, loOpen: true, hiOpen: true, desc: "quantile p"}
)

var mmcPatience = Formula{Name: "mmc-patience", Params: []Param{pServers, pArrival, pServiceMean, pPatience, pOfferedThreshold}, eval: mmcPatienceEval,
	Summary: "M/M/c+D: M/M/c with FIFO and constant patience D (exact; stable in overload)"}

func mmcPatienceEval(in Inputs) ([]Output, error) {
	q := analytic.MMcD{Servers: in.int(pServers), Lambda: in.f(pArrival), Mu: 1 / in.f(pServiceMean), Patience: in.f(pPatience)}
	outs := []Output{
		metricOut(queueing.PWait, q.ProbWait(), "", "P(an arrival finds all servers busy)"),
		metricOut(queueing.PAbandon, q.ProbAbandon(), "", "P(an arrival gives up after waiting D)"),
		metricOut(queueing.MeanWaitServed, q.MeanWaitServed(), "s", "mean wait of served customers"),
		metricOut(queueing.MeanWait, q.MeanWait(), "s", "mean wait of all customers, E[min(V, D)]"),
		metricOut(queueing.Throughput, q.Throughput(), "/s", "served per second, λ(1 − P(abandon))"),
		metricOut(queueing.Utilization, q.Utilization(), "", "share of busy servers"),
	}
	if in.has(pOfferedThreshold) {
		outs = append(outs, Output{"p_wait_gt", q.ProbOfferedWaitExceeds(in.f(pOfferedThreshold)), "", "P(offered wait V > t)"})
	}
	return outs, nil
}

var erlangA = Formula{Name: "erlang-a", Params: []Param{pServers, pArrival, pServiceMean, pPatienceMean}, eval: erlangAEval,
	Summary: "Erlang-A (M/M/c+M): M/M/c with exponential patience"}

func erlangAEval(in Inputs) ([]Output, error) {
	q := analytic.ErlangA{Servers: in.int(pServers), Lambda: in.f(pArrival), Mu: 1 / in.f(pServiceMean), Theta: 1 / in.f(pPatienceMean)}
	if err := q.Validate(); err != nil {
		if errors.Is(err, analytic.ErrNotConverged) {
			return nil, inputf("erlang-a: (λ − Nμ)·patience is too large for the series: %v", err)
		}
		return nil, inputf("erlang-a: %v", err)
	}
	return []Output{
		metricOut(queueing.PWait, q.ProbWait(), "", "P(an arrival waits)"),
		metricOut(queueing.PAbandon, q.ProbAbandon(), "", "P(an arrival abandons)"),
		metricOut(queueing.MeanWait, q.MeanWait(), "s", "mean wait of all arrivals"),
		metricOut(queueing.MeanInQueue, q.MeanQueueLength(), "", "mean number waiting"),
		metricOut(queueing.Throughput, q.Throughput(), "/s", "served per second"),
	}, nil
}

var mmck = Formula{Name: "mmck", Params: []Param{pServers, pCapacity, pArrival, pServiceMean}, eval: mmckEval,
	Summary: "M/M/c/K: M/M/c with room for K customers in total; arrivals beyond K are blocked"}

func mmckEval(in Inputs) ([]Output, error) {
	q := analytic.MMcK{Servers: in.int(pServers), Capacity: in.int(pCapacity), Lambda: in.f(pArrival), Mu: 1 / in.f(pServiceMean)}
	if q.Capacity < q.Servers {
		return nil, inputf("--capacity: must be an integer ≥ --servers %d, got %d", q.Servers, q.Capacity)
	}
	return []Output{
		metricOut(queueing.PBlock, q.ProbBlock(), "", "P(an arrival is blocked)"),
		metricOut(queueing.Throughput, q.Throughput(), "/s", "admitted per second"),
		metricOut(queueing.Utilization, q.Utilization(), "", "share of busy servers"),
		metricOut(queueing.PWait, q.ProbWait(), "", "P(an admitted arrival waits)"),
		metricOut(queueing.MeanInQueue, q.MeanQueueLength(), "", "mean number waiting"),
		metricOut(queueing.MeanInSystem, q.MeanNumberInSystem(), "", "mean number present"),
		metricOut(queueing.MeanWait, q.MeanWait(), "s", "mean wait of admitted customers"),
		metricOut(queueing.MeanResponse, q.MeanResponseTime(), "s", "mean time in system of admitted customers"),
	}, nil
}

var p99 = Formula{Name: "p99", Params: []Param{pServers, pArrival, pServiceMean, pResponseQuantile}, eval: p99Eval,
	Summary: "Response-time quantile of M/M/c: the original's approximation and the exact value"}

func p99Eval(in Inputs) ([]Output, error) {
	q := mmcFrom(in)
	if err := requireStable(q); err != nil {
		return nil, err
	}
	p := in.f(pResponseQuantile)
	return []Output{
		{"approx", q.ResponseTimeQuantileApprox(p), "s", "S·ln(1/(1 − p)) + ln(C/(1 − p))/(N/S − λ), wait term ≥ 0"},
		{"exact", q.ResponseTimeQuantile(p), "s", "exact quantile of wait + service"},
		{"wait_quantile", q.WaitQuantile(p), "s", "exact quantile of the wait alone"},
		metricOut(queueing.MeanResponse, q.MeanResponseTime(), "s", "mean wait + service"),
		metricOut(queueing.PWait, q.ProbWait(), "", "Erlang C"),
	}, nil
}

var (
	pLittleRate   = optional(pArrival)
	pLittleTime   = optional(durP("time", "", false, "mean time in system W"))
	pLittleNumber = optional(numP("number", "", 0, false, "mean number in system L"))
)

var little = Formula{Name: "little", Params: []Param{pLittleRate, pLittleTime, pLittleNumber}, eval: littleEval,
	Summary: "Little's law L = λ·W: give any two of --arrival-rate, --time, --number"}

func littleEval(in Inputs) ([]Output, error) {
	l, w, n := in.f(pLittleRate), in.f(pLittleTime), in.f(pLittleNumber)
	hasL, hasW, hasN := in.has(pLittleRate), in.has(pLittleTime), in.has(pLittleNumber)
	switch {
	case hasL && hasW && !hasN:
		n = analytic.LittleL(l, w)
	case hasN && hasL && !hasW:
		if l == 0 {
			return nil, inputf("--arrival-rate: must be > 0 to compute the time, got 0")
		}
		w = analytic.LittleW(n, l)
	case hasN && hasW && !hasL:
		if w == 0 {
			return nil, inputf("--time: must be > 0 to compute the rate, got 0")
		}
		l = analytic.LittleLambda(n, w)
	default:
		return nil, inputf("little: give exactly two of --arrival-rate, --time, --number")
	}
	return []Output{
		metricOut(queueing.ArrivalRate, l, "/s", "throughput λ"),
		{"time", w, "s", "mean time in system W"},
		{"number", n, "", "mean number in system L = λW"},
	}, nil
}
