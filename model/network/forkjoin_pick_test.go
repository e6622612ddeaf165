package network

import (
	"math"
	"testing"

	"queuelab/analytic"
	"queuelab/des/queueing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestForkJoinCTMCPickSimulated simulates forks whose branches pick the
// next task: a single-server SIRO branch (mean 1, a free server draws a
// waiting task uniformly) beside a delay branch (mean 2), and the
// 2-server FCFS + 1-server fork of TestForkJoinCTMCSimulated with both
// branches made priority stations (non-preemptive, preemptive), which
// with the forking class alone serve in FCFS order: the chain gives
// the FCFS fork's value, 3.409226 s. λ = 0.5. For seeds 1–3, 200 000 s
// each, 30 batches, the 99.9 % batch-means interval of the jobs' mean
// response covers the exact CTMC's value; the interval of the three
// seeds' 90 batches together covers it too, and for SIRO excludes
// E[max_i n_i]/λ = 2.839814 s, what the chain of the branch counts would
// give (SIRO's tasks overtake). Each interval fails by chance with
// probability 0.1 %.
func TestForkJoinCTMCPickSimulated(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		exact, old float64
	}{
		{"siro + delay", `arrivals: {to: f, rate: 0.5}
stations:
  - {name: f, kind: fork}
  - {name: a, discipline: siro, service: {dist: exp, mean: 1}}
  - {name: b, servers: inf, service: {dist: exp, mean: 2}}
  - {name: j, kind: join}
routing:
  f: {split: {a: 1, b: 1}}
  a: {j: 1}
  b: {j: 1}
`, 3.024675, 2.839814},
		{"priority2 + preemptive1", `arrivals: {to: f, rate: 0.5}
stations:
  - {name: f, kind: fork}
  - {name: a, servers: 2, discipline: priority, service: {dist: exp, mean: 2}}
  - {name: b, discipline: preemptive-priority, service: {dist: exp, mean: 1}}
  - {name: j, kind: join}
routing:
  f: {split: {a: 1, b: 1}}
  a: {j: 1}
  b: {j: 1}
`, 3.409226, math.NaN()},
	} {
		forkAgainstSim(t, tc.name, tc.file, tc.exact, tc.old)
	}
}

// afterJoin is the network of TestForkJoinCTMCAfterJoinSimulated: a
// fork (λ = 0.4) into two exponential single-server branches of mean 1,
// whose join sends every job to d, one exponential server of mean 1. It
// returns the network, the exact CTMC's mean responses of the network
// and of d, and what they would be were d an M/M/1 queue fed a Poisson
// stream.
func afterJoin(t *testing.T) (n *Network, exact, mm1 map[string]float64) {
	n, err := Parse("after-join.yaml", []byte(`arrivals: {to: f, rate: 0.4}
stations:
  - {name: f, kind: fork}
  - {name: a, service: {dist: exp, mean: 1}}
  - {name: b, service: {dist: exp, mean: 1}}
  - {name: j, kind: join}
  - {name: d, service: {dist: exp, mean: 1}}
routing:
  f: {split: {a: 1, b: 1}}
  a: {j: 1}
  b: {j: 1}
  j: {d: 1}
`))
	require.NoError(t, err)
	an, err := n.Analytic()
	require.NoError(t, err)
	ms, err := analytic.SolveNetwork(an)
	require.NoError(t, err)
	exact = map[string]float64{}
	for _, m := range ms {
		if m.Name == queueing.MeanResponse && m.Method == analytic.MethodCTMC && m.Class == "" {
			exact[m.Station] = m.Value
		}
	}
	require.InDelta(t, 4.056951, exact[NetworkStation], 1e-6)
	require.InDelta(t, 1.640285, exact["d"], 1e-6)
	forkJoin := (12 - 0.4) / 8 / 0.6
	require.InDelta(t, forkJoin, exact["f"], 1e-9, "the fork/join section: Nelson and Tantawi's exact value")
	mm1 = map[string]float64{NetworkStation: forkJoin + 1/(1-0.4), "d": 1 / (1 - 0.4)}
	return n, exact, mm1
}

// afterJoinPooled simulates afterJoin's network for each seed over dur
// seconds (30 batches) and returns, per metric (the network's and d's
// mean response, both read from each seed's one run), the seeds'
// batches pooled. With perSeed it also asserts that each seed's 99.9 %
// batch-means interval covers the exact value.
func afterJoinPooled(t *testing.T, n *Network, exact map[string]float64, seeds []uint64, dur float64, perSeed bool) map[string]*Metric {
	pooled := map[string]*Metric{NetworkStation: {}, "d": {}}
	for _, seed := range seeds {
		r := run(t, n, seed, dur)
		for _, st := range []string{NetworkStation, "d"} {
			p := pooled[st]
			m, ok := r.Metric(st, "", "mean_response")
			require.True(t, ok)
			if perSeed {
				est, hw := ci(m, 0.001)
				assert.InDelta(t, exact[st], est, hw, "%s seed %d: %v ± %v", st, seed, est, hw)
			}
			p.Num, p.Den = append(p.Num, m.Num...), append(p.Den, m.Den...)
		}
	}
	return pooled
}

// TestForkJoinCTMCAfterJoinSimulated: jobs going on after the join (the
// network of afterJoin). The chain gives d's mean response 1.6403 s, not
// the 1.6667 s of an M/M/1 queue (the joined jobs are not a Poisson
// stream), and the network's, fork to leaving d, 4.0570 s, not 4.0833 s.
// For seeds 1–3, 200 000 s each, 30 batches, the 99.9 % batch-means
// intervals of the network's and d's mean response cover the exact
// values, and so do those of the three seeds' 90 batches together (each
// interval fails by chance with probability 0.1 %). These intervals are
// too wide (about ±0.044 and ±0.027) to tell the exact values from the
// M/M/1 ones, 0.026 apart: TestForkJoinCTMCAfterJoinNotPoisson, behind
// the long tag, does that.
func TestForkJoinCTMCAfterJoinSimulated(t *testing.T) {
	n, exact, mm1 := afterJoin(t)
	pooled := afterJoinPooled(t, n, exact, []uint64{1, 2, 3}, 200_000, true)
	for _, st := range []string{NetworkStation, "d"} {
		est, hw := ci(*pooled[st], 0.001)
		assert.InDelta(t, exact[st], est, hw, "%s pooled: %v ± %v", st, est, hw)
		t.Logf("%s: exact %.4f, M/M/1 %.4f, simulated %.4f ± %.4f (99.9 %%, 90 batches)", st, exact[st], mm1[st], est, hw)
	}
}
