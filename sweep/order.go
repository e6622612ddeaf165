package sweep

import "sort"

// longestFirst orders the tasks still to run by decreasing estimated
// cost of their design point (pointCosts; every replication of a point
// shares it), ties in task order. Workers take
// tasks in this order, so the dearest start first and the runs that end a
// sweep are short ones: the longest-processing-time rule, whose finish is
// within 4/3 of the best possible on any number of workers (Graham,
// "Bounds on multiprocessing timing anomalies", SIAM J. Appl. Math. 17(2),
// 1969). Results are written back in task order, so no output changes.
func longestFirst(d *Design, p *Plan, todo []int) {
	cost := pointCosts(d)
	sort.SliceStable(todo, func(a, b int) bool {
		return cost[todo[a]/p.Replications] > cost[todo[b]/p.Replications] // the tasks' points (Plan.Task)
	})
}

// coster is a System that tells its design points' relative costs better
// than its Work estimate, which budgets a run's events and memory and
// may not depend on the settings at all (the scenarios' does not). Not
// ok when it cannot tell for these settings.
type coster interface {
	cost(settings []Setting) (c float64, ok bool)
}

// pointCosts returns each design point's estimated cost: the system's own
// (coster) where it tells every point's, else every point's Work events —
// never some of each, whose units differ.
func pointCosts(d *Design) []float64 {
	cost := make([]float64, len(d.Points))
	if c, ok := d.sys.(coster); ok {
		for i, pt := range d.Points {
			if cost[i], ok = c.cost(d.Settings(pt)); !ok {
				break
			}
		}
		if ok {
			return cost
		}
	}
	for i, pt := range d.Points {
		cost[i] = d.sys.Work(d.Settings(pt)).Events
	}
	return cost
}
