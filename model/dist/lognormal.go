package dist

import (
	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// LogNormal is the lognormal law of mean Mean (s) and coefficient of
// variation CV.
type LogNormal struct{ Mean, CV float64 }

func buildLogNormal(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "mean", "cv"); err != nil {
		return nil, err
	}
	return LogNormal{ps.number("mean"), ps.number("cv")}, nil
}

// Name returns "lognormal".
func (LogNormal) Name() string { return "lognormal" }

// MeanValue returns Mean.
func (d LogNormal) MeanValue() float64 { return d.Mean }

// SCV returns CV².
func (d LogNormal) SCV() float64 { return d.CV * d.CV }

// Validate checks 0 < CV ≤ 100 and the mean.
func (d LogNormal) Validate() error {
	if err := checkCV("lognormal", d.CV, 0); err != nil {
		return err
	}
	return checkMean(d.Mean)
}

// Params returns mean, cv.
func (d LogNormal) Params() []Param { return []Param{num(keyMean, d.Mean), num(keyCV, d.CV)} }

// WithMean keeps CV.
func (d LogNormal) WithMean(mean float64) Family { return LogNormal{mean, d.CV} }

// Rander returns des.LogNormalFromMean.
func (d LogNormal) Rander() Rander { return des.LogNormalFromMean(d.Mean, d.CV) }

// PH reports false.
func (LogNormal) PH() (ctmc.PH, bool) { return ctmc.PH{}, false }
