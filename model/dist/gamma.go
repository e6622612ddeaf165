package dist

import (
	"math"

	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// Gamma is the gamma law of mean Mean (s) and coefficient of variation CV
// (shape 1/CV²).
type Gamma struct{ Mean, CV float64 }

func buildGamma(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "mean", "cv"); err != nil {
		return nil, err
	}
	return Gamma{ps.number("mean"), ps.number("cv")}, nil
}

// Name returns "gamma".
func (Gamma) Name() string { return "gamma" }

// MeanValue returns Mean.
func (d Gamma) MeanValue() float64 { return d.Mean }

// SCV returns CV².
func (d Gamma) SCV() float64 { return d.CV * d.CV }

// Validate checks 0 < CV ≤ 100 and the mean.
func (d Gamma) Validate() error {
	if err := checkCV("gamma", d.CV, 0); err != nil {
		return err
	}
	return checkMean(d.Mean)
}

// Params returns mean, cv.
func (d Gamma) Params() []Param { return []Param{num(keyMean, d.Mean), num(keyCV, d.CV)} }

// WithMean keeps CV.
func (d Gamma) WithMean(mean float64) Family { return Gamma{mean, d.CV} }

// Rander returns des.GammaFromMean.
func (d Gamma) Rander() Rander { return des.GammaFromMean(d.Mean, d.CV) }

// PH returns the Erlang law when the shape 1/CV² is a whole number from 1
// to 1000 (within 1e-9 relative); other shapes are not phase-type.
func (d Gamma) PH() (ctmc.PH, bool) {
	k := math.Round(1 / (d.CV * d.CV))
	if k < 1 || k > maxPhases || math.Abs(k-1/(d.CV*d.CV)) > 1e-9*k {
		return ctmc.PH{}, false
	}
	return ctmc.Erlang(d.Mean, int(k)), true
}
