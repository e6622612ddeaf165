//go:build long

package paymentswitch

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/scenario"
)

// longTests: the build tag long is set; the ten-seed proofs and the long
// storm runs run in full.
const longTests = true

// TestRetryStorm: on sale-surge, 9 servers ordered at minute 10 (288
// slots: 92 % busy at the sale's 800 tx/s, enough without retries) do not
// end the immediate-retry storm — approval over minutes 20–34 stays near
// 0 — because the retries keep the offered load near 0.3·λ ≥ N/S, where
// goodput is 0; the same servers with load shedding bring approval back
// above 90 % (measured 97 % on seed 1).
func TestRetryStorm(t *testing.T) {
	t.Parallel()
	at := func(s string) scenario.Playbook {
		pb, err := scenario.ParseAt(s, Controls)
		require.NoError(t, err)
		return pb
	}
	approvalAfter := func(pb scenario.Playbook) float64 {
		e, err := New(scenario.DES, SaleSurge, 1)
		require.NoError(t, err)
		r, err := scenario.Run(e, pb, 35)
		require.NoError(t, err)
		return mean(r.Series("good_approval")[20:35])
	}
	storm := approvalAfter(at("10m:servers=9"))
	shed := approvalAfter(at("10m:servers=9,shedding=on"))
	assert.Less(t, storm, 0.2, "servers alone should not end the storm")
	assert.Greater(t, shed, 0.9, "shedding should break the storm")
}
