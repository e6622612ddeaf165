package sweep

import (
	"fmt"

	"queuelab/des"
)

// Work estimates the work of running shard s of the design with workers
// runs at a time (0: all cores), before anything runs: each design point
// is costed once by its system (every replication of a point costs the
// same), events add up over the shard's tasks, and the memory is that of
// the workers dearest runs held together (des.Concurrent).
func (d *Design) Work(s Shard, workers int) des.Work {
	p := d.Plan()
	perPoint := make([]des.Work, len(d.Points))
	for i, pt := range d.Points {
		perPoint[i] = d.sys.Work(d.Settings(pt))
	}
	tasks := p.Tasks(s)
	ws := make([]des.Work, len(tasks))
	for k, t := range tasks {
		ws[k] = perPoint[p.Task(t).Point]
	}
	basis := fmt.Sprintf("%d tasks (%d design points × %d replications", len(tasks), len(d.Points), p.Replications)
	if s.N > 1 {
		basis += fmt.Sprintf(", shard %d/%d", s.I, s.N)
	}
	basis += ")"
	if len(perPoint) > 0 && perPoint[0].Basis != "" {
		basis += "; the first point: " + perPoint[0].Basis
	}
	return des.Concurrent(ws, des.Workers(workers), basis)
}
