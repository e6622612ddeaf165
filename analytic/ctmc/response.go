package ctmc

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Percentiles are exact percentiles of the wait (arrival to start of
// service) and the response time (arrival to departure) of one class at a
// station, at the probabilities P.
type Percentiles struct {
	P              []float64
	Wait, Response []float64
}

// ResponsePercentiles returns the percentiles of class r's wait and
// response time by the tagged-customer construction: an arriving class-r
// customer sees the steady state (Poisson arrivals see time averages), is
// put at the end of the line, and the chain of the customers ahead of it
// runs until it starts (wait) and until it leaves (response); at FCFS
// nobody who comes later can change either. Each distribution is read by
// uniformization ([Stewart] §8.2) and each percentile, the smallest t with
// P(T ≤ t) ≥ p, found by bisection to a relative 1e-9.
//
// It applies to a model of one FCFS station with open classes and no
// patience; for other disciplines those who come later would have to be
// in the construction too (a later piece: arrivals into the tagged chain).
func (s *Solution) ResponsePercentiles(r int, ps []float64) (Percentiles, error) {
	c := s.chain
	m := c.m
	if len(m.Stations) != 1 {
		return Percentiles{}, errors.New("response-time percentiles: only for a model of one station")
	}
	st := m.Stations[0]
	switch {
	case st.Discipline != nil && st.Discipline != FCFS || st.Servers == 0:
		return Percentiles{}, fmt.Errorf("response-time percentiles: only at an FCFS station with servers, not %s", c.tabs[0].disc.Name())
	case st.Patience > 0:
		return Percentiles{}, errors.New("response-time percentiles: not with patience (those who abandon have no response time)")
	case st.RateScale != nil:
		return Percentiles{}, errors.New("response-time percentiles: not with load-dependent rates (later arrivals would change the speed of those ahead)")
	case slices.ContainsFunc(m.Classes, func(c Class) bool { return c.MAP != nil }):
		return Percentiles{}, errors.New("response-time percentiles: not with MAP arrivals (an arrival does not see the time-average state)")
	case r < 0 || r >= c.R || !m.Classes[r].Open() || st.Service[r] == nil:
		return Percentiles{}, fmt.Errorf("response-time percentiles: class %d is not an open class served here", r)
	}
	for _, p := range ps {
		if !(p > 0 && p < 1) {
			return Percentiles{}, fmt.Errorf("response-time percentiles: probability %v outside (0, 1)", p)
		}
	}
	out := Percentiles{P: ps}
	for _, wait := range []bool{true, false} {
		tc := c.tagged(s.pi, r, wait)
		for _, p := range ps {
			v := tc.quantile(p)
			if wait {
				out.Wait = append(out.Wait, v)
			} else {
				out.Response = append(out.Response, v)
			}
		}
	}
	return out, nil
}

// taggedChain is the absorbing chain of the customers ahead of a tagged
// one: p0 the initial distribution over its transient states, and the
// generator among them by column (absorption is what leaves the rows).
type taggedChain struct {
	p0        []float64
	ptr       []int
	src       []int32
	rate, out []float64
	lam       float64
}

// tagged builds the chain of a class-r customer (class index R in a
// widened table) arriving to the steady state pi, absorbing when it
// starts (wait) or leaves.
func (c *chain) tagged(pi []float64, r int, wait bool) *taggedChain {
	st := c.m.Stations[0]
	wide := st
	wide.Service = append(append([]*PH(nil), st.Service...), st.Service[r])
	tb := newTable(&wide, c.R+1)
	tb.open = make([]bool, c.R+1)
	orig := c.tabs[0]
	ids := map[int32]int32{} // tagged-table id → chain index
	var order []int32
	index := func(x int32) int32 {
		if k, ok := ids[x]; ok {
			return k
		}
		ids[x] = int32(len(order))
		order = append(order, x)
		return int32(len(order) - 1)
	}
	done := func(x int32) bool { // absorbed: the tagged customer started, or left
		for _, cd := range tb.lists[x] {
			if classOf(cd) == c.R {
				return wait && started(cd)
			}
		}
		return true
	}
	var p0 []float64
	total := 0.0
	for x, p := range pi {
		lx := c.tuple(x)[0]
		if orig.full(lx) || (c.level > 0 && c.openCount(c.tuple(x)) >= c.level) {
			continue
		}
		l := tb.disc.arrive(append([]code(nil), orig.lists[lx]...), mkcode(c.R, 0))
		p *= st.join(len(orig.lists[lx])) // those who balk have no response time
		total += p
		for _, o := range tb.settle(l, 1, nil) {
			if done(o.to) {
				continue // starts at once: absorbed at time 0
			}
			k := index(o.to)
			for int(k) >= len(p0) {
				p0 = append(p0, 0)
			}
			p0[k] += p * o.p
		}
	}
	for k := range p0 {
		p0[k] /= total
	}
	type edge struct {
		from int32
		rate float64
	}
	var in [][]edge
	var out []float64
	for k := 0; k < len(order); k++ {
		sum := 0.0
		for _, mv := range tb.movesOf(order[k]) {
			sum += mv.rate
			if done(mv.to) {
				continue
			}
			j := index(mv.to)
			for int(j) >= len(in) {
				in = append(in, nil)
			}
			in[j] = append(in[j], edge{int32(k), mv.rate})
		}
		out = append(out, sum)
	}
	n := len(order)
	tc := &taggedChain{p0: make([]float64, n), ptr: make([]int, n+1), out: out}
	copy(tc.p0, p0)
	for j := range n {
		if j < len(in) {
			for _, e := range in[j] {
				tc.src, tc.rate = append(tc.src, e.from), append(tc.rate, e.rate)
			}
		}
		tc.ptr[j+1] = len(tc.src)
	}
	for _, o := range out {
		tc.lam = math.Max(tc.lam, o)
	}
	return tc
}

// survival returns P(T > t) by uniformization, to 1e-12.
func (tc *taggedChain) survival(t float64) float64 {
	if tc.lam == 0 || t == 0 {
		return sum64(tc.p0)
	}
	a := tc.lam * t
	kmax := poissonRight(a, 1e-13)
	p := append([]float64(nil), tc.p0...)
	next := make([]float64, len(p))
	s := 0.0
	for k := 0; k <= kmax; k++ {
		if w := poissonWeight(a, k); w > 0 {
			s += w * sum64(p)
		}
		for j := range p {
			v := p[j] * (1 - tc.out[j]/tc.lam)
			for q := tc.ptr[j]; q < tc.ptr[j+1]; q++ {
				v += p[tc.src[q]] * tc.rate[q] / tc.lam
			}
			next[j] = v
		}
		p, next = next, p
	}
	return s
}

// quantile returns the smallest t with P(T ≤ t) ≥ p.
func (tc *taggedChain) quantile(p float64) float64 {
	if 1-tc.survival(0) >= p {
		return 0
	}
	hi := 1.0
	if tc.lam > 0 {
		hi = 1 / tc.lam
	}
	for 1-tc.survival(hi) < p {
		hi *= 2
	}
	lo := 0.0
	for hi-lo > 1e-9*hi {
		mid := (lo + hi) / 2
		if 1-tc.survival(mid) >= p {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

func sum64(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}
