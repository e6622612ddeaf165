package analytic

import (
	"fmt"

	"queuelab/analytic/ctmc"
)

// Closed classes that fork (ctmc.Class.Fork with a population): a job of
// the class routed to a fork (or starting there) splits into its tasks as
// an open class's arrival does, and after the join goes on by the join's
// row, back to the fork in the end, as the simulator plays it.

// closedForksAt reports whether closed class k's customers reach fork fk:
// they start there, or a row of the class routes them there.
func (n Network) closedForksAt(k int, fk NetFork) bool {
	c := n.Classes[k]
	if c.open() {
		return false
	}
	if c.Start == fk.Fork {
		return true
	}
	m := len(n.Stations)
	for x := k * m; x < (k+1)*m; x++ {
		if n.Routing[x][k*m+fk.Fork] > 0 {
			return true
		}
	}
	return false
}

// ctmcClosedFork sets closed class k's fork station in out (its jobs
// arrive there by routing) after checking that the class keeps its name
// on the way: no row sends its customers to another class or another
// class's to it (the chain follows a job in the class it forked in, and
// the network's rows count the class's jobs).
func (n Network) ctmcClosedFork(out *ctmc.Model, k int, fk NetFork) error {
	m := len(n.Stations)
	for x, row := range out.Routing {
		for y, p := range row {
			if p > 0 && x/m != y/m && (x/m == k || y/m == k) {
				return &ctmc.AtError{Station: n.Stations[x%m].Name, Routing: true, Err: fmt.Errorf("class %q switches to class %q at %q: the exact CTMC follows a closed class that forks (at %q) in its own class only", n.Classes[x/m].Name, n.Classes[y/m].Name, n.Stations[y%m].Name, n.Stations[fk.Fork].Name)}
			}
		}
	}
	out.Classes[k].Source = fk.Fork
	return nil
}

// ctmcClosedForkNetwork adds the network rows of closed class k that
// forks: as for any closed class (emitChain), its cycles back to its
// start station per second (the jobs' rate x when it starts at the fork,
// else the start station's throughput), its population and the cycle
// time N/X.
func (s *netSolver) ctmcClosedForkNetwork(sol *ctmc.Solution, k int, fk NetFork, x float64, class string) {
	c := s.n.Classes[k]
	if c.Start != fk.Fork {
		x = sol.Stations[c.Start].Throughput[k]
	}
	if x <= 0 {
		return
	}
	s.addCycles(k, class, x, MethodCTMC, true)
}
