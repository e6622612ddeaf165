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
