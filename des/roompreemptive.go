package des

// preemptiveRoom is the waiting room of PreemptivePriority: one FIFO list
// per class of waiting customers, with a preempted customer at the head
// of its class, and one list per class of the customers in service in
// order of start, so that an arrival preempts the latest started of the
// lowest-priority class in service (O(classes)).
type preemptiveRoom struct {
	queues  []jobList
	serving []jobList
}

func newPreemptiveRoom(classes int) room {
	return &preemptiveRoom{queues: newLists(classes), serving: newLists(classes)}
}

func (r *preemptiveRoom) add(jobs *Slab[job], i int32, preempted bool) {
	q := &r.queues[jobs.At(i).class]
	if preempted {
		q.pushFront(jobs, i)
		return
	}
	q.pushBack(jobs, i)
}

func (r *preemptiveRoom) next(jobs *Slab[job], _ *Stream) int32 { return popFirst(jobs, r.queues) }

func (r *preemptiveRoom) remove(jobs *Slab[job], i int32) {
	r.queues[jobs.At(i).class].unlink(jobs, i)
}

func (r *preemptiveRoom) enterService(jobs *Slab[job], i int32) {
	r.serving[jobs.At(i).class].pushBack(jobs, i)
}

func (r *preemptiveRoom) leaveService(jobs *Slab[job], i int32) {
	r.serving[jobs.At(i).class].unlink(jobs, i)
}

// victim is the latest started customer of the lowest-priority class in
// service, if that class is below class.
func (r *preemptiveRoom) victim(_ *Slab[job], class int) int32 {
	for k := len(r.serving) - 1; k > class; k-- {
		if t := r.serving[k].tail; t != none {
			return t
		}
	}
	return none
}
