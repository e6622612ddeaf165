package webservice

import (
	"math"

	"queuelab/des"
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
		if l := e.workers[1+e.serveIdx[j]].InSystem(); l < bestLoad {
			best, bestLoad = j, l
			if l == 0 {
				break
			}
		}
	}
	return 1 + int(e.serveIdx[best])
}
