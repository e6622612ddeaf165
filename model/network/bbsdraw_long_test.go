//go:build long

package network

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// bbsDrawWide: first (two Erlang-2 servers) sends to second (buffer 2,
// blocking before service) with probability 0.4, to third (buffer 1,
// blocking after service) with 0.35, and out otherwise; second sends
// half of its customers on to third. Each customer at first carries the
// draw it made at its start to its departure, and it may be held before
// its service (for second) or after it (for either).
const bbsDrawWide = `name: bbs-draw-wide
arrivals: {to: first, rate: 1.5}
stations:
  - {name: first, servers: 2, service: {dist: erlang, mean: 0.9, k: 2}, capacity: 5}
  - {name: second, service: {dist: exp, mean: 1.3}, buffer: 2, blocking: before-service}
  - {name: third, service: {dist: exp, mean: 1.1}, buffer: 1}
routing:
  first: {second: 0.4, third: 0.35}
  second: {third: 0.5}
`

// TestBeforeStartRandomNextWideSimAgreesWithCTMC: for seeds 3, 5 and 7
// (10⁶ s each, 30 batches) the simulated network agrees with the exact
// chain within the 99.9 % half-width of each of 7 measures (family-wise
// ≤ 0.7 % per seed).
func TestBeforeStartRandomNextWideSimAgreesWithCTMC(t *testing.T) {
	n, err := Parse("bbs-draw-wide.yaml", []byte(bbsDrawWide))
	require.NoError(t, err)
	for _, seed := range []uint64{3, 5, 7} {
		r := run(t, n, seed, 1e6)
		for _, c := range []struct {
			station string
			name    queueing.Metric
		}{{"first", "utilization"}, {"first", "mean_in_system"}, {"first", "p_loss"}, {"second", "mean_in_system"},
			{"second", "throughput"}, {"third", "mean_in_system"}, {"third", "throughput"}} {
			got, half := ci999(t, r, c.station, c.name)
			assert.InDelta(t, ctmcValue(t, n, c.station, c.name), got, half, "seed %d: %s %s", seed, c.station, c.name)
		}
	}
}
