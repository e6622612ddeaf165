//go:build long

package network

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"queuelab/des/queueing"
)

// TestRouterBeforeServiceSameValues: routerBuffer blocking before service
// has the after-service chain's values (to 1e-9: the router's customers
// are the only ones waiting for a, all alike, so whichever of them goes
// in, one does), from a larger chain that tells those held before
// service at the router from those that tried a again after their
// service of zero length and wait after it; the simulation (seed 37,
// 10⁶ s, 30 batches) agrees within the 99.9 % half-width of each.
func TestRouterBeforeServiceSameValues(t *testing.T) {
	after := exactValues(t, parseBlocking(t, routerBuffer, "after-service"))
	n := parseBlocking(t, routerBuffer, "before-service")
	before := exactValues(t, n)
	r := run(t, n, 37, 1e6)
	for _, c := range []struct {
		station string
		name    queueing.Metric
	}{{"lb", "mean_in_system"}, {"a", "mean_in_system"}, {"a", "throughput"}, {"first", "utilization"}} {
		assert.InDelta(t, after(c.station, c.name), before(c.station, c.name), 1e-9, "%s %s", c.station, c.name)
		got, half := ci999(t, r, c.station, c.name)
		assert.InDelta(t, before(c.station, c.name), got, half, "%s %s", c.station, c.name)
	}
}

// routerCycle: i (buffer 1, blocking after service) feeds the router lb,
// which sends to j (buffer 1, before service) or k, both back to i: a
// departure from i sends its customer through lb and then lets in those
// held for i — j's among them, whose place a router customer may then
// find taken when its service of zero length ends.
const routerCycle = `name: router-cycle
classes:
  - {name: job, population: 4, start: k}
stations:
  - {name: i, service: {dist: exp, mean: 0.5}, buffer: 1}
  - {name: lb, kind: router}
  - {name: j, service: {dist: exp, mean: 0.9}, buffer: 1, blocking: before-service}
  - {name: k, service: {dist: exp, mean: 0.7}}
routing:
  i: {lb: 1}
  lb: {lb: {policy: random, to: [j, k]}}
  j: {i: 1}
  k: {i: 1}
`

// TestRouterCycleSimAgreesWithCTMC: for seeds 3 and 5 (10⁶ s each, 30
// batches) the simulated routerCycle agrees with the exact chain within
// the 99.9 % half-width of each of 6 measures (family-wise ≤ 0.6 % per
// seed).
func TestRouterCycleSimAgreesWithCTMC(t *testing.T) {
	n, err := Parse("router-cycle.yaml", []byte(routerCycle))
	if err != nil {
		t.Fatal(err)
	}
	exact := exactValues(t, n)
	for _, seed := range []uint64{3, 5} {
		r := run(t, n, seed, 1e6)
		for _, c := range []struct {
			station string
			name    queueing.Metric
		}{{"i", "throughput"}, {"lb", "mean_in_system"}, {"j", "mean_in_system"}, {"j", "utilization"}, {"k", "mean_in_system"}, {"i", "mean_in_system"}} {
			got, half := ci999(t, r, c.station, c.name)
			assert.InDelta(t, exact(c.station, c.name), got, half, "seed %d: %s %s", seed, c.station, c.name)
		}
	}
}
