package webservice

import (
	"queuelab/des"
)

// The des engine's side of the fleet: each instance slot's workers are a
// des.Station, created when the slot is first used; the fleet's hooks
// schedule boots, open a serving instance's workers to the balancer and
// free a draining instance once its last request has left.

// workersOf returns the workers of instance slot i, creating the
// stations of the slots up to it.
func (e *DES) workersOf(i int) *des.Station {
	b := &e.lb
	for len(b.workers) <= 1+i {
		b.workers = append(b.workers, e.newWorkers("instance", len(b.workers)-1, e.core.p.Workers.PerInstance))
	}
	return b.workers[1+i]
}

// newWorkers returns a station of n workers (n ≥ 0) for instance slot
// slot (−1: the pooled queue). A request holds its worker from its start
// until the engine releases it (des.UntilRelease): through its app work,
// cache lookup and database queries.
func (e *DES) newWorkers(name string, slot, n int) *des.Station {
	st, err := des.NewStation(e.env, des.StationConfig{Name: name, Servers: max(n, 1)})
	if err != nil {
		panic(err) // unreachable: a valid constant configuration
	}
	if n == 0 {
		st.SetServers(0) // a station is built with at least one server
	}
	st.OnStart = func(id int32, _ int, _ des.Time, t des.Ticket) {
		e.reqs.At(id).worker = t
		e.workerStart(id, slot)
	}
	st.OnAbandon = e.workerRenege
	return st
}

// hookBoot (fleet.Hooks.OnBoot) schedules instance slot i's boot event
// at its BootAt; the event carries the slot's generation.
func (e *DES) hookBoot(i int) {
	f := e.core.fleet
	in := f.At(i)
	e.meter.bootingTW.Set(e.env.Now(), float64(f.Booting()))
	if _, err := e.env.At(max(in.BootAt, e.env.Now()), des.PriorityControl, des.Event{Kind: e.kind.boot, Ref: int32(i), Aux: in.Gen}); err != nil {
		panic(err)
	}
}

// boot serves the instance of the event, unless its boot was cancelled
// or the slot reused since.
func (e *DES) boot(ev des.Event) {
	i := int(ev.Ref)
	if f := e.core.fleet; f.BootDue(i, ev.Aux) {
		f.Serve(i)
	}
}

// hookServe (fleet.Hooks.OnServe) opens instance slot i's workers.
func (e *DES) hookServe(i int) {
	e.workersOf(i).SetServers(e.core.p.Workers.PerInstance)
	e.rebuildServing()
}

// hookDrain (fleet.Hooks.OnDrain) takes instance slot i out of the
// balancer's rotation; it is freed once it holds no request.
func (e *DES) hookDrain(i int) {
	st := e.workersOf(i)
	e.rebuildServing()
	if st.InSystem() == 0 {
		e.core.fleet.Drained(i)
	}
}

// rebuildServing refreshes the balancer's list of serving slots, the
// pooled queue's workers and the fleet's time averages.
func (e *DES) rebuildServing() {
	f := e.core.fleet
	e.lb.rebuild(f, e.core.p.Workers.PerInstance)
	e.meter.fleetChanged(e.env.Now(), f.Serving(), f.Booting())
}
