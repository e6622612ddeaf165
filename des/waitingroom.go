package des

// none is the null index of a customer list.
const none int32 = -1

// job is a Station's record of one customer present, kept in a Slab.
type job struct {
	cust       int32
	class      int32
	prev, next int32 // links of the list the customer is on (waiting or in service)
	pos        int32 // SIRO: index in waitingRoom.bag
	started    bool  // has started service at least once
	stale      bool  // abandoned but still queued (StayQueued)
	// onDeadlines: its patience deadline is on the station's deadline
	// queue (else timer, if it has one)
	onDeadlines bool
	arrived     Time
	seq         uint64 // arrival order at the station
	remaining   Time   // work left at the start of the current service
	doneAt      Time   // end of the current service
	done        Handle // the completion event while in service (not PS)
	timer       Handle // the patience deadline while waiting for a first start
}

// jobList is an intrusive doubly linked list of customers, threaded
// through job.prev and job.next; none marks an end.
type jobList struct{ head, tail int32 }

var emptyList = jobList{head: none, tail: none}

func (l *jobList) empty() bool { return l.head == none }

func (l *jobList) pushBack(jobs *Slab[job], i int32) {
	j := jobs.At(i)
	j.prev, j.next = l.tail, none
	if l.tail == none {
		l.head = i
	} else {
		jobs.At(l.tail).next = i
	}
	l.tail = i
}

func (l *jobList) pushFront(jobs *Slab[job], i int32) {
	j := jobs.At(i)
	j.prev, j.next = none, l.head
	if l.head == none {
		l.tail = i
	} else {
		jobs.At(l.head).prev = i
	}
	l.head = i
}

// insertAfter links i after at (none: at the front).
func (l *jobList) insertAfter(jobs *Slab[job], at, i int32) {
	if at == none {
		l.pushFront(jobs, i)
		return
	}
	if at == l.tail {
		l.pushBack(jobs, i)
		return
	}
	a := jobs.At(at)
	j := jobs.At(i)
	j.prev, j.next = at, a.next
	jobs.At(a.next).prev = i
	a.next = i
}

func (l *jobList) unlink(jobs *Slab[job], i int32) {
	j := jobs.At(i)
	if j.prev == none {
		l.head = j.next
	} else {
		jobs.At(j.prev).next = j.next
	}
	if j.next == none {
		l.tail = j.prev
	} else {
		jobs.At(j.next).prev = j.prev
	}
	j.prev, j.next = none, none
}

// waitingRoom holds a Station's waiting customers in the order its
// discipline serves them, and for the preemptive disciplines the customers
// in service in the order they yield. Every operation is O(1) except
// next and victim for the priority disciplines, which scan the classes,
// and the LCFS-PR insertion into service (O(1) unless SetServers has
// disturbed the arrival order; see enterService).
type waitingRoom struct {
	discipline Discipline
	// queues are the waiting customers: one FIFO per class for the
	// priority disciplines; otherwise one list, FIFO for FCFS and a stack
	// (top at the tail) for LCFS-PR.
	queues []jobList
	// serving are the customers in service for the preemptive disciplines:
	// for LCFS-PR one list in arrival order, for PreemptivePriority one
	// list per class in order of start. nil otherwise.
	serving []jobList
	// bag holds the waiting customers for SIRO, in no order.
	bag []int32
}

func (r *waitingRoom) init(d Discipline, classes int) {
	r.discipline = d
	lists := 1
	if d == NonPreemptivePriority || d == PreemptivePriority {
		lists = classes
	}
	r.queues = make([]jobList, lists)
	for k := range r.queues {
		r.queues[k] = emptyList
	}
	if d.preemptive() {
		r.serving = make([]jobList, lists)
		for k := range r.serving {
			r.serving[k] = emptyList
		}
	}
}

// list returns the index of the queue or serving list of a class.
func (r *waitingRoom) list(class int32) int32 {
	if len(r.queues) == 1 {
		return 0
	}
	return class
}

// add puts customer i in the waiting room; preempted says it was just
// interrupted (PreemptivePriority puts it at the head of its class).
func (r *waitingRoom) add(jobs *Slab[job], i int32, preempted bool) {
	j := jobs.At(i)
	switch {
	case r.discipline == SIRO:
		j.pos = int32(len(r.bag))
		r.bag = append(r.bag, i)
	case preempted && r.discipline == PreemptivePriority:
		r.queues[j.class].pushFront(jobs, i)
	default:
		r.queues[r.list(j.class)].pushBack(jobs, i)
	}
}

// next removes and returns the waiting customer to serve next; the room
// must not be empty.
func (r *waitingRoom) next(jobs *Slab[job], random *Stream) int32 {
	switch r.discipline {
	case SIRO:
		i := r.bag[random.IntN(len(r.bag))]
		r.takeFromBag(jobs, i)
		return i
	case LCFSPR:
		l := &r.queues[0]
		i := l.tail
		l.unlink(jobs, i)
		return i
	}
	for k := range r.queues {
		if l := &r.queues[k]; !l.empty() {
			i := l.head
			l.unlink(jobs, i)
			return i
		}
	}
	panic("des: waitingRoom.next on an empty room")
}

// remove takes waiting customer i out of the room (it abandoned).
func (r *waitingRoom) remove(jobs *Slab[job], i int32) {
	if r.discipline == SIRO {
		r.takeFromBag(jobs, i)
		return
	}
	r.queues[r.list(jobs.At(i).class)].unlink(jobs, i)
}

// takeFromBag removes i from the SIRO bag by moving the last entry into
// its place.
func (r *waitingRoom) takeFromBag(jobs *Slab[job], i int32) {
	p := jobs.At(i).pos
	last := r.bag[len(r.bag)-1]
	r.bag[p] = last
	jobs.At(last).pos = p
	r.bag = r.bag[:len(r.bag)-1]
}

// enterService records that customer i is now in service.
func (r *waitingRoom) enterService(jobs *Slab[job], i int32) {
	switch r.discipline {
	case PreemptivePriority:
		r.serving[jobs.At(i).class].pushBack(jobs, i)
	case LCFSPR:
		// Keep arrival order. A new arrival is the latest (the tail) and a
		// resumed customer is normally the earliest (the head); only after
		// SetServers changes can the walk go further.
		l := &r.serving[0]
		seq := jobs.At(i).seq
		if l.head == none || jobs.At(l.head).seq > seq {
			l.pushFront(jobs, i)
			return
		}
		at := l.tail // the head is earlier, so the walk stops there at the latest
		for jobs.At(at).seq > seq {
			at = jobs.At(at).prev
		}
		l.insertAfter(jobs, at, i)
	}
}

// leaveService records that customer i is no longer in service.
func (r *waitingRoom) leaveService(jobs *Slab[job], i int32) {
	if r.serving != nil {
		r.serving[r.list(jobs.At(i).class)].unlink(jobs, i)
	}
}

// victim returns the customer in service that an arrival of class class
// preempts, or none: for LCFS-PR the earliest arrival in service; for
// PreemptivePriority the latest started of the lowest-priority class in
// service, if that class is below class.
func (r *waitingRoom) victim(jobs *Slab[job], class int) int32 {
	if r.discipline == LCFSPR {
		return r.serving[0].head
	}
	for k := len(r.serving) - 1; k > class; k-- {
		if t := r.serving[k].tail; t != none {
			return t
		}
	}
	return none
}
