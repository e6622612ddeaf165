package ctmc

import (
	"fmt"
	"slices"
	"strings"
)

// chain is the global CTMC of a model. A state is a tuple: the stations'
// local ids (see table), then, when some station blocks after service,
// the id of the list of held customers (see heldLists), then the phase of
// each class that arrives by MAP. The builder walks tuples and asks each
// component what can happen.
type chain struct {
	m      *Model
	M, R   int
	W      int // entries of a tuple
	tabs   []*table
	level  int // most open customers in the network; 0: no truncation
	limit  int
	routes [][]route // by r*M+i: where a class-r customer finishing at i goes
	exitP  []float64 // by r*M+i: probability it leaves the network

	blk     int       // tuple entry of the held list; −1 without blocking after service
	held    heldLists // the lists of held customers
	mapAt   []int     // by class: tuple entry of its MAP phase, or −1
	bbs     []int32   // by r*M+i: the before-service station a class-r customer at i declares, or −1
	gated   []bool    // by station: some class there checks a BeforeStart station (see closedAt, setGates)
	routers bool      // some station is a router (router.go)
	rt      routerMemo
	tmp     []int32   // scratch tuple of arrive
	next    []int32   // scratch tuple of transitions
	after   []int32   // scratch tuple of transitions: t once a customer left and the next started
	jf      *jobForks // the forks solved job by job (forkjobs.go); nil without

	tuples   []int32 // flat, W per state
	keys     *keySet // the states by packed key; nil when they do not pack (then set)
	set      hashSet
	pending  []int32  // flat, W per tuple: the states reached, being looked up (build)
	from     int32    // the state whose transitions are being generated (build)
	pack     *packer  // with packed keys, the layout generate packs pending's keys by (build)
	pendKeys []uint64 // by pending tuple: its key by pack (build)

	// The generator Q without its diagonal, by column (in-CSR): the
	// states i that reach j are src[ptr[j]:ptr[j+1]] at rates rate[…].
	ptr  []int64
	src  []int32
	rate []float64
	out  []float64 // −q_jj: the total rate out of each state
	tags []uint8   // by transition (as src): the stations whose local state it changes; nil beyond 8 stations
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
	c := &chain{m: m, M: M, R: R, W: M, level: level, limit: limit, blk: -1}
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
	c.bbs = make([]int32, R*M)
	c.gated = make([]bool, M)
	for x, row := range m.Routing {
		left := 1.0
		c.bbs[x] = -1
		for y, p := range row {
			if p > 0 {
				c.routes[x] = append(c.routes[x], route{y / M, y % M, p})
				left -= p
				if to := m.Stations[y%M].Blocking; to != NoBlocking && y%M != x%M {
					after := to == AfterService || to == BeforeStart // BeforeStart holds after service too
					c.tabs[x%M].holds = c.tabs[x%M].holds || after
					if to == BeforeService {
						c.bbs[x] = int32(y % M)
					}
					if after && c.blk < 0 {
						c.blk = c.W
						c.W++
					}
				}
			}
		}
		if left > routingSlack {
			c.exitP[x] = left
		}
	}
	for _, s := range m.Stations {
		if s.Router && c.blk < 0 { // its customers are listed with the held ones
			c.blk = c.W
			c.W++
		}
		c.routers = c.routers || s.Router
	}
	c.setGates()
	c.mapAt = make([]int, R)
	for r, cl := range m.Classes {
		c.mapAt[r] = -1
		if cl.MAP != nil {
			c.mapAt[r] = c.W
			c.W++
		}
	}
	c.jf = c.newJobForks()
	c.set.init(c.W)
	if packKeys {
		c.keys = newKeySet(c.W, limit)
	}
	c.tmp, c.next, c.after = make([]int32, c.W), make([]int32, c.W), make([]int32, c.W)
	return c
}

// blocking reports whether any station blocks (after or before service).
func (c *chain) blocking() bool {
	for _, s := range c.m.Stations {
		if s.Blocking != NoBlocking {
			return true
		}
	}
	return false
}

// openCount returns the open customers of state tuple t.
func (c *chain) openCount(t []int32) int {
	n := 0
	for i, x := range t[:c.M] {
		n += c.tabs[i].info[x].open
	}
	return n
}

// initial returns the distribution of the starting state: Model.Initial
// if set, else no open customer and every closed customer arrived at its
// class's start station (class by class, in class order), with the phases
// its law starts in; nobody held; each MAP in its stationary phase law.
func (c *chain) initial() (tuples [][]int32, probs []float64) {
	t := make([]int32, c.W)
	for i, tb := range c.tabs {
		t[i] = tb.id(nil)
	}
	if c.blk >= 0 {
		t[c.blk] = c.held.id(nil)
	}
	tuples, probs = [][]int32{t}, []float64{1}
	// put adds one class-r customer at station i to every tuple.
	put := func(i, r int) {
		var nt [][]int32
		var np []float64
		if f := c.forkAt(i, r); f != nil {
			tuples, probs = f.initialJob(c, tuples, probs)
			return
		}
		for k, u := range tuples {
			closed := c.closedAt(u, i)
			for _, o := range c.tabs[i].placeFor(u[i], r, closed) {
				v := slices.Clone(u)
				c.noteHeld(v, i, u[i], o.to, closed)
				nt, np = addDist(nt, np, v, probs[k]*o.p)
			}
		}
		tuples, probs = nt, np
	}
	for r, cl := range c.m.Classes {
		for i := range c.M {
			n := 0
			switch {
			case c.m.Initial != nil && c.m.Initial[i] != nil:
				n = c.m.Initial[i][r]
			case c.m.Initial == nil && !cl.Open() && i == cl.Start:
				n = cl.Population
			}
			for range n {
				put(i, r)
			}
		}
	}
	for r, cl := range c.m.Classes {
		if at := c.mapAt[r]; at >= 0 {
			var nt [][]int32
			var np []float64
			for k, u := range tuples {
				for a, q := range cl.MAP.stationary() {
					if q > 0 {
						v := slices.Clone(u)
						v[at] = int32(a)
						nt, np = addDist(nt, np, v, probs[k]*q)
					}
				}
			}
			tuples, probs = nt, np
		}
	}
	return tuples, probs
}

// addDist adds probability p of tuple v to a distribution.
func addDist(ts [][]int32, ps []float64, v []int32, p float64) ([][]int32, []float64) {
	if at := slices.IndexFunc(ts, func(w []int32) bool { return slices.Equal(w, v) }); at >= 0 {
		ps[at] += p
		return ts, ps
	}
	return append(ts, v), append(ps, p)
}

// edge is one transition being built: to state index to at rate; tag:
// the stations whose local state it changes (build, up to 8 stations).
type edge struct {
	to   int32
	tag  uint8
	rate float64
}

// leftSlack is the share of an arrival's outcomes that may be missing by
// rounding without counting as lost or balked.
const leftSlack = 1e-12

// transitions appends the transitions out of state tuple t, state
// c.from, to buf, the tuples they reach to c.pending (edge.to: the
// tuple's place there) — save t itself: a self-loop's edge.to is
// ^c.from, as it needs no lookup.
func (c *chain) transitions(t []int32, buf []edge) []edge {
	next, after := c.next, c.after
	emit := func(n []int32, rate float64) { buf = c.edgeTo(buf, t, n, rate) }
	moved := emit // after a customer left a station: let held ones in
	if c.blk >= 0 {
		out := emit // then let those in transit at a router go on
		if c.routers {
			out = func(n []int32, rate float64) { c.flush(n, rate, emit) }
		}
		moved = func(n []int32, rate float64) { c.resolve(n, rate, out) }
	}
	admit := c.level == 0 || c.openCount(t) < c.level
	for r, cl := range c.m.Classes {
		switch {
		case !cl.Open():
		case cl.MAP == nil:
			if admit {
				copy(next, t)
				c.arrive(next, r, cl.Rate, moved)
			}
		default:
			at := c.mapAt[r]
			a := t[at]
			for b, x := range cl.MAP.D0[a] {
				if int32(b) != a && x > 0 {
					copy(next, t)
					next[at] = int32(b)
					emit(next, x)
				}
			}
			for b, x := range cl.MAP.D1[a] {
				if x == 0 {
					continue
				}
				copy(next, t)
				next[at] = int32(b)
				if admit {
					c.arrive(next, r, x, moved)
				} else {
					emit(next, x) // refused by the truncation; the phase moves on
				}
			}
		}
	}
	for i, tb := range c.tabs {
		task := -1 // the class whose moves here the fork's job list makes (jobMoves)
		if c.jf != nil && c.jf.owned[i] {
			if !c.jf.sharedAt(i) {
				continue
			}
			task = c.jf.task[i]
		}
		closed := c.closedAt(t, i)
		for _, mv := range tb.movesFor(t[i], closed) {
			if int(mv.class) == task || mv.kind != abandon && c.suspended(t, i, int(mv.class)) {
				continue
			}
			copy(next, t)
			switch mv.kind {
			case internal:
				next[i] = mv.to
				emit(next, mv.rate)
				continue
			case abandon:
				c.noteHeld(next, i, t[i], mv.to, closed)
				moved(next, mv.rate)
				continue
			}
			c.depart(t, i, mv, closed, next, after, emit, moved)
		}
	}
	if c.jf != nil {
		c.jobMoves(t, next, moved)
	}
	return buf
}

// edgeTo appends to buf the transition from state tuple t (state
// c.from) to tuple n at rate: to its place in c.pending, where n is put
// (with its key when generate packs them), or to ^c.from when n is t.
func (c *chain) edgeTo(buf []edge, t, n []int32, rate float64) []edge {
	var tag uint8
	same := slices.Equal(n[c.M:], t[c.M:])
	for i, v := range n[:c.M] {
		if v != t[i] {
			same = false
			tag |= 1 << (i & 7)
		}
	}
	switch {
	case same:
		return append(buf, edge{^c.from, 0, rate})
	case c.M > 8:
		tag = 0
	}
	buf = append(buf, edge{int32(len(c.pending) / c.W), tag, rate})
	c.pending = append(c.pending, n...)
	if c.pack != nil {
		c.pendKeys = append(c.pendKeys, c.pack.key(n))
	}
	return buf
}

// depart emits the outcomes of departure mv from station i in state t
// (the starts it lets happen at i held for the classes in closed): out
// of the network, or into the next station — held upstream if that
// station blocks after service and is full, lost or balking otherwise.
func (c *chain) depart(t []int32, i int, mv move, closed uint64, next, after []int32, emit, moved func([]int32, float64)) {
	x := int(mv.class)*c.M + i
	// after: t once i's customer has left and the next has started there
	// (before it reaches its next station, as in des.Station.finish)
	copy(after, t)
	c.noteHeld(after, i, t[i], mv.to, closed)
	if mv.dest >= 0 { // drawn at the start (draws.go): that route, or out
		if k := int(mv.dest); k < len(c.routes[x]) {
			c.departTo(t, i, mv, c.routes[x][k], mv.rate, next, after, emit, moved)
		} else {
			moved(after, mv.rate)
		}
		return
	}
	if p := c.exitP[x]; p > 0 {
		moved(after, mv.rate*p)
	}
	for _, rt := range c.routes[x] {
		c.departTo(t, i, mv, rt, mv.rate*rt.p, next, after, emit, moved)
	}
}

// departTo emits the outcomes of depart's customer going by route rt at
// the given rate: held upstream if its station blocks after service (or
// before it, as the simulator plays it) and is full, else arriving there.
func (c *chain) departTo(t []int32, i int, mv move, rt route, rate float64, next, after []int32, emit, moved func([]int32, float64)) {
	j := rt.station
	if b := c.m.Stations[j].Blocking; j != i && (b == AfterService || b == BeforeStart) && c.tabs[j].full(t[j]) {
		copy(next, t)
		next[i] = mv.held
		next[c.blk] = c.held.push(t[c.blk], heldCustomer{int16(i), mv.class, int16(j), int16(rt.class)})
		emit(next, rate)
		return
	}
	c.arriveAt(after, next, j, rt.class, rate, moved)
}

// arriveAt emits the outcomes of a class-r customer arriving at station j
// in state base at the given rate, building them in v (scratch, not
// base): one per place arrivalsFor lets it in, with the customer noted
// there (noteHeld); what is lost (the station full) or balks leaves the
// network, base as it is.
func (c *chain) arriveAt(base, v []int32, j, r int, rate float64, emit func([]int32, float64)) {
	if f := c.forkAt(j, r); f != nil {
		c.jobArrive(f, base, v, rate, emit) // a closed class's job at its fork (forkclosed.go)
		return
	}
	if c.tabs[j].st.Router {
		c.routerArrive(base, v, j, r, rate, emit)
		return
	}
	closed := c.closedAt(base, j)
	left := 1.0
	for _, o := range c.tabs[j].arrivalsFor(base[j], r, closed) {
		copy(v, base)
		c.noteHeld(v, j, base[j], o.to, closed)
		emit(v, rate*o.p)
		left -= o.p
	}
	if left > leftSlack {
		emit(base, rate*left)
	}
}

// arrive emits the outcomes of an open class-r arrival (at its source, or
// as tasks at each station of its fork) to state base at the given rate;
// what is lost or balks leaves base as it is.
func (c *chain) arrive(base []int32, r int, rate float64, emit func([]int32, float64)) {
	cl := &c.m.Classes[r]
	if cl.Fork != nil {
		c.forkArrive(base, r, rate, emit)
		return
	}
	c.arriveAt(base, c.tmp, cl.Source, r, rate, emit)
}

// suspended reports whether the class-r customers in service at station i
// wait, blocked before service, for a full station.
func (c *chain) suspended(t []int32, i, r int) bool {
	j := c.bbs[r*c.M+i]
	return j >= 0 && c.tabs[j].full(t[j])
}

func (c *chain) states() int         { return len(c.tuples) / c.W }
func (c *chain) tuple(x int) []int32 { return c.tuples[x*c.W : (x+1)*c.W] }
func (c *chain) transitionsN() int   { return len(c.src) }
func (c *chain) add(t []int32) int32 { return c.addAt(t, noSlot) }

// find returns the index of state tuple t, −1 if it is not a state. It
// only reads the chain.
func (c *chain) find(t []int32) int32 {
	if c.keys != nil {
		return c.keys.find(t)
	}
	return c.set.find(t, c.tuples)
}

// addAt adds state tuple t if it is new and returns its index. hint is
// what a lookup left: with packed keys the slot where its probe ended (or
// noSlot), else the tuple's hash. When t does not pack, the chain falls
// back to the hash set of tuples.
func (c *chain) addAt(t []int32, hint uint64) int32 {
	if c.keys != nil {
		if x, ok := c.keys.add(t, hint, &c.tuples); ok {
			return x
		}
		return c.fallBack(t)
	} else if hint == noSlot {
		hint = hashTuple(t)
	}
	return c.set.addHashed(t, hint, &c.tuples)
}

// addPacked is addAt with packed keys and t's key under the current
// layout given (at: where its probe ended, or noSlot).
func (c *chain) addPacked(t []int32, key, at uint64) int32 {
	if x, ok := c.keys.addKey(t, key, true, at, &c.tuples); ok {
		return x
	}
	return c.fallBack(t)
}

// fallBack drops the packed keys for the hash set of tuples, for good,
// and adds t there.
func (c *chain) fallBack(t []int32) int32 {
	c.keys = nil
	c.set.refill(c.tuples)
	return c.set.addHashed(t, hashTuple(t), &c.tuples)
}

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
	return "smaller: " + strings.Join(hint, ", ")
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
