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
// sweep converged unchecked was reported as not converging). The default
// run tries the first three limits and the last dozen before the sweeps
// an unlimited solve needs (where the residual starts to pass; on the
// ring, limits there converge unchecked) and two past them;
// TestSweepLimitJudgedByTheResidualEveryLimit (//go:build long) tries
// every limit from 1.
func TestSweepLimitJudgedByTheResidual(t *testing.T) {
	checkSweepLimits(t, func(need int) []int {
		most := []int{1, 2, 3}
		for m := max(4, need-12); m <= need+2; m++ {
			most = append(most, m)
		}
		return most
	})
}

// checkSweepLimits solves the ring of three (population 12) and the open
// desk once unlimited, for the sweeps they need, then with MaxSweeps set
// to each of limits(need), and requires the solve to succeed exactly when
// the residual it returns passes the test. Each model is solved twice:
// with the aggregation steps its size takes (from aggregateFrom states)
// and by plain sweeps — only there does a limit fall on a sweep whose
// residual the loop skips, so only there can the last sweep's own check
// be missed (with the steps, both models converge before any limit
// reaches it).
func checkSweepLimits(t *testing.T, limits func(need int) []int) {
	af := aggregateFrom
	t.Cleanup(func() { aggregateFrom = af })
	for _, plain := range []bool{false, true} {
		aggregateFrom = af
		if plain {
			aggregateFrom = math.MaxInt
		}
		t.Logf("plain sweeps: %v", plain)
		sweepLimits(t, limits)
	}
}

func sweepLimits(t *testing.T, limits func(need int) []int) {
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
		for _, most := range limits(need) {
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
