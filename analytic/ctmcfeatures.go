package analytic

import (
	"fmt"
	"slices"

	"queuelab/analytic/ctmc"
	"queuelab/des/queueing"
)

// The bridge from a Network's features beyond product form
// (StationFeatures, fork/join sections, MAP arrivals, initial states) to
// the fields of a ctmc.Model. Each feature either maps to the chain's
// own, with the same semantics as the simulator's, or is refused with the
// reason:
//
//   - Buffer with after-service blocking → Capacity + ctmc.AfterService:
//     on both sides an arrival from outside that finds the buffer full is
//     lost, a customer routed from another station waits on its server
//     upstream, and places free first come first served (the first
//     blocked moves first, after the departing customer's own move). The
//     next station is drawn when the service ends, at random where the
//     row says so, and a blocked customer waits for the one it drew
//     (no second draw) on both sides.
//   - Buffer with before-service blocking → Capacity + ctmc.BeforeStart:
//     the customer upstream checks the buffer when it reaches a server,
//     holds the server unstarted while it is full, and is held after
//     service should it be full again by then. The next station is drawn
//     when the customer reaches the server, at random where the row says
//     so, and the chain keeps each started customer's draw. The chain
//     takes it where the stations feeding the buffer can hold a server
//     (see ctmc.BeforeStart); elsewhere it refuses with the reason.
//   - A buffer (either blocking) behind a random router → a router of
//     the chain's own (ctmc.Station.Router): the simulator's router is a
//     station of infinitely many servers and no service, so a customer it
//     sends to a full buffer waits there — the router holds it, with the
//     station it drew, frees the station upstream, and takes in arrivals
//     from outside that a full buffer would lose — and the chain holds it
//     there too (model/network TestRouterInFrontOfBufferHoldsCustomers).
//     Such a router keeps its row, with any plain router it reaches
//     written into it; one whose row reaches another buffer router (one
//     that holds customers too) is refused by the chain.
//   - RateMultipliers → RateScale and JoinProbability → JoinProb: both
//     read the number present (blocked customers included), the last value
//     holding beyond the list; a balking customer leaves the network.
//   - Any other router with the random policy is its routing row: every
//     route into it is continued through its row, and nobody stays there. Routers
//     with round-robin, jsq or power-of-d choose by a counter or by the
//     targets' queues, which this state does not hold: refused.
//   - Server schedules and time-varying arrival rates change with time,
//     and batch arrivals bring several customers at once: refused (the
//     chain is time-homogeneous with single arrivals).
//   - A MAP class → ctmc.Class.MAP. A fork/join section → ctmc.Class.Fork
//     where each branch takes one task and sends it straight to the join
//     (ctmc.ForkJoinResult says which branches it then solves: stations
//     of its own, of any discipline, or PS and delay stations shared with
//     other classes); the join's row → ctmc.Class.Join, where the jobs go
//     on in their class without reaching a fork again (ctmcJoinRow), save
//     a closed class's, which comes back round to its fork
//     (ctmcforkclosed.go).

// ctmcFeatures sets the feature fields of cs, the chain's station i, or
// says why the chain does not model them.
func (n Network) ctmcFeatures(i int, cs *ctmc.Station) error {
	st := n.Stations[i]
	f := st.StationFeatures
	switch {
	case f.ServerSchedule:
		return fmt.Errorf("station %q has a server schedule: its server count changes with time, so it has no steady state in the exact CTMC", st.Name)
	case f.Router != "" && f.Router != "random":
		return fmt.Errorf("router %q chooses by %s, which depends on more than the routing probabilities (a counter or the targets' queues): the exact CTMC takes random routers only", st.Name, f.Router)
	}
	cs.Router = n.bufferRouter(i)
	switch {
	case f.Buffer > 0 && f.BlockBeforeService:
		cs.Capacity, cs.Blocking = f.Buffer, ctmc.BeforeStart
	case f.Buffer > 0:
		cs.Capacity, cs.Blocking = f.Buffer, ctmc.AfterService
	}
	cs.RateScale = f.RateMultipliers
	cs.JoinProb = f.JoinProbability
	return nil
}

// ctmcRouting returns n's routing with every route into a random router
// continued through the router's row (routers feeding routers included),
// and the routers' own rows emptied.
func (n Network) ctmcRouting() ([][]float64, error) {
	br := n.bufferRouters()
	out := make([][]float64, len(n.Routing))
	for x, row := range n.Routing {
		out[x] = make([]float64, len(n.Routing))
		if n.router(x) && !br[x%len(n.Stations)] {
			continue
		}
		copy(out[x], row) // a buffer router keeps its row: ctmc.Station.Router
		if err := n.throughRoutersOf(out[x], br); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// bufferRouter reports whether station i is a router that sends
// customers (of any class) to a station with a buffer: the chain holds
// them there (ctmc.Station.Router) instead of folding it into the rows
// in front of it.
func (n Network) bufferRouter(i int) bool {
	M := len(n.Stations)
	if n.Stations[i].Router == "" {
		return false
	}
	for x := i; x < len(n.Routing); x += M { // station i's rows, class by class
		for y, p := range n.Routing[x] {
			if p > 0 && n.Stations[y%M].Buffer > 0 {
				return true
			}
		}
	}
	return false
}

// bufferRouters returns bufferRouter of every station.
func (n Network) bufferRouters() []bool {
	br := make([]bool, len(n.Stations))
	for i := range br {
		br[i] = n.bufferRouter(i)
	}
	return br
}

// router reports whether node x is at a router.
func (n Network) router(x int) bool { return n.Stations[x%len(n.Stations)].Router != "" }

// throughRouters moves the probability row puts on routers on to where
// their rows send it.
func (n Network) throughRouters(row []float64) error {
	return n.throughRoutersOf(row, n.bufferRouters())
}

// throughRoutersOf is throughRouters with n's bufferRouters br.
func (n Network) throughRoutersOf(row []float64, br []bool) error {
	for pass := 0; ; pass++ {
		moved := false
		for y, p := range row {
			if p == 0 || !n.router(y) || br[y%len(n.Stations)] {
				continue
			}
			if pass > len(n.Routing) {
				return fmt.Errorf("routers route into each other in a cycle through %q", n.Stations[y%len(n.Stations)].Name)
			}
			row[y], moved = 0, true
			for z, q := range n.Routing[y] {
				row[z] += p * q
			}
		}
		if !moved {
			return nil
		}
	}
}

// ctmcClass sets the arrival fields of cc from class k, or says why the
// chain does not model its arrivals.
func (n Network) ctmcClass(k int, cc *ctmc.Class) error {
	c := n.Classes[k]
	switch {
	case !c.open():
		return nil
	case c.Varying != nil:
		return fmt.Errorf("class %q has a time-varying arrival rate: no steady state in the exact CTMC, which is time-homogeneous", c.Name)
	case c.Batch != nil:
		return fmt.Errorf("class %q arrives in batches: the exact CTMC's arrivals bring one customer each", c.Name)
	case n.Stations[c.Source].Router != "" && c.MAP != nil:
		return fmt.Errorf("class %q arrives by a MAP at router %q: the streams it sends to each target are not independent MAPs", c.Name, n.Stations[c.Source].Name)
	case c.MAP != nil:
		cc.MAP, cc.Rate = &ctmc.MAP{D0: c.MAP.D0, D1: c.MAP.D1}, 0
		return nil
	}
	law := c.ArrivalLaw
	if law.Name == "" && c.ArrivalSCV == 1 {
		law.Name = "exp"
	}
	if law.Name != "exp" {
		return fmt.Errorf("class %q: %s interarrival times; the chain takes Poisson arrivals only", c.Name, orLaw(law.Name, c.ArrivalSCV))
	}
	return nil
}

// ctmcForks sets Class.Fork of out for n's fork/join sections and empties
// the routing rows the chain reads from its branches' tasks, or says why
// the chain does not model the section: a branch that takes several
// tasks, or sends them anywhere but straight to the join, a join whose
// jobs reach a fork again (an open class's) or change class
// (ctmcJoinRow), a closed class that switches class on its way to or
// from its fork (ctmcClosedFork), or a fork no class's jobs reach so.
func (n Network) ctmcForks(out *ctmc.Model) error {
	m := len(n.Stations)
	for _, fk := range n.Forks {
		fork, join := n.Stations[fk.Fork].Name, n.Stations[fk.Join].Name
		var branches []int
		for j, t := range fk.Tasks {
			switch {
			case t == 0:
				continue
			case t > 1:
				return &ctmc.AtError{Station: fork, Routing: true, Err: fmt.Errorf("fork %q sends %d tasks to %q: the exact CTMC takes one task per branch", fork, t, n.Stations[j].Name)}
			}
			branches = append(branches, j)
		}
		forked := false
		for k, c := range n.Classes {
			closed := n.closedForksAt(k, fk)
			if !closed && (!c.open() || c.Source != fk.Fork) {
				continue
			}
			forked = true
			out.Classes[k].Fork = branches
			if closed {
				if err := n.ctmcClosedFork(out, k, fk); err != nil {
					return err
				}
			}
			if err := n.ctmcJoinRow(out, k, fk); err != nil {
				return err
			}
			for _, b := range branches {
				row := n.Routing[k*m+b]
				for y, p := range row {
					if p > 0 && y != k*m+fk.Join || p == 0 && y == k*m+fk.Join {
						return &ctmc.AtError{Station: n.Stations[b].Name, Routing: true, Err: fmt.Errorf("branch %q does not send class %q's tasks straight to join %q: the exact CTMC takes that shape only (let the branch route every task to the join)", n.Stations[b].Name, c.Name, join)}
					}
				}
				out.Routing[k*m+b] = make([]float64, len(row))
			}
		}
		if !forked {
			return &ctmc.AtError{Station: fork, Err: fmt.Errorf("no class's jobs reach fork %q as the exact CTMC models them: an open class arriving there from outside, or a closed class routed there in its own class", fork)}
		}
	}
	return nil
}

// ctmcInitial returns n's initial state as ctmc.Model.Initial takes it
// (station × class), or nil when no class sets one.
func (n Network) ctmcInitial() [][]int {
	any := false
	for _, c := range n.Classes {
		any = any || c.Initial != nil
	}
	if !any {
		return nil
	}
	out := make([][]int, len(n.Stations))
	for i := range out {
		out[i] = make([]int, len(n.Classes))
	}
	for k, c := range n.Classes {
		if c.Initial == nil {
			if !c.open() {
				out[c.Start][k] = c.Population
			}
			continue
		}
		for i, x := range c.Initial {
			out[i][k] = x
		}
	}
	return out
}

// ctmcForkJoin adds the job-level values of each forking class, with the
// simulator's names: at the fork and for the network, the jobs' rate
// (throughput), their mean time from fork to join (mean_response) and the
// mean number forked and not yet joined (mean_in_system); at the join, the
// tasks' rate, the mean number of tasks waiting there for their siblings
// (mean_in_system: the tasks of those jobs, less the ones still in a
// branch) and each task's mean wait there (mean_sync_delay, by Little's
// law). The class is "" when the network has one class. A closed class's
// jobs' rate is the chain's, and its network rows are a closed class's
// (ctmcClosedForkNetwork).
func (s *netSolver) ctmcForkJoin(sol *ctmc.Solution) {
	for _, fj := range sol.ForkJoin {
		c := s.n.Classes[fj.Class]
		class := c.Name
		if s.r == 1 {
			class = ""
		}
		for _, fk := range s.n.Forks {
			closed := s.n.closedForksAt(fj.Class, fk)
			if !closed && (!c.open() || fk.Fork != c.Source) {
				continue
			}
			lambda, tasks, inBranches := c.Rate, 0.0, 0.0
			if closed {
				lambda = fj.Throughput
				s.ctmcClosedForkNetwork(sol, fj.Class, fk, lambda, c.Name)
			}
			for j, t := range fk.Tasks {
				if t > 0 {
					tasks += float64(t)
					inBranches += sol.Stations[j].InSystem[fj.Class]
				}
			}
			fork := s.n.Stations[fk.Fork].Name
			rows, after := []string{fork, "network"}, 0.0
			if closed {
				rows = rows[:1] // the network's rows: ctmcClosedForkNetwork
			} else {
				// After the join the jobs are the class's customers at
				// the stations that are not its branches (ctmcJoinRow).
				for j, st := range sol.Stations {
					if fk.Tasks[j] == 0 {
						after += st.InSystem[fj.Class]
					}
				}
			}
			for _, st := range rows {
				jobs := fj.Jobs
				if st != fork {
					jobs += after
				}
				s.add(st, class, queueing.Throughput, lambda, MethodCTMC, true)
				s.add(st, class, queueing.MeanResponse, jobs/lambda, MethodCTMC, true)
				s.add(st, class, queueing.MeanInSystem, jobs, MethodCTMC, true)
			}
			join := s.n.Stations[fk.Join].Name
			waiting := tasks*fj.Jobs - inBranches
			s.add(join, class, queueing.Throughput, tasks*lambda, MethodCTMC, true)
			s.add(join, class, queueing.MeanInSystem, waiting, MethodCTMC, true)
			s.add(join, class, queueing.MeanSyncDelay, waiting/(tasks*lambda), MethodCTMC, true)
		}
	}
}

// ctmcJoinRow moves the join's routing row of class k (routers already
// folded in) to Class.Join, where the chain reads where a joined job goes
// on, or says why the chain does not follow it: a job that reaches a fork
// again (a fork in a cycle; the chain forks only arrivals from outside)
// or changes class after the join (the network rows of the fork's class
// would lose it).
func (n Network) ctmcJoinRow(out *ctmc.Model, k int, fk NetFork) error {
	m := len(n.Stations)
	row := out.Routing[k*m+fk.Join]
	if !slices.ContainsFunc(row, func(p float64) bool { return p > 0 }) {
		return nil
	}
	out.Classes[k].Join, out.Routing[k*m+fk.Join] = row, make([]float64, len(row))
	join, c := n.Stations[fk.Join].Name, n.Classes[k].Name
	seen := map[int]bool{}
	todo := []int{k*m + fk.Join}
	for len(todo) > 0 {
		x := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		r := row
		if x != k*m+fk.Join {
			r = out.Routing[x]
		}
		for y, p := range r {
			if p == 0 || seen[y] {
				continue
			}
			seen[y] = true
			switch to := n.Stations[y%m]; {
			case y == k*m+fk.Fork && !n.Classes[k].open():
				continue // a closed class's job back at its fork (ctmcClosedFork)
			case !n.Classes[k].open() && slices.ContainsFunc(n.Forks, func(f NetFork) bool { return f.Fork == y%m }):
				return &ctmc.AtError{Station: n.Stations[x%m].Name, Routing: true, Err: fmt.Errorf("closed class %q's jobs reach a second fork %q after join %q: the exact CTMC forks a closed class at one fork", c, to.Name, join)}
			case slices.ContainsFunc(n.Forks, func(f NetFork) bool { return f.Fork == y%m }):
				return &ctmc.AtError{Station: n.Stations[x%m].Name, Routing: true, Err: fmt.Errorf("class %q's jobs reach fork %q again after join %q: the exact CTMC forks jobs arriving from outside only (a fork inside a cycle is not modelled; let the jobs leave after the join, or route them elsewhere)", c, to.Name, join)}
			case y/m != k:
				return &ctmc.AtError{Station: n.Stations[x%m].Name, Routing: true, Err: fmt.Errorf("class %q's jobs switch to class %q at %q after join %q: the exact CTMC follows a joined job in its own class only", c, n.Classes[y/m].Name, to.Name, join)}
			}
			todo = append(todo, y)
		}
	}
	return nil
}
