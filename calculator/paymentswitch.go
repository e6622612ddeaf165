package calculator

import (
	"strings"

	"queuelab/analytic"
	"queuelab/model/input"
)

// The payment switch's formulas: issuer latency cut by a timeout, the
// slot holding time, the binormal fraud score, lognormal amounts and
// overload goodput.

var (
	pLatencyMean = durP("mean", "", false, "mean latency m")
	pTimeout     = durP("timeout", "", false, "timeout T")
)

var timeoutLatency = Formula{Name: "timeout-latency", Params: []Param{pLatencyMean, pTimeout}, eval: timeoutLatencyEval,
	Summary: "Exponential latency L cut off by a timeout T: E[min(L, T)] and P(L > T)"}

func timeoutLatencyEval(in Inputs) ([]Output, error) {
	m, t := in.f(pLatencyMean), in.f(pTimeout)
	return []Output{
		{"mean_held", analytic.TimeoutHeldMean(m, t), "s", "E[min(L, T)] = m(1 − e^{−T/m})"},
		{"p_timeout", analytic.TimeoutProb(m, t), "", "P(L > T) = e^{−T/m}"},
	}, nil
}

var (
	pSwitchTime    = durP("switch-time", "80ms", false, "switch processing time")
	pIssuerTimeout = durP("timeout", "8s", false, "issuer timeout T")
	pReversal      = durP("reversal", "80ms", false, "extra slot time of a reversal after a timeout")
	pGroups        = Param{flag: "groups", kind: Text, def: "0.75:250ms,0.25:250ms", desc: "issuer groups, comma-separated share:mean-latency pairs",
		text: "pairs share:latency with shares in [0, 1] adding up to ≤ 1 (e.g. 0.75:250ms,0.25:12s)"}
	pBusyRate  = optional(numP("arrival-rate", "", 0, false, "arrival rate λ, for the busy share"))
	pBusySlots = optional(intP("slots", "", 1, "connection slots N, for the busy share"))
)

// holdingTime is the switch's slot holding time over issuer groups.
var holdingTime = Formula{Name: "holding-time", Params: []Param{pSwitchTime, pIssuerTimeout, pReversal, pGroups, pBusyRate, pBusySlots}, eval: holdingTimeEval,
	Summary: "Payment-switch slot holding time S = switch time + Σ share·E[min(L, T)], with and without the reversal"}

func holdingTimeEval(in Inputs) ([]Output, error) {
	gs, err := parseGroups(in.str(pGroups))
	if err != nil {
		return nil, err
	}
	sw, rev, t := in.f(pSwitchTime), in.f(pReversal), in.f(pIssuerTimeout)
	s := analytic.HoldingTime(sw, t, gs)
	outs := []Output{
		{"holding_time", s, "s", "S = switch time + Σ share·E[min(L, T)] (the original)"},
		{"holding_time_with_reversal", analytic.HoldingTimeWithReversal(sw, rev, t, gs), "s", "S + reversal time × timeout share"},
		{"timeout_share", analytic.TimeoutShare(t, gs), "", "Σ share·P(L > T)"},
	}
	if in.has(pBusyRate) != in.has(pBusySlots) {
		return nil, inputf("holding-time: give both --arrival-rate and --slots for the busy share, or neither")
	}
	if in.has(pBusySlots) {
		outs = append(outs,
			Output{"busy_slots", analytic.LittleL(in.f(pBusyRate), s), "", "λ·S (Little's law)"},
			Output{"busy_share", analytic.LittleL(in.f(pBusyRate), s) / in.f(pBusySlots), "", "λ·S/N"})
	}
	return outs, nil
}

// parseGroups parses "0.75:250ms,0.25:12s".
func parseGroups(s string) ([]analytic.IssuerGroup, error) {
	bad := func() error {
		return inputf("--groups: must be comma-separated share:mean-latency pairs with shares in [0, 1] adding up to ≤ 1 and latencies ≥ 0 (e.g. 0.75:250ms,0.25:12s), got %s", input.QuoteShort(s))
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

var (
	pROCDPrime    = numP("d-prime", "2.5", 0, false, "separation d′ of genuine N(0,1) and fraud N(d′,1) scores")
	pThreshold    = Param{flag: "threshold", def: "3", lo: -40, hi: 40, desc: "decline threshold t (σ of genuine scores)"}
	pBand         = numP("band", "0", 0, false, "step-up band b: scores in [t − b, t) are challenged")
	pGenuinePass  = probP("genuine-pass", "0.85", "share of challenged genuine customers who pass")
	pFraudPass    = probP("fraud-pass", "0.05", "share of challenged fraudsters who pass")
	pFraudShare   = probP("fraud-share", "0.001", "fraud share π of transactions")
	pAmountFactor = numP("amount-factor", "1.5", 0, false, "mean fraud amount / mean genuine amount")
)

var roc = Formula{Name: "roc", Params: []Param{pROCDPrime, pThreshold, pBand, pGenuinePass, pFraudPass, pFraudShare, pAmountFactor}, eval: rocEval,
	Summary: "Binormal fraud score: FPR, TPR, AUC, step-up shares and fraud basis points at a threshold"}

func rocEval(in Inputs) ([]Output, error) {
	b := analytic.Binormal{DPrime: in.f(pROCDPrime)}
	t := in.f(pThreshold)
	g, f := b.StepUp(t, in.f(pBand), in.f(pGenuinePass), in.f(pFraudPass))
	return []Output{
		{"fpr", b.FPR(t), "", "genuine declined by the rule, 1 − Φ(t)"},
		{"tpr", b.TPR(t), "", "fraud declined by the rule, 1 − Φ(t − d′)"},
		{"auc", b.AUC(), "", "area under the ROC curve, Φ(d′/√2)"},
		{"genuine_challenged", g.Challenged, "", "genuine sent to step-up"},
		{"genuine_approved", g.Approved, "", "genuine approved (directly or after step-up)"},
		{"fraud_challenged", f.Challenged, "", "fraud sent to step-up"},
		{"fraud_approved", f.Approved, "", "fraud approved"},
		{"fraud_stopped", 1 - f.Approved, "", "fraud declined or failing step-up"},
		{"fraud_bp", analytic.FraudBasisPoints(in.f(pFraudShare), g.Approved, f.Approved, in.f(pAmountFactor)), "bp", "fraud in basis points of approved amount"},
	}, nil
}

var (
	pCostDPrime = numP("d-prime", "2.5", 0, true, "score separation d′")
	pBaseRate   = Param{flag: "base-rate", lo: 0, hi: 1, loOpen: true, hiOpen: true, desc: "fraud base rate π"}
	pCostRatio  = numP("cost-ratio", "", 0, true, "k = cost of declining a genuine customer / cost of a missed fraud")
)

var optimalThreshold = Formula{Name: "optimal-threshold", Params: []Param{pCostDPrime, pBaseRate, pCostRatio}, eval: optimalThresholdEval,
	Summary: "Cost-optimal decline threshold t* = d′/2 + ln(((1 − π)/π)·k)/d′"}

func optimalThresholdEval(in Inputs) ([]Output, error) {
	b := analytic.Binormal{DPrime: in.f(pCostDPrime)}
	t := b.OptimalThreshold(in.f(pBaseRate), in.f(pCostRatio))
	return []Output{
		{"threshold", t, "σ", "decline scores ≥ t*"},
		{"fpr", b.FPR(t), "", "genuine declined at t*"},
		{"tpr", b.TPR(t), "", "fraud declined at t*"},
	}, nil
}

var (
	pMedian = numP("median", "40", 0, true, "median amount e^μ")
	pSigma  = numP("sigma", "1", 0, true, "σ of ln X")
	pLimit  = numP("limit", "", 0, false, "limit L")
	pFactor = numP("factor", "1", 0, true, "scale the amounts (1.5 for fraud)")
)

var lognormal = Formula{Name: "lognormal", Params: []Param{pMedian, pSigma, pLimit, pFactor}, eval: lognormalEval,
	Summary: "Lognormal amounts: P(X ≤ L) and the volume below L, E[X; X ≤ L]"}

func lognormalEval(in Inputs) ([]Output, error) {
	l := analytic.LognormalFromMedian(in.f(pMedian), in.f(pSigma)).Scaled(in.f(pFactor))
	x := in.f(pLimit)
	return []Output{
		{"p_below", l.CDF(x), "", "P(X ≤ L) = Φ((ln L − μ)/σ)"},
		{"partial_expectation", l.PartialExpectation(x), "u", "E[X; X ≤ L] = e^{μ+σ²/2}·Φ((ln L − μ − σ²)/σ)"},
		{"mean", l.Mean(), "u", "E[X] = e^{μ+σ²/2}"},
		{"volume_share_below", l.PartialExpectation(x) / l.Mean(), "", "share of the amount in transactions ≤ L"},
	}, nil
}

var (
	pSlots        = intP("slots", "", 1, "connection slots N")
	pOmega        = Param{flag: "omega", def: "0.3", lo: 0, hi: 1, hiOpen: true, desc: "wasted-work share ω"}
	pShedFraction = probP("shed-fraction", "0.9", "load shedding admits at most this share of capacity")
)

var goodput = Formula{Name: "goodput", Params: []Param{pArrival, pSlots, pServiceMean, pOmega, pShedFraction}, eval: goodputEval,
	Summary: "Overload goodput (N/S − ωλ)/(1 − ω) beyond capacity, and the shedding admit rate"}

func goodputEval(in Inputs) ([]Output, error) {
	capacity := in.f(pSlots) / in.f(pServiceMean)
	return []Output{
		{"capacity", capacity, "/s", "N/S"},
		{"goodput", analytic.Goodput(in.f(pArrival), capacity, in.f(pOmega)), "/s", "useful completions per second without shedding"},
		{"shed_admit_rate", analytic.SheddingAdmitRate(in.f(pArrival), capacity, in.f(pShedFraction)), "/s", "admitted per second with shedding"},
	}, nil
}
