package des

// lcfsRoom is the waiting room of LCFS-PR: the waiting customers on a
// stack (top at the tail), and the customers in service in arrival order,
// so that an arrival preempts the earliest of them (the head).
type lcfsRoom struct {
	stack   jobList
	serving jobList
}

func newLCFSRoom(int) room { return &lcfsRoom{stack: emptyList, serving: emptyList} }

// add pushes i on the stack: a preempted customer is the latest of those
// waiting, so it resumes first.
func (r *lcfsRoom) add(jobs *Slab[job], i int32, _ bool) { r.stack.pushBack(jobs, i) }

func (r *lcfsRoom) next(jobs *Slab[job], _ *Stream) int32 { return r.stack.popTail(jobs) }

func (r *lcfsRoom) remove(jobs *Slab[job], i int32) { r.stack.unlink(jobs, i) }

// enterService keeps the service list in arrival order. A new arrival is
// the latest (the tail) and a resumed customer is normally the earliest
// (the head); only after SetServers changes can the walk go further: O(1)
// otherwise.
func (r *lcfsRoom) enterService(jobs *Slab[job], i int32) {
	l := &r.serving
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

func (r *lcfsRoom) leaveService(jobs *Slab[job], i int32) { r.serving.unlink(jobs, i) }

// victim is the earliest arrival in service, whatever the class.
func (r *lcfsRoom) victim(_ *Slab[job], _ int) int32 { return r.serving.head }
