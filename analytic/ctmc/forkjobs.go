package ctmc

import (
	"slices"
)

// The job-by-job state of a fork (see ForkJoinResult). Where a branch has
// several servers, processor sharing, infinite servers, LCFS-PR or SIRO,
// tasks overtake one another, so the branches' counts no longer say which jobs
// are complete. A forking class then gets one more tuple entry: the id of
// its job list, the jobs forked and not yet joined in the order they
// arrived, each with its task's code at every branch (taskDone, 0 not
// yet started, or p: in phase p−1 of its law, in service or preempted).
// A branch's tasks are the undone ones in job order, which is their
// arrival order there, so its discipline says who is served (FCFS, and
// preemptive priority with the class alone, with c servers: the first c;
// LCFS-PR: the last c; PS and delay: all; SIRO and non-preemptive
// priority: the tasks that have started, a free server taking a waiting
// one at random or the earliest, see pick); a task
// finishing marks its job's code done, and a job whose codes are all done
// leaves (joins). The branch stations keep their own tuple entries, the
// local states of their tasks, which the job list determines: the
// stations' measures are read as everywhere else.
//
// The list is kept in one canonical order. Two adjacent jobs may trade
// places where no branch tells them apart by order: at a PS, delay or
// SIRO branch never (a SIRO line is a bag), at an FCFS or priority
// branch unless one of them is waiting there
// (the tasks in service are a set, those waiting a line), at LCFS-PR
// whenever both are undone there. The states are the classes of lists
// under such swaps (traces), each written as its lexicographically least
// list (greedily: the least job that no job before it must precede).
//
// A dedicated part of the chain rather than a station table: a job spans
// stations, which a table (one station's customers) cannot express; the
// tables still describe each branch for the measures.
type jobFork struct {
	class    int
	at       int     // tuple entry of the job list
	branches []int   // the branch stations
	order    []uint8 // by branch: orderNone, orderWaiting or orderAll
	lcfs     uint64  // the branches of order orderAll, as a bit mask
	picked   uint64  // the SIRO and non-preemptive priority branches: a free server picks the next task (see pick)
	ids      map[string]int32
	lists    [][]uint16  // by id: len(branches) codes per job
	locals   [][]int32   // by id: the branch stations' local ids
	moves    [][]jobMove // by id, nil until computed
	moved    []bool
	arrive   [][]outcome // by id: the outcomes of a new job, nil until computed
	arrived  []bool
	scratch  []float64
	after    []route // where a joined job goes on (Class.Join); nil: it leaves
	exit     float64 // the probability that it leaves
	fork     int     // a closed class's fork station (Class.Source), where its jobs arrive by routing; −1 for an open class
	shared   uint64  // the branches other classes visit too (PS or delay, forkshared.go), as a bit mask
	merged   map[[3]int32]int32
	with     [][]sharedMoves // by id: movesAt's cache where others share a branch
}

// taskDone is the code of a task that has left its branch.
const taskDone = 0xFFFF

// How the order of two jobs' tasks at a branch matters.
const (
	orderNone    uint8 = iota // PS, delay: the tasks are a set
	orderWaiting              // FCFS: those in service a set, those waiting a line
	orderAll                  // LCFS-PR: the whole list
)

// jobMove is a transition of a job list: to list id to at rate; joined
// when a job leaves the list (its last task done).
type jobMove struct {
	to     int32
	joined bool
	rate   float64
}

// jobForks are the forks of a chain solved job by job.
type jobForks struct {
	byClass []*jobFork // nil for a class that does not fork, or forks into single-server FCFS branches
	owned   []bool     // by station: a branch of such a fork, whose moves (its tasks', at a shared branch) the fork makes
	task    []int      // by station: the forking class of a branch
}

// jobsAlways solves every fork job by job, single-server FCFS branches
// included (for the tests that compare the two constructions).
var jobsAlways = false

// needsJobs reports whether class r's fork is solved job by job: some
// branch is not a single-server station that serves its tasks in order
// (FCFS, or either priority, which with the class alone at the branch is
// FCFS: des keeps one FIFO line per class).
func (m *Model) needsJobs(r int) bool {
	if m.Classes[r].Join != nil {
		return true // the count chain does not say when a job joins
	}
	for _, i := range m.Classes[r].Fork {
		s := m.Stations[i]
		if d := s.Discipline; s.Servers != 1 || d != nil && d != FCFS && d != PriorityNP && d != PriorityPR {
			return true
		}
	}
	return jobsAlways
}

// newJobForks adds the tuple entries of the forks solved job by job, or
// returns nil when there are none.
func (c *chain) newJobForks() *jobForks {
	var jf *jobForks
	for r, cl := range c.m.Classes {
		if cl.Fork == nil || !c.m.needsJobs(r) {
			continue
		}
		if jf == nil {
			jf = &jobForks{byClass: make([]*jobFork, c.R), owned: make([]bool, c.M), task: make([]int, c.M)}
		}
		f := &jobFork{class: r, at: c.W, branches: cl.Fork, ids: map[string]int32{}}
		c.W++
		for _, i := range cl.Fork {
			jf.owned[i] = true
			jf.task[i] = r
			o := orderNone
			switch st, d := c.m.Stations[i], c.tabs[i].disc; {
			case st.Servers == 0 || d == PS || d == SIRO:
			case d == LCFSPR:
				o = orderAll
				f.lcfs |= 1 << len(f.order)
			default: // FCFS, and either priority with the class alone
				o = orderWaiting
			}
			if d := c.tabs[i].disc; c.m.Stations[i].Servers > 0 && (d == SIRO || d == PriorityNP) {
				f.picked |= 1 << len(f.order)
			}
			f.order = append(f.order, o)
		}
		f.shareBranches(c)
		f.after, f.exit = c.joinRoutes(r)
		f.fork = -1
		if !cl.Open() {
			f.fork = cl.Source
		}
		f.id(c, nil) // id 0: no job, as the initial tuple has it
		jf.byClass[r] = f
	}
	return jf
}

// B returns the number of branches.
func (f *jobFork) B() int { return len(f.branches) }

// jobsOf returns the jobs in list id x.
func (f *jobFork) jobsOf(x int32) int { return len(f.lists[x]) / f.B() }

// id returns the id of the canonical list l, adding it (and the branch
// stations' local states it implies) if new.
func (f *jobFork) id(c *chain, l []uint16) int32 {
	b := make([]byte, 2*len(l))
	for k, v := range l {
		b[2*k], b[2*k+1] = byte(v), byte(v>>8)
	}
	if x, ok := f.ids[string(b)]; ok {
		return x
	}
	x := int32(len(f.lists))
	f.ids[string(b)] = x
	f.lists = append(f.lists, slices.Clone(l))
	loc := make([]int32, f.B())
	for k, i := range f.branches {
		st := f.stationList(l, k)
		c.tabs[i].disc.canon(st, c.m.Stations[i].Servers)
		loc[k] = c.tabs[i].id(st)
	}
	f.locals = append(f.locals, loc)
	f.moves, f.moved = append(f.moves, nil), append(f.moved, false)
	f.arrive, f.arrived = append(f.arrive, nil), append(f.arrived, false)
	return x
}

// stationList returns branch k's tasks in l, in job order, as the codes
// of its station's list.
func (f *jobFork) stationList(l []uint16, k int) []code {
	var out []code
	for j := k; j < len(l); j += f.B() {
		if l[j] != taskDone {
			out = append(out, mkcode(f.class, int(l[j])))
		}
	}
	return out
}

// shares returns, for branch k of list l, the positions in l of its
// undone tasks and the share of a server each gets.
func (f *jobFork) shares(c *chain, l []uint16, k int) (at []int, share []float64) {
	for j := k; j < len(l); j += f.B() {
		if l[j] != taskDone {
			at = append(at, j)
		}
	}
	if cap(f.scratch) < len(at) {
		f.scratch = make([]float64, 2*len(at)+4)
	}
	share = f.scratch[:len(at)]
	i := f.branches[k]
	c.tabs[i].disc.shares(f.stationList(l, k), c.m.Stations[i].Servers, share)
	return at, share
}

// settle lets free servers take waiting tasks and draws the first phase
// of every task that starts, and adds each resulting canonical list, with
// its probability times p, to out. At FCFS, LCFS-PR, PS, delay and
// preemptive-priority branches the discipline's shares say who is served
// (a served task that has not started starts); at SIRO and
// non-preemptive priority branches the tasks that have started hold the
// servers, and a free one takes a waiting task (pick).
func (f *jobFork) settle(c *chain, l []uint16, p float64, out []outcome) []outcome {
	for k, i := range f.branches {
		if !f.unstarted(l, k) {
			continue
		}
		if f.picked>>k&1 != 0 {
			if js, q := f.pick(c, l, k); js != nil {
				for _, j := range js {
					out = f.start(c, l, j, i, p*q, out)
				}
				return out
			}
			continue
		}
		at, share := f.shares(c, l, k)
		for n, j := range at {
			if share[n] == 0 || l[j] != 0 {
				continue
			}
			return f.start(c, l, j, i, p, out)
		}
	}
	x := f.id(c, f.canon(l))
	for k := range out {
		if out[k].to == x {
			out[k].p += p
			return out
		}
	}
	return append(out, outcome{x, p})
}

// start draws the first phase of the task at position j of l (at
// station i) and settles each outcome, with probability p times the
// phase's.
func (f *jobFork) start(c *chain, l []uint16, j, i int, p float64, out []outcome) []outcome {
	for a, pa := range c.m.Stations[i].Service[f.class].Alpha {
		if pa > 0 {
			m := slices.Clone(l)
			m[j] = uint16(a + 1)
			out = f.settle(c, m, p*pa, out)
		}
	}
	return out
}

// pick returns, at SIRO or non-preemptive priority branch k of l with a
// server free and a task waiting, the positions of the tasks that may
// start and the probability of each: SIRO any waiting task, each with
// probability 1/waiting (des draws one uniformly from its bag); priority,
// whose branch serves this class alone, the earliest (one FIFO line per
// class in des). nil when no server is free or nobody waits.
func (f *jobFork) pick(c *chain, l []uint16, k int) ([]int, float64) {
	busy := 0
	var waiting []int
	for j := k; j < len(l); j += f.B() {
		switch l[j] {
		case taskDone:
		case 0:
			waiting = append(waiting, j)
		default:
			busy++
		}
	}
	i := f.branches[k]
	if busy >= c.m.Stations[i].Servers || len(waiting) == 0 {
		return nil, 0
	}
	if c.tabs[i].disc == PriorityNP {
		return waiting[:1], 1
	}
	return waiting, 1 / float64(len(waiting))
}

// unstarted reports whether some task of branch k in l has not started.
func (f *jobFork) unstarted(l []uint16, k int) bool {
	for j := k; j < len(l); j += f.B() {
		if l[j] == 0 {
			return true
		}
	}
	return false
}

// movesOf returns the transitions of list x: phase changes and task
// completions (a job whose tasks are all done leaving), with no other
// class at a shared branch (see movesAt).
func (f *jobFork) movesOf(c *chain, x int32) []jobMove {
	if f.moved[x] {
		return f.moves[x]
	}
	out := f.movesWith(c, x, nil)
	f.moves[x], f.moved[x] = out, true
	return out
}

// movesWith returns the transitions of list x with others[k] customers of
// other classes at branch k (nil: none).
func (f *jobFork) movesWith(c *chain, x int32, others []int) []jobMove {
	l := f.lists[x]
	B := f.B()
	var out []jobMove
	add := func(os []outcome, joined bool, rate float64) {
		for _, o := range os {
			if k := slices.IndexFunc(out, func(m jobMove) bool { return m.to == o.to && m.joined == joined }); k >= 0 {
				out[k].rate += rate * o.p
			} else {
				out = append(out, jobMove{o.to, joined, rate * o.p})
			}
		}
	}
	for k, i := range f.branches {
		st := &c.m.Stations[i]
		ph := st.Service[f.class]
		at, sh := f.shares(c, l, k)
		share := slices.Clone(sh)
		scale := st.scale(len(at))
		if others != nil && others[k] > 0 {
			scale = f.sharedShares(st, len(at)+others[k], share)
		}
		for n, j := range at {
			p := int(l[j])
			if share[n] == 0 || p == 0 {
				continue
			}
			for q, r := range ph.T[p-1] {
				if q != p-1 && r > 0 {
					m := slices.Clone(l)
					m[j] = uint16(q + 1)
					add([]outcome{{f.id(c, f.canon(m)), 1}}, false, share[n]*r*scale)
				}
			}
			e := ph.exit(p - 1)
			if e == 0 {
				continue
			}
			m := slices.Clone(l)
			m[j] = taskDone
			first := j - j%B
			joined := !slices.ContainsFunc(m[first:first+B], func(v uint16) bool { return v != taskDone })
			if joined {
				m = slices.Delete(m, first, first+B)
			}
			add(f.settle(c, m, 1, nil), joined, share[n]*e*scale)
		}
	}
	return out
}

// arrivals returns the outcomes of a new job joining list x.
func (f *jobFork) arrivals(c *chain, x int32) []outcome {
	if !f.arrived[x] {
		l := append(slices.Clone(f.lists[x]), make([]uint16, f.B())...)
		f.arrive[x], f.arrived[x] = f.settle(c, l, 1, nil), true
	}
	return f.arrive[x]
}

// put sets tuple t to list x: its entry and the branch stations' (at a
// shared branch, its other classes' customers as t has them).
func (f *jobFork) put(c *chain, t []int32, x int32) {
	t[f.at] = x
	for k, i := range f.branches {
		if f.shared>>k&1 != 0 {
			t[i] = f.merge(c, k, t[i], x)
			continue
		}
		t[i] = f.locals[x][k]
	}
}

// jobMoves emits the transitions of the forks solved job by job in state
// tuple t.
func (c *chain) jobMoves(t, next []int32, emit func([]int32, float64)) {
	for _, f := range c.jf.byClass {
		if f == nil {
			continue
		}
		for _, mv := range f.movesAt(c, t) {
			copy(next, t)
			f.put(c, next, mv.to)
			if mv.joined && f.after != nil {
				c.goOn(f, next, mv.rate, emit)
				continue
			}
			emit(next, mv.rate)
		}
	}
}

// jobArrive emits the outcomes of a job of fork f arriving to base,
// building them in v (scratch, not base).
func (c *chain) jobArrive(f *jobFork, base, v []int32, rate float64, emit func([]int32, float64)) {
	for _, o := range f.arrivals(c, base[f.at]) {
		copy(v, base)
		f.put(c, v, o.to)
		emit(v, rate*o.p)
	}
}
