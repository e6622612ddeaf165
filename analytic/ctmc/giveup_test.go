package ctmc

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSweepLimitJudgedByTheResidual: with the sweeps capped at m, the
// solve succeeds exactly when the residual it ends with passes the test.
// The sweeps' bound may skip the residual on the last sweep allowed; the
// residual, not the bound, decides there too (before, a solve whose last
// sweep converged unchecked was reported as not converging).
func TestSweepLimitJudgedByTheResidual(t *testing.T) {
	for _, m := range []*Model{ringOfThree(12), openDesk()} {
		c := newChain(m, initialOpen(m), DefaultMaxStates)
		require.NoError(t, c.build())
		big := 0.0
		for _, o := range c.out {
			big = math.Max(big, o)
		}
		opt := Options{}.withDefaults()
		_, need, _, err := c.gaussSeidel(opt)
		require.NoError(t, err)
		skipped := 0
		for most := 1; most <= need+2; most++ {
			opt.MaxSweeps = most
			pi, _, res, err := c.gaussSeidel(opt)
			passes := res <= opt.Residual*big
			require.Equal(t, passes, err == nil, "MaxSweeps %d: residual %g, target %g, err %v", most, res, opt.Residual*big, err)
			if passes {
				require.NotNil(t, pi)
			}
			if passes && most < need {
				skipped++
			}
		}
		t.Logf("%d states, %d sweeps, %d earlier limits already converged", c.states(), need, skipped)
	}
}
