package ctmc

import (
	"fmt"
	"math"
)

// MAP is a Markovian arrival process (D0, D1): a phase process on
// 0…n−1 that moves from phase a to b ≠ a without an arrival at rate
// D0[a][b] and with one at rate D1[a][b] (b = a included); D0[a][a] is
// minus the total rate out of a, so each row of D0 + D1 sums to 0. A
// Markov-modulated Poisson process is the MAP with a diagonal D1 (see
// MMPP); Poisson arrivals of rate λ are D0 = [[−λ]], D1 = [[λ]]
// ([Neuts]; Lucantoni, "New results on the single server queue with a
// batch Markovian arrival process", Stochastic Models 7, 1991).
type MAP struct {
	D0, D1 [][]float64
}

// MMPP returns the Markov-modulated Poisson process whose environment
// moves from phase a to b ≠ a at rate q[a][b] (the diagonal of q is
// ignored) and which has arrivals at rate rates[a] in phase a.
func MMPP(q [][]float64, rates []float64) MAP {
	n := len(rates)
	m := MAP{D0: make([][]float64, n), D1: make([][]float64, n)}
	for a := range n {
		m.D0[a], m.D1[a] = make([]float64, n), make([]float64, n)
		m.D1[a][a] = rates[a]
		out := rates[a]
		for b := range n {
			if b != a && a < len(q) && b < len(q[a]) {
				m.D0[a][b] = q[a][b]
				out += q[a][b]
			}
		}
		m.D0[a][a] = -out
	}
	return m
}

// Phases returns the number of phases.
func (a MAP) Phases() int { return len(a.D0) }

// Validate reports what is wrong with a: sizes, signs, rows of D0 + D1
// not summing to 0, no arrivals at all.
func (a MAP) Validate() error {
	n := a.Phases()
	switch {
	case n == 0:
		return fmt.Errorf("MAP has no phases")
	case len(a.D1) != n:
		return fmt.Errorf("MAP: D0 has %d rows, D1 %d", n, len(a.D1))
	}
	total := 0.0
	for p := range n {
		if len(a.D0[p]) != n || len(a.D1[p]) != n {
			return fmt.Errorf("MAP: row %d of D0 or D1 does not have %d entries", p, n)
		}
		sum, big := 0.0, 0.0
		for q := range n {
			d0, d1 := a.D0[p][q], a.D1[p][q]
			if math.IsNaN(d0+d1) || math.IsInf(d0+d1, 0) || d1 < 0 || (p != q && d0 < 0) || (p == q && d0 >= 0) {
				return fmt.Errorf("MAP: D0[%d][%d] = %v, D1[%d][%d] = %v (rates ≥ 0, D0's diagonal < 0)", p, q, d0, p, q, d1)
			}
			sum += d0 + d1
			big = math.Max(big, math.Abs(d0)+d1)
			total += d1
		}
		if math.Abs(sum) > 1e-9*big {
			return fmt.Errorf("MAP: row %d of D0 + D1 sums to %v, want 0", p, sum)
		}
	}
	if total == 0 {
		return fmt.Errorf("MAP: D1 is zero (no arrivals)")
	}
	if r := a.Rate(); !(r > 0) || math.IsInf(r, 0) {
		return fmt.Errorf("MAP: its phase process has no stationary law with arrivals (rate %v)", r)
	}
	return nil
}

// stationary returns θ with θ(D0 + D1) = 0, Σθ = 1, the time-stationary
// phase law; nil if D0 + D1 has no unique one.
func (a MAP) stationary() []float64 {
	n := a.Phases()
	g := make([][]float64, n)
	for j := range n {
		g[j] = make([]float64, n+1)
		for i := range n {
			g[j][i] = a.D0[i][j] + a.D1[i][j]
		}
	}
	for i := range n + 1 {
		g[n-1][i] = 1
	}
	th, ok := gauss(g)
	if !ok {
		return nil
	}
	return th
}

// Rate returns the mean arrival rate θ D1 1.
func (a MAP) Rate() float64 {
	th := a.stationary()
	if th == nil {
		return math.NaN()
	}
	r := 0.0
	for p, x := range th {
		for _, d := range a.D1[p] {
			r += x * d
		}
	}
	return r
}
