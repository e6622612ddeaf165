package serve

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
)

// The tandem line's stations are M/M/1 queues (P(wait) = ρ = 0.4 and
// 0.64); given 2 servers, `second` is an M/M/2 queue with a = λS =
// 0.8 × 0.8 = 0.64 erlangs and P(wait) = C(2, 0.64) ≈ 0.155. The simulation's mean wait implies the
// same probability within its interval (95 % intervals, seed 1, 40 000
// simulated seconds; one in twenty would miss by chance, so the check
// widens it to 3 half-widths, about 99.9 %). Stations that are not
// Erlang C (deterministic service, PS, a finite buffer, patience) get
// none.
func TestNetPWait(t *testing.T) {
	l, err := OpenNetwork("tandem.yaml", catalogueSource(t, "tandem.yaml"), 1)
	require.NoError(t, err)
	require.NoError(t, l.RunUntil(40000))
	got := netPWaits(l.Graph(), l.Analytic().Formulas, l.Estimates())
	require.Len(t, got, 2)
	for i, want := range []float64{0.4, 0.64} {
		assert.InDelta(t, want, float64(got[i].PWait), 1e-9, got[i].Station)
		require.False(t, math.IsNaN(float64(got[i].Implied)), got[i].Station)
		assert.InDelta(t, want, float64(got[i].Implied), 3*float64(got[i].ImpliedHalf), "%s: the measured wait implies P(wait)", got[i].Station)
	}

	require.NoError(t, l.Apply(NetChange{Kind: "servers", Station: "second", Value: "2"}))
	got = netPWaits(l.Graph(), l.Analytic().Formulas, l.Estimates())
	require.Len(t, got, 2)
	assert.Equal(t, 2, got[1].Servers)
	assert.InDelta(t, 0.64, float64(got[1].Load), 1e-9)
	assert.InDelta(t, analytic.ErlangC(2, 0.64), float64(got[1].PWait), 1e-12)
	assert.Less(t, float64(got[1].PWait), 0.64, "a second server: fewer wait")

	require.NoError(t, l.Apply(NetChange{Kind: "service", Station: "first", Value: "det"}))
	got = netPWaits(l.Graph(), l.Analytic().Formulas, l.Estimates())
	for _, g := range got {
		assert.NotEqual(t, "first", g.Station, "deterministic service is not Erlang C")
	}
	for _, name := range []string{"ps-insensitivity.yaml", "loss-mmck.yaml", "call-centre.yaml", "central-server.yaml"} {
		l, err := OpenNetwork(name, catalogueSource(t, name), 1)
		require.NoError(t, err)
		assert.Empty(t, netPWaits(l.Graph(), l.Analytic().Formulas, l.Estimates()), name)
	}
}
