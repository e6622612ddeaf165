package network

import (
	"queuelab/analytic"
)

// lawOf returns d as analytic describes a law for its exact CTMC: its
// family name and, when it is phase-type, its representation (α, T)
// (dist.Family.PH): exponential, Erlang-k, the hyperexponentials, gamma
// with a whole shape 1/cv², Coxian and general PH. Deterministic,
// uniform, lognormal, Weibull, Pareto, empirical and other gamma laws are
// not phase-type: PH is nil.
func lawOf(d Dist) analytic.Law {
	law := analytic.Law{Name: d.Name()}
	if ph, ok := d.PH(); ok {
		law.PH = &ph
	}
	return law
}
