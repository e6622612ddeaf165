package dist

import (
	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// Det is the constant Mean (s): SCV 0, not phase-type.
type Det struct{ Mean float64 }

func buildDet(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "mean"); err != nil {
		return nil, err
	}
	return Det{ps.number("mean")}, nil
}

// Name returns "det".
func (Det) Name() string { return "det" }

// MeanValue returns Mean.
func (d Det) MeanValue() float64 { return d.Mean }

// SCV returns 0.
func (Det) SCV() float64 { return 0 }

// Validate checks the mean.
func (d Det) Validate() error { return checkMean(d.Mean) }

// Params returns mean.
func (d Det) Params() []Param { return []Param{num(keyMean, d.Mean)} }

// WithMean returns Det{mean}.
func (Det) WithMean(mean float64) Family { return Det{mean} }

// Rander returns des.Deterministic.
func (d Det) Rander() Rander { return des.Deterministic{Value: d.Mean} }

// PH reports false: a constant is not phase-type.
func (Det) PH() (ctmc.PH, bool) { return ctmc.PH{}, false }
