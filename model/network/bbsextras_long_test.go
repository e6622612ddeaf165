//go:build long

package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"queuelab/des/queueing"
)

// bbsExtraFeeders are tandems f → c whose station c (buffer 2, slow)
// blocks before service and whose feeder f has patience, balking or
// load-dependent rates: a customer holding f's server unstarted neither
// abandons nor balks, and counts among those present for the rates and
// the join probabilities. BLOCKING stands for the blocking.
var bbsExtraFeeders = map[string]string{
	"patience": "{name: f, capacity: 6, patience: {dist: exp, mean: 2}, service: {dist: exp, mean: 0.4}}",
	"balking":  "{name: f, join_probability: [1, 0.8, 0.5, 0.3, 0], service: {dist: exp, mean: 0.4}}",
	"rates":    "{name: f, capacity: 6, rates: [1, 1.5, 2], service: {dist: exp, mean: 0.6}}",
}

func bbsExtraFeeder(kind string) string {
	return `name: feed
arrivals: {to: f, rate: 0.85}
stations:
  - ` + bbsExtraFeeders[kind] + `
  - {name: c, service: {dist: exp, mean: 1.1}, buffer: 2, blocking: BLOCKING}
routing:
  f: {c: 1}
`
}

// TestBeforeServiceExtraFeederSimAgreesWithCTMC: each tandem of
// bbsExtraFeeders, simulated with seeds 14 and 15 (10⁶ s, 30 batches),
// agrees with the exact chain within the 99.9 % half-width of each of 4
// measures, among them the share that abandoned or balked (family-wise
// ≤ 0.8 % per line); the chain of the same line blocking after service
// lies outside the interval of f's utilisation (busy or held), so the
// check tells a chain that holds starts from one that does not.
func TestBeforeServiceExtraFeederSimAgreesWithCTMC(t *testing.T) {
	for kind := range bbsExtraFeeders {
		src := bbsExtraFeeder(kind)
		n := parseBlocking(t, src, "before-service")
		bas := ctmcValue(t, parseBlocking(t, src, "after-service"), "f", "utilization")
		lost := queueing.Metric("p_loss")
		switch kind {
		case "patience":
			lost = "p_abandon"
		case "balking":
			lost = "p_balk"
		}
		for _, seed := range []uint64{14, 15} {
			r := run(t, n, seed, 1e6)
			for _, c := range []struct {
				station string
				name    queueing.Metric
			}{{"f", "mean_in_system"}, {"f", lost}, {"c", "mean_in_system"}, {"c", "throughput"}} {
				got, half := ci999(t, r, c.station, c.name)
				assert.InDelta(t, ctmcValue(t, n, c.station, c.name), got, half, "%s seed %d: %s %s", kind, seed, c.station, c.name)
			}
			got, half := ci999(t, r, "f", "utilization")
			assert.Greater(t, math.Abs(bas-got), half, "%s seed %d: after-service chain %v, simulated %v ± %v", kind, seed, bas, got, half)
		}
	}
}
