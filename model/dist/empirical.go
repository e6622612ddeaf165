package dist

import (
	"fmt"

	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// Empirical resamples Values (s): each drawn with probability
// 1/len(Values).
type Empirical struct{ Values []float64 }

// keyValues is empirical's list of times.
var keyValues = Key{"values", List, Time}

func buildEmpirical(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "values"); err != nil {
		return nil, err
	}
	return Empirical{ps["values"].List}, nil
}

// Name returns "empirical".
func (Empirical) Name() string { return "empirical" }

// MeanValue returns the average of Values.
func (d Empirical) MeanValue() float64 { return des.NewEmpirical(d.Values).Mean() }

// SCV returns the population variance of Values over their mean squared.
func (d Empirical) SCV() float64 {
	var t des.Tally
	for _, v := range d.Values {
		t.Add(v)
	}
	if t.N() < 2 {
		return 0
	}
	m := t.Mean()
	return t.Variance() * float64(t.N()-1) / float64(t.N()) / (m * m)
}

// maxValues bounds the values of an empirical law.
const maxValues = 1_000_000

// Validate checks 1 to maxValues times, each ≥ 0, not all 0.
func (d Empirical) Validate() error {
	if len(d.Values) == 0 || len(d.Values) > maxValues {
		return keyErr("values", "empirical needs 1 to %d values, got %d", maxValues, len(d.Values))
	}
	sum := 0.0
	for i, v := range d.Values {
		if err := checkTime(fmt.Sprintf("values[%d]", i), v); err != nil {
			return err
		}
		sum += v
	}
	if sum == 0 {
		return keyErr("values", "empirical needs at least one value > 0")
	}
	return nil
}

// Params returns values.
func (d Empirical) Params() []Param { return []Param{list(keyValues, d.Values)} }

// WithMean scales every value.
func (d Empirical) WithMean(mean float64) Family {
	old := d.MeanValue()
	out := make([]float64, len(d.Values))
	for i, v := range d.Values {
		out[i] = v * (mean / old)
	}
	return Empirical{out}
}

// Rander returns des.NewEmpirical (a sorted copy).
func (d Empirical) Rander() Rander { return des.NewEmpirical(d.Values) }

// PH reports false.
func (Empirical) PH() (ctmc.PH, bool) { return ctmc.PH{}, false }
