package network

import (
	"fmt"
	"strings"

	"queuelab/des"
)

// Finite buffers with blocking (issue 22). A station with Buffer K holds at
// most K customers (its des capacity is K, so an arrival from outside that
// finds it full is lost and counted in p_loss). A customer routed to it
// from another station never finds it full: it is held upstream instead.
//
//   - after-service (BAS): the upstream customer completes its service,
//     draws its next station, and if that is full stays on its server
//     (blocked) until a place frees; the server serves nobody else.
//   - before-service (BBS): the upstream customer draws its next station
//     when it reaches a server; if that is full it does not start service
//     but holds the server until a place frees, then is served. Places
//     are not reserved: if the station is full again when its service
//     ends, it waits on its server as after-service.
//
// Places free first come first served: the customer blocked first on a
// station moves first. A departure from a full station moves its own
// customer on first, then releases the first blocked customer. Blocking
// can deadlock (BAS in a cycle of full stations, each server holding a
// customer for the next): the simulation then stops with a DeadlockError.

// DeadlockError reports a set of stations whose every busy server holds a
// customer blocked by a full station of the same set: no customer there can
// ever move again.
type DeadlockError struct {
	Stations []string // in file order
	Time     float64  // s
}

func (e *DeadlockError) Error() string {
	return fmt.Sprintf("deadlock at %.6g s: stations %s are full and every busy server there holds a customer blocked by another of them, so none can ever move again; raise a buffer in the cycle or lower the population", e.Time, strings.Join(e.Stations, ", "))
}

// heldStations returns, per station, whether its service is held (see
// extras): it has rates, or some routing row leaves it for a buffered
// station.
func (t *topology) heldStations() []bool {
	held := make([]bool, t.M)
	for k, row := range t.rows {
		for _, tg := range row {
			if tg.prob > 0 && t.net.Stations[tg.station].Buffer > 0 {
				held[k%t.M] = true
			}
		}
	}
	for i := range t.net.Stations {
		held[i] = held[i] || t.net.Stations[i].Rates != nil
	}
	return held
}

// checkBlocking refuses what blocking cannot do: a station upstream of a
// buffer whose discipline must interrupt or share service, and a closed
// class whose customers do not fit in the buffer they start at.
func (t *topology) checkBlocking() error {
	for i, h := range t.heldStations() {
		st := &t.net.Stations[i]
		if !h || st.Servers == des.Infinite {
			continue
		}
		switch st.Discipline {
		case des.FCFS, des.SIRO, des.NonPreemptivePriority:
		default:
			return errf(elemField(elemStation(st.Name), "discipline"), "%s cannot hold a blocked customer on its server (it shares or interrupts service); a station that routes to a buffer, or has rates, needs fcfs, siro, priority or servers: inf", st.Discipline)
		}
	}
	start := make([]int, t.M)
	for _, c := range t.net.Classes {
		if !c.Open() {
			start[t.stationIdx[c.Start]] += c.Population
		}
	}
	for i, st := range t.net.Stations {
		if st.Buffer > 0 && start[i] > st.Buffer {
			return errf(elemField(elemStation(st.Name), "buffer"), "the closed classes start %d customers here, more than its buffer %d", start[i], st.Buffer)
		}
	}
	return nil
}

// full reports whether buffered station j has no free place.
func (x *extras) full(j int) bool {
	return x.buffer[j] > 0 && x.s.stations[j].InSystem() >= x.buffer[j]
}

// onStart runs when customer id starts service at held station i: under
// BBS it may block before service; otherwise its completion is scheduled.
func (x *extras) onStart(i int, id int32, t des.Ticket) {
	x.ticket[id] = t
	if x.anyBBS[i] {
		s := x.s
		class := int(s.custs.At(id).class)
		n := x.nextNode(i, id, class)
		x.next[id] = n
		if j := int(n) / s.top.R; n != leave && x.bbs[j] && x.full(j) {
			x.block(i, j, id, true)
			return
		}
	}
	x.serve(i, id)
}

// serve schedules the end of held customer id's service at station i.
func (x *extras) serve(i int, id int32) {
	if x.rates[i].mult != nil {
		x.rates[i].start(x, i, id)
		return
	}
	x.s.env.MustAfter(x.work[id], des.PriorityRelease, des.Event{Kind: x.doneKind, Ref: id, Aux: int64(i)})
}

// onDone ends a held customer's service: it goes on, or blocks.
func (x *extras) onDone(ev des.Event) {
	id, i := ev.Ref, int(ev.Aux)
	x.finished(i, id)
}

// finished is the end of held customer id's service at station i.
func (x *extras) finished(i int, id int32) {
	s := x.s
	if x.rates[i].mult != nil {
		x.rates[i].id = -1
	}
	n := x.next[id]
	if n == noNext {
		n = x.nextNode(i, id, int(s.custs.At(id).class))
		x.next[id] = n
	}
	if j := int(n) / s.top.R; n != leave && x.full(j) {
		x.block(i, j, id, false)
		return
	}
	s.stations[i].Release(x.ticket[id])
}

// block makes customer id at station i wait for a place at j.
func (x *extras) block(i, j int, id int32, bbs bool) {
	x.waiters[j] = append(x.waiters[j], waiter{id: id, from: int32(i), bbs: bbs})
	x.blockedAt[i]++
	if x.stuck(i) {
		x.checkDeadlock()
	}
}

// freed moves blocked customers into buffered station j while it has room:
// called after j's number present fell.
func (x *extras) freed(j int) {
	for len(x.waiters[j]) > 0 && !x.full(j) && x.deadlock == nil {
		w := x.waiters[j][0]
		copy(x.waiters[j], x.waiters[j][1:])
		x.waiters[j] = x.waiters[j][:len(x.waiters[j])-1]
		x.blockedAt[w.from]--
		if w.bbs {
			x.serve(int(w.from), w.id) // starts its service now
			continue
		}
		x.s.stations[w.from].Release(x.ticket[w.id])
	}
}

// stuck reports whether station i can complete no service by itself:
// every busy server holds a blocked customer, and no patience or schedule
// can change that.
func (x *extras) stuck(i int) bool {
	stn, ns := x.s.stations[i], &x.s.net.Stations[i]
	b := stn.BusyServers()
	return b > 0 && x.blockedAt[i] == b && !ns.Patience.Given() && ns.Schedule == nil
}

// checkDeadlock finds the largest set of stuck stations whose blocked
// customers all wait for stations of the set; if it is not empty the
// simulation stops with a DeadlockError.
func (x *extras) checkDeadlock() {
	M := x.s.top.M
	in := make([]bool, M)
	for i := range in {
		in[i] = x.stuck(i)
	}
	for changed := true; changed; {
		changed = false
		for j, ws := range x.waiters {
			for _, w := range ws {
				if in[w.from] && !in[j] {
					in[w.from], changed = false, true
				}
			}
		}
	}
	var names []string
	for i, ok := range in {
		if ok {
			names = append(names, x.s.net.Stations[i].Name)
		}
	}
	if len(names) == 0 {
		return
	}
	x.deadlock = &DeadlockError{Stations: names, Time: x.s.Now()}
	x.s.env.Stop()
}

// BlockedServers returns the number of station's servers holding a
// blocked customer now (0 for a station nobody blocks at).
func (s *Sim) blockedServers(i int) int {
	if s.x == nil {
		return 0
	}
	return s.x.blockedAt[i]
}
