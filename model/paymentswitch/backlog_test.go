package paymentswitch

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/model/scenario"
)

// TestAuthTimeLeavesOutBacklogRefusals checks auth_ms against its
// definition in two sale surges with no action where many attempts find
// the backlog full and are refused at once (seed 1). Such refusals never
// enter the queue, so they are not in the mean; counting them as 0 ms
// (the bug this test guards) read ≈ 1.3 s in the storm and ≈ 0.2 s with
// no queue.
//
//   - backlog 40 (default), minutes 12–24 (the run stops there: the
//     storm minutes are the costly ones): the switch is locked in the
//     retry storm, every counted attempt waited the 2 s queue timeout (or
//     nearly, then held a slot), so the mean is at least 1.95 s; the
//     formula twin, which has no backlog, gives 2.0 s.
//   - backlog 0 (a loss system), minutes 6–49: every counted attempt got
//     a slot at once and held it 80 ms + min(L, 8 s), so the mean is
//     S = 330 ms; the tolerance, 15 ms, is over 10 standard errors of the
//     34-minute mean (per-minute wobble of group B ±15 % on a quarter of
//     the traffic: SE ≈ 1 ms).
func TestAuthTimeLeavesOutBacklogRefusals(t *testing.T) {
	t.Parallel()
	S := 1000 * (SwitchTime + analytic.TimeoutHeldMean(IssuerMean, DefaultIssuerTimeout))
	for _, tc := range []struct {
		at       string
		from, to int
		lo, hi   float64 // bounds of the mean auth_ms over [from, to)
	}{
		{"0m:backlog=40", 12, 25, 1950, 1000 * (QueueTimeout + 0.2)},
		{"0m:backlog=0", 6, 50, S - 15, S + 15},
	} {
		t.Run(tc.at, func(t *testing.T) {
			t.Parallel()
			pb, err := scenario.ParseAt(tc.at, Controls)
			require.NoError(t, err)
			e, err := New(scenario.DES, SaleSurge, 1)
			require.NoError(t, err)
			r, err := scenario.Run(e, pb, tc.to)
			require.NoError(t, err)
			refused := 0.0
			for _, m := range r.Minutes[tc.from:tc.to] {
				refused += m[ColDroppedInQueue]
			}
			require.Greater(t, refused/float64(tc.to-tc.from), 0.1, "the test needs backlog refusals")
			got := mean(r.Series("auth_ms")[tc.from:tc.to])
			assert.GreaterOrEqual(t, got, tc.lo)
			assert.LessOrEqual(t, got, tc.hi)
		})
	}
}
