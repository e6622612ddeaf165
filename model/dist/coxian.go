package dist

import (
	"fmt"
	"math"

	"queuelab/analytic/ctmc"
)

// Coxian is the Coxian law: phases 1…n in series, phase i of rate
// Rates[i] (per s); after phase i < n the time goes on to phase i+1 with
// probability P[i] and ends otherwise; it ends after phase n. In a file:
// {dist: coxian, rates: [...], p: [...]} with len(p) = len(rates) − 1
// (p may be left out for one phase). Every acyclic phase-type law has a
// Coxian form (Cumani 1982), so this covers hypo- and hyperexponential
// shapes with 2n − 1 numbers.
type Coxian struct{ Rates, P []float64 }

// keyRates is coxian's list of phase rates (its p is keyP, the
// hyperexponential's key for probabilities).
var keyRates = Key{"rates", List, Rate}

func buildCoxian(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "rates"); err != nil {
		return nil, err
	}
	return Coxian{ps["rates"].List, ps["p"].List}, nil
}

// Name returns "coxian".
func (Coxian) Name() string { return "coxian" }

// MeanValue returns Σ_i (Π_{j<i} P[j]) / Rates[i] (from (α, T)).
func (d Coxian) MeanValue() float64 { return phMean(d.ph()) }

// SCV returns the second moment from (α, T) over mean² − 1.
func (d Coxian) SCV() float64 { return phSCV(d.ph()) }

// maxRate bounds a phase's rate (per s): a phase shorter than the clock's
// 1 ns could not be told apart.
const maxRate = 1 / MinTime

// Validate checks the sizes, each rate in (0, 1e9] per s, each P a
// probability and the mean a time the clock resolves.
func (d Coxian) Validate() error {
	n := len(d.Rates)
	if err := checkPhases("rates", n); err != nil {
		return err
	}
	if len(d.P) != n-1 {
		return keyErr("p", "coxian with %d phases needs %d continuation probabilities (after each phase but the last), got %d", n, n-1, len(d.P))
	}
	for i, r := range d.Rates {
		if !(r > 0 && r <= maxRate) || math.IsInf(r, 0) {
			return keyErr(fmt.Sprintf("rates[%d]", i), "must be a rate > 0 and ≤ %g per s, got %v", float64(maxRate), r)
		}
	}
	for i, p := range d.P {
		if !(p >= 0 && p <= 1) {
			return keyErr(fmt.Sprintf("p[%d]", i), "must be a probability from 0 to 1, got %v", p)
		}
	}
	if m := d.MeanValue(); !(m >= MinTime && m <= MaxTime) {
		return keyErr("rates", "the mean %v s must be from 1e-9 to %g s", m, float64(MaxTime))
	}
	return nil
}

// Params returns rates and p (p left out for one phase).
func (d Coxian) Params() []Param {
	if len(d.P) == 0 {
		return []Param{list(keyRates, d.Rates)}
	}
	return []Param{list(keyRates, d.Rates), list(keyP, d.P)}
}

// WithMean scales every rate by the old mean over the new.
func (d Coxian) WithMean(mean float64) Family {
	f := d.MeanValue() / mean
	out := Coxian{make([]float64, len(d.Rates)), append([]float64(nil), d.P...)}
	for i, r := range d.Rates {
		out.Rates[i] = r * f
	}
	return out
}

// Rander returns the phase walk.
func (d Coxian) Rander() Rander {
	ph := d.ph()
	return newWalk(ph.Alpha, ph.T)
}

// PH returns the series of phases.
func (d Coxian) PH() (ctmc.PH, bool) { return d.ph(), true }

func (d Coxian) ph() ctmc.PH {
	n := len(d.Rates)
	ph := ctmc.PH{Alpha: make([]float64, n), T: make([][]float64, n)}
	ph.Alpha[0] = 1
	for i, r := range d.Rates {
		ph.T[i] = make([]float64, n)
		ph.T[i][i] = -r
		if i+1 < n {
			ph.T[i][i+1] = r * d.P[i]
		}
	}
	return ph
}
