package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/des/queueing"
)

// bbsLines are tandem lines whose second station (buffer 2) blocks; the
// first is fast and the second slow, so customers often reach an idle
// first server with the second full. The second has two Erlang-2 servers
// upstream of a hyperexponential one.
var bbsLines = map[string]string{
	"exp": `arrivals: {to: first, rate: 0.5}
stations:
  - name: first
    service: {dist: exp, mean: 0.4}
  - name: second
    service: {dist: exp, mean: 1.2}
`,
	"ph": `arrivals: {to: first, rate: 0.7}
stations:
  - name: first
    servers: 2
    service: {dist: erlang, mean: 0.8, k: 2}
  - name: second
    service: {dist: hyperexp, mean: 1.0, cv: 1.4}
`,
}

// bbsTandem returns line blocking before or after service.
func bbsTandem(t *testing.T, line, blocking string) *Network {
	src := "name: bbs\n" + bbsLines[line] + "    buffer: 2\n    blocking: " + blocking + "\nrouting:\n  first: {second: 1}\n"
	n, err := Parse("bbs.yaml", []byte(src))
	require.NoError(t, err)
	return n
}

// ctmcValue returns the exact CTMC's value of a station's measure.
func ctmcValue(t *testing.T, n *Network, station string, name queueing.Metric) float64 {
	t.Helper()
	an, err := n.Analytic()
	require.NoError(t, err)
	ms, err := analytic.SolveNetwork(an)
	require.NoError(t, err)
	for _, m := range ms {
		if m.Method == analytic.MethodCTMC && m.Station == station && m.Class == "" && m.Name == name {
			return m.Value
		}
	}
	t.Fatalf("no exact CTMC value of %s %s", station, name)
	return math.NaN()
}

// TestBeforeServiceSimAgreesWithCTMC: each simulated tandem line with
// before-service blocking (seed 11, 10⁶ s, 30 batches) agrees with the
// exact chain within the 99.9 % confidence half-width of each of 5
// measures (family-wise ≤ 0.5 % per line); the chain of the same line
// blocking after service lies outside it for the first station's
// utilisation (busy or held), so the check tells the two apart.
func TestBeforeServiceSimAgreesWithCTMC(t *testing.T) {
	for line := range bbsLines {
		n := bbsTandem(t, line, "before-service")
		r := run(t, n, 11, 1e6)
		for _, c := range []struct {
			station string
			name    queueing.Metric
		}{{"first", "utilization"}, {"first", "mean_in_system"}, {"first", "mean_wait"}, {"second", "mean_in_system"}, {"second", "throughput"}} {
			got, half := ci999(t, r, c.station, c.name)
			assert.InDelta(t, ctmcValue(t, n, c.station, c.name), got, half, "%s: %s %s", line, c.station, c.name)
		}
		got, half := ci999(t, r, "first", "utilization")
		bas := ctmcValue(t, bbsTandem(t, line, "after-service"), "first", "utilization")
		assert.Greater(t, math.Abs(bas-got), half, "%s: after-service chain %v, simulated %v ± %v", line, bas, got, half)
	}
}
