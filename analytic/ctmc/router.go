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

// routerArrive emits the outcomes of a class-r customer arriving at
// router j in state base at rate, built in v (scratch): for each
// station it may draw, held before service there or in transit.
func (c *chain) routerArrive(base, v []int32, j, r int, rate float64, emit func([]int32, float64)) {
	x := r*c.M + j
	if p := c.exitP[x]; p > 0 {
		emit(base, rate*p)
	}
	tb := c.tabs[j]
	for _, rt := range c.routes[x] {
		copy(v, base)
		v[j] = tb.edit(base[j], 0, mkcode(r, startPhase))
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
// heldLists), joins its station, or, finding it a full buffer,
// waits at its router as one blocked after service; then emits.
func (c *chain) flush(t []int32, rate float64, emit func([]int32, float64)) {
	k := slices.IndexFunc(c.held.lists[t[c.blk]], inTransit)
	if k < 0 {
		emit(t, rate)
		return
	}
	e := c.held.lists[t[c.blk]][k]
	from, to, s := int(e.from), int(e.to), int(-2-e.toClass)
	u := slices.Clone(t)
	u[c.blk] = c.held.without(t[c.blk], k)
	tb := c.tabs[from]
	if b := c.tabs[to].st.Blocking; (b == AfterService || b == BeforeStart) && c.tabs[to].full(t[to]) {
		u[from] = tb.edit(t[from], mkcode(int(e.class), startPhase), mkcode(int(e.class), blockedPhase))
		u[c.blk] = c.held.push(u[c.blk], heldCustomer{e.from, e.class, e.to, int16(s)})
		c.flush(u, rate, emit)
		return
	}
	u[from] = tb.edit(t[from], mkcode(int(e.class), startPhase), 0)
	c.arriveAt(u, make([]int32, c.W), to, s, rate, func(w []int32, rr float64) { c.flush(slices.Clone(w), rr, emit) })
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

// validateRouters checks the routers: no service laws read, no capacity,
// patience, blocking or extras of their own; they send customers
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
