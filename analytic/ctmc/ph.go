package ctmc

import (
	"fmt"
	"math"
)

// PH is a phase-type law (α, T) of a time: it starts in phase p with
// probability Alpha[p], moves from phase p to q ≠ p at rate T[p][q] and ends
// from phase p at rate −Σ_q T[p][q] (the exit rate). Alpha must sum to 1
// (no mass at zero); the diagonal T[p][p] is minus the total rate out of p.
type PH struct {
	Alpha []float64
	T     [][]float64
}

// Exponential returns the one-phase law of the given mean.
func Exponential(mean float64) PH {
	return PH{Alpha: []float64{1}, T: [][]float64{{-1 / mean}}}
}

// Erlang returns the k-phase Erlang law of the given mean (phases of rate
// k/mean in series).
func Erlang(mean float64, k int) PH {
	rate := float64(k) / mean
	ph := PH{Alpha: make([]float64, k), T: make([][]float64, k)}
	ph.Alpha[0] = 1
	for p := range k {
		ph.T[p] = make([]float64, k)
		ph.T[p][p] = -rate
		if p+1 < k {
			ph.T[p][p+1] = rate
		}
	}
	return ph
}

// HyperExp returns the two-phase hyperexponential law: phase 1 (rate r1)
// with probability p, else phase 2 (rate r2).
func HyperExp(p, r1, r2 float64) PH {
	return PH{Alpha: []float64{p, 1 - p}, T: [][]float64{{-r1, 0}, {0, -r2}}}
}

// Phases returns the number of phases.
func (d PH) Phases() int { return len(d.Alpha) }

// exit returns the rate at which the law ends from phase p.
func (d PH) exit(p int) float64 {
	s := 0.0
	for _, x := range d.T[p] {
		s += x
	}
	return math.Max(0, -s)
}

// Mean returns α(−T)⁻¹1, the mean of the law, by solving (−T)x = 1 with
// Gaussian elimination (NaN if T is singular).
func (d PH) Mean() float64 {
	n := d.Phases()
	a := make([][]float64, n)
	for i := range n {
		a[i] = make([]float64, n+1)
		for j := range n {
			a[i][j] = -d.T[i][j]
		}
		a[i][n] = 1
	}
	x, ok := gauss(a)
	if !ok {
		return math.NaN()
	}
	m := 0.0
	for i, p := range d.Alpha {
		m += p * x[i]
	}
	return m
}

// maxPhases bounds the phases of one law: the state codes keep a phase in
// 10 bits, one value reserved.
const maxPhases = 1000

// Validate reports what is wrong with d: sizes, signs, α not summing to 1,
// a phase that can never end.
func (d PH) Validate() error {
	n := d.Phases()
	switch {
	case n == 0:
		return fmt.Errorf("phase-type law has no phases")
	case n > maxPhases:
		return fmt.Errorf("phase-type law has %d phases; at most %d", n, maxPhases)
	case len(d.T) != n:
		return fmt.Errorf("phase-type law: T has %d rows for %d phases", len(d.T), n)
	}
	sum := 0.0
	for p, a := range d.Alpha {
		if !(a >= 0 && a <= 1) {
			return fmt.Errorf("phase-type law: alpha[%d] = %v is not a probability", p, a)
		}
		sum += a
		if len(d.T[p]) != n {
			return fmt.Errorf("phase-type law: T row %d has %d entries for %d phases", p, len(d.T[p]), n)
		}
		for q, x := range d.T[p] {
			if math.IsNaN(x) || math.IsInf(x, 0) || (p != q && x < 0) || (p == q && x >= 0) {
				return fmt.Errorf("phase-type law: T[%d][%d] = %v (off-diagonal rates ≥ 0, diagonal < 0)", p, q, x)
			}
		}
		if d.exit(p) < 0 {
			return fmt.Errorf("phase-type law: row %d of T sums to more than 0", p)
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		return fmt.Errorf("phase-type law: alpha sums to %v, want 1", sum)
	}
	if m := d.Mean(); !(m > 0) || math.IsInf(m, 0) {
		return fmt.Errorf("phase-type law: some phase never ends (T is singular)")
	}
	return nil
}

// gauss solves the n×(n+1) augmented system a in place by Gaussian
// elimination with partial pivoting; ok is false when it is singular.
func gauss(a [][]float64) (x []float64, ok bool) {
	n := len(a)
	for c := range n {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if a[piv][c] == 0 {
			return nil, false
		}
		a[c], a[piv] = a[piv], a[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			if f == 0 {
				continue
			}
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	x = make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := a[r][n]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, true
}
