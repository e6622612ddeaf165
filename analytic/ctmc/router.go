package ctmc

import (
	"fmt"
	"slices"
)

// Routers as the simulator plays them (Station.Router). model/network's
// router is a station of infinitely many servers and no service: a
// customer arriving there draws its next station by the router's row
// (model/network extras.onStart: when it reaches a server, that is at
// once, if a target blocks before service), holds its server unstarted
// if it drew a station blocking BeforeStart that is full, and otherwise
// ends its service of zero length in an event of its own, after the one
// that brought it in (every cascade of released places included): then,
// should its station be a full buffer, it waits at the router as one
// blocked after service, else it goes in. A customer held before
// service at the router and released when a place frees starts its
// service of zero length, so it too tries the station only after the
// event that released it, and finding it full again joins the end of
// those waiting for it.
//
// The chain keeps the router's customers in its local list (held after
// service, blockedPhase, or before it, startPhase) and in the list of
// held customers, each with the station it drew. A customer in the
// zero-length service is "in transit": listed with the held customers
// (toClass ≤ −2, its class at the station −2 − toClass) until the
// transition ends (flush), never in a state.

// transitClass returns the held-list class code of a customer in transit
// who joins its station as class s, and back.
func transitClass(s int) int16      { return int16(-2 - s) }
func inTransit(e heldCustomer) bool { return e.toClass <= -2 }

// The edits routerArrive and flush make to a router's local state.
const (
	routerAdd   = iota // a customer arrives: held before service (startPhase)
	routerBlock        // one in transit finds its station full: held after service
	routerDrop         // one in transit goes on
	routerEdits
)

// routerMemo keeps what the router transitions reuse: each router
// table's edits, worked out once per local state and class, and one
// frame of scratch per level of flush.
type routerMemo struct {
	edits  [][routerEdits][]int32 // by station, kind: by local id·classes + class, the local id + 1; 0: not worked out
	frames []flushFrame
	depth  int                    // the frame of the flush running
	next   func([]int32, float64) // flushNext, bound once
}

// flushFrame is one level of flush: its tuple u, the arrival's scratch
// v, and where the level emits.
type flushFrame struct {
	u, v []int32
	emit func([]int32, float64)
}

// routerEdit returns router j's local state x after edit kind of a
// class-r customer (table.edit, worked out once).
func (c *chain) routerEdit(j int, x int32, r, kind int) int32 {
	tb := c.tabs[j]
	if c.rt.edits == nil {
		c.rt.edits = make([][routerEdits][]int32, c.M)
	}
	memo := &c.rt.edits[j][kind]
	k := int(x)*tb.classes + r
	if k < len(*memo) && (*memo)[k] != 0 && memoGates {
		return (*memo)[k] - 1
	}
	var y int32
	switch kind {
	case routerAdd:
		y = tb.edit(x, 0, mkcode(r, startPhase))
	case routerBlock:
		y = tb.edit(x, mkcode(r, startPhase), mkcode(r, blockedPhase))
	default:
		y = tb.edit(x, mkcode(r, startPhase), 0)
	}
	*memo = grown(*memo, k+1)
	(*memo)[k] = y + 1
	return y
}

// routerArrive emits the outcomes of a class-r customer arriving at
// router j in state base at rate, built in v (scratch): for each
// station it may draw, held before service there or in transit.
func (c *chain) routerArrive(base, v []int32, j, r int, rate float64, emit func([]int32, float64)) {
	x := r*c.M + j
	if p := c.exitP[x]; p > 0 {
		emit(base, rate*p)
	}
	var in int32
	if len(c.routes[x]) > 0 {
		in = c.routerEdit(j, base[j], r, routerAdd)
	}
	for _, rt := range c.routes[x] {
		copy(v, base)
		v[j] = in
		e := heldCustomer{int16(j), int16(r), int16(rt.station), transitClass(rt.class)}
		if to := c.tabs[rt.station]; to.st.Blocking == BeforeStart && to.full(base[rt.station]) {
			e.toClass = -1
		}
		v[c.blk] = c.held.push(base[c.blk], e)
		emit(v, rate*rt.p)
	}
}

// flush ends the transition at state t: each customer in transit, in
// the order listed (the order they began their services of zero length:
// heldLists), joins its station, or, finding it a full buffer, waits at
// its router as one blocked after service; then emits. t is not changed;
// each level of its recursion works in a frame of its own.
func (c *chain) flush(t []int32, rate float64, emit func([]int32, float64)) {
	k := slices.IndexFunc(c.held.lists[t[c.blk]], inTransit)
	if k < 0 {
		emit(t, rate)
		return
	}
	e := c.held.lists[t[c.blk]][k]
	from, to, s := int(e.from), int(e.to), int(-2-e.toClass)
	d := c.rt.depth
	if d == len(c.rt.frames) {
		c.rt.frames = append(c.rt.frames, flushFrame{u: make([]int32, c.W), v: make([]int32, c.W)})
		c.rt.next = c.flushNext
	}
	u := c.rt.frames[d].u
	copy(u, t)
	u[c.blk] = c.held.without(t[c.blk], k)
	c.rt.depth++
	if b := c.tabs[to].st.Blocking; (b == AfterService || b == BeforeStart) && c.tabs[to].full(t[to]) {
		u[from] = c.routerEdit(from, t[from], int(e.class), routerBlock)
		u[c.blk] = c.held.push(u[c.blk], heldCustomer{e.from, e.class, e.to, int16(s)})
		c.flush(u, rate, emit)
	} else {
		u[from] = c.routerEdit(from, t[from], int(e.class), routerDrop)
		c.rt.frames[d].emit = emit
		c.arriveAt(u, c.rt.frames[d].v, to, s, rate, c.rt.next)
	}
	c.rt.depth--
}

// flushNext goes on with flush after an arrival it played: the level
// below the running one.
func (c *chain) flushNext(w []int32, rate float64) {
	c.flush(w, rate, c.rt.frames[c.rt.depth-1].emit)
}

// edit returns the id of local state x with one drop taken out (0:
// none) and add put in (0: none), in the station's canonical order.
func (t *table) edit(x int32, drop, add code) int32 {
	l := slices.Clone(t.lists[x])
	if drop != 0 {
		l = slices.Delete(l, slices.Index(l, drop), slices.Index(l, drop)+1)
	}
	if add != 0 {
		l = append(l, add)
	}
	t.disc.canon(l, t.st.Servers)
	return t.id(l)
}

// routerFlow adds to cur a flow f of class-r customers arriving at router
// j in state tuple t: each goes on, at once or after waiting there, to
// the station it draws (the router's throughput); the stations it
// reaches count it offered, and lost if one is full and loses arrivals.
func (c *chain) routerFlow(t []int32, j, r int, f float64, cur []StationResult) {
	cur[j].Throughput[r] += f
	for _, rt := range c.routes[r*c.M+j] {
		c.flow(t, j, r, rt, f*rt.p, 0, cur)
	}
}

// validateRouters checks the routers: no servers, discipline or service
// laws (the chain would serve by them a closed class's customers
// starting there), no capacity, patience, blocking or extras of their own; they send customers
// to stations that are not routers, with no capacity or balking where
// a router's customer would be lost or balk (the chain would count it
// in the state the router took it in, the simulator in the one it goes
// on in).
func (m *Model) validateRouters() error {
	M := len(m.Stations)
	for i, s := range m.Stations {
		if !s.Router {
			continue
		}
		if s.Capacity > 0 || s.Patience > 0 || s.Blocking != NoBlocking || s.RateScale != nil || s.JoinProb != nil {
			return &AtError{Station: s.Name, Err: fmt.Errorf("router %q has a capacity, patience, blocking, rates or join probabilities: a router has none", s.Name)}
		}
		what := ""
		switch k := slices.IndexFunc(s.Service, func(p *PH) bool { return p != nil }); {
		case k >= 0:
			what = fmt.Sprintf("a service law for class %q", m.Classes[k].Name)
		case s.Servers > 0:
			what = fmt.Sprintf("%d servers", s.Servers)
		case s.Discipline != nil && s.Discipline != FCFS:
			what = "discipline " + s.Discipline.Name()
		}
		if what != "" {
			return &AtError{Station: s.Name, Err: fmt.Errorf("router %q has %s: a router serves nobody (infinitely many servers, no service: leave Servers 0, Discipline nil and Service nil)", s.Name, what)}
		}
		for r := range m.Classes {
			for y, p := range m.Routing[r*M+i] {
				to := m.Stations[y%M]
				switch {
				case p == 0:
				case y/M != r:
					return &AtError{Station: s.Name, Routing: true, Err: fmt.Errorf("router %q switches class %q to %q: a router sends each customer on in its class", s.Name, m.Classes[r].Name, m.Classes[y/M].Name)}
				case to.Router:
					return &AtError{Station: s.Name, Routing: true, Err: fmt.Errorf("router %q sends customers to router %q: the exact CTMC holds customers at a router that sends them to stations only (write the two routers as one)", s.Name, to.Name)}
				case to.Blocking == NoBlocking && (to.Capacity > 0 || to.JoinProb != nil):
					return &AtError{Station: s.Name, Routing: true, Err: fmt.Errorf("router %q sends customers to %q, which loses or turns away arrivals: the exact CTMC does not count a router's customers lost there (give %q a buffer, or write the router's probabilities in the rows in front of it)", s.Name, to.Name, to.Name)}
				}
			}
		}
	}
	return nil
}
