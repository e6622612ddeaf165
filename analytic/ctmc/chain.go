package ctmc

import (
	"errors"
	"fmt"
	"slices"
)

// chain is the global CTMC of a model: a state is the tuple of the
// stations' local ids (see table). Other components of a state — the
// phase of a phase-type or MAP arrival process, a blocked customer held
// by its server, a fork's sibling count — would be further entries of the
// tuple with their own table of moves; the builder below only walks
// tuples and asks each component what can happen.
type chain struct {
	m      *Model
	M, R   int
	tabs   []*table
	level  int // most open customers in the network; 0: no truncation
	limit  int
	routes [][]route // by r*M+i: where a class-r customer finishing at i goes
	exitP  []float64 // by r*M+i: probability it leaves the network

	tuples []int32 // flat, M per state
	set    hashSet

	// The generator Q without its diagonal, by column (in-CSR): the
	// states i that reach j are src[ptr[j]:ptr[j+1]] at rates rate[…].
	ptr  []int64
	src  []int32
	rate []float64
	out  []float64 // −q_jj: the total rate out of each state
}

// routingSlack is how much of a routing row may be left unrouted by
// rounding (a row written as 0.2 + 0.8) without counting as an exit.
const routingSlack = 1e-9

type route struct {
	class, station int
	p              float64
}

func newChain(m *Model, level, limit int) *chain {
	M, R := len(m.Stations), len(m.Classes)
	c := &chain{m: m, M: M, R: R, level: level, limit: limit}
	open := make([]bool, R)
	for r, cl := range m.Classes {
		open[r] = cl.Open()
	}
	for i := range m.Stations {
		t := newTable(&m.Stations[i], R)
		t.open = open
		c.tabs = append(c.tabs, t)
	}
	c.routes = make([][]route, R*M)
	c.exitP = make([]float64, R*M)
	for x, row := range m.Routing {
		left := 1.0
		for y, p := range row {
			if p > 0 {
				c.routes[x] = append(c.routes[x], route{y / M, y % M, p})
				left -= p
			}
		}
		if left > routingSlack {
			c.exitP[x] = left
		}
	}
	c.set.init(M)
	return c
}

// openCount returns the open customers of state tuple t.
func (c *chain) openCount(t []int32) int {
	n := 0
	for i, x := range t {
		n += c.tabs[i].info[x].open
	}
	return n
}

// initial returns the distribution of the starting state: no open
// customer, every closed customer arrived at its class's start station
// (class by class, in class order), with the phases its law starts in.
func (c *chain) initial() (tuples [][]int32, probs []float64) {
	t := make([]int32, c.M)
	for i, tb := range c.tabs {
		t[i] = tb.id(nil)
	}
	tuples, probs = [][]int32{t}, []float64{1}
	for r, cl := range c.m.Classes {
		for range cl.Population {
			var nt [][]int32
			var np []float64
			for k, u := range tuples {
				for _, o := range c.tabs[cl.Start].arrivals(u[cl.Start], r) {
					v := slices.Clone(u)
					v[cl.Start] = o.to
					if at := slices.IndexFunc(nt, func(w []int32) bool { return slices.Equal(w, v) }); at >= 0 {
						np[at] += probs[k] * o.p
						continue
					}
					nt, np = append(nt, v), append(np, probs[k]*o.p)
				}
			}
			tuples, probs = nt, np
		}
	}
	return tuples, probs
}

// build explores every state reachable from the initial ones, breadth
// first, and stores the generator by column.
func (c *chain) build() error {
	starts, _ := c.initial()
	if len(starts) == 0 {
		return errors.New("exact CTMC: the closed customers do not fit at their start stations (capacity below the population)")
	}
	for _, t := range starts {
		c.add(t)
	}
	var (
		rowPtr = []int64{0}
		col    []int32
		val    []float64
		buf    []edge
		cur    = make([]int32, c.M)
	)
	for x := 0; x < c.states(); x++ {
		copy(cur, c.tuple(x))
		buf = c.transitions(cur, buf[:0])
		slices.SortFunc(buf, func(a, b edge) int { return int(a.to) - int(b.to) })
		sum := 0.0
		for k, e := range buf {
			if e.to == int32(x) {
				continue // a self-loop changes nothing
			}
			sum += e.rate
			if k > 0 && buf[k-1].to == e.to {
				val[len(val)-1] += e.rate
				continue
			}
			col, val = append(col, e.to), append(val, e.rate)
		}
		c.out = append(c.out, sum)
		rowPtr = append(rowPtr, int64(len(col)))
		if c.states() > c.limit {
			return &TooLargeError{States: float64(c.states()), AtLeast: true, Limit: c.limit, Shrink: c.shrinkHint()}
		}
	}
	c.transpose(rowPtr, col, val)
	return nil
}

// edge is one transition being built: to state index to at rate.
type edge struct {
	to   int32
	rate float64
}

// transitions appends the transitions out of state tuple t to buf,
// adding the states they reach.
func (c *chain) transitions(t []int32, buf []edge) []edge {
	next := make([]int32, c.M)
	emit := func(rate float64) {
		buf = append(buf, edge{c.add(next), rate})
	}
	if c.level == 0 || c.openCount(t) < c.level {
		for r, cl := range c.m.Classes {
			if !cl.Open() {
				continue
			}
			for _, o := range c.tabs[cl.Source].arrivals(t[cl.Source], r) {
				copy(next, t)
				next[cl.Source] = o.to
				emit(cl.Rate * o.p)
			}
		}
	}
	for i, tb := range c.tabs {
		for _, mv := range tb.movesOf(t[i]) {
			copy(next, t)
			next[i] = mv.to
			if mv.kind != depart {
				emit(mv.rate)
				continue
			}
			x := int(mv.class)*c.M + i
			if p := c.exitP[x]; p > 0 {
				emit(mv.rate * p)
			}
			for _, rt := range c.routes[x] {
				at := t[rt.station]
				if rt.station == i {
					at = mv.to
				}
				outs := c.tabs[rt.station].arrivals(at, rt.class)
				if len(outs) == 0 { // full: the customer is lost
					copy(next, t)
					next[i] = mv.to
					emit(mv.rate * rt.p)
					continue
				}
				for _, o := range outs {
					copy(next, t)
					next[i] = mv.to
					next[rt.station] = o.to
					emit(mv.rate * rt.p * o.p)
				}
			}
		}
	}
	return buf
}

// transpose turns the rows (out-transitions) into columns.
func (c *chain) transpose(rowPtr []int64, col []int32, val []float64) {
	n := c.states()
	c.ptr = make([]int64, n+1)
	for _, j := range col {
		c.ptr[j+1]++
	}
	for j := range n {
		c.ptr[j+1] += c.ptr[j]
	}
	c.src = make([]int32, len(col))
	c.rate = make([]float64, len(col))
	fill := slices.Clone(c.ptr[:n])
	for i := range n {
		for k := rowPtr[i]; k < rowPtr[i+1]; k++ {
			j := col[k]
			c.src[fill[j]], c.rate[fill[j]] = int32(i), val[k]
			fill[j]++
		}
	}
}

func (c *chain) states() int          { return len(c.tuples) / c.M }
func (c *chain) tuple(x int) []int32  { return c.tuples[x*c.M : (x+1)*c.M] }
func (c *chain) transitionsN() int    { return len(c.src) }
func (c *chain) add(t []int32) int32  { return c.set.add(t, &c.tuples) }
func (c *chain) find(t []int32) int32 { return c.set.find(t, c.tuples) }

// shrinkHint names what would make the chain smaller.
func (c *chain) shrinkHint() string {
	var hint []string
	for _, cl := range c.m.Classes {
		if !cl.Open() {
			hint = append(hint, fmt.Sprintf("the population of class %q (%d)", cl.Name, cl.Population))
		}
	}
	if c.level > 0 {
		hint = append(hint, fmt.Sprintf("the open load (the truncation keeps up to %d open customers) or a capacity", c.level))
	}
	for i, s := range c.m.Stations {
		for r, ph := range s.Service {
			if ph != nil && ph.Phases() > 2 {
				hint = append(hint, fmt.Sprintf("the %d phases of class %q's service at %q", ph.Phases(), c.m.Classes[r].Name, s.Name))
			}
		}
		if d := c.tabs[i].disc; s.Servers > 0 && (d == FCFS || d == LCFSPR) && classesAt(s) > 1 {
			hint = append(hint, fmt.Sprintf("the classes sharing %s station %q (their order is part of the state)", d.Name(), s.Name))
		}
	}
	if len(hint) > 4 {
		hint = hint[:4]
	}
	out := "smaller: "
	for k, h := range hint {
		if k > 0 {
			out += ", "
		}
		out += h
	}
	return out + "; the approximate methods still answer"
}

func classesAt(s Station) int {
	n := 0
	for _, ph := range s.Service {
		if ph != nil {
			n++
		}
	}
	return n
}

// hashSet maps state tuples to their index by open addressing.
type hashSet struct {
	m     int
	slots []int32 // state index + 1; 0 empty
	used  int
}

func (h *hashSet) init(m int) {
	h.m = m
	h.slots = make([]int32, 1024)
}

func hashTuple(t []int32) uint64 {
	x := uint64(0x9E3779B97F4A7C15)
	for _, v := range t {
		x ^= uint64(uint32(v))
		x *= 0xBF58476D1CE4E5B9
		x ^= x >> 31
	}
	return x
}

func (h *hashSet) find(t []int32, tuples []int32) int32 {
	mask := uint64(len(h.slots) - 1)
	for k := hashTuple(t) & mask; ; k = (k + 1) & mask {
		s := h.slots[k]
		if s == 0 {
			return -1
		}
		if slices.Equal(tuples[int(s-1)*h.m:int(s)*h.m], t) {
			return s - 1
		}
	}
}

func (h *hashSet) add(t []int32, tuples *[]int32) int32 {
	if 2*(h.used+1) > len(h.slots) {
		h.grow(*tuples)
	}
	mask := uint64(len(h.slots) - 1)
	for k := hashTuple(t) & mask; ; k = (k + 1) & mask {
		s := h.slots[k]
		if s == 0 {
			h.used++
			*tuples = append(*tuples, t...)
			h.slots[k] = int32(h.used)
			return int32(h.used - 1)
		}
		if slices.Equal((*tuples)[int(s-1)*h.m:int(s)*h.m], t) {
			return s - 1
		}
	}
}

func (h *hashSet) grow(tuples []int32) {
	old := h.slots
	h.slots = make([]int32, 2*len(old))
	mask := uint64(len(h.slots) - 1)
	for _, s := range old {
		if s == 0 {
			continue
		}
		t := tuples[int(s-1)*h.m : int(s)*h.m]
		k := hashTuple(t) & mask
		for h.slots[k] != 0 {
			k = (k + 1) & mask
		}
		h.slots[k] = s
	}
}
