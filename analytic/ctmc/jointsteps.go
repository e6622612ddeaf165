package ctmc

import (
	"math"
	"slices"
)

// jointAggregator does aggregation–disaggregation steps over the joint
// local states of a set of stations rather than one station's: the
// stations are split into two sets A and B, and the steps alternate
// between grouping the states by A's joint local state and by B's. Each
// step is the two-level step of Koury, McAllister and Stewart ([Stewart]
// §6.3) — the groups' chain, its rates weighted by π within each group,
// solved, and π rescaled within each group to its law — with groups made
// of several components' states, as the multi-level methods for
// structured chains aggregate them (Horton and Leutenegger 1994, "A
// multi-level solution algorithm for steady-state Markov chains", ACM
// SIGMETRICS; Buchholz and Dayar 2004, "Comparison of multilevel methods
// for Kronecker-based Markovian representations", Computing 73(4)); it
// is two-level, not their recursive cycle. A step corrects the joint law
// of half the network at once, where a one-station step corrects one
// station's marginal law and leaves the correlations between stations to
// the sweeps: on the three-class network of 1.76·10⁵ states the sweeps
// fall from 77 to 57 with a step every fourth sweep instead of every
// second, on 2.4·10⁶ states from 97 to 77 (BENCHMARKS.md, session 6).
//
// The groups' chain (at most states/maxGroupShare groups) is too large to
// eliminate; it is solved by Gauss–Seidel on the groups from their masses,
// at most groupSweeps sweeps (an inexact correction: the sweeps and the
// residual test still decide).
type jointAggregator struct {
	sides  [2]*grouping
	next   int
	packed *packedRates // the chain's rates packed, or nil: read c.rate
}

// grouping is one of the two groupings: each state's group, and for each
// transition that crosses groups its entry among the groups' flows, so
// that a step sums the flows without looking a pair of groups up.
type grouping struct {
	block []int32  // by state: its group
	nb    int      // groups
	start []int32  // by group J: the first of its entries (flows into J), nb+1
	from  []int32  // by entry: the source group
	slot  []uint16 // by transition: its entry's place among its target group's (the group's sink within it)
	flow  [2][]float64
	rates []float64    // scratch, by entry
	out   []float64    // scratch, by group
	mass  [2][]float64 // scratch, by group: each half's masses
	x     []float64    // scratch, by group: the groups' chain's solution
}

// withinGroup marks a transition within its group while the groupings
// are learnt; it is then given its group's sink, the entry after the
// group's flows in, whose sum the step discards (a sum into it costs
// less than a branch the processor cannot predict).
const withinGroup = math.MaxUint16

// groupSweeps bounds the Gauss–Seidel sweeps of a step's groups' chain.
const groupSweeps = 30

// jointEvery is how many sweeps come before each step of a
// jointAggregator.
const jointEvery = 4

// maxGroupShare: a grouping may have at most states/maxGroupShare groups
// (else its chain is nearly the chain itself).
const maxGroupShare = 8

// newJointAggregator splits c's stations into the two sets whose joint
// local spaces are the most even (by the product of their stations'
// local states), and learns both groupings; on two stations it groups
// by the customers' counts instead (see newTwoStationAggregator). It
// returns nil — the one-station steps are then used — for one station or
// more than 16, or where a set's groups would be more than
// states/maxGroupShare, or more than 65 533 groups would send flows into
// one group.
func newJointAggregator(c *chain, packed *packedRates) *jointAggregator {
	M := c.M
	if M < 2 || M > 16 {
		return nil
	}
	if M == 2 {
		return newTwoStationAggregator(c, packed)
	}
	n := c.states()
	best, bestCost := 0, math.Inf(1)
	for set := 1; set < 1<<M-1; set += 2 { // station 0 in A
		a, b := 0.0, 0.0
		for i := range M {
			l := math.Log(float64(len(c.tabs[i].lists)))
			if set&(1<<i) != 0 {
				a += l
			} else {
				b += l
			}
		}
		if cost := math.Max(a, b); cost < bestCost {
			best, bestCost = set, cost
		}
	}
	most := n / maxGroupShare
	return learnSides(c, packed, func() (*grouping, bool) {
		return newGrouping(c, best, most)
	}, func() (*grouping, bool) {
		return newGrouping(c, (1<<M-1)&^best, most)
	})
}

// learnSides makes the two groupings side by side (on a large chain),
// then both flows' patterns — the groups first, so that a refusal costs
// no pass over the transitions — and returns the steps over them, or nil
// if either refused.
func learnSides(c *chain, packed *packedRates, a, b func() (*grouping, bool)) *jointAggregator {
	h := &jointAggregator{packed: packed}
	var ok [2]bool
	split := c.states() >= parallelFrom
	beside(split, func() { h.sides[0], ok[0] = a() }, func() { h.sides[1], ok[1] = b() })
	if !ok[0] || !ok[1] {
		return nil
	}
	beside(split, func() { ok[0] = h.sides[0].learnFlows(c) }, func() { ok[1] = h.sides[1].learnFlows(c) })
	if !ok[0] || !ok[1] {
		return nil
	}
	return h
}

// newGrouping groups c's states by the joint local state of the stations
// in set (a bit per station); false beyond most groups.
func newGrouping(c *chain, set int, most int) (*grouping, bool) {
	var stations []int
	for i := range c.M {
		if set&(1<<i) != 0 {
			stations = append(stations, i)
		}
	}
	// A state's key: its stations' local ids in mixed radix.
	span := 1.0
	for _, i := range stations {
		span *= float64(len(c.tabs[i].lists))
	}
	return numberGroups(c.states(), span, most, func(x int) uint64 {
		t := c.tuple(x)
		key := uint64(0)
		for _, i := range stations {
			key = key*uint64(len(c.tabs[i].lists)) + uint64(t[i])
		}
		return key
	})
}

// numberGroups gives each of n states the group of its key (in
// [0, span)), the groups numbered in the order first met, through a
// table by key where the keys' range is small, else a map; false beyond
// most groups or where the keys' range passes 2⁶².
func numberGroups(n int, span float64, most int, key func(x int) uint64) (*grouping, bool) {
	if span > 1<<62 {
		return nil, false
	}
	g := &grouping{block: make([]int32, n)}
	var dense []int32
	if span <= float64(4*n) {
		dense = make([]int32, int(span))
		for k := range dense {
			dense[k] = -1
		}
	}
	ids := map[uint64]int32{}
	nb := int32(0)
	for x := range n {
		k := key(x)
		var id int32
		seen := false
		if dense != nil {
			id = dense[k]
			seen = id >= 0
		} else {
			id, seen = ids[k]
		}
		if !seen {
			if int(nb) >= most {
				return nil, false
			}
			id = nb
			nb++
			if dense != nil {
				dense[k] = id
			} else {
				ids[k] = id
			}
		}
		g.block[x] = id
	}
	g.nb = int(nb)
	return g, true
}

// learnFlows learns the pattern of the flows between g's groups: each
// group's sources, in the order first met, then laid out flat, and each
// transition's place among its target group's (its sink within it);
// false beyond withinGroup−2 sources of one group.
func (g *grouping) learnFlows(c *chain) bool {
	n := c.states()
	srcs := make([][]int32, g.nb)
	g.slot = make([]uint16, len(c.src))
	for y := range n {
		J := g.block[y]
		for k := c.ptr[y]; k < c.ptr[y+1]; k++ {
			I := g.block[c.src[k]]
			if I == J {
				g.slot[k] = withinGroup
				continue
			}
			s := slices.Index(srcs[J], I)
			if s < 0 {
				if len(srcs[J]) >= withinGroup-2 { // room for the sink
					return false
				}
				s = len(srcs[J])
				srcs[J] = append(srcs[J], I)
			}
			g.slot[k] = uint16(s)
		}
	}
	g.start = make([]int32, g.nb+1)
	for J, s := range srcs {
		g.start[J+1] = g.start[J] + int32(len(s)) + 1
	}
	g.from = make([]int32, 0, g.start[g.nb])
	for _, s := range srcs {
		g.from = append(g.from, s...)
		g.from = append(g.from, -1) // the sink
	}
	for y := range n {
		sink := uint16(len(srcs[g.block[y]]))
		for k := c.ptr[y]; k < c.ptr[y+1]; k++ {
			if g.slot[k] == withinGroup {
				g.slot[k] = sink
			}
		}
	}
	e := len(g.from)
	g.flow = [2][]float64{make([]float64, e), make([]float64, e)}
	g.rates, g.out = make([]float64, e), make([]float64, g.nb)
	g.mass = [2][]float64{make([]float64, g.nb), make([]float64, g.nb)}
	g.x = make([]float64, g.nb)
	return true
}

// cost: a step reads the transitions as a sweep does, and sweeps its
// groups' chain up to groupSweeps times (its flows, at most the larger
// grouping's).
func (h *jointAggregator) cost(c *chain) float64 {
	e := max(len(h.sides[0].from), len(h.sides[1].from))
	return 1 + float64(groupSweeps*e)/float64(c.transitionsN()+c.states())
}

// step does one aggregation–disaggregation step on pi (summing to 1),
// over the two groupings in turn.
func (h *jointAggregator) step(c *chain, pi []float64) {
	p := h.packed
	g := h.sides[h.next]
	h.next = 1 - h.next
	n := len(pi)
	split := n >= parallelFrom
	halves(n, n/2, split, func(part, lo, hi int) {
		flow := g.flow[part]
		clear(flow)
		mass := g.mass[part]
		clear(mass)
		for y := lo; y < hi; y++ {
			J := g.block[y]
			mass[J] += pi[y]
			flow := flow[g.start[J]:g.start[J+1]]
			a, b := c.ptr[y], c.ptr[y+1]
			src, slot := c.src[a:b], g.slot[a:b]
			slot = slot[:len(src)]
			if p != nil {
				idx := p.idx[a:b]
				idx = idx[:len(src)]
				for k, x := range src {
					flow[slot[k]] += pi[x] * p.tab[idx[k]]
				}
				continue
			}
			rate := c.rate[a:b]
			rate = rate[:len(src)]
			for k, x := range src {
				flow[slot[k]] += pi[x] * rate[k]
			}
		}
	})
	mass := g.mass[0]
	if split {
		for J, v := range g.mass[1] {
			mass[J] += v
		}
		for e, v := range g.flow[1] {
			g.flow[0][e] += v
		}
	}
	xi, ok := g.solve(mass)
	if !ok {
		return
	}
	halves(n, n/2, split, func(_, lo, hi int) {
		for x := lo; x < hi; x++ {
			pi[x] *= xi[g.block[x]]
		}
	})
}

// solve solves the groups' chain from the flows summed in flow[0] and
// the groups' masses, and returns each group's factor (its new mass over
// its old; 1 where either is not positive); false if it failed.
func (g *grouping) solve(mass []float64) ([]float64, bool) {
	clear(g.out)
	flow := g.flow[0]
	for e, I := range g.from {
		if I < 0 {
			continue // a sink
		}
		f := flow[e]
		r := 0.0
		if mass[I] > 0 {
			r = f / mass[I]
		}
		g.rates[e] = r
		g.out[I] += r
	}
	x := g.x
	copy(x, mass)
	for range groupSweeps {
		change, big, sum := 0.0, 0.0, 0.0
		for J := range g.nb {
			v := x[J]
			if o := g.out[J]; o > 0 {
				s := 0.0
				for e := g.start[J]; e < g.start[J+1]-1; e++ { // the sink apart
					s += x[g.from[e]] * g.rates[e]
				}
				v = s / o
			}
			change, big = max(change, math.Abs(v-x[J])), max(big, v)
			x[J] = v
			sum += v
		}
		if !(sum > 0) || math.IsInf(sum, 0) {
			return nil, false
		}
		for J := range x {
			x[J] /= sum
		}
		if change <= 1e-12*big {
			break
		}
	}
	for J, v := range x {
		if !(v > 0) || !(mass[J] > 0) {
			x[J] = 1
			continue
		}
		x[J] = v / mass[J]
	}
	return x, true
}
