package calculator

import (
	"errors"
	"math"
	"strings"

	"queuelab/analytic"
	"queuelab/model/scenario"
)

// Common parameters.
var (
	pServers     = atMost(intP("servers", "", 1, "number of servers N"), maxServers)
	pArrival     = numP("arrival-rate", "", 0, false, "arrival rate λ per second")
	pServiceMean = durP("service-mean", "", true, "mean service time S = 1/μ")
)

// mmcFrom builds the M/M/c queue of the common parameters.
func mmcFrom(in Inputs) analytic.MMc {
	return analytic.MMc{Servers: in.int("servers"), Lambda: in.f("arrival-rate"), Mu: 1 / in.f("service-mean")}
}

// requireStable refuses an unstable M/M/c with a message naming the flags.
func requireStable(q analytic.MMc) error {
	if q.Stable() {
		return nil
	}
	return inputf("unstable queue: offered load a = λ·S = %g erlangs is not below --servers %d, so the wait grows without bound (lower --arrival-rate or --service-mean, or add servers; mmc-patience and erlang-a model overload)",
		q.Load(), q.Servers)
}

// formulas is the registry, in listing order. It is one table literal,
// long because the formulas are many, not because its logic is: each
// entry is a name, a summary, its parameters and a short eval.
func formulas() []Formula {
	return []Formula{
		{
			Name:    "erlang-b",
			Summary: "Erlang B: blocking probability of the M/M/N/N loss system offered A erlangs",
			Params:  []Param{atMost(intP("servers", "", 0, "number of servers N"), maxServers), numP("load", "", 0, false, "offered load A = λ/μ in erlangs")},
			eval: func(in Inputs) ([]Output, error) {
				return []Output{{"value", analytic.ErlangB(in.int("servers"), in.f("load")), "", "B(N, A)"}}, nil
			},
		},
		{
			Name:    "erlang-c",
			Summary: "Erlang C: probability that an arrival to M/M/N waits (needs A < N)",
			Params:  []Param{pServers, numP("load", "", 0, false, "offered load A = λ/μ in erlangs, below N")},
			eval: func(in Inputs) ([]Output, error) {
				n, a := in.int("servers"), in.f("load")
				if a >= float64(n) {
					return nil, inputf("--load: must be below --servers %d for a stable queue, got %g (at A ≥ N every arrival waits and the queue grows without bound)", n, a)
				}
				return []Output{{"value", analytic.ErlangC(n, a), "", "C(N, A)"}}, nil
			},
		},
		{
			Name:    "mmc",
			Summary: "M/M/c queue: P(wait), mean wait and queue, P(W > t)",
			Params:  []Param{pServers, pArrival, pServiceMean, optional(durP("t", "", false, "wait threshold t for P(W > t)"))},
			eval: func(in Inputs) ([]Output, error) {
				q := mmcFrom(in)
				if err := requireStable(q); err != nil {
					return nil, err
				}
				outs := []Output{
					{"p_wait", q.ProbWait(), "", "P(W > 0) = Erlang C"},
					{"mean_wait", q.MeanWait(), "s", "mean time in queue Wq = C/(Nμ − λ)"},
					{"mean_in_queue", q.MeanQueueLength(), "", "mean number waiting Lq = λ·Wq"},
					{"mean_in_system", q.MeanNumberInSystem(), "", "mean number present L = Lq + λS"},
					{"mean_response", q.MeanResponseTime(), "s", "mean time in system W = Wq + S"},
					{"utilization", q.Utilization(), "", "share of busy servers λS/N"},
				}
				if in.has("t") {
					outs = append(outs, Output{"p_wait_gt", q.ProbWaitExceeds(in.f("t")), "", "P(W > t) = C·e^{−(Nμ − λ)t}"})
				}
				return outs, nil
			},
		},
		{
			Name:    "mmc-patience",
			Summary: "M/M/c+D: M/M/c with FIFO and constant patience D (exact; stable in overload)",
			Params: []Param{pServers, pArrival, pServiceMean, durP("patience", "", false, "patience D: a customer leaves after waiting D"),
				optional(durP("t", "", false, "threshold t for the offered-wait tail P(V > t)"))},
			eval: func(in Inputs) ([]Output, error) {
				q := analytic.MMcD{Servers: in.int("servers"), Lambda: in.f("arrival-rate"), Mu: 1 / in.f("service-mean"), Patience: in.f("patience")}
				outs := []Output{
					{"p_wait", q.ProbWait(), "", "P(an arrival finds all servers busy)"},
					{"p_abandon", q.ProbAbandon(), "", "P(an arrival gives up after waiting D)"},
					{"mean_wait_served", q.MeanWaitServed(), "s", "mean wait of served customers"},
					{"mean_wait", q.MeanWait(), "s", "mean wait of all customers, E[min(V, D)]"},
					{"throughput", q.Throughput(), "/s", "served per second, λ(1 − P(abandon))"},
					{"utilization", q.Utilization(), "", "share of busy servers"},
				}
				if in.has("t") {
					outs = append(outs, Output{"p_wait_gt", q.ProbOfferedWaitExceeds(in.f("t")), "", "P(offered wait V > t)"})
				}
				return outs, nil
			},
		},
		{
			Name:    "erlang-a",
			Summary: "Erlang-A (M/M/c+M): M/M/c with exponential patience",
			Params:  []Param{pServers, pArrival, pServiceMean, durP("patience-mean", "", true, "mean patience 1/θ")},
			eval: func(in Inputs) ([]Output, error) {
				q := analytic.ErlangA{Servers: in.int("servers"), Lambda: in.f("arrival-rate"), Mu: 1 / in.f("service-mean"), Theta: 1 / in.f("patience-mean")}
				if err := q.Validate(); err != nil {
					if errors.Is(err, analytic.ErrNotConverged) {
						return nil, inputf("erlang-a: (λ − Nμ)·patience is too large for the series: %v", err)
					}
					return nil, inputf("erlang-a: %v", err)
				}
				return []Output{
					{"p_wait", q.ProbWait(), "", "P(an arrival waits)"},
					{"p_abandon", q.ProbAbandon(), "", "P(an arrival abandons)"},
					{"mean_wait", q.MeanWait(), "s", "mean wait of all arrivals"},
					{"mean_in_queue", q.MeanQueueLength(), "", "mean number waiting"},
					{"throughput", q.Throughput(), "/s", "served per second"},
				}, nil
			},
		},
		{
			Name:    "mmck",
			Summary: "M/M/c/K: M/M/c with room for K customers in total; arrivals beyond K are blocked",
			Params:  []Param{pServers, intP("capacity", "", 1, "most customers in the system K (≥ servers)"), pArrival, pServiceMean},
			eval: func(in Inputs) ([]Output, error) {
				q := analytic.MMcK{Servers: in.int("servers"), Capacity: in.int("capacity"), Lambda: in.f("arrival-rate"), Mu: 1 / in.f("service-mean")}
				if q.Capacity < q.Servers {
					return nil, inputf("--capacity: must be an integer ≥ --servers %d, got %d", q.Servers, q.Capacity)
				}
				return []Output{
					{"p_block", q.ProbBlock(), "", "P(an arrival is blocked)"},
					{"throughput", q.Throughput(), "/s", "admitted per second"},
					{"utilization", q.Utilization(), "", "share of busy servers"},
					{"p_wait", q.ProbWait(), "", "P(an admitted arrival waits)"},
					{"mean_in_queue", q.MeanQueueLength(), "", "mean number waiting"},
					{"mean_in_system", q.MeanNumberInSystem(), "", "mean number present"},
					{"mean_wait", q.MeanWait(), "s", "mean wait of admitted customers"},
					{"mean_response", q.MeanResponseTime(), "s", "mean time in system of admitted customers"},
				}, nil
			},
		},
		{
			Name:    "little",
			Summary: "Little's law L = λ·W: give any two of --arrival-rate, --time, --number",
			Params: []Param{optional(pArrival), optional(durP("time", "", false, "mean time in system W")),
				optional(numP("number", "", 0, false, "mean number in system L"))},
			eval: func(in Inputs) ([]Output, error) {
				l, w, n := in.f("arrival-rate"), in.f("time"), in.f("number")
				switch {
				case in.has("arrival-rate") && in.has("time") && !in.has("number"):
					n = analytic.LittleL(l, w)
				case in.has("number") && in.has("arrival-rate") && !in.has("time"):
					if l == 0 {
						return nil, inputf("--arrival-rate: must be > 0 to compute the time, got 0")
					}
					w = analytic.LittleW(n, l)
				case in.has("number") && in.has("time") && !in.has("arrival-rate"):
					if w == 0 {
						return nil, inputf("--time: must be > 0 to compute the rate, got 0")
					}
					l = analytic.LittleLambda(n, w)
				default:
					return nil, inputf("little: give exactly two of --arrival-rate, --time, --number")
				}
				return []Output{
					{"arrival_rate", l, "/s", "throughput λ"},
					{"time", w, "s", "mean time in system W"},
					{"number", n, "", "mean number in system L = λW"},
				}, nil
			},
		},
		{
			Name:    "timeout-latency",
			Summary: "Exponential latency L cut off by a timeout T: E[min(L, T)] and P(L > T)",
			Params:  []Param{durP("mean", "", false, "mean latency m"), durP("timeout", "", false, "timeout T")},
			eval: func(in Inputs) ([]Output, error) {
				m, t := in.f("mean"), in.f("timeout")
				return []Output{
					{"mean_held", analytic.TimeoutHeldMean(m, t), "s", "E[min(L, T)] = m(1 − e^{−T/m})"},
					{"p_timeout", analytic.TimeoutProb(m, t), "", "P(L > T) = e^{−T/m}"},
				}, nil
			},
		},
		holdingTimeFormula(),
		{
			Name:    "roc",
			Summary: "Binormal fraud score: FPR, TPR, AUC, step-up shares and fraud basis points at a threshold",
			Params: []Param{numP("d-prime", "2.5", 0, false, "separation d′ of genuine N(0,1) and fraud N(d′,1) scores"),
				{flag: "threshold", def: "3", lo: -40, hi: 40, desc: "decline threshold t (σ of genuine scores)"},
				numP("band", "0", 0, false, "step-up band b: scores in [t − b, t) are challenged"),
				probP("genuine-pass", "0.85", "share of challenged genuine customers who pass"),
				probP("fraud-pass", "0.05", "share of challenged fraudsters who pass"),
				probP("fraud-share", "0.001", "fraud share π of transactions"),
				numP("amount-factor", "1.5", 0, false, "mean fraud amount / mean genuine amount")},
			eval: func(in Inputs) ([]Output, error) {
				b := analytic.Binormal{DPrime: in.f("d-prime")}
				t := in.f("threshold")
				g, f := b.StepUp(t, in.f("band"), in.f("genuine-pass"), in.f("fraud-pass"))
				return []Output{
					{"fpr", b.FPR(t), "", "genuine declined by the rule, 1 − Φ(t)"},
					{"tpr", b.TPR(t), "", "fraud declined by the rule, 1 − Φ(t − d′)"},
					{"auc", b.AUC(), "", "area under the ROC curve, Φ(d′/√2)"},
					{"genuine_challenged", g.Challenged, "", "genuine sent to step-up"},
					{"genuine_approved", g.Approved, "", "genuine approved (directly or after step-up)"},
					{"fraud_challenged", f.Challenged, "", "fraud sent to step-up"},
					{"fraud_approved", f.Approved, "", "fraud approved"},
					{"fraud_stopped", 1 - f.Approved, "", "fraud declined or failing step-up"},
					{"fraud_bp", analytic.FraudBasisPoints(in.f("fraud-share"), g.Approved, f.Approved, in.f("amount-factor")), "bp", "fraud in basis points of approved amount"},
				}, nil
			},
		},
		{
			Name:    "optimal-threshold",
			Summary: "Cost-optimal decline threshold t* = d′/2 + ln(((1 − π)/π)·k)/d′",
			Params: []Param{numP("d-prime", "2.5", 0, true, "score separation d′"),
				{flag: "base-rate", lo: 0, hi: 1, loOpen: true, hiOpen: true, desc: "fraud base rate π"},
				numP("cost-ratio", "", 0, true, "k = cost of declining a genuine customer / cost of a missed fraud")},
			eval: func(in Inputs) ([]Output, error) {
				b := analytic.Binormal{DPrime: in.f("d-prime")}
				t := b.OptimalThreshold(in.f("base-rate"), in.f("cost-ratio"))
				return []Output{
					{"threshold", t, "σ", "decline scores ≥ t*"},
					{"fpr", b.FPR(t), "", "genuine declined at t*"},
					{"tpr", b.TPR(t), "", "fraud declined at t*"},
				}, nil
			},
		},
		{
			Name:    "lognormal",
			Summary: "Lognormal amounts: P(X ≤ L) and the volume below L, E[X; X ≤ L]",
			Params: []Param{numP("median", "40", 0, true, "median amount e^μ"), numP("sigma", "1", 0, true, "σ of ln X"),
				numP("limit", "", 0, false, "limit L"), numP("factor", "1", 0, true, "scale the amounts (1.5 for fraud)")},
			eval: func(in Inputs) ([]Output, error) {
				l := analytic.LognormalFromMedian(in.f("median"), in.f("sigma")).Scaled(in.f("factor"))
				x := in.f("limit")
				return []Output{
					{"p_below", l.CDF(x), "", "P(X ≤ L) = Φ((ln L − μ)/σ)"},
					{"partial_expectation", l.PartialExpectation(x), "u", "E[X; X ≤ L] = e^{μ+σ²/2}·Φ((ln L − μ − σ²)/σ)"},
					{"mean", l.Mean(), "u", "E[X] = e^{μ+σ²/2}"},
					{"volume_share_below", l.PartialExpectation(x) / l.Mean(), "", "share of the amount in transactions ≤ L"},
				}, nil
			},
		},
		{
			Name:    "goodput",
			Summary: "Overload goodput (N/S − ωλ)/(1 − ω) beyond capacity, and the shedding admit rate",
			Params: []Param{pArrival, intP("slots", "", 1, "connection slots N"), pServiceMean,
				{flag: "omega", def: "0.3", lo: 0, hi: 1, hiOpen: true, desc: "wasted-work share ω"},
				probP("shed-fraction", "0.9", "load shedding admits at most this share of capacity")},
			eval: func(in Inputs) ([]Output, error) {
				capacity := in.f("slots") / in.f("service-mean")
				return []Output{
					{"capacity", capacity, "/s", "N/S"},
					{"goodput", analytic.Goodput(in.f("arrival-rate"), capacity, in.f("omega")), "/s", "useful completions per second without shedding"},
					{"shed_admit_rate", analytic.SheddingAdmitRate(in.f("arrival-rate"), capacity, in.f("shed-fraction")), "/s", "admitted per second with shedding"},
				}, nil
			},
		},
		{
			Name:    "diurnal-rate",
			Summary: "Web-service arrival rate base·(1 + amplitude·sin(2π(hour − 6)/24))",
			Params: []Param{numP("base", "1000", 0, false, "base rate per second"),
				{flag: "hour", lo: -1e6, hi: 1e6, desc: "time of day in hours (8 = 08:00)"},
				probP("amplitude", "0.25", "relative amplitude of the daily wave")},
			eval: func(in Inputs) ([]Output, error) {
				return []Output{{"rate", analytic.DiurnalRate(in.f("base"), in.f("amplitude"), in.f("hour")), "/s", "arrival rate λ"}}, nil
			},
		},
		{
			Name:    "ttl-cache",
			Summary: "TTL cache hit share warm·rT/(1 + rT), r = λ/objects (Zipf popularity optional), mean age T/2",
			Params: []Param{pArrival, durP("ttl", "60s", false, "cache TTL T"), atMost(intP("objects", "20000", 1, "number of hot objects"), 10_000_000),
				probP("warm", "1", "share of objects currently cacheable"), numP("zipf", "0", 0, false, "Zipf exponent s of popularity (0 = uniform)")},
			eval: func(in Inputs) ([]Output, error) {
				n := in.int("objects")
				lambda, ttl, warm := in.f("arrival-rate"), in.f("ttl"), in.f("warm")
				hit := analytic.TTLHitRatio(lambda/float64(n), ttl, warm)
				if in.f("zipf") != 0 {
					hit = analytic.ZipfTTLHitRatio(lambda, ttl, warm, n, in.f("zipf"))
				}
				return []Output{
					{"hit", hit, "", "share of requests served from the cache"},
					{"mean_age", analytic.CachedAnswerMeanAge(ttl), "s", "mean age of a cached answer, T/2"},
				}, nil
			},
		},
		{
			Name:    "db-query-time",
			Summary: "Database load λ·q·(1 − hit) + extra and query time base/(1 − ρ), capped",
			Params: []Param{pArrival, numP("queries", "3", 0, false, "DB queries per cache miss q"), probP("hit", "", "cache hit share"),
				numP("extra", "0", 0, false, "extra queries per second (600 with the warm-up job)"),
				numP("capacity", "4000", 0, true, "DB capacity, queries per second"),
				durP("base", "5ms", false, "query time of an idle DB"), durP("max", "250ms", false, "cap on the query time")},
			eval: func(in Inputs) ([]Output, error) {
				if in.f("max") < in.f("base") {
					return nil, inputf("--max: must be ≥ --base %gs, got %gs", in.f("base"), in.f("max"))
				}
				load := analytic.DBLoad(in.f("arrival-rate"), in.f("queries"), in.f("hit"), in.f("extra"))
				return []Output{
					{"db_load", load, "/s", "queries per second"},
					{"utilization", load / in.f("capacity"), "", "ρ = load / capacity (may exceed 1)"},
					{"query_time", analytic.DBQueryTime(in.f("base"), load, in.f("capacity"), in.f("max")), "s", "base/(1 − ρ), capped"},
				}, nil
			},
		},
		{
			Name:    "service-time",
			Summary: "Web-service worker time S = app time + (1 − hit)·q·query time",
			Params: []Param{durP("app-time", "70ms", false, "app work per request (50 ms, +20 ms with recommendations)"),
				probP("hit", "", "cache hit share"), numP("queries", "3", 0, false, "DB queries per miss q"),
				durP("query-time", "", false, "DB query time")},
			eval: func(in Inputs) ([]Output, error) {
				return []Output{{"service_time", analytic.WebServiceTime(in.f("app-time"), in.f("hit"), in.f("queries"), in.f("query-time")), "s", "mean worker holding time S"}}, nil
			},
		},
		{
			Name:    "p99",
			Summary: "Response-time quantile of M/M/c: the original's approximation and the exact value",
			Params: []Param{pServers, pArrival, pServiceMean,
				{flag: "quantile", def: "0.99", lo: 0, hi: 1, loOpen: true, hiOpen: true, desc: "quantile p"}},
			eval: func(in Inputs) ([]Output, error) {
				q := mmcFrom(in)
				if err := requireStable(q); err != nil {
					return nil, err
				}
				p := in.f("quantile")
				return []Output{
					{"approx", q.ResponseTimeQuantileApprox(p), "s", "S·ln(1/(1 − p)) + ln(C/(1 − p))/(N/S − λ), wait term ≥ 0"},
					{"exact", q.ResponseTimeQuantile(p), "s", "exact quantile of wait + service"},
					{"wait_quantile", q.WaitQuantile(p), "s", "exact quantile of the wait alone"},
					{"mean_response", q.MeanResponseTime(), "s", "mean wait + service"},
					{"p_wait", q.ProbWait(), "", "Erlang C"},
				}, nil
			},
		},
		{
			Name:    "burn-rate",
			Summary: "Error budget 1 − SLO, burn = error rate / budget, budget spent per minute (30-day month)",
			Params: []Param{probP("error-rate", "", "share of requests failing"),
				{flag: "slo", def: "0.999", lo: 0, hi: 1, hiOpen: true, desc: "availability objective"}},
			eval: func(in Inputs) ([]Output, error) {
				burn := analytic.BurnRate(in.f("error-rate"), in.f("slo"))
				return []Output{
					{"budget", analytic.ErrorBudget(in.f("slo")), "", "allowed error share 1 − SLO"},
					{"burn", burn, "×", "error rate / budget"},
					{"budget_per_minute", analytic.BudgetSpentPerMinute(burn), "", "share of a 30-day budget spent per minute, burn/43200"},
					{"minutes_to_exhaust", 43200 / math.Max(burn, 1e-300), "min", "minutes until a full budget is gone at this burn"},
				}, nil
			},
		},
		{
			Name:    "autoscaler",
			Summary: "Target-tracking autoscaler: ⌈serving·min(util, 1)/target⌉, at most --max",
			Params: []Param{intP("serving", "", 0, "serving instances"), numP("utilization", "", 0, false, "measured utilisation (saturates at 1)"),
				{flag: "target", def: "0.6", lo: 0, hi: 1, loOpen: true, desc: "target utilisation"}, intP("max", "40", 0, "most instances")},
			eval: func(in Inputs) ([]Output, error) {
				n, err := analytic.DesiredInstances(in.int("serving"), in.f("utilization"), in.f("target"), in.int("max"))
				if err != nil {
					return nil, inputf("autoscaler: %v", err)
				}
				return []Output{{"desired", float64(n), "", "desired instances"}}, nil
			},
		},
		{
			Name:    "cost-rate",
			Summary: "Fleet cost per hour: instances × price per instance-hour",
			Params:  []Param{intP("instances", "", 0, "instances (or servers) billed"), numP("price", "", 0, false, "price per instance-hour (6 u on the switch, 0.40 $ on the web service)")},
			eval: func(in Inputs) ([]Output, error) {
				return []Output{{"cost_per_hour", analytic.CostRate(in.int("instances"), in.f("price")), "/h", "cost rate"}}, nil
			},
		},
	}
}

// holdingTimeFormula is the switch's slot holding time over issuer groups.
func holdingTimeFormula() Formula {
	return Formula{
		Name:    "holding-time",
		Summary: "Payment-switch slot holding time S = switch time + Σ share·E[min(L, T)], with and without the reversal",
		Params: []Param{durP("switch-time", "80ms", false, "switch processing time"), durP("timeout", "8s", false, "issuer timeout T"),
			durP("reversal", "80ms", false, "extra slot time of a reversal after a timeout"),
			{flag: "groups", kind: Text, def: "0.75:250ms,0.25:250ms", desc: "issuer groups, comma-separated share:mean-latency pairs",
				text: "pairs share:latency with shares in [0, 1] adding up to ≤ 1 (e.g. 0.75:250ms,0.25:12s)"},
			optional(numP("arrival-rate", "", 0, false, "arrival rate λ, for the busy share")),
			optional(intP("slots", "", 1, "connection slots N, for the busy share"))},
		eval: func(in Inputs) ([]Output, error) {
			gs, err := parseGroups(in.str("groups"))
			if err != nil {
				return nil, err
			}
			sw, rev, t := in.f("switch-time"), in.f("reversal"), in.f("timeout")
			s := analytic.HoldingTime(sw, t, gs)
			outs := []Output{
				{"holding_time", s, "s", "S = switch time + Σ share·E[min(L, T)] (the original)"},
				{"holding_time_with_reversal", analytic.HoldingTimeWithReversal(sw, rev, t, gs), "s", "S + reversal time × timeout share"},
				{"timeout_share", analytic.TimeoutShare(t, gs), "", "Σ share·P(L > T)"},
			}
			if in.has("arrival-rate") != in.has("slots") {
				return nil, inputf("holding-time: give both --arrival-rate and --slots for the busy share, or neither")
			}
			if in.has("slots") {
				outs = append(outs,
					Output{"busy_slots", analytic.LittleL(in.f("arrival-rate"), s), "", "λ·S (Little's law)"},
					Output{"busy_share", analytic.LittleL(in.f("arrival-rate"), s) / in.f("slots"), "", "λ·S/N"})
			}
			return outs, nil
		},
	}
}

// parseGroups parses "0.75:250ms,0.25:12s".
func parseGroups(s string) ([]analytic.IssuerGroup, error) {
	bad := func() error {
		return inputf("--groups: must be comma-separated share:mean-latency pairs with shares in [0, 1] adding up to ≤ 1 and latencies ≥ 0 (e.g. 0.75:250ms,0.25:12s), got %s", scenario.QuoteShort(s))
	}
	var gs []analytic.IssuerGroup
	sum := 0.0
	for _, part := range strings.Split(s, ",") {
		share, lat, ok := strings.Cut(strings.TrimSpace(part), ":")
		if !ok {
			return nil, bad()
		}
		sh, err := probP("groups", "", "").Parse(share)
		if err != nil {
			return nil, bad()
		}
		m, err := durP("groups", "", false, "").Parse(lat)
		if err != nil {
			return nil, bad()
		}
		sum += sh
		gs = append(gs, analytic.IssuerGroup{Share: sh, MeanLatency: m})
	}
	if sum > 1+1e-9 {
		return nil, bad()
	}
	return gs, nil
}
