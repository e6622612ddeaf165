package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// closedForkFile is a closed class that forks: 4 jobs think at a delay
// station (mean 2), then split into a task for a 2-server FCFS branch
// (mean 2) and one for a PS branch (mean 1); once both are done the job
// thinks again. It starts at the fork, so the simulator's first jobs
// fork at time 0 as the chain's initial state has them.
const closedForkFile = `classes:
  - {name: job, population: 4, start: f}
stations:
  - {name: think, servers: inf, service: {dist: exp, mean: 2}}
  - {name: f, kind: fork}
  - {name: a, servers: 2, service: {dist: exp, mean: 2}}
  - {name: b, discipline: ps, service: {dist: exp, mean: 1}}
  - {name: j, kind: join}
routing:
  think: {f: 1}
  f: {split: {a: 1, b: 1}}
  a: {j: 1}
  b: {j: 1}
  j: {think: 1}
`

// TestClosedForkCTMCSimulated simulates the closed fork of closedForkFile
// for seeds 1–3, 200 000 s each, 30 batches: the 99.9 % batch-means
// interval of the jobs' mean response at the fork (fork to join), of
// their throughput (3.4125 s, 0.73903/s), of the PS branch's mean tasks
// and of the FCFS branch's mean wait cover the exact CTMC's values, for
// each seed and for the three seeds'
// 90 batches together; the pooled interval of the response excludes
// E[max_i n_i]/X = 3.1786 s, what the chain of the branch counts would
// give (analytic/ctmc TestClosedForkNotMaxCount). Each interval fails by
// chance with probability 0.1 %.
func TestClosedForkCTMCSimulated(t *testing.T) {
	n, err := Parse("closed-fork.yaml", []byte(closedForkFile))
	require.NoError(t, err)
	const maxCount = 3.178610
	checks := []simCheck{
		{"f", "", queueing.MeanResponse, 3.412496},
		{"f", "", queueing.Throughput, 0.739031},
		{"b", "", queueing.MeanInSystem, 0},
		{"a", "", queueing.MeanWait, 0},
	}
	for k := range checks {
		got := ctmcValue(t, n, checks[k].station, checks[k].name)
		if checks[k].exact == 0 {
			checks[k].exact = got // read from the chain only; the simulation checks it
		}
		require.InDelta(t, checks[k].exact, got, 1e-5, "%s %s", checks[k].station, checks[k].name)
	}
	checksAgainstSim(t, n, checks, 3.178610)
}

// simCheck is one exact value of a fork network that a test compares with
// the simulator: station, class ("" for all), measure, value.
type simCheck struct {
	station, class string
	name           queueing.Metric
	exact          float64
}

// checksAgainstSim simulates n for seeds 1–3, 200 000 s each, 30
// batches: each check's 99.9 % batch-means interval, of each seed and of
// the 90 batches together, covers its exact value, and the pooled
// interval of the first check excludes wrong, what a wrong chain gives.
func checksAgainstSim(t *testing.T, n *Network, checks []simCheck, wrong float64) {
	t.Helper()
	pooled := make([]Metric, len(checks))
	for _, seed := range []uint64{1, 2, 3} {
		r := run(t, n, seed, 200_000)
		for k, c := range checks {
			m, ok := r.Metric(c.station, c.class, c.name)
			require.True(t, ok, "%s %s %s", c.station, c.class, c.name)
			est, hw := ci(m, 0.001)
			assert.InDelta(t, c.exact, est, hw, "%s %s seed %d: %v ± %v", c.station, c.name, seed, est, hw)
			pooled[k].Num, pooled[k].Den = append(pooled[k].Num, m.Num...), append(pooled[k].Den, m.Den...)
		}
	}
	for k, c := range checks {
		est, hw := ci(pooled[k], 0.001)
		assert.InDelta(t, c.exact, est, hw, "%s %s pooled: %v ± %v", c.station, c.name, est, hw)
		t.Logf("%s %s %s: exact %.4f, simulated %.4f ± %.4f (99.9 %%, 90 batches)", c.station, c.class, c.name, c.exact, est, hw)
		if k == 0 {
			assert.Greater(t, math.Abs(est-wrong), hw, "indistinguishable from a wrong chain's %v: %v ± %v", wrong, est, hw)
		}
	}
}

// TestJoinFedStationWaitSimulated: a station fed both by a join and by
// its own feedback (fork-join-onward with render sending a quarter of its
// jobs back to itself) has the mean wait the simulator measures, seeds
// 1–3, 200 000 s, 99.9 % per seed and pooled; the pooled interval
// excludes 4.459 s, what the chain gave when the join's jobs were left
// out of render's arrivals (analytic/ctmc joinOffers).
func TestJoinFedStationWaitSimulated(t *testing.T) {
	n, err := Parse("fork-join-feedback.yaml", []byte(`arrivals: {to: scatter, rate: 0.4}
stations:
  - {name: scatter, kind: fork}
  - {name: left, service: {dist: exp, mean: 1}}
  - {name: right, service: {dist: exp, mean: 1}}
  - {name: gather, kind: join}
  - {name: render, service: {dist: exp, mean: 1}}
routing:
  scatter: {split: {left: 1, right: 1}}
  left: {gather: 1}
  right: {gather: 1}
  gather: {render: 1}
  render: {render: 0.25}
`))
	require.NoError(t, err)
	wait := ctmcValue(t, n, "render", queueing.MeanWait)
	require.InDelta(t, 1.115, wait, 5e-4)
	checksAgainstSim(t, n, []simCheck{{"render", "", queueing.MeanWait, wait}}, 4.459)
}
