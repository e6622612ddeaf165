package network

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// transitRing: a (one place, blocking before service) → router lb → a or
// b, b → a or lb. When a's customer leaves for lb while a customer lb
// held for a full a waits, the leaving customer's service of zero length
// at lb is scheduled first, the released one's second (extras.depart
// visits the next station before freed), so the first may take a's
// place. STATIONS is replaced by the station lines in some order.
const transitRing = `name: transit-ring
classes:
  - {name: job, population: 2, start: b}
stations:
STATIONS
routing:
  a: {lb: 1}
  lb: {lb: {policy: random, to: [a, b]}}
  b: {a: 0.5, lb: 0.5}
`

var transitStations = map[string]string{
	"a":  "  - {name: a, service: {dist: exp, mean: 1}, buffer: 1, blocking: before-service}",
	"lb": "  - {name: lb, kind: router}",
	"b":  "  - {name: b, service: {dist: exp, mean: 1}}",
}

func transitNet(t *testing.T, order ...string) *Network {
	t.Helper()
	var lines []string
	for _, name := range order {
		lines = append(lines, transitStations[name])
	}
	n, err := Parse("transit-ring.yaml", []byte(strings.Replace(transitRing, "STATIONS", strings.Join(lines, "\n"), 1)))
	require.NoError(t, err)
	return n
}

// TestRouterTransitOrderSimAgreesWithCTMC: the exact chain of transitRing
// is the same (to 1e-12) whichever order its stations are listed in, and
// the simulation (listed [a, lb, b], seed 41, 2·10⁶ s, 30 batches)
// agrees with it within the 99.9 % half-width of each of 4 measures
// (family-wise ≤ 0.4 %). The chain that ended the services of zero
// length in station order (L_a 0.75540 listed so, 0.75949 listed [b, lb,
// a]) lies outside a's interval.
func TestRouterTransitOrderSimAgreesWithCTMC(t *testing.T) {
	n := transitNet(t, "a", "lb", "b")
	exact := exactValues(t, n)
	other := exactValues(t, transitNet(t, "b", "lb", "a"))
	r := run(t, n, 41, 2e6)
	for _, c := range []struct {
		station string
		name    queueing.Metric
	}{{"a", "throughput"}, {"a", "mean_in_system"}, {"lb", "mean_in_system"}, {"b", "mean_in_system"}} {
		assert.InDelta(t, exact(c.station, c.name), other(c.station, c.name), 1e-12, "%s %s", c.station, c.name)
		got, half := ci999(t, r, c.station, c.name)
		t.Logf("%s %s: exact %.5f, sim %.5f ± %.5f", c.station, c.name, exact(c.station, c.name), got, half)
		assert.InDelta(t, exact(c.station, c.name), got, half, "%s %s", c.station, c.name)
	}
	got, half := ci999(t, r, "a", "mean_in_system")
	assert.Greater(t, got-0.75540, half, "in station order: a")
}
