package network

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// bbsDraw is a line whose first station sends its customers to second
// (buffer 1, blocking before service) with probability 0.3 and out
// otherwise: the simulator draws the next station when a customer
// reaches first's server, so those in service are not a fair sample of
// the row (the ones who drew a full second are held).
const bbsDraw = `name: bbs-draw
arrivals: {to: first, rate: 0.9}
stations:
  - {name: first, service: {dist: exp, mean: 0.4}, capacity: 4}
  - {name: second, service: {dist: exp, mean: 1.6}, buffer: 1, blocking: before-service}
routing:
  first: {second: 0.3}
`

// bbsDrawForgetful is first's mean number present in the chain that does
// not keep the draw (it holds the start on a draw of a full second, then
// draws again at the end of the service): analytic/ctmc's
// drawTandemBrute(0.9, 2.5, 0.625, 0.3, 4, 1, true), which
// TestBeforeStartRandomNextBruteForce pins to this value.
const bbsDrawForgetful = 1.05432

// TestBeforeStartRandomNextSimAgreesWithCTMC: the simulated line (seed
// 17, 4·10⁵ s, 30 batches) agrees with the exact chain, which keeps each
// started customer's draw, within the 99.9 % half-width of each of 5
// measures (family-wise ≤ 0.5 %); the chain that forgets the draw lies
// outside first's interval.
func TestBeforeStartRandomNextSimAgreesWithCTMC(t *testing.T) {
	n, err := Parse("bbs-draw.yaml", []byte(bbsDraw))
	require.NoError(t, err)
	r := run(t, n, 17, 4e5)
	for _, c := range []struct {
		station string
		name    queueing.Metric
	}{{"first", "utilization"}, {"first", "mean_in_system"}, {"first", "p_loss"}, {"second", "mean_in_system"}, {"second", "throughput"}} {
		got, half := ci999(t, r, c.station, c.name)
		assert.InDelta(t, ctmcValue(t, n, c.station, c.name), got, half, "%s %s", c.station, c.name)
	}
	got, half := ci999(t, r, "first", "mean_in_system")
	assert.Greater(t, bbsDrawForgetful-got, half, "the forgetful chain's L1")
}
