package webservice

import (
	"math"

	"queuelab/des"
)

// exp1 draws a unit-mean exponential by inversion, −ln(1 − U).
func exp1(s *des.Stream) float64 { return -math.Log(1 - s.Float64()) }

// alias is Walker's alias table (Walker, ACM TOMS 3, 1977; built by Vose's
// method, IEEE TSE 17, 1991): sampling one of n outcomes with arbitrary
// probabilities costs one uniform index and one comparison, with no
// allocation.
type alias struct {
	prob  []float64
	other []int32
}

// newZipfAlias returns the alias table of Zipf(s) popularity over n
// objects: object i (0-based) has probability ∝ (i+1)^(−s).
func newZipfAlias(n int, s float64) alias {
	w := make([]float64, n)
	sum := 0.0
	for i := n - 1; i >= 0; i-- {
		w[i] = math.Pow(float64(i+1), -s)
		sum += w[i]
	}
	a := alias{prob: make([]float64, n), other: make([]int32, n)}
	small, large := make([]int32, 0, n), make([]int32, 0, n)
	for i := range w {
		w[i] *= float64(n) / sum
		if w[i] < 1 {
			small = append(small, int32(i))
		} else {
			large = append(large, int32(i))
		}
	}
	for len(small) > 0 && len(large) > 0 {
		l := small[len(small)-1]
		small = small[:len(small)-1]
		g := large[len(large)-1]
		a.prob[l], a.other[l] = w[l], g
		w[g] -= 1 - w[l]
		if w[g] < 1 {
			large = large[:len(large)-1]
			small = append(small, g)
		}
	}
	for _, i := range large {
		a.prob[i], a.other[i] = 1, i
	}
	for _, i := range small { // rounding leftovers
		a.prob[i], a.other[i] = 1, i
	}
	return a
}

func (a alias) sample(s *des.Stream) int32 {
	i := int32(s.IntN(len(a.prob)))
	if s.Float64() < a.prob[i] {
		return i
	}
	return a.other[i]
}
