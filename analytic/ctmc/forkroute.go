package ctmc

import "fmt"

// Routing after the join (Class.Join). A joined job goes on as the
// simulator sends it: from the join's routing row, as a customer of the
// class the row names, arriving at its next station as a customer routed
// there does (lost where that station is full, balking by its join
// probabilities); the rest leave the network. The job list says when a
// job joins (its last task done), so a fork with a Join is always solved
// job by job. Downstream the job is an ordinary open customer: it may
// visit any station but a branch of a fork in that class (a task is a
// customer of the forking class at a branch, so the two would be one);
// a station blocking arrivals from upstream (Station.Blocking) is
// refused as a target of the join, since the join holds nobody.

// joinRoutes returns where a joined job of class r goes on and the
// probability that it leaves the network.
func (c *chain) joinRoutes(r int) ([]route, float64) {
	row := c.m.Classes[r].Join
	if row == nil {
		return nil, 1
	}
	var out []route
	left := 1.0
	for y, p := range row {
		if p > 0 {
			out = append(out, route{y / c.M, y % c.M, p})
			left -= p
		}
	}
	if left <= routingSlack {
		left = 0
	}
	return out, left
}

// goOn emits the outcomes of a job of fork f joining in base (its list
// already without it) at the given rate: out of the network, or an
// arrival at each of its next stations.
func (c *chain) goOn(f *jobFork, base []int32, rate float64, emit func([]int32, float64)) {
	if f.exit > 0 {
		emit(base, rate*f.exit)
	}
	for _, rt := range f.after {
		// arrive's scratch tuple c.tmp is free while the fork's moves are made.
		c.arriveAt(base, c.tmp, rt.station, rt.class, rate*rt.p, emit)
	}
}

// validateJoin checks class r's Join row (r forks): a routing row of
// probabilities into classes open as r is, at stations that serve them
// (or a closed class's fork), none a branch of a fork in that class nor
// a station that blocks.
func (m *Model) validateJoin(r int) error {
	c := m.Classes[r]
	M, R := len(m.Stations), len(m.Classes)
	if c.Join == nil {
		return nil
	}
	if len(c.Join) != R*M {
		return fmt.Errorf("class %q: its join's routing row has %d entries, want %d", c.Name, len(c.Join), R*M)
	}
	sum := 0.0
	for y, p := range c.Join {
		if !(p >= 0 && p <= 1) {
			return fmt.Errorf("class %q: its join's routing [%d] = %v is not a probability", c.Name, y, p)
		}
		sum += p
		if p == 0 {
			continue
		}
		s, st := &m.Classes[y/M], &m.Stations[y%M]
		switch {
		case st.Service[y/M] == nil && !m.forksAt(y%M, y/M):
			return fmt.Errorf("class %q: its join sends class %q to station %q, which does not serve it", c.Name, s.Name, st.Name)
		case s.Open() != c.Open():
			return fmt.Errorf("class %q: its join switches between an open and a closed class (to %q)", c.Name, s.Name)
		case st.Blocking != NoBlocking:
			return fmt.Errorf("class %q: its join sends jobs to %q, which blocks its feeders when full; the join holds nobody, so the exact CTMC takes a join into a station without blocking", c.Name, st.Name)
		}
	}
	if sum > 1+routingSlack {
		return fmt.Errorf("class %q: its join's routing row sums to %v > 1", c.Name, sum)
	}
	return nil
}

// joinOffers adds to cur the jobs the joins send on in state t, as
// stateMeasures adds routed customers: offered at their next station,
// lost there when it is full, balking by its join probabilities; at a
// closed class's fork, a task offered to each branch.
func (c *chain) joinOffers(t []int32, cur []StationResult) {
	for _, f := range c.jf.byClass {
		if f == nil || f.after == nil {
			continue
		}
		x := f.joinRate(c, t)
		if x == 0 {
			continue
		}
		for _, rt := range f.after {
			c.flow(t, -1, f.class, rt, x*rt.p, 0, cur) // from no station: nothing comes back to balk again
		}
	}
}
