package webservice

import (
	"queuelab/des"
	"queuelab/model/fleet"
)

// The des engine's side of the fleet: each instance slot's workers are a
// des.Pool, created when the slot is first used; the fleet's hooks
// schedule boots, open a serving instance's workers to the balancer and
// free a draining instance once its last request has left.

// poolOf returns the workers of instance slot i, creating the pools of
// the slots up to it.
func (e *DES) poolOf(i int) *des.Pool {
	for len(e.pools) <= 1+i {
		slot := len(e.pools) - 1
		pl := des.NewPool(e.env, "instance", e.p.Workers)
		pl.OnStart = func(id int32, _ des.Time) { e.workerStart(id, slot) }
		pl.OnRenege = e.workerRenege
		e.pools = append(e.pools, pl)
		e.poolOut = append(e.poolOut, stationOut{})
	}
	return e.pools[1+i]
}

// hookBoot (fleet.Hooks.OnBoot) schedules instance slot i's boot event
// at its BootAt; the event carries the slot's generation.
func (e *DES) hookBoot(i int) {
	in := e.fleet.At(i)
	e.bootingTW.Set(e.env.Now(), float64(e.fleet.Booting()))
	if _, err := e.env.At(max(in.BootAt, e.env.Now()), des.PriorityControl, des.Event{Kind: e.kBoot, Ref: int32(i), Aux: in.Gen}); err != nil {
		panic(err)
	}
}

// boot serves the instance of the event, unless its boot was cancelled
// or the slot reused since.
func (e *DES) boot(ev des.Event) {
	i := int(ev.Ref)
	if e.fleet.BootDue(i, ev.Aux) {
		e.fleet.Serve(i)
	}
}

// hookServe (fleet.Hooks.OnServe) opens instance slot i's workers.
func (e *DES) hookServe(i int) {
	e.poolOf(i).SetServers(e.p.Workers)
	e.rebuildServing()
}

// hookDrain (fleet.Hooks.OnDrain) takes instance slot i out of the
// balancer's rotation; it is freed once it holds no request.
func (e *DES) hookDrain(i int) {
	pl := e.poolOf(i)
	e.rebuildServing()
	if pl.BusyServers()+pl.Queued() == 0 {
		e.fleet.Drained(i)
	}
}

// rebuildServing refreshes the balancer's list of serving slots, the
// pooled queue's workers and the fleet's time averages.
func (e *DES) rebuildServing() {
	e.serveIdx = e.serveIdx[:0]
	for i := range e.fleet.Slots() {
		if e.fleet.At(i).State == fleet.Serving {
			e.serveIdx = append(e.serveIdx, int32(i))
		}
	}
	now := e.env.Now()
	e.pools[0].SetServers(e.p.Workers * e.fleet.Serving())
	e.servingTW.Set(now, float64(e.fleet.Serving()))
	e.bootingTW.Set(now, float64(e.fleet.Booting()))
}
