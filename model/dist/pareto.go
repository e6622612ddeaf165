package dist

import (
	"math"

	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// Pareto is the Pareto (type I) law of mean Mean (s), shaped by its
// coefficient of variation CV or, instead, its tail index Alpha > 1 (the
// other is 0).
type Pareto struct{ Mean, CV, Alpha float64 }

// keyTail is pareto's tail index.
var keyTail = Key{"alpha", Number, Plain}

func buildPareto(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "mean"); err != nil {
		return nil, err
	}
	_, hasCV := ps["cv"]
	_, hasAlpha := ps["alpha"]
	if !hasCV && !hasAlpha {
		return nil, keyErr("", "pareto needs cv or alpha (pareto takes: %s)", r.Takes)
	}
	return Pareto{ps.number("mean"), ps.number("cv"), ps.number("alpha")}, nil
}

// Name returns "pareto".
func (Pareto) Name() string { return "pareto" }

// MeanValue returns Mean.
func (d Pareto) MeanValue() float64 { return d.Mean }

// SCV returns 1/(α(α−2)) for a tail index α > 2, +Inf for α ≤ 2; CV²
// when given by CV.
func (d Pareto) SCV() float64 {
	if d.Alpha > 0 {
		if d.Alpha <= 2 {
			return math.Inf(1)
		}
		return 1 / (d.Alpha * (d.Alpha - 2))
	}
	return d.CV * d.CV
}

// Validate checks that exactly one of CV (0 to 100) and Alpha (1 to 1000)
// is given, and the mean.
func (d Pareto) Validate() error {
	switch {
	case d.CV != 0 && d.Alpha != 0:
		return keyErr("", "pareto: give cv or alpha, not both")
	case d.Alpha != 0 && !(d.Alpha > 1 && d.Alpha <= 1000):
		return keyErr("alpha", "pareto needs a tail index > 1 (a finite mean) and ≤ 1000, got %v", d.Alpha)
	case d.Alpha == 0:
		if err := checkCV("pareto", d.CV, 0); err != nil {
			return err
		}
	}
	return checkMean(d.Mean)
}

// Params returns mean and alpha when given, else mean and cv.
func (d Pareto) Params() []Param {
	if d.Alpha != 0 {
		return []Param{num(keyMean, d.Mean), num(keyTail, d.Alpha)}
	}
	return []Param{num(keyMean, d.Mean), num(keyCV, d.CV)}
}

// WithMean keeps CV or Alpha.
func (d Pareto) WithMean(mean float64) Family { d.Mean = mean; return d }

// Rander returns des.ParetoFromMean.
func (d Pareto) Rander() Rander {
	a := d.Alpha
	if a == 0 {
		a = des.ParetoAlphaFromCV(d.CV)
	}
	return des.ParetoFromMean(d.Mean, a)
}

// PH reports false.
func (Pareto) PH() (ctmc.PH, bool) { return ctmc.PH{}, false }
