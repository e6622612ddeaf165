package network

import (
	"math"

	"queuelab/analytic"
	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// Law returns d as analytic describes a law for its exact CTMC: its family
// name and, when it is phase-type, its representation (α, T):
// exponential, Erlang-k, the balanced two-phase hyperexponential that
// des draws (the same P and rates), and gamma with a whole shape 1/cv²
// (an Erlang). Deterministic, uniform, lognormal, Weibull, Pareto,
// empirical and other gamma laws are not phase-type: PH is nil.
func (d Dist) Law() analytic.Law {
	law := analytic.Law{Name: d.Kind.String()}
	var ph ctmc.PH
	switch d.Kind {
	case Exp:
		ph = ctmc.Exponential(d.Mean)
	case Erlang:
		ph = ctmc.Erlang(d.Mean, d.K)
	case HyperExp:
		h := des.HyperExponentialBalanced(d.Mean, d.CV*d.CV)
		ph = ctmc.HyperExp(h.P, h.Rate1, h.Rate2)
	case Gamma:
		k := math.Round(1 / (d.CV * d.CV))
		if k < 1 || k > 1000 || math.Abs(k-1/(d.CV*d.CV)) > 1e-9*k {
			return law
		}
		ph = ctmc.Erlang(d.Mean, int(k))
	default:
		return law
	}
	law.PH = &ph
	return law
}
