package network

import (
	"queuelab/des"
)

// extras is the simulator's state for the features of features.go. A
// Sim whose network uses none of them has x == nil, and its hot path pays
// one nil check per visit and per departure.
//
// Held service: at a station whose customers may be blocked (one that can
// route to a buffered station) or whose rate depends on the number present
// (rates), customers arrive with des.UntilRelease and the simulator
// schedules their service completions itself ("held/done" events, at
// des.PriorityRelease as the station's own). At completion the customer's
// next station is drawn; if it is a full buffered station the customer
// stays on its server (blocked) until a place frees, otherwise it is
// released and goes on at once.
type extras struct {
	s *Sim

	special []bool // per station: visit goes through x.visit (held or balking)
	held    []bool // per station: held service
	buffer  []int  // per station: Buffer (0: none)
	bbs     []bool // per station: upstream blocks before service
	anyBBS  []bool // per station: some routing target of it blocks before service

	// Blocking: waiters[j] are the customers blocked waiting for a place
	// at j, first blocked first; blockedAt[u] how many of station u's
	// servers hold a blocked customer.
	waiters   [][]waiter
	blockedAt []int

	// Per customer id (grown as ids are handed out): the next node drawn
	// ahead (noNext: none), the work of a held customer, its ticket.
	next   []int32
	work   []des.Time
	ticket []des.Ticket

	doneKind des.Kind // held completion: Ref = customer, Aux = station

	// Balking: per station the join probabilities and their stream.
	join       [][]float64
	joinStream []*des.Stream

	rates []loadDep // per station (rates nil: unused)

	rr    []int   // per router: the next round-robin target
	lbTo  [][]int // per router: its targets' station indices
	lbIdx [][]int // per router: scratch for power-of-d

	schedKind  des.Kind
	schedCycle []int64 // per station: the schedule's current period

	deadlock *DeadlockError
}

// waiter is one blocked customer: id, at station from; bbs when it has not
// started service yet (blocked before service).
type waiter struct {
	id   int32
	from int32
	bbs  bool
}

const noNext = -2

// newExtras returns the extras of s's network, or nil when it uses no
// feature.
func newExtras(s *Sim, st des.Streams) *extras {
	any := false
	for i := range s.net.Stations {
		any = any || s.net.Stations[i].beyond()
	}
	if !any {
		return nil
	}
	M := s.top.M
	x := &extras{s: s, special: make([]bool, M), buffer: make([]int, M), bbs: make([]bool, M), anyBBS: make([]bool, M),
		waiters: make([][]waiter, M), blockedAt: make([]int, M), join: make([][]float64, M), joinStream: make([]*des.Stream, M),
		rates: make([]loadDep, M), rr: make([]int, M), lbTo: make([][]int, M), lbIdx: make([][]int, M), schedCycle: make([]int64, M)}
	x.held = s.top.heldStations()
	for i := range s.net.Stations {
		ns := &s.net.Stations[i]
		x.buffer[i] = ns.Buffer
		x.bbs[i] = ns.Buffer > 0 && ns.Blocking == BlockBeforeService
		if ns.JoinProbability != nil {
			x.join[i] = ns.JoinProbability
			x.joinStream[i] = st.Stream("balk/" + ns.Name)
		}
		x.rates[i] = loadDep{mult: ns.Rates, id: -1}
		x.special[i] = x.held[i] || ns.JoinProbability != nil
		if ns.LB != nil {
			for _, to := range ns.LB.To {
				x.lbTo[i] = append(x.lbTo[i], s.top.stationIdx[to])
			}
			x.lbIdx[i] = make([]int, len(ns.LB.To))
		}
	}
	for k, row := range s.top.rows {
		for _, tg := range row {
			if x.bbs[tg.station] {
				x.anyBBS[k%M] = true
			}
		}
	}
	x.doneKind = s.env.Register("held/done", x.onDone)
	x.schedKind = s.env.Register("servers/schedule", x.onSchedule)
	for i := range s.net.Stations {
		stn := s.stations[i]
		// Departures go through x (Sim.onDepart stays free of the check).
		stn.OnDepart = func(cust int32, class int) { x.depart(i, cust, class) }
		if x.held[i] {
			i, start := i, stn.OnStart // the trace's and percentiles' hook, if any, still runs
			stn.OnStart = func(cust int32, class int, waited des.Time, t des.Ticket) {
				if start != nil {
					start(cust, class, waited, t)
				}
				x.onStart(i, cust, t)
			}
		}
		if s.net.Stations[i].Schedule != nil {
			x.scheduleStep(i, 1)
		}
	}
	return x
}

// grow makes the per-customer slices long enough for id.
func (x *extras) grow(id int32) {
	for int(id) >= len(x.next) {
		x.next = append(x.next, noNext)
		x.work = append(x.work, 0)
		x.ticket = append(x.ticket, 0)
	}
}

// visit brings customer id to station i as class r (a station with held
// service or balking): it may balk; otherwise it arrives, with
// des.UntilRelease where the service is held.
func (x *extras) visit(id int32, i, r int) {
	s := x.s
	stn := s.stations[i]
	if p := x.join[i]; p != nil {
		if q := multiplier(p, stn.InSystem()); q < 1 && x.joinStream[i].Float64() >= q {
			countBalk(stn, r)
			s.lost(id, r, i)
			return
		}
	}
	work := des.Seconds(s.svc[i*s.top.R+r].Rand(s.svcStream[i]))
	patience := des.NoPatience
	if s.pat[i].Given() {
		patience = des.Seconds(s.pat[i].Rand(s.patStream[i]))
	}
	if x.held[i] {
		x.grow(id)
		x.work[id], x.next[id] = work, noNext
		work = des.UntilRelease
	}
	if stn.Arrive(id, r, work, patience) == des.Balked {
		s.lost(id, r, i)
		return
	}
	if x.rates[i].mult != nil {
		x.rates[i].change(x, i)
	}
}

// countBalk files a balking arrival at stn as an arrival turned away
// (Arrivals and Losses of its class and of the total; p_balk reads them).
func countBalk(stn *des.Station, r int) {
	tot, cs := &stn.Stats.Total, stn.Stats.Class(r)
	tot.Arrivals++
	tot.Losses++
	if cs != tot {
		cs.Arrivals++
		cs.Losses++
	}
}

// nextNode returns where customer id of class goes after station i: the
// node drawn ahead, a router's choice, or the routing's draw.
func (x *extras) nextNode(i int, id int32, class int) int32 {
	if int(id) < len(x.next) && x.next[id] != noNext {
		n := x.next[id]
		x.next[id] = noNext
		return n
	}
	if lb := x.s.net.Stations[i].LB; lb != nil {
		return x.choose(i, lb, class)
	}
	return x.s.route.next(class, i, x.s.rtStream[i].Float64())
}

// onSchedule sets a station's servers to its schedule's step ev.Aux and
// schedules the next step.
func (x *extras) onSchedule(ev des.Event) {
	i, k := int(ev.Ref), int(ev.Aux)
	ns := &x.s.net.Stations[i]
	x.s.stations[i].SetServers(ns.Schedule[k].Servers)
	x.scheduleStep(i, k+1)
}

// scheduleStep schedules step k of station i's schedule (wrapping to the
// next period when it has one).
func (x *extras) scheduleStep(i, k int) {
	ns := &x.s.net.Stations[i]
	if k >= len(ns.Schedule) {
		if ns.Period <= 0 {
			return
		}
		k = 0
		x.schedCycle[i]++
	}
	at := float64(x.schedCycle[i])*ns.Period + ns.Schedule[k].At
	t, err := des.FromSeconds(at)
	if err != nil || t < x.s.env.Now() {
		return // beyond the clock's range: the schedule stops there
	}
	x.s.env.At(t, des.PriorityDefault, des.Event{Kind: x.schedKind, Ref: int32(i), Aux: int64(k)})
}

// depart sends customer id on after its service at station i (the
// features' version of Sim.onDepart, set as every station's OnDepart by
// newExtras), then lets a customer blocked on i
// take the place it freed.
func (x *extras) depart(i int, id int32, class int) {
	s := x.s
	if s.watch {
		s.watchDepart(i, id, class)
	}
	next := x.nextNode(i, id, class)
	if next == leave {
		s.done(id)
	} else {
		s.visit(id, int(next)/s.top.R, int(next)%s.top.R)
	}
	if x.buffer[i] > 0 {
		x.freed(i)
	}
}
