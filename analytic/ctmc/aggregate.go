package ctmc

import (
	"math"
	"slices"
)

// aggregator corrects the marginal law of one station at a time, the
// aggregation–disaggregation step of Koury, McAllister and Stewart
// ([Stewart] §6.3): the states are grouped by station i's local state,
// the chain of the groups (each group's rates out weighted by π within
// it) is solved exactly, and π is rescaled within each group to the
// groups' law. Gauss–Seidel smooths within the groups; the step moves
// mass between them, which Gauss–Seidel does slowly.
type aggregator struct {
	stations []int            // stations whose local states group the states, in turn
	next     int              // the next of them
	blocks   map[int][]uint16 // by station, learnt at its first step: each state's group
	nbs      map[int]int      // by station: its groups
	g        [][]float64      // scratch: the groups' generator
	plans    map[int]*groupPlan
	packed   *packedRates // the chain's rates packed, or nil: read c.rate
}

// groupPlan is what the first step on a station learns of its groups'
// generator, whose pattern does not change: whether elimination is cheap
// (banded), else the nonzero columns of each row, for Gauss–Seidel.
type groupPlan struct {
	banded bool
	nz     [][]int32
}

// maxAggregate bounds the groups of one step (solved by elimination on a
// dense matrix of that order).
const maxAggregate = 2000

func newAggregator(c *chain, packed *packedRates) *aggregator {
	a := &aggregator{blocks: map[int][]uint16{}, nbs: map[int]int{}, plans: map[int]*groupPlan{}, packed: packed}
	for i, tb := range c.tabs {
		if n := len(tb.lists); n >= 2 && n <= maxAggregate {
			a.stations = append(a.stations, i)
		}
	}
	return a
}

// cost: a step reads the transitions about as a sweep does.
func (a *aggregator) cost(*chain) float64 { return 1 }

// step does one aggregation–disaggregation step on pi (summing to 1).
func (a *aggregator) step(c *chain, pi []float64) {
	if len(a.stations) == 0 {
		return
	}
	i := a.stations[a.next]
	a.next = (a.next + 1) % len(a.stations)
	block, ok := a.blocks[i]
	if !ok {
		block, a.nbs[i] = group(c, i)
		a.blocks[i] = block
	}
	nb := a.nbs[i]
	if nb < 2 {
		return
	}
	mass := make([]float64, nb)
	for x, p := range pi {
		mass[block[x]] += p
	}
	n := len(pi)
	pl := a.plans[i]
	g := a.couple(c, pi, i, block, mass, pl)
	if pl == nil {
		pl = newGroupPlan(g, 2*float64(len(c.src))+1e6)
		a.plans[i] = pl
	}
	var xi []float64
	if pl.banded {
		for I := range nb + 1 {
			g[nb-1][I] = 1
		}
		xi, ok = solveGenerator(g)
	} else {
		// Eliminating would cost more than a few sweeps (the local states
		// are not banded): Gauss–Seidel on the groups from their masses
		// instead, an inexact but cheap correction.
		xi, ok = groupSeidel(g, pl.nz, mass)
	}
	if !ok {
		return
	}
	for I, v := range xi {
		if !(v > 0) || !(mass[I] > 0) {
			// Rounding left the group without mass (its exact share is
			// next to nothing): it keeps what it has, the others move,
			// and the next sweep normalises.
			xi[I] = 1
			continue
		}
		xi[I] = v / mass[I]
	}
	halves(n, n/2, n >= parallelFrom, func(_, lo, hi int) {
		for x := lo; x < hi; x++ {
			pi[x] *= xi[block[x]]
		}
	})
}

// solveGenerator solves the n×(n+1) augmented system a — the transposed
// generator of an irreducible chain with its last equation replaced by
// Σx = 1 — by Gaussian elimination without pivoting (the pivots of an
// irreducible generator's leading blocks are nonzero, and the
// elimination is stable: the matrix is column diagonally dominant,
// [Stewart] §2.3), skipping zeros: each row's entries lie up to its last
// nonzero column, which the elimination can only push right, so a banded
// chain costs its band, not n³.
func solveGenerator(a [][]float64) ([]float64, bool) {
	n := len(a)
	hi := make([]int, n) // last nonzero column of each row (before the right side)
	for r, row := range a {
		for k := n - 1; k >= 0; k-- {
			if row[k] != 0 {
				hi[r] = k
				break
			}
		}
	}
	for c := range n {
		p := a[c]
		if p[c] == 0 {
			return nil, false
		}
		for r := c + 1; r < n; r++ {
			row := a[r]
			f := row[c] / p[c]
			if f == 0 {
				continue
			}
			for k := c; k <= hi[c]; k++ {
				row[k] -= f * p[k]
			}
			row[n] -= f * p[n]
			hi[r] = max(hi[r], hi[c])
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := a[r][n]
		for k := r + 1; k <= hi[r]; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, true
}

// eliminationCost returns the multiply-adds solveGenerator will spend on
// a (the last row, Σx = 1, apart): row r is touched by the rows c in
// [lo_r, r), its first nonzero column on, and row c's entries reach
// hi'_c = max(hi_c, hi'_d for d in [lo_c, c)) once filled in.
func eliminationCost(a [][]float64) float64 {
	n := len(a)
	hi := make([]int, n)
	pre := make([]float64, n+1) // prefix sums of hi'_c − c
	cost := float64(n) * float64(n)
	for r := range n - 1 {
		row := a[r]
		lo := r
		for k := range r {
			if row[k] != 0 {
				lo = k
				break
			}
		}
		for k := n - 1; k >= r; k-- {
			if row[k] != 0 {
				hi[r] = k
				break
			}
		}
		for c := lo; c < r; c++ {
			hi[r] = max(hi[r], hi[c])
		}
		cost += pre[r] - pre[lo]
		pre[r+1] = pre[r] + float64(hi[r]-r)
	}
	return cost
}

// newGroupPlan decides from the groups' generator g whether eliminating
// costs at most budget, and else records its nonzero pattern.
func newGroupPlan(g [][]float64, budget float64) *groupPlan {
	if eliminationCost(g) <= budget {
		return &groupPlan{banded: true}
	}
	pl := &groupPlan{nz: make([][]int32, len(g))}
	for J, row := range g {
		for I, v := range row[:len(g)] {
			if v != 0 || I == J {
				pl.nz[J] = append(pl.nz[J], int32(I))
			}
		}
	}
	return pl
}

// groupSeidel solves the groups' chain (g: its transposed generator,
// nonzero only at nz) by Gauss–Seidel from x0, at most 200 sweeps or
// until the largest change is below 1e-10 of the largest value.
func groupSeidel(g [][]float64, nz [][]int32, x0 []float64) ([]float64, bool) {
	n := len(g)
	x := slices.Clone(x0)
	for range 200 {
		change, big, sum := 0.0, 0.0, 0.0
		for j := range n {
			s, d := 0.0, -g[j][j]
			if !(d > 0) {
				return nil, false
			}
			for _, i := range nz[j] {
				if int(i) != j {
					s += x[i] * g[j][i]
				}
			}
			v := s / d
			change, big = max(change, math.Abs(v-x[j])), max(big, v)
			x[j] = v
			sum += v
		}
		for j := range x {
			x[j] /= sum
		}
		if change <= 1e-10*big {
			break
		}
	}
	return x, true
}

// group numbers the groups of station i's local states that occur, in
// the order of the states, and returns each state's group and how many
// there are (at most maxAggregate, so that a group fits in 16 bits).
func group(c *chain, i int) ([]uint16, int) {
	ids := make([]int32, len(c.tabs[i].lists))
	for k := range ids {
		ids[k] = -1
	}
	block := make([]uint16, c.states())
	nb := int32(0)
	for x := range block {
		l := c.tuples[x*c.W+i]
		if ids[l] < 0 {
			ids[l] = nb
			nb++
		}
		block[x] = uint16(ids[l])
	}
	return block, int(nb)
}

// couple returns the transposed generator of the nb groups of station i
// (block: each state's group, mass: each group's mass under pi), each
// group's rates out weighted by π's share within it (the right-hand
// column zero), clearing only the pattern pl knows where it knows one.
// The flows between groups are summed from π itself and divided by the
// source group's mass at the end: the step then gathers at each
// transition's source what the sweeps gather (π) and a 2-byte group.
func (a *aggregator) couple(c *chain, pi []float64, i int, block []uint16, mass []float64, pl *groupPlan) [][]float64 {
	nb := len(mass)
	if len(a.g) < nb {
		a.g = make([][]float64, nb)
	}
	g := a.g[:nb]
	for J := range g {
		if cap(g[J]) < nb+1 {
			g[J] = make([]float64, nb+1)
		}
		g[J] = g[J][:nb+1]
		if pl == nil || pl.banded {
			clear(g[J])
			continue
		}
		for _, I := range pl.nz[J] {
			g[J][I] = 0
		}
	}
	bit := uint8(1) << i
	n := len(block)
	split := n >= parallelFrom
	halves(n, n/2, split, func(part, _, _ int) {
		// Split, each part takes the groups J of its parity whole, so
		// that no row is written by both; each row sums in state order.
		for y := range n {
			J := block[y]
			if split && int(J)%2 != part {
				continue
			}
			row := g[J]
			lo, hi := c.ptr[y], c.ptr[y+1]
			if c.tags != nil {
				// A transition that changes station i's local state
				// crosses groups; one that does not stays within.
				tags := c.tags[lo:hi]
				for k, tg := range tags {
					if tg&bit != 0 {
						x := c.src[lo+int64(k)]
						row[block[x]] += pi[x] * rate(c, a.packed, lo+int64(k))
					}
				}
				continue
			}
			for k := lo; k < hi; k++ {
				if x := c.src[k]; block[x] != J {
					row[block[x]] += pi[x] * rate(c, a.packed, k)
				}
			}
		}
	})
	// The flows over the source group's mass (a group without mass has
	// no flow), and each group's rate out: what the other groups' rows
	// take from it.
	inv := make([]float64, nb)
	for I, m := range mass {
		if m > 0 {
			inv[I] = 1 / m
		}
	}
	for I := range g {
		g[I][I] = 0
	}
	for J, row := range g {
		if pl == nil || pl.banded {
			for I, v := range row[:nb] {
				if I != J {
					v *= inv[I]
					row[I] = v
					g[I][I] -= v
				}
			}
			continue
		}
		for _, I := range pl.nz[J] {
			if int(I) != J {
				v := row[I] * inv[I]
				row[I] = v
				g[I][I] -= v
			}
		}
	}
	return g
}

// rate returns the rate of transition k, from p where it is not nil.
func rate(c *chain, p *packedRates, k int64) float64 {
	if p != nil {
		return p.tab[p.idx[k]]
	}
	return c.rate[k]
}
