package sweep

import "sort"

// longestFirst orders the tasks still to run by decreasing estimated
// events (the system's Work of their design point, which every
// replication of the point shares), ties in task order. Workers take
// tasks in this order, so the dearest start first and the runs that end a
// sweep are short ones: the longest-processing-time rule, whose finish is
// within 4/3 of the best possible on any number of workers (Graham,
// "Bounds on multiprocessing timing anomalies", SIAM J. Appl. Math. 17(2),
// 1969). Results are written back in task order, so no output changes.
func longestFirst(d *Design, p *Plan, todo []int) {
	cost := make([]float64, len(d.Points))
	for i, pt := range d.Points {
		cost[i] = d.sys.Work(d.Settings(pt)).Events
	}
	sort.SliceStable(todo, func(a, b int) bool {
		return cost[todo[a]/p.Replications] > cost[todo[b]/p.Replications] // the tasks' points (Plan.Task)
	})
}
