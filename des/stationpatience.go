package des

import "fmt"

// Abandonment is what a waiting customer does when its patience runs out.
type Abandonment uint8

const (
	// LeaveQueue: the customer leaves the queue at once (reneging).
	LeaveQueue Abandonment = iota
	// StayQueued: the customer gives up (it counts as abandoned and
	// OnAbandon is called) but its request stays in the queue, in its
	// place: when it reaches a server it holds it for the discard time,
	// DiscardFraction × its work, and then leaves (OnDiscard), neither a
	// departure nor a wait. A server answering requests whose clients
	// have already gone (a timeout that does not cancel the queued work)
	// behaves so.
	StayQueued
)

var abandonmentNames = [...]string{LeaveQueue: "leave-queue", StayQueued: "stay-queued"}

// String returns "leave-queue" or "stay-queued".
func (a Abandonment) String() string {
	if int(a) < len(abandonmentNames) {
		return abandonmentNames[a]
	}
	return fmt.Sprintf("abandonment(%d)", uint8(a))
}

// onPatience is the patience deadline of the waiting customer ev.Ref, for
// a customer whose deadline has an event of its own (see deadlines): it
// abandons. (A customer's deadline is cancelled when it starts, so it
// only fires for a customer that has never started.)
func (s *Station) onPatience(ev Event) {
	s.jobs.At(ev.Ref).timer = Handle{}
	s.abandonNow(ev.Ref)
}

// abandonNow is the end of waiting customer i's patience: it leaves the
// queue, or with StayQueued stays in it as a stale request.
func (s *Station) abandonNow(i int32) {
	now := s.env.Now()
	j := s.jobs.At(i)
	cust, class := j.cust, j.class
	waited := (now - j.arrived).Seconds()
	tot, cs := &s.Stats.Total, s.Stats.Class(int(class))
	tot.Abandons++
	tot.Abandoned.Add(waited)
	if cs != tot {
		cs.Abandons++
		cs.Abandoned.Add(waited)
	}
	if s.abandon == StayQueued {
		j.stale = true
	} else {
		s.room.remove(&s.jobs, i)
		s.waiting--
		s.counts[class].waiting--
		s.n--
		s.counts[class].n--
		s.jobs.Put(i)
		s.note(class)
	}
	if s.OnAbandon != nil {
		s.OnAbandon(cust, int(class))
	}
}
