//go:build long

package webservice

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/scenario"
)

// TestCrisisGoalsTenSeeds is the calibration proof of the web crises: on
// seeds 1..10 doing nothing fails at least one goal and the reference
// playbook meets every goal, each on at least 9 of the 10 seeds (60
// scenario runs, minutes of CPU: build tag long).
func TestCrisisGoalsTenSeeds(t *testing.T) {
	checkCrisisGoals(t, 10, 9)
}

// TestLostForGoodIsFinal: a goal that lostForGood declares lost during a
// run (with or without the reference playbook) is not met at the end of
// it, on seeds 1..3 of every crisis: a check that the early stop of the
// runs in TestCrisisGoals and TestViralLinkLoopholes does not turn a met
// goal into a failure.
func TestLostForGoodIsFinal(t *testing.T) {
	for _, name := range []string{"bad-build", "viral-link", "cache-flush"} {
		for seed := uint64(1); seed <= 3; seed++ {
			for _, withPlaybook := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/seed%d/playbook=%v", name, seed, withPlaybook), func(t *testing.T) {
					t.Parallel()
					var pb scenario.Playbook
					if withPlaybook {
						var err error
						pb, err = scenario.LoadFile(filepath.Join("..", "..", "playbooks", "web-"+name+".yaml"), Controls)
						require.NoError(t, err)
					}
					sc, err := System.Scenario(name)
					require.NoError(t, err)
					e, err := New(scenario.DES, name, seed)
					require.NoError(t, err)
					d := e.(*DES)
					lost := map[int]bool{}
					for m := range sc.Minutes {
						for _, a := range pb.At(m) {
							require.NoError(t, e.Apply(a))
						}
						e.Step()
						rest := 0.0
						for r := m + 1; r < sc.Minutes; r++ {
							rest += 60 * d.core.cfg.baseRate(r) * maxRateFactor
						}
						for i, g := range e.Goals() {
							if m+1 < sc.Minutes && lostForGood(d, i, g, rest) {
								lost[i] = true
							}
						}
					}
					final := e.Goals()
					for i := range lost {
						assert.False(t, final[i].Met, "%q was declared lost but is met at the end", final[i].Name)
					}
				})
			}
		}
	}
}
