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
	packed *packedRates // c's rates packed, or nil: read c.rate
	paired bool
	need   []int32 // by block of the trailing sweep: blocks the leading one must have finished first
}

// sweepBlock is how many states a block of the paired sweeps holds (a
// variable for the tests).
var sweepBlock = 4096

func newSweeper(c *chain, packed *packedRates) *sweeper {
	n := c.states()
	w := &sweeper{c: c, packed: packed, paired: n >= parallelFrom}
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

// run does k sweeps (1, or 2 when paired) and returns k and a bound on
// the residual ‖πQ‖₁ after them (see rows); pi sums to 1 after.
func (w *sweeper) run(pi []float64, k int) (int, float64) {
	if k == 1 {
		sum, change := w.rows(pi, 0, len(pi))
		for j := range pi {
			pi[j] /= sum
		}
		return 1, change / sum
	}
	n, nb := len(pi), len(w.need)
	finished := make(chan struct{}, nb)
	go func() {
		for b := range nb {
			w.rows(pi, b*sweepBlock, min(n, (b+1)*sweepBlock))
			finished <- struct{}{}
		}
	}()
	got, sum, change := int32(0), 0.0, 0.0
	for b := range nb {
		for ; got < w.need[b]; got++ {
			<-finished
		}
		s, ch := w.rows(pi, b*sweepBlock, min(n, (b+1)*sweepBlock))
		sum += s
		change += ch
	}
	for ; got < int32(nb); got++ {
		<-finished
	}
	halves(n, n/2, true, func(_, lo, hi int) {
		for j := lo; j < hi; j++ {
			pi[j] /= sum
		}
	})
	return 2, change / sum
}

// rows updates the states [lo, hi) in order and returns their sum and
// Σ_j |Δπ_j|·|q_jj|, the change of each state weighted by its rate out.
// The latter bounds the residual after the sweep: the sweep leaves row j
// of πQ at Σ_{i>j} Δπ_i q_ij (the states after j changed after j read
// them), so ‖πQ‖₁ ≤ Σ_i |Δπ_i| Σ_{j<i} q_ij ≤ Σ_i |Δπ_i|·|q_ii|. A state
// without rates out (not updated) makes the bound infinite.
func (w *sweeper) rows(pi []float64, lo, hi int) (sum, change float64) {
	c := w.c
	if p := w.packed; p != nil {
		tab := p.tab
		for j := lo; j < hi; j++ {
			a, b := c.ptr[j], c.ptr[j+1]
			src, idx := c.src[a:b], p.idx[a:b]
			idx = idx[:len(src)]
			s := 0.0
			for k, i := range src {
				s += pi[i] * tab[idx[k]]
			}
			v, d := update(pi[j], s, c.out[j])
			pi[j] = v
			sum += v
			change += d
		}
		return sum, change
	}
	for j := lo; j < hi; j++ {
		s := 0.0
		for k := c.ptr[j]; k < c.ptr[j+1]; k++ {
			s += pi[c.src[k]] * c.rate[k]
		}
		v, d := update(pi[j], s, c.out[j])
		pi[j] = v
		sum += v
		change += d
	}
	return sum, change
}

// update returns π_j's new value, its inflow s over its rate out o, and
// |Δπ_j|·o (+Inf where o is 0: π_j stays, old).
func update(old, s, o float64) (float64, float64) {
	if !(o > 0) {
		return old, math.Inf(1)
	}
	v := s / o
	return v, math.Abs(v-old) * o
}

// residual returns ‖πQ‖₁ (summed in two halves on large chains), reading
// the rates from p where it is not nil.
func (c *chain) residual(pi []float64, p *packedRates) float64 {
	n := len(pi)
	var part [2]float64
	halves(n, n/2, n >= parallelFrom, func(h, lo, hi int) {
		r := 0.0
		for j := lo; j < hi; j++ {
			s := -pi[j] * c.out[j]
			a, b := c.ptr[j], c.ptr[j+1]
			src := c.src[a:b]
			if p != nil {
				idx := p.idx[a:b]
				idx = idx[:len(src)]
				for k, i := range src {
					s += pi[i] * p.tab[idx[k]]
				}
			} else {
				rate := c.rate[a:b]
				rate = rate[:len(src)]
				for k, i := range src {
					s += pi[i] * rate[k]
				}
			}
			r += math.Abs(s)
		}
		part[h] = r
	})
	return part[0] + part[1]
}
