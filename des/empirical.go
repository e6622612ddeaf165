package des

import "sort"

// Empirical is the empirical distribution of a sample: each of Values is
// drawn with probability 1/len(Values) (resampling, as Ciw's and JMT's
// empirical distributions do). Values must not be empty; NewEmpirical
// keeps them sorted so CDF is a binary search.
type Empirical struct{ Values []float64 }

// NewEmpirical returns the empirical distribution of a copy of values,
// sorted.
func NewEmpirical(values []float64) Empirical {
	v := append([]float64(nil), values...)
	sort.Float64s(v)
	return Empirical{Values: v}
}

// Rand returns one of Values, chosen uniformly.
func (d Empirical) Rand(s *Stream) float64 { return d.Values[s.IntN(len(d.Values))] }

// Mean returns the average of Values.
func (d Empirical) Mean() float64 { return meanOf(d.Values) }

// CDF returns the share of Values ≤ x (Values sorted, as NewEmpirical
// leaves them).
func (d Empirical) CDF(x float64) float64 {
	i := sort.Search(len(d.Values), func(i int) bool { return d.Values[i] > x })
	return float64(i) / float64(len(d.Values))
}
