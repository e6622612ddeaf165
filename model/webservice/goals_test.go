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
	sc, err := System.Scenario(name)
	require.NoError(t, err)
	var pb scenario.Playbook
	if withPlaybook {
		pb, err = scenario.LoadFile(filepath.Join("..", "..", "playbooks", "web-"+name+".yaml"), Controls)
		require.NoError(t, err)
	}
	e, err := New(scenario.DES, name, seed)
	require.NoError(t, err)
	r, err := scenario.Run(e, pb, sc.Minutes)
	require.NoError(t, err)
	return r
}

// TestCrisisGoals checks, for each crisis on seeds 1..10, that doing
// nothing fails at least one goal and the shipped playbook meets them all,
// each on at least 9 of the 10 seeds.
func TestCrisisGoals(t *testing.T) {
	if testing.Short() {
		t.Skip("60 scenario runs")
	}
	for _, name := range []string{"bad-build", "viral-link", "cache-flush"} {
		var mu sync.Mutex
		failsIdle, meetsPlaybook := 0, 0
		t.Run(name, func(t *testing.T) {
			for seed := uint64(1); seed <= 10; seed++ {
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
		t.Logf("%s: no action fails on %d/10 seeds, playbook meets all goals on %d/10", name, failsIdle, meetsPlaybook)
		assert.GreaterOrEqual(t, failsIdle, 9, "%s: doing nothing should fail a goal", name)
		assert.GreaterOrEqual(t, meetsPlaybook, 9, "%s: the playbook should meet every goal", name)
	}
}
