package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/des/queueing"
)

// forkCTMC returns the exact CTMC's mean response of the fork's jobs
// (fork to leaving the join) for network n.
func forkCTMC(t *testing.T, n *Network) float64 {
	t.Helper()
	an, err := n.Analytic()
	require.NoError(t, err)
	ms, err := analytic.SolveNetwork(an)
	require.NoError(t, err)
	for _, m := range ms {
		if m.Station == NetworkStation && m.Name == queueing.MeanResponse && m.Method == analytic.MethodCTMC {
			return m.Value
		}
	}
	require.Fail(t, "no exact CTMC job response")
	return math.NaN()
}

// TestForkJoinCTMCSimulated simulates two forks whose tasks overtake one
// another (λ = 0.5): a 2-server FCFS branch (mean 2) beside a 1-server
// one (mean 1), and a PS branch (mean 1) beside a delay branch (mean 2).
// For seeds 1–3, 200 000 s each, 30 batches, the 99.9 % batch-means
// interval of the jobs' mean response covers the exact CTMC's value;
// the interval of the three seeds' 90 batches together covers it too and
// excludes E[max_i n_i]/λ, what the chain of the branch counts would give
// (3.3179 s and 2.8398 s, from the same chain: analytic/ctmc
// TestJobForkNotMaxCount). Each interval fails by chance with
// probability 0.1 %.
func TestForkJoinCTMCSimulated(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		exact, old float64
	}{
		{"fcfs2 + fcfs1", `arrivals: {to: f, rate: 0.5}
stations:
  - {name: f, kind: fork}
  - {name: a, servers: 2, service: {dist: exp, mean: 2}}
  - {name: b, service: {dist: exp, mean: 1}}
  - {name: j, kind: join}
routing:
  f: {split: {a: 1, b: 1}}
  a: {j: 1}
  b: {j: 1}
`, 3.409226, 3.317887},
		{"ps + delay", `arrivals: {to: f, rate: 0.5}
stations:
  - {name: f, kind: fork}
  - {name: a, discipline: ps, service: {dist: exp, mean: 1}}
  - {name: b, servers: inf, service: {dist: exp, mean: 2}}
  - {name: j, kind: join}
routing:
  f: {split: {a: 1, b: 1}}
  a: {j: 1}
  b: {j: 1}
`, 3.074025, 2.839814},
	} {
		forkAgainstSim(t, tc.name, tc.file, tc.exact, tc.old)
	}
}

// forkAgainstSim checks the jobs' mean response of the fork network in
// file: the exact CTMC gives exact (to 1e-6); the 99.9 % batch-means
// interval of each of seeds 1–3 (200 000 s, 30 batches) and of their 90
// batches together covers it; and, unless old is NaN, the pooled
// interval excludes old, the value a wrong chain would give.
func forkAgainstSim(t *testing.T, name, file string, exact, old float64) {
	t.Helper()
	n, err := Parse(name+".yaml", []byte(file))
	require.NoError(t, err)
	got := forkCTMC(t, n)
	require.InDelta(t, exact, got, 1e-6, name)
	var pooled Metric
	for _, seed := range []uint64{1, 2, 3} {
		r := run(t, n, seed, 200_000)
		m, ok := r.Metric(NetworkStation, "", "mean_response")
		require.True(t, ok)
		est, hw := ci(m, 0.001)
		assert.InDelta(t, got, est, hw, "%s seed %d: %v ± %v", name, seed, est, hw)
		pooled.Num, pooled.Den = append(pooled.Num, m.Num...), append(pooled.Den, m.Den...)
	}
	est, hw := ci(pooled, 0.001)
	assert.InDelta(t, got, est, hw, "%s pooled: %v ± %v", name, est, hw)
	if !math.IsNaN(old) {
		assert.Greater(t, math.Abs(est-old), hw, "%s: indistinguishable from E[max n_i]/λ: %v ± %v", name, est, hw)
	}
	t.Logf("%s: exact %.4f, simulated %.4f ± %.4f (99.9 %%, 90 batches), max-count %.4f", name, got, est, hw, old)
}
