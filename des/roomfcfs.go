package des

// fcfsRoom is the waiting room of FCFS: one FIFO list.
type fcfsRoom struct{ queue jobList }

func newFCFSRoom(int) room { return &fcfsRoom{queue: emptyList} }

func (r *fcfsRoom) add(jobs *Slab[job], i int32, _ bool) { r.queue.pushBack(jobs, i) }

func (r *fcfsRoom) next(jobs *Slab[job], _ *Stream) int32 { return r.queue.popHead(jobs) }

func (r *fcfsRoom) remove(jobs *Slab[job], i int32) { r.queue.unlink(jobs, i) }
