package dist

import "queuelab/des"

// walk draws a phase-type time exactly by walking its phases: a start
// phase by α, then in each phase an exponential holding time and the next
// phase or the end by the jump probabilities T[p][q]/−T[p][p]. Drawing
// allocates nothing; a phase that can only end, and a law with one start
// phase, cost no uniform for the choice.
type walk struct {
	start  []float64 // cumulative α
	first  int32     // the start phase when α has one positive entry, else −1
	rate   []float64 // −T[p][p]
	cum    [][]float64
	target [][]int32 // cum[p][j] is P(next ∈ target[p][:j+1])
}

func newWalk(alpha []float64, T [][]float64) *walk {
	n := len(alpha)
	w := &walk{start: make([]float64, n), first: -1, rate: make([]float64, n), cum: make([][]float64, n), target: make([][]int32, n)}
	acc, positive := 0.0, 0
	for p, a := range alpha {
		acc += a
		w.start[p] = acc
		if a > 0 {
			positive++
			w.first = int32(p)
		}
	}
	if positive != 1 {
		w.first = -1
	}
	for p := lastPositive(alpha); positive > 1 && p < n; p++ {
		w.start[p] = 2 // rounding never picks past the last start phase
	}
	for p, row := range T {
		w.rate[p] = -row[p]
		acc := 0.0
		for q, x := range row {
			if q != p && x > 0 {
				acc += x / w.rate[p]
				w.cum[p] = append(w.cum[p], acc)
				w.target[p] = append(w.target[p], int32(q))
			}
		}
		if k := len(w.cum[p]); k > 0 && exitRate(row) <= 1e-12*w.rate[p] {
			w.cum[p][k-1] = 2 // the phase cannot end: rounding must not end it
		}
	}
	return w
}

// Rand draws one time (s).
func (w *walk) Rand(s *des.Stream) float64 {
	p := int(w.first)
	if p < 0 {
		p = pick(w.start, s.Float64())
	}
	t := 0.0
	for {
		t += s.StdExp() / w.rate[p]
		cum := w.cum[p]
		if len(cum) == 0 {
			return t
		}
		u := s.Float64()
		j := pick(cum, u)
		if j == len(cum) {
			return t // the remainder: the law ends
		}
		p = int(w.target[p][j])
	}
}

// lastPositive returns the index of the last positive entry of xs.
func lastPositive(xs []float64) int {
	for i := len(xs) - 1; i >= 0; i-- {
		if xs[i] > 0 {
			return i
		}
	}
	return len(xs) - 1
}

// pick returns the first index i with u < cum[i] (len(cum) when none, for
// a u beyond the last entry).
func pick(cum []float64, u float64) int {
	for i, c := range cum {
		if u < c {
			return i
		}
	}
	return len(cum)
}
