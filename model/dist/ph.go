package dist

import (
	"fmt"
	"math"

	"queuelab/analytic/ctmc"
)

// PH is the general phase-type law (α, T): it starts in phase p with
// probability Alpha[p], moves from phase p to q ≠ p at rate T[p][q] (per
// s) and ends from p at rate −Σ_q T[p][q]. T is a proper sub-generator:
// negative diagonal, nonnegative off-diagonal, rows summing to at most 0,
// and from every phase the law can end. In a file: {dist: ph, alpha:
// [...], T: [[...], ...]}, rates per time unit of the file.
type PH struct {
	Alpha []float64
	T     [][]float64
}

// The keys of ph: the start probabilities and the sub-generator.
var (
	keyStart = Key{"alpha", List, Plain}
	keyT     = Key{"T", Matrix, Rate}
)

func buildPH(r *Row, ps Params) (Family, error) {
	if err := r.need(ps, "alpha", "T"); err != nil {
		return nil, err
	}
	return PH{ps["alpha"].List, ps["T"].Rows}, nil
}

// Name returns "ph".
func (PH) Name() string { return "ph" }

func (d PH) ctmc() ctmc.PH { return ctmc.PH{Alpha: d.Alpha, T: d.T} }

// MeanValue returns α(−T)⁻¹1.
func (d PH) MeanValue() float64 { return phMean(d.ctmc()) }

// SCV returns 2α(−T)⁻²1 / mean² − 1.
func (d PH) SCV() float64 { return phSCV(d.ctmc()) }

// phMean returns the mean of a phase-type law.
func phMean(ph ctmc.PH) float64 {
	m1, _ := ph.Moments()
	return m1
}

// phSCV returns the squared coefficient of variation of a phase-type law.
func phSCV(ph ctmc.PH) float64 {
	m1, m2 := ph.Moments()
	return m2/(m1*m1) - 1
}

// Validate checks the sizes, that Alpha is a probability vector (sum 1
// within 1e-9), that T is a proper sub-generator from every phase of
// which the law can end, and that the mean is a time the clock resolves.
func (d PH) Validate() error {
	n := len(d.Alpha)
	if err := checkPhases("alpha", n); err != nil {
		return err
	}
	if err := checkProbs("alpha", d.Alpha); err != nil {
		return err
	}
	if len(d.T) != n {
		return keyErr("T", "needs %d rows (one per phase of alpha), got %d", n, len(d.T))
	}
	for p, row := range d.T {
		if len(row) != n {
			return keyErr("T", "row %d has %d entries; every row needs %d (one per phase)", p, len(row), n)
		}
		sum := 0.0
		for q, x := range row {
			if math.IsNaN(x) || math.IsInf(x, 0) || (p != q && x < 0) || (p == q && x >= 0) {
				return keyErr(fmt.Sprintf("T[%d][%d]", p, q), "%v: a sub-generator has a negative diagonal and rates ≥ 0 off it", x)
			}
			sum += x
		}
		if sum > 1e-9*-row[p] {
			return keyErr("T", "row %d sums to %v > 0: the rates out of phase %d exceed its total rate −T[%d][%d]", p, sum, p, p, p)
		}
	}
	if p := neverEnds(d.T); p >= 0 {
		return keyErr("T", "phase %d can never end: no path from it leads out (a row that sums to below 0)", p)
	}
	if m := d.MeanValue(); !(m >= MinTime && m <= MaxTime) {
		return keyErr("T", "the mean α(−T)⁻¹1 = %v s must be from 1e-9 to %g s", m, float64(MaxTime))
	}
	return nil
}

// exitRate returns −Σ_q T[p][q], the rate of ending from phase p (0 when
// rounding makes it slightly negative).
func exitRate(row []float64) float64 {
	s := 0.0
	for _, x := range row {
		s += x
	}
	return math.Max(0, -s)
}

// neverEnds returns a phase from which no path of positive rates reaches
// a phase with a positive exit rate, or −1.
func neverEnds(T [][]float64) int {
	n := len(T)
	ends := make([]bool, n)
	for p, row := range T {
		ends[p] = exitRate(row) > 1e-12*-row[p]
	}
	for changed := true; changed; { // a phase ends if it moves to one that ends
		changed = false
		for p, row := range T {
			for q, x := range row {
				if !ends[p] && q != p && x > 0 && ends[q] {
					ends[p], changed = true, true
				}
			}
		}
	}
	for p, e := range ends {
		if !e {
			return p
		}
	}
	return -1
}

// Params returns alpha, T.
func (d PH) Params() []Param { return []Param{list(keyStart, d.Alpha), matrix(keyT, d.T)} }

// WithMean scales every rate by the old mean over the new.
func (d PH) WithMean(mean float64) Family {
	f := d.MeanValue() / mean
	T := make([][]float64, len(d.T))
	for p, row := range d.T {
		T[p] = make([]float64, len(row))
		for q, x := range row {
			T[p][q] = x * f
		}
	}
	return PH{append([]float64(nil), d.Alpha...), T}
}

// Rander returns the phase walk of (α, T).
func (d PH) Rander() Rander { return newWalk(d.Alpha, d.T) }

// PH returns (α, T).
func (d PH) PH() (ctmc.PH, bool) { return d.ctmc(), true }
