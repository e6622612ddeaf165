package ctmc_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
)

// TestDrawnFlowsCountRebalks: at a station whose customers draw their
// next station at their start (s feeds b, which blocks before service,
// with probability 0.4) and come back to it with probability 0.3,
// finding it without themselves and balking by its join
// probabilities, what is offered to s is what it serves plus what balks
// there (nobody is lost or abandons), to 1e-9; and customers do come
// back (more is offered than the 0.9 from outside). Counting no balking
// among those coming back breaks the balance by 0.03.
func TestDrawnFlowsCountRebalks(t *testing.T) {
	e := func(mean float64) *ctmc.PH { p := ctmc.Exponential(mean); return &p }
	m := &ctmc.Model{
		Stations: []ctmc.Station{
			{Name: "s", Servers: 1, JoinProb: []float64{1, 0.8, 0.5, 0.2, 0}, Service: []*ctmc.PH{e(0.5)}},
			{Name: "b", Servers: 1, Capacity: 1, Blocking: ctmc.BeforeStart, Service: []*ctmc.PH{e(0.9)}}},
		Classes: []ctmc.Class{{Name: "job", Rate: 0.9, Source: 0}},
		Routing: [][]float64{{0.3, 0.4}, {0, 0}},
	}
	sol, err := ctmc.Solve(m, ctmc.Options{})
	require.NoError(t, err)
	s := sol.Stations[0]
	assert.InDelta(t, s.Offered[0], s.Throughput[0]+s.Balked[0], 1e-9, "offered at s")
	assert.Zero(t, s.Lost[0])
	assert.Greater(t, s.Offered[0], 0.9+0.1, "customers come back to s")
}
