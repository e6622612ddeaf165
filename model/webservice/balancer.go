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

// balancer is the load balancer and the workers behind it: workers[0] is
// the pooled queue over all workers (lb = pooled), workers[1+i] instance
// slot i's 16 workers, each a FCFS des.Station; serveIdx lists the serving slots in slot order, and rr
// is the rotating start of round-robin and least-connections.
type balancer struct {
	workers  []*des.Station
	serveIdx []int32
	rr       int
}

// route picks the queue of a new request: −1 if no instance serves.
func (b *balancer) route(policy lbPolicy) int {
	n := len(b.serveIdx)
	if n == 0 {
		return -1
	}
	switch policy {
	case lbPooled:
		return 0
	case lbRoundRobin:
		b.rr++
		if b.rr >= n {
			b.rr = 0
		}
		return 1 + int(b.serveIdx[b.rr])
	}
	// Least connections: fewest requests in the instance (in service or
	// waiting); ties go to the first found from a rotating start.
	b.rr++
	if b.rr >= n {
		b.rr = 0
	}
	best, bestLoad := -1, math.MaxInt
	for k := 0; k < n; k++ {
		j := b.rr + k
		if j >= n {
			j -= n
		}
		if l := b.workers[1+b.serveIdx[j]].InSystem(); l < bestLoad {
			best, bestLoad = j, l
			if l == 0 {
				break
			}
		}
	}
	return 1 + int(b.serveIdx[best])
}

// rebuild refreshes the list of serving slots from f and gives the pooled
// queue perInstance workers per serving instance.
func (b *balancer) rebuild(f *fleet.Fleet, perInstance int) {
	b.serveIdx = b.serveIdx[:0]
	for i := range f.Slots() {
		if f.At(i).State == fleet.Serving {
			b.serveIdx = append(b.serveIdx, int32(i))
		}
	}
	b.workers[0].SetServers(perInstance * f.Serving())
}

// freeIfDrained frees the instance of worker queue pi in f once it is
// draining and holds no request (the pooled queue, 0, has no instance).
func (b *balancer) freeIfDrained(pi int, f *fleet.Fleet) {
	if pi == 0 {
		return
	}
	slot := pi - 1
	if f.At(slot).State == fleet.Draining && b.workers[pi].InSystem() == 0 {
		f.Drained(slot)
	}
}
