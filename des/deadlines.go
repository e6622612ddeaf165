package des

// deadlines holds the patience deadlines of a station's waiting customers
// when they come in arrival order — the usual case: everyone has the same
// patience (M/M/c+D, a request timeout) — so that only the earliest one
// has an event on the scheduler, not one event per waiting customer. A
// queue of thousands of impatient customers then costs the heap one event
// instead of thousands.
//
// The order of events is exactly what one event per customer gives: each
// entry reserves its scheduler sequence number when the customer arrives
// (Scheduler.reserve), and the head's event is scheduled with it, so it
// ties with other events as the customer's own event would have. A
// deadline earlier than the last one queued does not fit the order; that
// customer gets its own event (Station.Arrive decides).
//
// Invariant: the head entry, if any, is live (its customer is still
// waiting for a first start) and timer is its event. Entries behind the
// head may be dead (their customer started); they are dropped when they
// reach the head.
type deadlines struct {
	queue []deadline // FIFO from head
	head  int
	timer Handle // the head's event
}

// deadline is one customer's patience deadline.
type deadline struct {
	at      Time
	seq     uint64 // the scheduler sequence number reserved at arrival
	job     int32
	arrival uint64 // the job's arrival number: tells its entry from a later job's at the same index
}

// fits reports whether a deadline at at keeps the queue in order.
func (d *deadlines) fits(at Time) bool {
	return d.head == len(d.queue) || d.queue[len(d.queue)-1].at <= at
}

// push appends e; it reports whether e is now the head (and needs its
// event).
func (d *deadlines) push(e deadline) bool {
	if d.head == len(d.queue) {
		d.queue, d.head = d.queue[:0], 0
	} else if d.head > 64 && d.head > len(d.queue)/2 {
		n := copy(d.queue, d.queue[d.head:])
		d.queue, d.head = d.queue[:n], 0
	}
	d.queue = append(d.queue, e)
	return d.head == len(d.queue)-1
}

// front returns the head entry; the queue must not be empty.
func (d *deadlines) front() deadline { return d.queue[d.head] }

// empty reports whether no entry is queued.
func (d *deadlines) empty() bool { return d.head == len(d.queue) }

// pop removes the head entry.
func (d *deadlines) pop() { d.head++ }

// armDeadline restores the invariant after the head was removed: it drops
// dead entries from the front and schedules the event of the new head, if
// any.
func (s *Station) armDeadline() {
	d := &s.deadlines
	for !d.empty() {
		e := d.front()
		if j := s.jobs.At(e.job); j.onDeadlines && j.seq == e.arrival {
			d.timer = s.env.sched.scheduleAs(e.at, PriorityTimeout, e.seq, Event{Kind: s.deadlineKind})
			return
		}
		d.pop()
	}
}

// queueDeadline gives waiting customer i a deadline patience from now:
// queued if it keeps the queue in order, else an event of its own.
func (s *Station) queueDeadline(i int32, now, patience Time) {
	j := s.jobs.At(i)
	if s.ownDeadlines || patience > MaxTime-now || !s.deadlines.fits(now+patience) {
		j.timer = s.env.MustAfter(patience, PriorityTimeout, Event{Kind: s.timerKind, Ref: i})
		return
	}
	e := deadline{at: now + patience, seq: s.env.sched.reserve(), job: i, arrival: j.seq}
	j.onDeadlines = true
	if s.deadlines.push(e) {
		s.deadlines.timer = s.env.sched.scheduleAs(e.at, PriorityTimeout, e.seq, Event{Kind: s.deadlineKind})
	}
}

// dropDeadline takes customer i, which starts, off the deadline queue: at
// once if it is the head (its event is cancelled and the next head's
// scheduled), else when it reaches the head.
func (s *Station) dropDeadline(i int32) {
	j := s.jobs.At(i)
	j.onDeadlines = false
	if e := s.deadlines.front(); e.job == i && e.arrival == j.seq {
		s.env.Cancel(s.deadlines.timer)
		s.deadlines.timer = Handle{}
		s.deadlines.pop()
		s.armDeadline()
	}
}

// onDeadline is the event of the head deadline: that customer abandons.
func (s *Station) onDeadline(Event) {
	e := s.deadlines.front()
	s.deadlines.pop()
	s.deadlines.timer = Handle{}
	s.jobs.At(e.job).onDeadlines = false
	s.armDeadline()
	s.abandonNow(e.job)
}
