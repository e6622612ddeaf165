package network

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// bbsFed are lines whose before-service station "c" (buffer 2) is fed
// where a customer can find it full on a start other than an arrival from
// outside at an idle server: "cycle", a closed class of 5 going round
// a → b → c, so b is fed by customers routed from a; "fcfs", "priority"
// and "siro", a station f serving two open classes, "go" on to c and "out"
// leaving, so a "go" customer starting after an "out" one left finds c
// full; "delay", a delay station f (room for 5) in front of c, where every arrival
// starts at once and each one finding c full is held. c is slow, so it is
// full often. BLOCKING stands for the blocking.
var bbsFed = map[string]string{
	"cycle": `name: cycle
classes:
  - {name: job, population: 5, start: a}
stations:
  - {name: a, service: {dist: exp, mean: 0.5}}
  - {name: b, service: {dist: exp, mean: 0.33}}
  - {name: c, service: {dist: exp, mean: 1}, buffer: 2, blocking: BLOCKING}
routing:
  a: {b: 1}
  b: {c: 1}
  c: {a: 1}
`,
	"delay": `name: delay
arrivals: {to: f, rate: 0.8}
stations:
  - {name: f, servers: inf, capacity: 5, service: {dist: exp, mean: 0.5}}
  - {name: c, service: {dist: exp, mean: 0.9}, buffer: 2, blocking: BLOCKING}
routing:
  f: {c: 1}
`,
	"fcfs":     feeder("fcfs"),
	"priority": feeder("priority"),
	"siro":     feeder("siro"),
}

func feeder(d string) string {
	return `name: feeder
classes:
  - {name: go, arrivals: {to: f, rate: 0.9}}
  - {name: out, arrivals: {to: f, rate: 0.6}}
stations:
  - name: f
    discipline: ` + d + `
    capacity: 4
    service: {go: {dist: exp, mean: 0.4}, out: {dist: exp, mean: 0.55}}
  - {name: c, service: {go: {dist: exp, mean: 0.9}}, buffer: 2, blocking: BLOCKING}
routing:
  f: {go: {c: 1}}
`
}

// TestBeforeServiceFedSimAgreesWithCTMC: each line of bbsFed, simulated
// (seed 12, 10⁶ s, 30 batches), agrees with the exact chain within the
// 99.9 % confidence half-width of each of 4 measures (family-wise ≤ 0.4 %
// per line); the chain of the same line blocking after service lies
// outside the interval of the feeding station's mean number present, so
// the check tells the two apart, and a chain that never held a start
// would fail it.
func TestBeforeServiceFedSimAgreesWithCTMC(t *testing.T) {
	for _, line := range []string{"cycle", "fcfs", "priority", "siro", "delay"} {
		up, busy := "f", queueing.Metric("utilization")
		switch line {
		case "cycle":
			up = "b"
		case "delay": // no utilisation at a delay station
			busy = "mean_response"
		}
		parse := func(blocking string) *Network {
			n, err := Parse(line+".yaml", []byte(strings.ReplaceAll(bbsFed[line], "BLOCKING", blocking)))
			require.NoError(t, err)
			return n
		}
		n := parse("before-service")
		r := run(t, n, 12, 1e6)
		for _, c := range []struct {
			station string
			name    queueing.Metric
		}{{up, busy}, {up, "mean_in_system"}, {"c", "mean_in_system"}, {"c", "throughput"}} {
			got, half := ci999(t, r, c.station, c.name)
			assert.InDelta(t, ctmcValue(t, n, c.station, c.name), got, half, "%s: %s %s", line, c.station, c.name)
		}
		got, half := ci999(t, r, up, "mean_in_system")
		bas := ctmcValue(t, parse("after-service"), up, "mean_in_system")
		assert.Greater(t, math.Abs(bas-got), half, "%s: after-service chain %v, simulated %v ± %v", line, bas, got, half)
	}
}
