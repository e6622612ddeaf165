package dist

import (
	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// HyperExp is the balanced two-phase hyperexponential of mean Mean (s) and
// coefficient of variation CV > 1: phase means in proportion to their
// probabilities (P/Rate1 = (1−P)/Rate2, Whitt 1982), as des draws it. In
// a file it is the shorthand {dist: hyperexp, mean, cv}; the general
// k-phase form {dist: hyperexp, p, means} is HyperExpK.
type HyperExp struct{ Mean, CV float64 }

// buildHyperExp reads either form of the hyperexp row.
func buildHyperExp(r *Row, ps Params) (Family, error) {
	_, hasP := ps["p"]
	_, hasMeans := ps["means"]
	if hasP || hasMeans {
		for _, k := range []string{"mean", "cv"} {
			if _, ok := ps[k]; ok {
				return nil, keyErr(k, "hyperexp takes mean and cv (balanced two phases) or p and means (k phases), not both")
			}
		}
		if err := r.need(ps, "p", "means"); err != nil {
			return nil, err
		}
		return HyperExpK{ps["p"].List, ps["means"].List}, nil
	}
	if err := r.need(ps, "mean", "cv"); err != nil {
		return nil, err
	}
	return HyperExp{ps.number("mean"), ps.number("cv")}, nil
}

// Name returns "hyperexp".
func (HyperExp) Name() string { return "hyperexp" }

// MeanValue returns Mean.
func (d HyperExp) MeanValue() float64 { return d.Mean }

// SCV returns CV².
func (d HyperExp) SCV() float64 { return d.CV * d.CV }

// Validate checks 1 < CV ≤ 100 and the mean.
func (d HyperExp) Validate() error {
	if err := checkCV("hyperexp", d.CV, 1); err != nil {
		return err
	}
	return checkMean(d.Mean)
}

// Params returns mean, cv.
func (d HyperExp) Params() []Param { return []Param{num(keyMean, d.Mean), num(keyCV, d.CV)} }

// WithMean keeps CV.
func (d HyperExp) WithMean(mean float64) Family { return HyperExp{mean, d.CV} }

// Rander returns des.HyperExponentialBalanced.
func (d HyperExp) Rander() Rander { return des.HyperExponentialBalanced(d.Mean, d.CV*d.CV) }

// PH returns the two phases des draws (the same probability and rates).
func (d HyperExp) PH() (ctmc.PH, bool) {
	h := des.HyperExponentialBalanced(d.Mean, d.CV*d.CV)
	return ctmc.HyperExp(h.P, h.Rate1, h.Rate2), true
}
