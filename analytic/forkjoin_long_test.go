//go:build long

package analytic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSolveForkJoinFourBranchesWithCTMC is TestSolveForkJoin's
// four-branch case as SolveNetwork meets it by default, the exact CTMC
// tried (about 5 CPU s, hence build tag long, and no values from it for
// this shape): the closed form's values are still there.
func TestSolveForkJoinFourBranchesWithCTMC(t *testing.T) {
	ms, err := SolveNetwork(forkNet(4, 0.5, 1))
	require.NoError(t, err)
	assert.False(t, metric(t, ms, "f", "", "mean_response", MethodNelsonTantawiApprox).Exact)
	assert.True(t, metric(t, ms, "f", "", "throughput", MethodNelsonTantawiApprox).Exact)
}
