package network

import (
	"queuelab/des"
	"queuelab/des/queueing"
)

// forkJoin is the simulation state of a network's forks and joins (nil in
// a Sim without them, which then pays one pointer test per visit).
//
// A job arriving at a fork is put in the fork's des.Station with work
// des.UntilRelease: it stays "in service" there until its join releases
// it, so the fork's station statistics are those of whole jobs through the
// fork/join section. Its tasks are new customers (ids of Sim.custs) that
// visit the branches like any customer. A task arriving at the join is
// held there the same way, until the job's last task arrives: then the
// join releases every task (they leave), and the fork releases the job,
// whose departure routes it on from the join's row.
type forkJoin struct {
	kind   []StationKind // per station
	tasks  [][]int32     // per fork: the station of each task it makes
	joinOf []int32       // per fork: its join
	forkOf []int32       // per join: its fork

	// per customer id, grown on demand
	ticket []des.Ticket // a job at its fork, or a task at its join
	parent []int32      // a task's job
	next   []int32      // the next task of the same job at the join (-1: none)
	head   []int32      // a job's first task arrived at the join (-1: none)
	left   []int32      // a job's tasks not yet at the join
}

// newForkJoin returns the state of top's forks and joins, or nil when
// there are none.
func newForkJoin(top *topology) *forkJoin {
	if !top.net.hasForks() {
		return nil
	}
	fj := &forkJoin{kind: make([]StationKind, top.M), tasks: make([][]int32, top.M)}
	fj.joinOf, fj.forkOf = make([]int32, top.M), make([]int32, top.M)
	for i := range top.net.Stations {
		st := &top.net.Stations[i]
		fj.kind[i] = st.Kind
		fj.joinOf[i], fj.forkOf[i] = int32(top.joinOf[i]), int32(top.forkOf[i])
		for _, b := range st.Split {
			for range b.Tasks {
				fj.tasks[i] = append(fj.tasks[i], int32(top.stationIdx[b.To]))
			}
		}
	}
	return fj
}

// grow makes room for customer id in the per-customer slices.
func (fj *forkJoin) grow(id int32) {
	for int(id) >= len(fj.ticket) {
		fj.ticket = append(fj.ticket, 0)
		fj.parent = append(fj.parent, -1)
		fj.next = append(fj.next, -1)
		fj.head = append(fj.head, -1)
		fj.left = append(fj.left, 0)
	}
}

// hook sets the callbacks of station i's des.Station when it is a fork or
// a join.
func (fj *forkJoin) hook(s *Sim, i int, stn *des.Station) {
	if fj == nil || fj.kind[i] == Queue {
		return
	}
	stn.OnStart = func(cust int32, _ int, _ des.Time, t des.Ticket) {
		fj.grow(cust)
		fj.ticket[cust] = t
	}
	if fj.kind[i] == Join {
		stn.OnDepart = func(cust int32, _ int) { s.custs.Put(cust) } // a task, done
		return
	}
	// A job released by its join goes on from the join's row.
	stn.OnDepart = func(cust int32, class int) { s.onDepart(int(fj.joinOf[i]), cust, class) }
}

// arrive handles customer id of class r arriving at fork or join i.
func (fj *forkJoin) arrive(s *Sim, id int32, i, r int) {
	s.stations[i].Arrive(id, r, des.UntilRelease, des.NoPatience)
	if fj.kind[i] == Join {
		fj.arriveJoin(s, id, i)
		return
	}
	tasks := fj.tasks[i]
	fj.grow(id)
	fj.left[id], fj.head[id] = int32(len(tasks)), -1
	for _, to := range tasks {
		t := s.custs.Get()
		fj.grow(t)
		job, c := s.custs.At(id), s.custs.At(t)
		c.origin, c.entered = job.origin, job.entered
		fj.parent[t] = id
		if s.tr != nil {
			s.tr.enter(t) // a task is traced as a customer of its own
		}
		s.visit(t, int(to), r)
	}
}

// arriveJoin notes task at join j; when it is its job's last, it releases
// the job's tasks and then the job.
func (fj *forkJoin) arriveJoin(s *Sim, task int32, j int) {
	job := fj.parent[task]
	fj.next[task], fj.head[job] = fj.head[job], task
	if fj.left[job]--; fj.left[job] > 0 {
		return
	}
	for t := fj.head[job]; t >= 0; {
		nt := fj.next[t]
		fj.parent[t], fj.next[t] = -1, -1
		s.stations[j].Release(fj.ticket[t])
		t = nt
	}
	fj.head[job] = -1
	s.stations[fj.forkOf[j]].Release(fj.ticket[job])
}

// sameJoins reports whether top pairs forks and joins as fj does (a
// running Sim cannot move tasks in flight to another join).
func (fj *forkJoin) sameJoins(top *topology) bool {
	for i := range fj.joinOf {
		if int(fj.joinOf[i]) != top.joinOf[i] {
			return false
		}
	}
	return true
}

// syncDelayDef is the join's mean_sync_delay: per task, from its arrival
// at the join to its job's release (the task's sojourn there).
var syncDelayDef = metricDef{queueing.MeanSyncDelay, func(d *des.StationSnapshot, _ float64) float64 { return d.SojournSum },
	func(d *des.StationSnapshot, _ float64) float64 { return float64(d.Departures) }}

// forkMetric reports whether metric name is measured at a station of kind
// k (a fork or a join; at a queue only mean_sync_delay is asked, and
// refused): see StationKind.
func forkMetric(k StationKind, name queueing.Metric) bool {
	switch name {
	case queueing.Throughput, queueing.MeanInSystem:
		return k != Queue
	case queueing.MeanResponse:
		return k == Fork
	case queueing.MeanSyncDelay:
		return k == Join
	}
	return false
}

// forkSnapshot shows a join's tasks as waiting (they wait for their
// siblings) and a fork as empty (its jobs are out as tasks).
func forkSnapshot(st *StationState, k StationKind) {
	if k == Queue {
		return
	}
	for r := range st.Waiting {
		if k == Join {
			st.Waiting[r] += st.InService[r]
		} else {
			st.Waiting[r] = 0
		}
		st.InService[r] = 0
	}
}
