package ctmc

import "math"

// sweeper does the Gauss–Seidel sweeps of a chain. On a chain of
// parallelFrom states or more it does them in pairs, the second sweep on
// a second goroutine trailing the first by blocks of states: the second
// sweep updates state t once the first has finished every state t reads
// (its sources, which come from the first sweep), t itself, and every
// state that reads t (which must still see t's first-sweep value). Each
// sweep so computes exactly what it would in order — the pair is two
// Gauss–Seidel sweeps, not an approximation of them — and the result does
// not depend on how the goroutines are scheduled. The pair normalises
// once, at its end (a sweep is linear, so this changes only rounding).
// In breadth-first order a state's neighbours are a few levels away, so
// the second sweep trails the first by a small part of the chain and a
// pair takes little longer than one sweep.
type sweeper struct {
	c      *chain
	paired bool
	need   []int32 // by block of the trailing sweep: blocks the leading one must have finished first
}

// sweepBlock is how many states a block of the paired sweeps holds (a
// variable for the tests).
var sweepBlock = 4096

func newSweeper(c *chain) *sweeper {
	n := c.states()
	w := &sweeper{c: c, paired: n >= parallelFrom}
	if !w.paired {
		return w
	}
	// reach[t]: the highest state the leading sweep must have finished
	// before the trailing one writes t.
	reach := make([]int32, n)
	for j := range n {
		reach[j] = max(reach[j], int32(j))
		for k := c.ptr[j]; k < c.ptr[j+1]; k++ {
			i := c.src[k]
			reach[j] = max(reach[j], i)        // j reads i
			reach[i] = max(reach[i], int32(j)) // j must read i's old value
		}
	}
	nb := (n + sweepBlock - 1) / sweepBlock
	w.need = make([]int32, nb)
	hi := int32(0)
	for b := range nb {
		for t := b * sweepBlock; t < min(n, (b+1)*sweepBlock); t++ {
			hi = max(hi, reach[t])
		}
		w.need[b] = hi/int32(sweepBlock) + 1
	}
	return w
}

// run does k sweeps (1, or 2 when paired) and returns k; pi sums to 1
// after.
func (w *sweeper) run(pi []float64, k int) int {
	if k == 1 {
		sum := w.rows(pi, 0, len(pi))
		for j := range pi {
			pi[j] /= sum
		}
		return 1
	}
	n, nb := len(pi), len(w.need)
	finished := make(chan struct{}, nb)
	go func() {
		for b := range nb {
			w.rows(pi, b*sweepBlock, min(n, (b+1)*sweepBlock))
			finished <- struct{}{}
		}
	}()
	got, sum := int32(0), 0.0
	for b := range nb {
		for ; got < w.need[b]; got++ {
			<-finished
		}
		sum += w.rows(pi, b*sweepBlock, min(n, (b+1)*sweepBlock))
	}
	for ; got < int32(nb); got++ {
		<-finished
	}
	halves(n, n/2, true, func(_, lo, hi int) {
		for j := lo; j < hi; j++ {
			pi[j] /= sum
		}
	})
	return 2
}

// rows updates the states [lo, hi) in order and returns their sum.
func (w *sweeper) rows(pi []float64, lo, hi int) float64 {
	c := w.c
	sum := 0.0
	for j := lo; j < hi; j++ {
		s := 0.0
		for k := c.ptr[j]; k < c.ptr[j+1]; k++ {
			s += pi[c.src[k]] * c.rate[k]
		}
		if c.out[j] > 0 {
			pi[j] = s / c.out[j]
		}
		sum += pi[j]
	}
	return sum
}

// residual returns ‖πQ‖₁ (summed in two halves on large chains).
func (c *chain) residual(pi []float64) float64 {
	n := len(pi)
	var part [2]float64
	halves(n, n/2, n >= parallelFrom, func(p, lo, hi int) {
		r := 0.0
		for j := lo; j < hi; j++ {
			s := -pi[j] * c.out[j]
			for k := c.ptr[j]; k < c.ptr[j+1]; k++ {
				s += pi[c.src[k]] * c.rate[k]
			}
			r += math.Abs(s)
		}
		part[p] = r
	})
	return part[0] + part[1]
}
