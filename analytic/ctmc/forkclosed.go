package ctmc

import "slices"

// Closed classes that fork. A closed class with a Fork has its fork at
// station Source, a station that serves no class (the network's fork
// station): a customer of the class routed there (Model.Routing, or its
// Class.Join), or placed there at the start (Class.Start = Source, or
// Model.Initial), is a job that splits at once into one task per branch,
// as an open class's arrival does, and after its join goes on by
// Class.Join, which must send every job on (a closed class never leaves).
// The chain is the open class's job list (jobFork) without truncation:
// the population bounds the jobs. The simulator plays it the same way
// (model/network: a job routed to a fork station forks there, a closed
// class may start at its fork; TestClosedForkCTMCSimulated).

// forkAt returns the job list of class r when station j is the fork of
// closed class r, else nil.
func (c *chain) forkAt(j, r int) *jobFork {
	if c.jf == nil {
		return nil
	}
	if f := c.jf.byClass[r]; f != nil && f.fork == j {
		return f
	}
	return nil
}

// initialJob adds one job of f's class at its fork to every tuple of the
// distribution (tuples, probs).
func (f *jobFork) initialJob(c *chain, tuples [][]int32, probs []float64) ([][]int32, []float64) {
	var nt [][]int32
	var np []float64
	for k, u := range tuples {
		for _, o := range f.arrivals(c, u[f.at]) {
			v := slices.Clone(u)
			f.put(c, v, o.to)
			nt, np = addDist(nt, np, v, probs[k]*o.p)
		}
	}
	return nt, np
}

// joinRate returns the rate at which jobs of f join in state tuple t.
func (f *jobFork) joinRate(c *chain, t []int32) float64 {
	rate := 0.0
	for _, mv := range f.movesAt(c, t) {
		if mv.joined {
			rate += mv.rate
		}
	}
	return rate
}

// offer adds rate f of jobs arriving at fork f to each branch's offered
// tasks (who never find a branch full: validateFork).
func (f *jobFork) offer(cur []StationResult, rate float64) {
	for _, i := range f.branches {
		cur[i].Offered[f.class] += rate
	}
}

// forksAt reports whether station i is the fork of closed class r.
func (m *Model) forksAt(i, r int) bool {
	c := m.Classes[r]
	return c.Fork != nil && !c.Open() && c.Source == i
}

// validateClosedFork checks closed class r's fork station (Source), its
// start and its join's row; bad wraps the reason.
func (m *Model) validateClosedFork(r int, bad func(string, ...any) error) error {
	c := m.Classes[r]
	M := len(m.Stations)
	if c.Source < 0 || c.Source >= M {
		return bad("its fork station (Source) %d is not a station", c.Source)
	}
	fk := m.Stations[c.Source]
	switch {
	case classesAt(fk) != 0 || slices.Contains(c.Fork, c.Source):
		return &AtError{Station: fk.Name, Err: bad("its fork %q serves customers (a fork station holds jobs only while their tasks are out)", fk.Name)}
	case fk.Router:
		return &AtError{Station: fk.Name, Err: bad("its fork %q is a router (a job routed there forks; a router would send it on)", fk.Name)}
	case c.Start != c.Source && (c.Start < 0 || c.Start >= M || m.Stations[c.Start].Service[r] == nil):
		return bad("starts at a station that neither serves it nor is its fork")
	case slices.Contains(c.Fork, c.Start):
		return &AtError{Station: m.Stations[c.Start].Name, Err: bad("it starts at its branch %q (a customer of the forking class at a branch would be a task without a job)", m.Stations[c.Start].Name)}
	case c.Join == nil:
		return &AtError{Station: fk.Name, Routing: true, Err: bad("its joined jobs have nowhere to go (a closed class's join must send every job on: Class.Join)")}
	}
	if slices.ContainsFunc(m.Routing[r*M+c.Source], func(p float64) bool { return p > 0 }) {
		return &AtError{Station: fk.Name, Routing: true, Err: bad("its fork %q has a routing row (a job's tasks go to the branches; Class.Join sends the joined job on)", fk.Name)}
	}
	sum := 0.0
	for _, p := range c.Join {
		sum += p
	}
	if sum < 1-routingSlack {
		return &AtError{Station: fk.Name, Routing: true, Err: bad("its join's routing row sums to %v: a closed class's joined jobs must all go on", sum)}
	}
	return nil
}

// closedForkResult is forkJoin's result for closed class r: the jobs'
// throughput is their joining rate under pi.
func (c *chain) closedForkResult(r int, pi []float64) ForkJoinResult {
	f := c.jf.byClass[r]
	jobs, x := 0.0, 0.0
	for s, p := range pi {
		t := c.tuple(s)
		jobs += p * float64(f.jobsOf(t[f.at]))
		x += p * f.joinRate(c, t)
	}
	res := ForkJoinResult{Class: r, Jobs: jobs, Throughput: x}
	if x > 0 {
		res.Response = jobs / x
	}
	return res
}
