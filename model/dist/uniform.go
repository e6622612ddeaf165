package dist

import (
	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// Uniform is the uniform law on [Min, Max] (s), 0 ≤ Min ≤ Max, Max > 0.
type Uniform struct{ Min, Max float64 }

// The keys of uniform: its bounds.
var (
	keyMin = Key{"min", Number, Time}
	keyMax = Key{"max", Number, Time}
)

func buildUniform(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "min", "max"); err != nil {
		return nil, err
	}
	return Uniform{ps.number("min"), ps.number("max")}, nil
}

// Name returns "uniform".
func (Uniform) Name() string { return "uniform" }

// MeanValue returns (Min+Max)/2.
func (d Uniform) MeanValue() float64 { return (d.Min + d.Max) / 2 }

// SCV returns (Max−Min)²/12 / mean².
func (d Uniform) SCV() float64 {
	m := d.MeanValue()
	w := d.Max - d.Min
	return w * w / 12 / (m * m)
}

// Validate checks 0 ≤ Min ≤ Max ≤ MaxTime, Max ≥ MinTime.
func (d Uniform) Validate() error {
	if !(d.Min >= 0 && d.Max >= d.Min && d.Max > 0 && d.Max <= MaxTime) {
		return keyErr("min, max", "uniform needs 0 ≤ min ≤ max ≤ %g s and max > 0, got min %v, max %v", float64(MaxTime), d.Min, d.Max)
	}
	if d.Max < MinTime {
		return keyErr("max", "%v s is below the clock's resolution of 1 ns (times are whole nanoseconds)", d.Max)
	}
	return nil
}

// Params returns min, max.
func (d Uniform) Params() []Param { return []Param{num(keyMin, d.Min), num(keyMax, d.Max)} }

// WithMean scales both bounds.
func (d Uniform) WithMean(mean float64) Family {
	old := d.MeanValue()
	return Uniform{d.Min * mean / old, d.Max * mean / old}
}

// Rander returns des.Uniform.
func (d Uniform) Rander() Rander { return des.Uniform{Min: d.Min, Max: d.Max} }

// PH reports false.
func (Uniform) PH() (ctmc.PH, bool) { return ctmc.PH{}, false }
