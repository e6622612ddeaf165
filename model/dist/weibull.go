package dist

import (
	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// Weibull is the Weibull law of mean Mean (s) and coefficient of variation
// CV (0.01 to 50).
type Weibull struct{ Mean, CV float64 }

func buildWeibull(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "mean", "cv"); err != nil {
		return nil, err
	}
	return Weibull{ps.number("mean"), ps.number("cv")}, nil
}

// Name returns "weibull".
func (Weibull) Name() string { return "weibull" }

// MeanValue returns Mean.
func (d Weibull) MeanValue() float64 { return d.Mean }

// SCV returns CV².
func (d Weibull) SCV() float64 { return d.CV * d.CV }

// Validate checks 0.01 ≤ CV ≤ 50 and the mean.
func (d Weibull) Validate() error {
	if !(d.CV >= 0.01 && d.CV <= 50) {
		return keyErr("cv", "weibull needs a coefficient of variation from 0.01 to 50, got %v", d.CV)
	}
	return checkMean(d.Mean)
}

// Params returns mean, cv.
func (d Weibull) Params() []Param { return []Param{num(keyMean, d.Mean), num(keyCV, d.CV)} }

// WithMean keeps CV.
func (d Weibull) WithMean(mean float64) Family { return Weibull{mean, d.CV} }

// Rander returns des.WeibullFromMean.
func (d Weibull) Rander() Rander { return des.WeibullFromMean(d.Mean, d.CV) }

// PH reports false.
func (Weibull) PH() (ctmc.PH, bool) { return ctmc.PH{}, false }
