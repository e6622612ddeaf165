//go:build unix

package sweep

import (
	"slices"
	"testing"
)

// BenchmarkSchedule measures issue 25 item 5's 6-task design task by task
// (CPU time of each run, one after another) and reports what two workers
// would take under list scheduling (makespan) in the order longestFirst
// gives and in others, as speedups over one worker (the sum): lpt (the
// order run uses), short-first (the order of a design listing servers
// [10, 8], were it run in task order), and the best of all 720 orders.
// A 2-core wall-time speedup needs a quiet machine; this needs none.
// One op is the whole design (about a minute of CPU): -benchtime 1x.
func BenchmarkSchedule(b *testing.B) {
	d, err := Parse("switch6.yaml", []byte(switchDesign("[8, 10]")))
	if err != nil {
		b.Fatal(err)
	}
	p := d.Plan()
	n := len(d.Points) * p.Replications
	cost := make([]float64, n)
	for range b.N {
		for i := range n {
			t := p.Task(i)
			c0 := cpuNs()
			if _, err := d.sys.Run(d.Settings(d.Points[t.Point]), t.Seed); err != nil {
				b.Fatal(err)
			}
			cost[i] = float64(cpuNs()-c0) / 1e9
		}
	}
	sum := 0.0
	for i, c := range cost {
		sum += c
		b.Logf("task %d (point %d, replication %d): %.2f s CPU", i, p.Task(i).Point, p.Task(i).Rep, c)
	}
	lpt := make([]int, n)
	for i := range lpt {
		lpt[i] = i
	}
	longestFirst(d, p, lpt)
	short := append(append([]int{}, lpt[3:]...), lpt[:3]...)
	best := makespan(cost, lpt, 2)
	perm := slices.Clone(lpt)
	var permute func(k int)
	permute = func(k int) {
		if k == len(perm) {
			best = min(best, makespan(cost, perm, 2))
			return
		}
		for i := k; i < len(perm); i++ {
			perm[k], perm[i] = perm[i], perm[k]
			permute(k + 1)
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	permute(0)
	b.ReportMetric(sum, "cpu-s")
	b.ReportMetric(sum/makespan(cost, lpt, 2), "x-lpt")
	b.ReportMetric(sum/makespan(cost, short, 2), "x-short-first")
	b.ReportMetric(sum/best, "x-best")
	b.Logf("order %v; one worker %.2f s; two: lpt %.2f s, short first %.2f s, best %.2f s", lpt, sum, makespan(cost, lpt, 2), makespan(cost, short, 2), best)
}
