package des

// priorityRoom is the waiting room of NonPreemptivePriority: one FIFO
// list per class, served lowest class number first (O(classes) per next).
type priorityRoom struct{ queues []jobList }

func newPriorityRoom(classes int) room { return &priorityRoom{queues: newLists(classes)} }

func (r *priorityRoom) add(jobs *Slab[job], i int32, _ bool) {
	r.queues[jobs.At(i).class].pushBack(jobs, i)
}

func (r *priorityRoom) next(jobs *Slab[job], _ *Stream) int32 { return popFirst(jobs, r.queues) }

func (r *priorityRoom) remove(jobs *Slab[job], i int32) {
	r.queues[jobs.At(i).class].unlink(jobs, i)
}
