package dist

import (
	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// Erlang is the sum of K exponential phases of rate K/Mean: mean Mean (s),
// SCV 1/K.
type Erlang struct {
	Mean float64
	K    int // 1 to 1000
}

// keyK is erlang's number of phases.
var keyK = Key{"k", Whole, Plain}

func buildErlang(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "mean", "k"); err != nil {
		return nil, err
	}
	return Erlang{ps.number("mean"), int(ps.number("k"))}, nil
}

// Name returns "erlang".
func (Erlang) Name() string { return "erlang" }

// MeanValue returns Mean.
func (d Erlang) MeanValue() float64 { return d.Mean }

// SCV returns 1/K.
func (d Erlang) SCV() float64 { return 1 / float64(d.K) }

// Validate checks K and the mean.
func (d Erlang) Validate() error {
	if d.K < 1 || d.K > maxPhases {
		return keyErr("k", "erlang needs a whole number of phases from 1 to %d, got %d", maxPhases, d.K)
	}
	return checkMean(d.Mean)
}

// Params returns mean, k.
func (d Erlang) Params() []Param {
	return []Param{num(keyMean, d.Mean), num(keyK, float64(d.K))}
}

// WithMean keeps K.
func (d Erlang) WithMean(mean float64) Family { return Erlang{mean, d.K} }

// Rander returns des.Erlang.
func (d Erlang) Rander() Rander { return des.Erlang{K: d.K, Rate: float64(d.K) / d.Mean} }

// PH returns K phases in series.
func (d Erlang) PH() (ctmc.PH, bool) { return ctmc.Erlang(d.Mean, d.K), true }
