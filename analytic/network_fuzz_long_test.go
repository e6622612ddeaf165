//go:build long

package analytic

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSolveNetworkRandomCostly is TestSolveNetworkRandom on its
// costlyRandomSeeds (about 5 s of exact CTMC); both give metrics.
func TestSolveNetworkRandomCostly(t *testing.T) {
	for seed := range costlyRandomSeeds {
		assert.True(t, checkRandomNetwork(t, seed), "seed %d gave no metrics", seed)
	}
}
