package ctmc

import "math"

// Moments returns the first two moments of the law, m1 = α(−T)⁻¹1 and
// m2 = 2α(−T)⁻²1, by two solves of (−T)x = b (NaN when T is singular).
func (d PH) Moments() (m1, m2 float64) {
	n := d.Phases()
	x := make([]float64, n)
	for i := range x {
		x[i] = 1
	}
	for pass := range 2 {
		a := make([][]float64, n)
		for i := range n {
			a[i] = make([]float64, n+1)
			for j := range n {
				a[i][j] = -d.T[i][j]
			}
			a[i][n] = x[i]
		}
		var ok bool
		if x, ok = gauss(a); !ok {
			return math.NaN(), math.NaN()
		}
		m := 0.0
		for i, p := range d.Alpha {
			m += p * x[i]
		}
		if pass == 0 {
			m1 = m
		} else {
			m2 = 2 * m
		}
	}
	return m1, m2
}
