//go:build long

package network

import (
	"testing"

	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/des/queueing"
)

// sharedForkFile forks each query (λ = 0.25) into a task for an index
// served by processor sharing, which scans (λ = 0.2, a second class) use
// too, and one for a remote lookup (a delay station); all means 1 but the
// lookup's 1.5.
const sharedForkFile = `classes:
  - {name: query, arrivals: {to: split, rate: 0.25}}
  - {name: scan, arrivals: {to: index, rate: 0.2}}
stations:
  - {name: split, kind: fork}
  - {name: index, discipline: ps, service: {query: {dist: exp, mean: 1}, scan: {dist: exp, mean: 1}}}
  - {name: lookup, servers: inf, service: {query: {dist: exp, mean: 1.5}}}
  - {name: merge, kind: join}
routing:
  split: {split: {index: 1, lookup: 1}}
  index: {query: {merge: 1}}
  lookup: {query: {merge: 1}}
`

// TestForkSharedBranchCTMCSimulated simulates sharedForkFile for seeds
// 1–3, 200 000 s each, 30 batches: the 99.9 % batch-means interval of
// the queries' mean response (fork to join), of their mean sync delay at
// the join and of the scans' mean number at the index cover the exact
// CTMC's values, for each seed and for the 90 batches together; the
// pooled interval of the response excludes 2.151 s, the chain's value
// for the fork without the scans (what a chain ignoring the index's
// other class would give). Each interval fails by chance with
// probability 0.1 %. A long test: the chain has 84 000 states (about 4
// CPU s) and the runs as much again.
func TestForkSharedBranchCTMCSimulated(t *testing.T) {
	n, err := Parse("fork-join-shared.yaml", []byte(sharedForkFile))
	require.NoError(t, err)
	an, err := n.Analytic()
	require.NoError(t, err)
	ms, err := analytic.SolveNetwork(an)
	require.NoError(t, err)
	checks := []simCheck{
		{"split", "query", queueing.MeanResponse, 2.550},
		{"merge", "query", queueing.MeanSyncDelay, 0.8907},
		{"index", "scan", queueing.MeanInSystem, 0.3636},
	}
	for k, c := range checks {
		found := false
		for _, m := range ms {
			if m.Station == c.station && m.Class == c.class && m.Name == c.name && m.Method == analytic.MethodCTMC {
				require.InDelta(t, c.exact, m.Value, 5e-4, "%s %s %s", c.station, c.class, c.name)
				checks[k].exact, found = m.Value, true
			}
		}
		require.True(t, found, "no exact CTMC value of %s %s %s", c.station, c.class, c.name)
	}
	checksAgainstSim(t, n, checks, 2.151)
}
