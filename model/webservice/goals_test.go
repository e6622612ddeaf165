package webservice

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/scenario"
)

// runScenario runs the des engine on a scenario for its default length,
// with the reference playbook or with no action.
func runScenario(t testing.TB, name string, seed uint64, withPlaybook bool) *scenario.Result {
	t.Helper()
	var pb scenario.Playbook
	if withPlaybook {
		var err error
		pb, err = scenario.LoadFile(filepath.Join("..", "..", "playbooks", "web-"+name+".yaml"), Controls)
		require.NoError(t, err)
	}
	return runWith(t, scenario.DES, name, seed, pb)
}

// runWith runs an engine of the given kind on a scenario for its default
// length with playbook pb.
func runWith(t testing.TB, kind scenario.EngineKind, name string, seed uint64, pb scenario.Playbook) *scenario.Result {
	t.Helper()
	sc, err := System.Scenario(name)
	require.NoError(t, err)
	e, err := New(kind, name, seed)
	require.NoError(t, err)
	r, err := scenario.Run(e, pb, sc.Minutes)
	require.NoError(t, err)
	return r
}

// checkCrisisGoals checks, for each crisis on seeds 1..n, that doing
// nothing fails at least one goal and the shipped playbook meets them
// all, each on at least need of the n seeds.
func checkCrisisGoals(t *testing.T, n, need int) {
	for _, name := range []string{"bad-build", "viral-link", "cache-flush"} {
		var mu sync.Mutex
		failsIdle, meetsPlaybook := 0, 0
		t.Run(name, func(t *testing.T) {
			for seed := uint64(1); seed <= uint64(n); seed++ {
				for _, pb := range []bool{false, true} {
					t.Run(fmt.Sprintf("seed%d/playbook=%v", seed, pb), func(t *testing.T) {
						t.Parallel()
						r := runScenario(t, name, seed, pb)
						for _, g := range r.Goals {
							t.Logf("%-55s %8.4g %s %g met=%v", g.Name, g.Value, g.Op, g.Target, g.Met)
						}
						mu.Lock()
						defer mu.Unlock()
						if pb && r.Met() {
							meetsPlaybook++
						}
						if !pb && !r.Met() {
							failsIdle++
						}
					})
				}
			}
		})
		t.Logf("%s: no action fails on %d/%d seeds, playbook meets all goals on %d/%d", name, failsIdle, n, meetsPlaybook, n)
		assert.GreaterOrEqual(t, failsIdle, need, "%s: doing nothing should fail a goal", name)
		assert.GreaterOrEqual(t, meetsPlaybook, need, "%s: the playbook should meet every goal", name)
	}
}

// TestCrisisGoals is the short form of the calibration proof
// (TestCrisisGoalsTenSeeds, build tag long): on seeds 1..3 doing nothing
// fails a goal and the playbook meets every goal, on every seed.
func TestCrisisGoals(t *testing.T) {
	if testing.Short() {
		t.Skip("18 scenario runs")
	}
	checkCrisisGoals(t, 3, 3)
}

// TestViralLinkLoopholes: the cheap ways around viral-link that the goals
// must not reward — each fails a goal on seed 1 although it keeps errors
// and latency down, while the reference playbook meets all of them:
//
//   - a fixed fleet of 16 all morning carries the largest surge, but pays
//     for idle capacity before and after it ($8.00 > $7.50);
//   - shedding all low-priority traffic refuses 30 % of the requests;
//   - turning recommendations off degrades every request;
//   - the autoscaler at its usual 60 % target reacts too late (8-minute
//     boots): errors.
func TestViralLinkLoopholes(t *testing.T) {
	if testing.Short() {
		t.Skip("4 scenario runs")
	}
	t.Parallel()
	for _, tc := range []struct {
		at   string
		goal int // index of the goal it must fail
	}{
		{"0m:min-instances=16", 3},
		{"0m:shed-low=100%", 2},
		{"0m:recommendations=off", 2},
		{"0m:autoscale=on", 0},
	} {
		t.Run(tc.at, func(t *testing.T) {
			t.Parallel()
			pb, err := scenario.ParseAt(tc.at, Controls)
			require.NoError(t, err)
			r := runWith(t, scenario.DES, "viral-link", 1, pb)
			for _, g := range r.Goals {
				t.Logf("%-55s %8.4g %s %g met=%v", g.Name, g.Value, g.Op, g.Target, g.Met)
			}
			assert.False(t, r.Goals[tc.goal].Met, "%s should fail %q", tc.at, r.Goals[tc.goal].Name)
		})
	}
}
