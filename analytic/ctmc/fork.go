package ctmc

import (
	"cmp"
	"fmt"
	"slices"
)

// ForkJoinResult is the job-level steady state of a class with a Fork:
// Jobs, the mean number of jobs forked and not yet joined, Throughput,
// the jobs forked per unit time (an open class's mean arrival rate; a
// closed class's joining rate, from the chain), and Response, the mean
// time from the fork to the join (Jobs over Throughput, by Little's law).
//
// What is solved: each branch is a station that serves that class alone
// (or, at PS and delay, other classes too: forkshared.go) — FCFS with
// any number of servers, LCFS-PR, PS, SIRO, either priority, or a delay
// station (infinite servers) — with any phase-type law (load-dependent
// rates allowed), no capacity, blocking, patience or balking, and its
// tasks leave the network there (they go to the join); arrivals are
// Poisson or MAP, or the class is closed and its jobs reach its fork by
// routing (forkclosed.go). A priority branch serving one class is FCFS (the simulator keeps one FIFO line per class, and a task never
// preempts its own class). Where every branch is a single-server FCFS
// (or priority) station, each holds
// the tasks of the latest jobs, in order, so the jobs not yet joined are
// as many as the longest branch's tasks: Jobs = E[max_i n_i], exact from
// the chain of the branch counts. Elsewhere tasks overtake one another
// and the chain keeps the jobs themselves, in arrival order, with each
// task's progress (see jobFork); Jobs is the mean length of that list.
// Its states grow about geometrically with the tasks kept (at an FCFS
// branch with waiting tasks, which of them are done elsewhere is part of
// the state), so these forks are solved at moderate load only; beyond
// Options.MaxStates the solver refuses as for any chain. The truncation
// of open classes counts tasks, as it counts customers elsewhere.
//
// After the join a job goes on where Class.Join says (forkroute.go): an
// ordinary customer from there (a closed class's back to its fork, or on
// to other stations and then back).
//
// What is refused, with the reason: routing on from a branch (a task
// must go straight to the join), routes into a branch of the forking
// class from elsewhere, an FCFS, LCFS-PR, SIRO or priority branch that
// serves other classes too (the job list holds the forking class's tasks
// only, not their places among the others; at a priority branch that is
// where priority would matter), a branch of two forks, forks of forks,
// and an initial state with tasks in it.
type ForkJoinResult struct {
	Class      int
	Jobs       float64
	Throughput float64
	Response   float64
}

// validateFork checks every class with a Fork against what the chain
// solves (see ForkJoinResult).
func (m *Model) validateFork() error {
	M := len(m.Stations)
	for r, c := range m.Classes {
		if c.Fork == nil {
			if c.Join != nil {
				return fmt.Errorf("class %q has a join's routing row but no fork", c.Name)
			}
			continue
		}
		bad := func(f string, a ...any) error {
			return fmt.Errorf("class %q forks: "+f+"; the exact CTMC solves a fork into branches (any discipline, or delay) that the class has to itself (or shares, at PS or delay ones), each sending its task straight to the join", append([]any{c.Name}, a...)...)
		}
		if len(c.Fork) == 0 || len(c.Fork) > 64 {
			return bad("%d branches (1 to 64 are solved)", len(c.Fork))
		}
		if !c.Open() {
			if err := m.validateClosedFork(r, bad); err != nil {
				return err
			}
		}
		for k, i := range c.Fork {
			if i < 0 || i >= M || slices.Contains(c.Fork[:k], i) {
				return bad("branch %d is not a station, or is listed twice", i) // no station to name
			}
			st := m.Stations[i]
			switch {
			case st.Service[r] == nil:
				return &AtError{Station: st.Name, Err: bad("branch %q does not serve it", st.Name)}
			case m.sharedBranch(r, i) && !sharedOK(st):
				return &AtError{Station: st.Name, Err: bad("branch %q serves other classes too and is %s: where a task waits among other customers decides which job a server takes next, and the job list keeps the tasks only (a PS or delay branch may be shared)", st.Name, cmp.Or(st.Discipline, FCFS).Name())}
			case m.forkedElsewhere(r, i):
				return &AtError{Station: st.Name, Err: bad("branch %q is a branch of another class's fork too (each fork's job list makes its branches' task moves)", st.Name)}
			case st.Capacity != 0 || st.Patience != 0 || st.JoinProb != nil || st.Blocking != NoBlocking:
				return &AtError{Station: st.Name, Err: bad("branch %q has a capacity, patience or balking", st.Name)}
			}
			for _, p := range m.Routing[r*M+i] {
				if p > 0 {
					return &AtError{Station: st.Name, Routing: true, Err: bad("its tasks are routed on from branch %q (a task goes straight to the join; Class.Join sends the joined job on)", st.Name)}
				}
			}
			if m.Initial != nil && m.Initial[i] != nil && m.Initial[i][r] > 0 {
				return &AtError{Station: st.Name, Err: bad("the initial state puts tasks at branch %q", st.Name)}
			}
		}
		if err := m.validateJoin(r); err != nil {
			return err
		}
		for x, row := range m.Routing {
			for _, i := range c.Fork {
				if row[r*M+i] > 0 {
					return &AtError{Station: m.Stations[x%M].Name, Routing: true, Err: bad("station %q's routing sends customers of the class to its branch %q (a customer of the forking class at a branch would be a task without a job)", m.Stations[x%M].Name, m.Stations[i].Name)}
				}
			}
		}
		for s, o := range m.Classes {
			for y, p := range o.Join {
				if p > 0 && y/M == r && slices.Contains(c.Fork, y%M) {
					return &AtError{Station: m.Stations[y%M].Name, Err: bad("class %q's join sends jobs to its branch %q (a customer of the forking class at a branch would be a task without a job)", m.Classes[s].Name, m.Stations[y%M].Name)}
				}
			}
		}
	}
	return nil
}

// forkArrive emits the outcomes of a job of class r arriving at its fork:
// one task at each branch (which never refuse one).
func (c *chain) forkArrive(base []int32, r int, rate float64, emit func([]int32, float64)) {
	if c.jf != nil && c.jf.byClass[r] != nil {
		c.jobArrive(c.jf.byClass[r], base, c.tmp, rate, emit) // arrive's scratch tuple: unused on a fork's path
		return
	}
	ts, ps := [][]int32{slices.Clone(base)}, []float64{1}
	for _, i := range c.m.Classes[r].Fork {
		var nt [][]int32
		var np []float64
		for k, u := range ts {
			for _, o := range c.tabs[i].arrivals(u[i], r) {
				v := slices.Clone(u)
				v[i] = o.to
				nt, np = append(nt, v), append(np, ps[k]*o.p)
			}
		}
		ts, ps = nt, np
	}
	for k, v := range ts {
		emit(v, rate*ps[k])
	}
}

// forkJoin returns the job-level results of each forking class under pi.
func (c *chain) forkJoin(pi []float64) []ForkJoinResult {
	var out []ForkJoinResult
	for r, cl := range c.m.Classes {
		if cl.Fork == nil {
			continue
		}
		if !cl.Open() {
			out = append(out, c.closedForkResult(r, pi))
			continue
		}
		jobs := 0.0
		if c.jf != nil && c.jf.byClass[r] != nil {
			f := c.jf.byClass[r]
			for x, p := range pi {
				jobs += p * float64(f.jobsOf(c.tuple(x)[f.at]))
			}
			out = append(out, ForkJoinResult{Class: r, Jobs: jobs, Throughput: cl.MeanRate(), Response: jobs / cl.MeanRate()})
			continue
		}
		for x, p := range pi {
			t := c.tuple(x)
			most := 0.0
			for _, i := range cl.Fork {
				most = max(most, c.tabs[i].info[t[i]].count[r])
			}
			jobs += p * most
		}
		out = append(out, ForkJoinResult{Class: r, Jobs: jobs, Throughput: cl.MeanRate(), Response: jobs / cl.MeanRate()})
	}
	return out
}
