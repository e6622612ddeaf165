package webservice

import (
	"math"

	"queuelab/des"
	"queuelab/model/fleet"
)

// lbPolicy is the load balancer's routing (the lb control's choices).
type lbPolicy uint8

// Routing policies of the load balancer.
const (
	lbPooled lbPolicy = iota
	lbRoundRobin
	lbLeastConnections
)

var lbChoices = []string{"pooled", "round-robin", "least-connections"}

// balancer is the load balancer and the workers behind it: pools[0] is the
// pooled queue over all workers (lb = pooled), pools[1+i] instance slot
// i's 16 workers; serveIdx lists the serving slots in slot order, and rr
// is the rotating start of round-robin and least-connections.
type balancer struct {
	pools    []*des.Pool
	serveIdx []int32
	rr       int
}

// route picks the queue of a new request: −1 if no instance serves.
func (e *balancer) route(policy lbPolicy) int {
	n := len(e.serveIdx)
	if n == 0 {
		return -1
	}
	switch policy {
	case lbPooled:
		return 0
	case lbRoundRobin:
		e.rr++
		if e.rr >= n {
			e.rr = 0
		}
		return 1 + int(e.serveIdx[e.rr])
	}
	// Least connections: fewest requests in the instance (in service or
	// waiting); ties go to the first found from a rotating start.
	e.rr++
	if e.rr >= n {
		e.rr = 0
	}
	best, bestLoad := -1, math.MaxInt
	for k := 0; k < n; k++ {
		j := e.rr + k
		if j >= n {
			j -= n
		}
		pl := e.pools[1+e.serveIdx[j]]
		if l := pl.BusyServers() + pl.Queued(); l < bestLoad {
			best, bestLoad = j, l
			if l == 0 {
				break
			}
		}
	}
	return 1 + int(e.serveIdx[best])
}

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

func (e *DES) hookBoot(i int) {
	in := e.fleet.At(i)
	e.bootingTW.Set(e.env.Now(), float64(e.fleet.Booting()))
	if _, err := e.env.At(max(in.BootAt, e.env.Now()), des.PriorityControl, des.Event{Kind: e.kBoot, Ref: int32(i), Aux: in.Gen}); err != nil {
		panic(err)
	}
}

func (e *DES) boot(ev des.Event) {
	i := int(ev.Ref)
	if e.fleet.BootDue(i, ev.Aux) {
		e.fleet.Serve(i)
	}
}

func (e *DES) hookServe(i int) {
	e.poolOf(i).SetServers(e.p.Workers)
	e.rebuildServing()
}

func (e *DES) hookDrain(i int) {
	pl := e.poolOf(i)
	e.rebuildServing()
	if pl.BusyServers()+pl.Queued() == 0 {
		e.fleet.Drained(i)
	}
}

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
