package dist

import (
	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// Exp is the exponential law of mean Mean (s): memoryless, SCV 1.
type Exp struct{ Mean float64 }

func buildExp(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "mean"); err != nil {
		return nil, err
	}
	return Exp{ps.number("mean")}, nil
}

// Name returns "exp".
func (Exp) Name() string { return "exp" }

// MeanValue returns Mean.
func (d Exp) MeanValue() float64 { return d.Mean }

// SCV returns 1.
func (Exp) SCV() float64 { return 1 }

// Validate checks the mean.
func (d Exp) Validate() error { return checkMean(d.Mean) }

// Params returns mean.
func (d Exp) Params() []Param { return []Param{num(keyMean, d.Mean)} }

// WithMean returns Exp{mean}.
func (Exp) WithMean(mean float64) Family { return Exp{mean} }

// Rander returns des.Exponential of rate 1/Mean.
func (d Exp) Rander() Rander { return des.Exponential{Rate: 1 / d.Mean} }

// PH returns the one-phase law.
func (d Exp) PH() (ctmc.PH, bool) { return ctmc.Exponential(d.Mean), true }
