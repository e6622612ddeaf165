package des

import (
	"fmt"
	"math"
)

// UntilRelease is the work of a customer whose service time is not known
// when it arrives: once it starts, it holds its server until the model
// calls Release (a worker held through steps the model schedules itself).
// It is accepted by the FCFS, SIRO and NonPreemptivePriority disciplines
// with LeaveQueue abandonment; Arrive panics on the others, where the
// station needs the work to order or interrupt service (PS, LCFS-PR,
// PreemptivePriority) or to size a discard (StayQueued).
const UntilRelease Time = math.MaxInt64

// Ticket identifies a customer in service at a Station, from its first
// start (OnStart) until it leaves: the model passes it to Release and
// SetWork. Tickets are reused once their customer has left.
type Ticket int32

// holdable reports whether customers of the station may arrive with work
// UntilRelease.
func (s *Station) holdable() bool {
	return disciplines[s.discipline].holdable && s.abandon == LeaveQueue
}

// Release ends now the service of the customer holding ticket t, which
// arrived with work UntilRelease and is in service: it departs as if its
// service had completed (the next waiting customer starts, then OnDepart
// is called). Releasing any other customer, or calling Release from
// OnStart, is a programming error of the model and panics with a message
// naming the station.
func (s *Station) Release(t Ticket) {
	s.checkNotStarting("Release")
	i := int32(t)
	if i < 0 || int(i) >= s.jobs.Cap() || !s.jobs.used[i] {
		panic(fmt.Sprintf("des: station %q: Release(%d) of a ticket not in use", s.name, t))
	}
	j := s.jobs.At(i)
	if !j.started || j.remaining != UntilRelease || j.done.Valid() {
		panic(fmt.Sprintf("des: station %q: Release(%d) of customer %d, which is not held in service until release", s.name, t, j.cust))
	}
	s.finish(i)
}

// SetWork sets the work of the customer holding ticket t, which must be
// the customer whose OnStart is running: the model decides its service
// time when it starts (for example cut short by a deadline that depends on
// its wait). work ≥ 0 schedules its completion after work; UntilRelease
// (on a station that accepts it) makes it wait for Release. Any other use
// panics with a message naming the station.
func (s *Station) SetWork(t Ticket, work Time) {
	switch {
	case s.starting == none || int32(t) != s.starting:
		panic(fmt.Sprintf("des: station %q: SetWork(%d) outside that customer's OnStart", s.name, t))
	case work == UntilRelease && !s.holdable():
		panic(fmt.Sprintf("des: station %q: SetWork with UntilRelease under %v, %v", s.name, s.discipline, s.abandon))
	case work < 0:
		panic(fmt.Sprintf("des: station %q: SetWork with negative work %v", s.name, work))
	}
	s.jobs.At(int32(t)).remaining = work
}

// callStart runs OnStart for customer i, which starts its first service
// now after waiting waited, and returns the work it is to receive.
func (s *Station) callStart(i int32, waited Time) Time {
	if s.OnStart != nil {
		j := s.jobs.At(i)
		s.starting = i
		s.OnStart(j.cust, int(j.class), waited, Ticket(i))
		s.starting = none
	}
	return s.jobs.At(i).remaining
}

// checkNotStarting panics if called from OnStart (op names the method).
func (s *Station) checkNotStarting(op string) {
	if s.starting != none {
		panic(fmt.Sprintf("des: station %q: %s called from OnStart", s.name, op))
	}
}
