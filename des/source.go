package des

import (
	"fmt"
	"time"
)

// Source is a sequence of event times that a model generates in order —
// the arrivals of a Poisson process, the sorted times of a batch of
// retries — run beside the pending-event set instead of through it. Each
// of its events would otherwise be one push and one pop of the heap; a
// Source holds only its next time, and Env.RunUntilSources merges it with
// the pending events by the scheduler's own order (time, priority, then
// scheduling order): a run with sources is event for event the run in
// which each time was scheduled as an event of the source's priority at
// the moment the source was given it (TestSourceMatchesEvents).
//
// A source belongs to one Env (NewSource). The model gives it its next
// time with Schedule — typically from its handler, which runs at the
// current time, and at the start of a period — or Clear when it has none.
type Source struct {
	env  *Env
	prio Priority
	fire func(now Time)
	next Time
	tie  uint64 // as a scheduler node's: priority, then sequence
	// name is the source's event kind in an event profile; stats are its
	// figures there, made when it first fires in a profiled Env.
	name  string
	stats *kindStats
}

// Name names the source's events in an event profile (Profiler), as
// Env.Register names a kind; it returns s. Unnamed sources are "source".
func (s *Source) Name(name string) *Source {
	s.name = name
	return s
}

// NewSource returns a source of events of priority prio whose handler is
// fire; it has no next time until Schedule.
func (e *Env) NewSource(prio Priority, fire func(now Time)) *Source {
	return &Source{env: e, prio: prio, fire: fire, next: MaxTime}
}

// Schedule sets the source's next event at time at, which must not be
// before Now(); it replaces a next time set before. Like
// Scheduler.Schedule, it takes the next sequence number, so at equal time
// and priority it runs after the events scheduled before it.
func (s *Source) Schedule(at Time) error {
	sc := &s.env.sched
	if at < sc.now {
		return fmt.Errorf("%w: source at %v, now %v", ErrPast, at, sc.now)
	}
	sc.seq++
	s.next = at
	s.tie = uint64(uint8(s.prio)^0x80)<<seqBits | sc.seq&(1<<seqBits-1)
	return nil
}

// MustSchedule is Schedule for times the model computed forward from now;
// an error there is a programming error, so it panics.
func (s *Source) MustSchedule(at Time) {
	if err := s.Schedule(at); err != nil {
		panic(fmt.Sprintf("des: %v", err))
	}
}

// Clear leaves the source with no next event.
func (s *Source) Clear() { s.next = MaxTime }

// Next returns the time of the source's next event, or MaxTime.
func (s *Source) Next() Time { return s.next }

// before reports whether s's next event comes before u's.
func (s *Source) before(u *Source) bool {
	return s.next < u.next || (s.next == u.next && s.tie < u.tie)
}

// RunUntilSources is RunUntil with sources merged in: it runs every
// pending event and every source event at or before t in the scheduler's
// order, then sets the clock to t. A source event counts as a step
// (Steps); its handler must give the source its next time (or Clear it).
// It returns an error if t is before Now(); if Stop is called it returns
// early with the clock at the last event run.
func (e *Env) RunUntilSources(t Time, sources []*Source) error {
	if t < e.sched.now {
		return fmt.Errorf("des: RunUntilSources(%v) is before now (%v)", t, e.sched.now)
	}
	if e.prof != nil {
		defer e.prof.timeRun(time.Now())
	}
	e.stopped = false
	for !e.stopped {
		var src *Source
		for _, s := range sources {
			if s.next <= t && (src == nil || s.before(src)) {
				src = s
			}
		}
		at, ok := e.sched.Peek()
		if ok && at <= t && (src == nil || at < src.next || (at == src.next && e.sched.heap[0].tie < src.tie)) {
			e.Step()
			continue
		}
		if src == nil {
			break
		}
		at = src.next
		src.next = MaxTime
		e.sched.now = at
		e.steps++
		if e.prof != nil {
			e.fireProfiled(src, at)
			continue
		}
		src.fire(at)
	}
	if e.stopped {
		return nil
	}
	return e.sched.AdvanceTo(t)
}
