package validate

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
)

// TestNearCriticalTwinDivergence backs the issuer-outage explanation of
// divergenceCause with the numbers it quotes. With an 800 ms issuer
// timeout and a 1000 u stand-in limit the slot pool runs at ρ ≈ 1:
//
//   - at λ = 404/s (ρ = 0.998) the twin's timeout share C·e^(−(N/S−λ)·2 s)
//     is over 100 times the abandonment of the M/M/c+D queue with 2 s
//     patience (27 % against 0.06 %);
//   - on seed 1 the des engine's mean good approval from the outage on is
//     at least 8 points above the twin's (99.8 % against 30 %), and its
//     retry storm (the first minute below 50 % approval) starts later
//     (here never: the twin's at minute 22).
func TestNearCriticalTwinDivergence(t *testing.T) {
	t.Parallel()
	held := func(mean float64) float64 { // 80 ms + E[min(L, T)] + P(L > T)·80 ms
		const T = 0.8
		return paymentswitch.SwitchTime + analytic.TimeoutHeldMean(mean, T) + math.Exp(-T/mean)*paymentswitch.ReversalTime
	}
	S := (1-paymentswitch.GroupBShare)*held(paymentswitch.IssuerMean) + paymentswitch.GroupBShare*held(12)
	const N, lam = 192, 404.0
	require.Less(t, lam*S/N, 1.0)
	twin := analytic.MMc{Servers: N, Lambda: lam, Mu: 1 / S}.ProbWaitExceeds(paymentswitch.QueueTimeout)
	mmcd := analytic.MMcD{Servers: N, Lambda: lam, Mu: 1 / S, Patience: paymentswitch.QueueTimeout}.ProbAbandon()
	assert.InDelta(t, 0.27, twin, 0.01)
	assert.Greater(t, twin, 100*mmcd)

	pb, err := scenario.ParseAt("5m:issuer-timeout=800ms,standin-limit=1000", paymentswitch.Controls)
	require.NoError(t, err)
	run := func(kind scenario.EngineKind) (approval float64, storm int) {
		e, err := paymentswitch.New(kind, paymentswitch.IssuerOutage, 1)
		require.NoError(t, err)
		r, err := scenario.Run(e, pb, 60)
		require.NoError(t, err)
		for m, v := range r.Series("good_approval") {
			if m >= paymentswitch.EventMinute && v < 0.5 {
				return r.Goals[1].Value, m
			}
		}
		return r.Goals[1].Value, 60 // no storm in the run: later than any minute of it
	}
	dA, dStorm := run(scenario.DES)
	fA, fStorm := run(scenario.Formula)
	t.Logf("good approval from the outage on: des %.3f, twin %.3f; storm from minute %d (des), %d (twin)", dA, fA, dStorm, fStorm)
	assert.Greater(t, dA-fA, 0.08)
	assert.Greater(t, dStorm, fStorm)
}
