//go:build long

package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"queuelab/des/queueing"
)

// basRandom are open networks whose customers leaving "first" draw their
// next station at random, and one of the stations drawn, "a", blocks after
// service (buffer 2, slow, so it is full often): "one", a split between a
// and a plain station b; "two", first's two servers send to a, to b with a
// buffer of 1 or out of the network. BLOCKING stands for the blocking.
var basRandom = map[string]string{
	"one": `name: one
arrivals: {to: first, rate: 0.8}
stations:
  - {name: first, service: {dist: exp, mean: 0.5}}
  - {name: a, service: {dist: exp, mean: 1.5}, buffer: 2, blocking: BLOCKING}
  - {name: b, service: {dist: exp, mean: 0.5}}
routing:
  first: {a: 0.5, b: 0.5}
`,
	"two": `name: two
arrivals: {to: first, rate: 1.0}
stations:
  - {name: first, servers: 2, service: {dist: erlang, k: 2, mean: 1}}
  - {name: a, service: {dist: exp, mean: 1.2}, buffer: 2, blocking: BLOCKING}
  - {name: b, service: {dist: exp, mean: 1.4}, buffer: 1, blocking: BLOCKING}
routing:
  first: {a: 0.5, b: 0.3}
`,
}

// basFree is first's utilisation in each line of basRandom were nobody
// blocked: λ·S/c.
var basFree = map[string]float64{"one": 0.8 * 0.5, "two": 1.0 * 1 / 2}

// TestAfterServiceRandomNextSimAgreesWithCTMC: where the blocked
// customer's next station was drawn from a routing row, the simulator
// (the draw made once, when the service ends; the customer then waits for
// the station it drew) and the exact chain agree: each line of basRandom,
// simulated with seeds 21, 22 and 23 (10⁶ s, 30 batches), lies within
// the 99.9 % half-width of each of 4 measures (family-wise ≤ 1.2 % per
// line). First's utilisation without blocking (λ·S/c: 0.4 and 0.5) lies
// outside the interval of first's utilisation, so the check tells a
// chain that blocks from one that does not.
func TestAfterServiceRandomNextSimAgreesWithCTMC(t *testing.T) {
	for line, src := range basRandom {
		n := parseBlocking(t, src, "after-service")
		for _, seed := range []uint64{21, 22, 23} {
			r := run(t, n, seed, 1e6)
			for _, c := range []struct {
				station string
				name    queueing.Metric
			}{{"first", "utilization"}, {"first", "mean_in_system"}, {"a", "mean_in_system"}, {"b", "throughput"}} {
				got, half := ci999(t, r, c.station, c.name)
				assert.InDelta(t, ctmcValue(t, n, c.station, c.name), got, half, "%s seed %d: %s %s", line, seed, c.station, c.name)
			}
			got, half := ci999(t, r, "first", "utilization")
			lost := basFree[line]
			assert.Greater(t, math.Abs(lost-got), half, "%s seed %d: chain without blocking %v, simulated %v ± %v", line, seed, lost, got, half)
		}
	}
}
