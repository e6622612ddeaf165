//go:build long

package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestForkJoinCTMCAfterJoinNotPoisson: the network of afterJoin, seeds
// 1–6, 2 000 000 s each, 30 batches per seed. The 99.9 % batch-means
// interval of the six seeds' 180 batches together, of the network's and
// of d's mean response, covers the exact CTMC's value and excludes what
// an M/M/1 station d fed a Poisson stream would give (d 1.6667 s against
// the exact 1.6403 s; network 4.0833 s against 4.0570 s), so a chain that
// treated the joined jobs as a Poisson stream fails. Each interval fails
// by chance with probability 0.1 %; the half-widths, about 0.010 and
// 0.006, are well under half the 0.026 gap.
func TestForkJoinCTMCAfterJoinNotPoisson(t *testing.T) {
	n, exact, mm1 := afterJoin(t)
	pooled := afterJoinPooled(t, n, exact, []uint64{1, 2, 3, 4, 5, 6}, 2_000_000, false)
	for _, st := range []string{NetworkStation, "d"} {
		est, hw := ci(*pooled[st], 0.001)
		assert.InDelta(t, exact[st], est, hw, "%s pooled: %v ± %v", st, est, hw)
		assert.Greater(t, math.Abs(est-mm1[st]), hw, "%s: indistinguishable from M/M/1 %v: %v ± %v", st, mm1[st], est, hw)
		t.Logf("%s: exact %.4f, M/M/1 %.4f, simulated %.4f ± %.4f (99.9 %%, 180 batches)", st, exact[st], mm1[st], est, hw)
	}
}
