package paymentswitch

import (
	"fmt"

	"queuelab/des"
)

// attempt is one request in the switch: from its admission to the slots
// until its slot is released. Its client may have been answered earlier
// ("dropped in queue" at the queue timeout): then tx is −1 and the
// request, still queued, only costs its slot Omega × its hold when it
// reaches one (des.StayQueued).
type attempt struct {
	arrived des.Time
	tx      int32   // −1 once the client was answered
	hold    float64 // s of slot time if live: SwitchTime + min(L, T) (+ ReversalTime)
	waited  float64 // s waited for the issuer: min(L, T)
	outcome outcome
	groupB  bool
}

// slots are the switch's connection slots: SlotsPerServer per server in
// service, one FCFS des.Station whose customers are attempts. A client waits QueueTimeout for a slot and
// then is answered "dropped in queue", but its request stays queued and
// still holds a slot for Omega × its hold when it gets one (StayQueued
// with DiscardFraction Omega).
type slots struct {
	e    *desEngine
	st   *des.Station
	atts des.Slab[attempt]
	meas slotMeasures
}

// slotMeasures are cumulative measurements of the slots, taken at each
// release, that the indicators do not need: OpenLoad reads them.
type slotMeasures struct {
	liveHeld              float64 // Σ slot time of live attempts (s)
	discards, discardHeld float64 // abandoned requests that reached a slot; Σ their slot time
	issuer                [2]issuerMeasures
}

func (s *slots) init(e *desEngine) {
	s.e = e
	st, err := des.NewStation(e.env, des.StationConfig{
		Name: "slots", Servers: e.srv.inService() * SlotsPerServer,
		Abandonment: des.StayQueued, DiscardFraction: e.cfg.omega,
	})
	if err != nil {
		panic(fmt.Sprintf("paymentswitch: %v", err)) // the configuration is the model's own
	}
	st.OnDepart = s.onDepart
	st.OnAbandon = s.onAbandon
	st.OnDiscard = s.onDiscard
	s.st = st
}

// mark starts the per-minute windows of the busy-slot indicator.
func (s *slots) mark(now des.Time) {
	s.st.Stats.Total.Busy.Mark(now)
	s.st.Stats.Servers.Mark(now)
}

// areas returns ∫ busy slots dt and ∫ slots in service dt over the minute
// ending now (slot·s).
func (s *slots) areas(now des.Time) (busy, slots float64) {
	return s.st.Stats.Total.Busy.WindowMean(now) * 60, s.st.Stats.Servers.WindowMean(now) * 60
}

// admit brings the current attempt of transaction id to the switch now:
// shed if shedding is on and the admitted attempts in flight reach
// ShedFraction of the slots; refused at once ("dropped in queue") if every
// slot is busy and the backlog holds backlog × slots requests; otherwise
// queued for a slot, with its issuer's answer drawn now (issuer.go).
func (s *slots) admit(id int32, now des.Time) {
	e := s.e
	t := e.txs.At(id)
	c := &e.win.counts
	n := s.st.Servers()
	if e.ctl.shedding && float64(e.inflight) >= ShedFraction*float64(n) {
		c.shed++
		e.pic.dot(e, t, dotShed)
		e.technicalError(id)
		return
	}
	if s.st.Waiting() >= e.ctl.backlog*n && s.st.BusyServers() >= n {
		c.admittedAnswered++
		c.dropped++
		c.backlogFull++
		e.pic.dot(e, t, dotDropped)
		e.technicalError(id)
		return
	}
	a := s.atts.Get()
	at := s.atts.At(a)
	at.arrived, at.tx, at.groupB = now, id, t.groupB
	e.issue(at)
	e.inflight++
	s.st.Arrive(a, 0, des.Seconds(at.hold), des.Seconds(QueueTimeout))
}

// onAbandon answers the client of attempt a, who has waited QueueTimeout
// without a slot, "dropped in queue"; its request stays in the queue.
func (s *slots) onAbandon(a int32, _ int) {
	e := s.e
	at := s.atts.At(a)
	id := at.tx
	at.tx = -1
	e.inflight--
	c := &e.win.counts
	c.admittedAnswered++
	c.dropped++
	c.authSum += QueueTimeout
	e.pic.dot(e, e.txs.At(id), dotDropped)
	e.technicalError(id)
}

// onDiscard ends the slot hold of an abandoned request.
func (s *slots) onDiscard(a int32, _ int) {
	at := s.atts.At(a)
	s.meas.discards++
	s.meas.discardHeld += s.e.cfg.omega * at.hold
	s.atts.Put(a)
}

// onDepart ends the slot hold of a live attempt: the issuer answered, or
// timed out and the switch stood in or answered "issuer unreachable".
func (s *slots) onDepart(a int32, _ int) {
	at := *s.atts.At(a)
	s.atts.Put(a)
	s.meas.liveHeld += at.hold
	s.meas.issuer[b2i(at.groupB)].add(&at)
	s.e.inflight--
	s.e.answer(&at, s.e.env.Now())
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
