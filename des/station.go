package des

import (
	"errors"
	"fmt"
	"math"

	"queuelab/des/queueing"
)

// Infinite is the Servers value of a delay (infinite-server) station: every
// customer is served at once, nobody waits. It is queueing.Infinite, the
// one server-count convention of simulator and formulas.
const Infinite = queueing.Infinite

// StationConfig describes a Station.
type StationConfig struct {
	// Name prefixes the event kinds the station registers and its error
	// messages.
	Name string
	// Servers is the number of servers, ≥ 1, or Infinite.
	Servers int
	// Discipline is the service order (FCFS by default).
	Discipline Discipline
	// Capacity is the most customers at the station, waiting and in
	// service together; an arrival that finds it full is lost (Balked).
	// Unlimited (or 0, the zero value) admits everyone.
	Capacity int
	// Classes is the number of customer classes, numbered from 0; 0 (the
	// zero value) means 1. Statistics are kept per class; for the priority
	// disciplines class 0 is the highest priority.
	Classes int
	// Random draws the waiting customer to serve next; required for SIRO
	// only.
	Random *Stream
	// Abandonment is what a waiting customer does when its patience runs
	// out: leave the queue (LeaveQueue, the zero value) or stay queued as
	// a stale request (StayQueued).
	Abandonment Abandonment
	// DiscardFraction ω in [0, 1], for StayQueued: a stale customer that
	// reaches a server holds it for ω × its work.
	DiscardFraction float64
}

// Station is a queueing station: servers, a waiting room, a service
// discipline, an optional capacity and customers' patience, with the
// statistics Little's law and batch means need. It is the one station of
// queuelab: networks and models build on it.
//
// Customers are int32 ids chosen by the model, each of a class. The model
// draws a customer's service requirement (its work, in time at a rate of
// one server) and passes it to Arrive; the station schedules the service
// completions itself (on its own event kinds, at PriorityRelease) and the
// patience deadlines (at PriorityTimeout, so a deadline that falls exactly
// when a server frees loses: the customer is served). It calls the model
// back when a customer departs (OnDepart) or abandons (OnAbandon); a loss
// is Arrive's return value.
//
// Patience bounds the wait for the first start of service: a customer that
// has started is never abandoned, even if it is later preempted. PS and
// infinite-server customers never wait, so their patience is ignored. A
// customer whose patience runs out leaves the queue, or with StayQueued
// stays in it as a stale request that still costs a discard time when it
// is served.
//
// When a customer departs, the station first starts whoever takes the
// freed server (so the statistics and the callback see the new state) and
// then calls OnDepart; the callback may call Arrive, on this station or
// another (feedback, tandem lines), and a customer fed back joins behind
// the ones already waiting.
//
// Simultaneous completions follow the scheduler's tie rules: the service
// scheduled first ends first.
//
// Cost, besides the scheduler's O(log events): O(1) per event for FCFS,
// LCFS-PR and SIRO, O(classes) for the priority disciplines, and O(log n)
// for PS (one pending completion event for the whole station, cancelled
// and rescheduled on each arrival and departure; see PS). Patience
// deadlines that come in arrival order (the same patience for everyone)
// share one pending event, the earliest's, instead of one per waiting
// customer, in exactly the order separate events would run; a deadline out
// of that order gets an event of its own. In steady state nothing
// allocates: customers live in a Slab and the queues are intrusive lists.
type Station struct {
	// OnStart, if set, is called when customer cust of class class starts
	// its first service, after waiting waited (0 if it started on
	// arrival), with the ticket that identifies it to Release and SetWork.
	// It is called once the customer holds its server and before its
	// completion is scheduled, so it may call SetWork to decide the
	// customer's work. It may schedule events and use other stations, but
	// it must not change this station otherwise (Arrive, Release and
	// SetServers on it panic). Stale customers' discard services
	// (StayQueued) and resumptions after a preemption are not starts.
	OnStart func(cust int32, class int, waited Time, t Ticket)
	// OnDepart is called when customer cust of class class has completed
	// its service and left the station.
	OnDepart func(cust int32, class int)
	// OnAbandon is called when the patience of waiting customer cust of
	// class class runs out: it has left the queue, or with StayQueued it
	// is now a stale request still in the queue.
	OnAbandon func(cust int32, class int)
	// OnDiscard is called (StayQueued only) when stale customer cust of
	// class class has had its discard service and left.
	OnDiscard func(cust int32, class int)
	// Stats holds the statistics since the station was created or last
	// reset.
	Stats StationStats

	env             *Env
	name            string
	discipline      Discipline
	servers         int // math.MaxInt for Infinite
	capacity        int // 0: unlimited
	classes         int
	random          *Stream
	abandon         Abandonment
	discardFraction float64
	doneKind        Kind
	timerKind       Kind
	deadlineKind    Kind
	bootKind        Kind
	booting         int   // servers ordered by Boot, not yet in service
	starting        int32 // the customer whose OnStart is running, or none

	jobs    Slab[job]
	seq     uint64 // arrival sequence number of the next customer
	n       int    // customers present
	waiting int    // customers waiting (to start or to resume)
	busy    int    // customers in service (not PS)
	counts  []classCount
	// room holds the waiting customers in the discipline's order (nil for
	// PS); serving is the same room as a preemptor for the preemptive
	// disciplines, nil otherwise.
	room    room
	serving preemptor
	// sharing is set for PS: the servers are shared by virtual time (ps),
	// nobody waits.
	sharing   bool
	deadlines deadlines
	ps        psClock
	// ownDeadlines gives every waiting customer's deadline an event of its
	// own, never the deadline queue: the plain way, which the tests
	// compare the queue with.
	ownDeadlines bool
}

// classCount is the number of customers of one class present, waiting and
// in service.
type classCount struct{ n, waiting, busy int }

// NewStation returns a station on env as cfg describes, registering its
// event kinds. It returns an error naming the station and the field if the
// configuration is invalid.
func NewStation(env *Env, cfg StationConfig) (*Station, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := &Station{
		env:             env,
		name:            cfg.Name,
		discipline:      cfg.Discipline,
		servers:         cfg.Servers,
		capacity:        max(cfg.Capacity, 0),
		classes:         max(cfg.Classes, 1),
		random:          cfg.Random,
		abandon:         cfg.Abandonment,
		discardFraction: cfg.DiscardFraction,
		starting:        none,
	}
	if cfg.Servers == Infinite {
		s.servers = math.MaxInt
	}
	s.counts = make([]classCount, s.classes)
	if s.classes > 1 {
		s.Stats.classes = make([]ClassStats, s.classes)
	}
	if spec := disciplines[s.discipline]; spec.newRoom != nil {
		s.room = spec.newRoom(s.classes)
		s.serving, _ = s.room.(preemptor)
	} else {
		s.sharing = true
	}
	s.doneKind = env.Register(cfg.Name+".done", s.onDone)
	s.timerKind = env.Register(cfg.Name+".patience", s.onPatience)
	s.bootKind = env.Register(cfg.Name+".boot", s.onBoot)
	s.deadlineKind = env.Register(cfg.Name+".deadline", s.onDeadline)
	if s.sharing {
		s.ps.kind = env.Register(cfg.Name+".ps", s.onPSDone)
	}
	now := env.Now()
	for k := 0; k < s.Stats.Classes(); k++ {
		c := s.Stats.Class(k)
		c.InSystem.Set(now, 0)
		c.InQueue.Set(now, 0)
		c.Busy.Set(now, 0)
	}
	s.Stats.Total.InSystem.Set(now, 0)
	s.Stats.Total.InQueue.Set(now, 0)
	s.Stats.Total.Busy.Set(now, 0)
	s.noteServers()
	return s, nil
}

func (c StationConfig) validate() error {
	var errs []error
	if c.Servers < 1 && c.Servers != Infinite {
		errs = append(errs, fmt.Errorf("servers %d: want an integer ≥ 1 or Infinite (%d)", c.Servers, Infinite))
	}
	if !valid(c.Discipline) {
		errs = append(errs, fmt.Errorf("discipline %d: want one of %s", uint8(c.Discipline), queueing.ValidDisciplines()))
	}
	if c.Capacity < 0 && c.Capacity != Unlimited {
		errs = append(errs, fmt.Errorf("capacity %d: want an integer ≥ 1 or Unlimited (%d)", c.Capacity, Unlimited))
	}
	if c.Classes < 0 {
		errs = append(errs, fmt.Errorf("classes %d: want an integer ≥ 1", c.Classes))
	}
	if c.Abandonment > StayQueued {
		errs = append(errs, fmt.Errorf("abandonment %d: want leave-queue or stay-queued", uint8(c.Abandonment)))
	}
	if !(c.DiscardFraction >= 0 && c.DiscardFraction <= 1) {
		errs = append(errs, fmt.Errorf("discard fraction %v: want a number in [0, 1]", c.DiscardFraction))
	} else if c.DiscardFraction > 0 && c.Abandonment != StayQueued {
		errs = append(errs, fmt.Errorf("discard fraction %v: applies to stay-queued abandonment only", c.DiscardFraction))
	}
	if valid(c.Discipline) && disciplines[c.Discipline].random && c.Random == nil {
		errs = append(errs, fmt.Errorf("discipline %v needs a random stream (Random)", c.Discipline))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("des: station %q: %w", c.Name, err)
	}
	return nil
}

// Name returns the station's name.
func (s *Station) Name() string { return s.name }

// Discipline returns the station's service discipline.
func (s *Station) Discipline() Discipline { return s.discipline }

// Classes returns the number of customer classes.
func (s *Station) Classes() int { return s.classes }

// Capacity returns the most customers the station admits, or Unlimited.
func (s *Station) Capacity() int {
	if s.capacity == 0 {
		return Unlimited
	}
	return s.capacity
}

// Servers returns the number of servers, or Infinite.
func (s *Station) Servers() int {
	if s.servers == math.MaxInt {
		return Infinite
	}
	return s.servers
}

// InSystem returns the number of customers present, waiting and in
// service.
func (s *Station) InSystem() int { return s.n }

// Waiting returns the number of customers waiting to start or to resume
// (0 for PS).
func (s *Station) Waiting() int { return s.waiting }

// BusyServers returns the number of servers serving a customer: min(n, c)
// for PS. It can exceed Servers() while removed servers drain.
func (s *Station) BusyServers() int {
	if s.sharing {
		return min(s.n, s.servers)
	}
	return s.busy
}

// Arrive brings customer cust of class class (0 ≤ class < Classes()) to
// the station now, needing work of service (at the rate of one server)
// and willing to wait patience for its first start (NoPatience, or any
// negative value: for ever). It returns Started if the customer is in
// service now (possibly by preempting another), Queued if it waits, and
// Balked if it is lost because the station is full.
//
// work may be UntilRelease: the customer then holds its server from its
// start until the model calls Release (see UntilRelease for the
// disciplines that accept it).
//
// A class out of range, a negative work, UntilRelease where it is not
// accepted, or a call from OnStart is a programming error of the model
// and panics with a message naming the station.
func (s *Station) Arrive(cust int32, class int, work Time, patience Time) Admission {
	s.checkNotStarting("Arrive")
	if class < 0 || class >= s.classes {
		panic(fmt.Sprintf("des: station %q: Arrive with class %d, want 0 ≤ class < %d", s.name, class, s.classes))
	}
	if work < 0 {
		panic(fmt.Sprintf("des: station %q: Arrive with negative work %v", s.name, work))
	}
	if work == UntilRelease && !s.holdable() {
		panic(fmt.Sprintf("des: station %q: Arrive with UntilRelease under %v, %v; want %s with leave-queue", s.name, s.discipline, s.abandon, holdableDisciplines()))
	}
	now := s.env.Now()
	tot, cs := &s.Stats.Total, s.Stats.Class(class)
	tot.Arrivals++
	if cs != tot {
		cs.Arrivals++
	}
	if s.capacity > 0 && s.n >= s.capacity {
		tot.Losses++
		if cs != tot {
			cs.Losses++
		}
		return Balked
	}
	if s.sharing {
		s.psAdvance(now) // at the old number present
	}
	i := s.jobs.Get()
	j := s.jobs.At(i)
	// The slab hands out zeroed jobs: set only what is not zero (a
	// composite literal would write all 72 bytes again).
	j.cust, j.class, j.prev, j.next = cust, int32(class), none, none
	j.arrived, j.seq, j.remaining = now, s.seq, work
	s.seq++
	s.n++
	s.counts[class].n++
	switch {
	case s.sharing:
		s.psArrive(i, now)
		return Started
	case s.busy < s.servers:
		s.start(i, now)
		s.note(int32(class))
		return Started
	case s.preemptFor(class, now):
		s.start(i, now)
		s.note(int32(class))
		return Started
	}
	if patience >= 0 {
		s.queueDeadline(i, now, patience)
	}
	s.room.add(&s.jobs, i, false)
	s.waiting++
	s.counts[class].waiting++
	s.note(int32(class))
	return Queued
}

// ResetStats starts the statistics afresh now (at the end of a warm-up, or
// to begin a batch), keeping the customers present.
func (s *Station) ResetStats() { s.Stats.reset(s.env.Now()) }

// onDone ends the service of the customer ev.Ref (not PS).
func (s *Station) onDone(ev Event) {
	s.jobs.At(ev.Ref).done = Handle{}
	s.finish(ev.Ref)
}

// finish ends the service of customer i now (not PS): it leaves, the next
// waiting customer starts, and the model is called back.
func (s *Station) finish(i int32) {
	now := s.env.Now()
	j := s.jobs.At(i)
	cust, class := j.cust, j.class
	if s.serving != nil {
		s.serving.leaveService(&s.jobs, i)
	}
	s.busy--
	s.counts[class].busy--
	stale := j.stale
	s.leave(j, now, stale)
	s.jobs.Put(i)
	s.fill(now)
	s.note(class)
	switch {
	case stale && s.OnDiscard != nil:
		s.OnDiscard(cust, int(class))
	case !stale && s.OnDepart != nil:
		s.OnDepart(cust, int(class))
	}
}

// leave removes j from the number present now and counts it: a departure
// with its sojourn or, for a stale customer, a discard with its stay.
func (s *Station) leave(j *job, now Time, stale bool) {
	s.n--
	s.counts[j.class].n--
	d := (now - j.arrived).Seconds()
	tot, cs := &s.Stats.Total, s.Stats.Class(int(j.class))
	tot.leave(d, stale)
	if cs != tot {
		cs.leave(d, stale)
	}
}

// start puts customer i in service now, for the first time or to resume.
func (s *Station) start(i int32, now Time) {
	j := s.jobs.At(i)
	first := false
	if !j.started {
		j.started = true
		if j.timer.Valid() {
			s.env.Cancel(j.timer)
			j.timer = Handle{}
		} else if j.onDeadlines {
			s.dropDeadline(i)
		}
		if j.stale {
			j.remaining = Time(math.Round(s.discardFraction * float64(j.remaining)))
		} else {
			s.noteWait(int(j.class), (now - j.arrived).Seconds())
			first = true
		}
	}
	s.busy++
	s.counts[j.class].busy++
	if s.serving != nil {
		s.serving.enterService(&s.jobs, i)
	}
	work := j.remaining
	if first {
		work = s.callStart(i, now-j.arrived)
	}
	if work == UntilRelease {
		return // held until Release
	}
	j = s.jobs.At(i)
	j.done = s.env.MustAfter(work, PriorityRelease, Event{Kind: s.doneKind, Ref: i})
	j.doneAt = now + work
}

// fill starts (or resumes) waiting customers while servers are free. It
// records the classes it starts; the caller records the total.
func (s *Station) fill(now Time) {
	for s.waiting > 0 && s.busy < s.servers {
		i := s.room.next(&s.jobs, s.random)
		class := s.jobs.At(i).class
		s.waiting--
		s.counts[class].waiting--
		s.start(i, now)
		s.noteClass(class)
	}
}

// preemptFor makes room for an arriving customer of class class if the
// discipline preempts and a customer in service yields to it; it reports
// whether a server was freed.
func (s *Station) preemptFor(class int, now Time) bool {
	if s.serving == nil || s.busy == 0 {
		return false
	}
	v := s.serving.victim(&s.jobs, class)
	if v == none {
		return false
	}
	j := s.jobs.At(v)
	s.env.Cancel(j.done)
	j.done = Handle{}
	j.remaining = j.doneAt - now
	s.serving.leaveService(&s.jobs, v)
	s.busy--
	s.counts[j.class].busy--
	s.room.add(&s.jobs, v, true)
	s.waiting++
	s.counts[j.class].waiting++
	s.noteClass(j.class) // the caller records the total
	return true
}
