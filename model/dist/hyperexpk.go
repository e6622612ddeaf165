package dist

import (
	"fmt"

	"queuelab/analytic/ctmc"
)

// HyperExpK is the k-phase hyperexponential: with probability P[i] an
// exponential of mean Means[i] (s). In a file: {dist: hyperexp, p: [...],
// means: [...]}; the balanced two-phase {dist: hyperexp, mean, cv} is
// HyperExp.
type HyperExpK struct{ P, Means []float64 }

// The keys of the k-phase form: the phase probabilities and means.
var (
	keyP     = Key{"p", List, Plain}
	keyMeans = Key{"means", List, Time}
)

// Name returns "hyperexp".
func (HyperExpK) Name() string { return "hyperexp" }

// MeanValue returns Σ P[i]·Means[i].
func (d HyperExpK) MeanValue() float64 {
	m := 0.0
	for i, p := range d.P {
		m += p * d.Means[i]
	}
	return m
}

// SCV returns 2·Σ P[i]·Means[i]² / mean² − 1.
func (d HyperExpK) SCV() float64 {
	m, m2 := d.MeanValue(), 0.0
	for i, p := range d.P {
		m2 += 2 * p * d.Means[i] * d.Means[i]
	}
	return m2/(m*m) - 1
}

// Validate checks that P is a probability vector (sum 1 within 1e-9) as
// long as Means, and each mean a time the clock resolves.
func (d HyperExpK) Validate() error {
	if err := checkPhases("p", len(d.P)); err != nil {
		return err
	}
	if len(d.Means) != len(d.P) {
		return keyErr("means", "needs one mean per entry of p (%d), got %d", len(d.P), len(d.Means))
	}
	if err := checkProbs("p", d.P); err != nil {
		return err
	}
	for i, m := range d.Means {
		if err := checkMean(m); err != nil {
			return keyErr(fmt.Sprintf("means[%d]", i), "%s", err.(*KeyError).Msg)
		}
	}
	return nil
}

// Params returns p, means.
func (d HyperExpK) Params() []Param { return []Param{list(keyP, d.P), list(keyMeans, d.Means)} }

// WithMean scales every phase's mean.
func (d HyperExpK) WithMean(mean float64) Family {
	f := mean / d.MeanValue()
	out := HyperExpK{append([]float64(nil), d.P...), make([]float64, len(d.Means))}
	for i, m := range d.Means {
		out.Means[i] = m * f
	}
	return out
}

// Rander returns the phase walk (one uniform for the phase, one
// exponential).
func (d HyperExpK) Rander() Rander {
	ph, _ := d.PH()
	return newWalk(ph.Alpha, ph.T)
}

// PH returns the k parallel phases: α = P, T = diag(−1/Means).
func (d HyperExpK) PH() (ctmc.PH, bool) {
	n := len(d.P)
	ph := ctmc.PH{Alpha: append([]float64(nil), d.P...), T: make([][]float64, n)}
	for i, m := range d.Means {
		ph.T[i] = make([]float64, n)
		ph.T[i][i] = -1 / m
	}
	return ph, true
}
