package des

// none is the null index of a customer list.
const none int32 = -1

// job is a Station's record of one customer present, kept in a Slab.
type job struct {
	cust       int32
	class      int32
	prev, next int32 // links of the list the customer is on (waiting or in service)
	pos        int32 // SIRO: index in siroRoom.bag
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

// popHead unlinks and returns the head; the list must not be empty.
func (l *jobList) popHead(jobs *Slab[job]) int32 {
	i := l.head
	l.unlink(jobs, i)
	return i
}

// popTail unlinks and returns the tail; the list must not be empty.
func (l *jobList) popTail(jobs *Slab[job]) int32 {
	i := l.tail
	l.unlink(jobs, i)
	return i
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

// room is the seam between a Station and its discipline: the waiting
// customers, held in the order the discipline serves them. A discipline
// is one type implementing room (and preemptor, if arrivals interrupt
// service) in a file of its own, plus its name and row in discipline.go.
// The station owns the job records and passes them in; a room owns only
// its lists. PS has no room: nobody waits (see psClock).
type room interface {
	// add puts customer i in the room; preempted says it was just
	// interrupted in service (it keeps the work it has left).
	add(jobs *Slab[job], i int32, preempted bool)
	// next removes and returns the waiting customer to serve next; the
	// room must not be empty. random is the station's Stream (nil unless
	// the discipline needs one).
	next(jobs *Slab[job], random *Stream) int32
	// remove takes waiting customer i out of the room (it abandoned).
	remove(jobs *Slab[job], i int32)
}

// preemptor is the part of a room of a preemptive discipline: it also
// keeps the customers in service, in the order they yield to an arrival.
type preemptor interface {
	// enterService records that customer i is now in service.
	enterService(jobs *Slab[job], i int32)
	// leaveService records that customer i is no longer in service.
	leaveService(jobs *Slab[job], i int32)
	// victim returns the customer in service that an arrival of class
	// class preempts, or none.
	victim(jobs *Slab[job], class int) int32
}

// newLists returns n empty lists.
func newLists(n int) []jobList {
	ls := make([]jobList, n)
	for k := range ls {
		ls[k] = emptyList
	}
	return ls
}

// popFirst removes and returns the head of the first non-empty list; one
// must be non-empty.
func popFirst(jobs *Slab[job], ls []jobList) int32 {
	for k := range ls {
		if !ls[k].empty() {
			return ls[k].popHead(jobs)
		}
	}
	panic("des: next on an empty waiting room")
}
