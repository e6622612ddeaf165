package analytic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSolveParallelPK (issue 19, smaller): two M/G/1 stations side by
// side, each fed by its own Poisson class and left at once, are
// Pollaczek–Khinchine queues exactly; they are labelled so (and the
// network figures exact), not "QNA approximate".
func TestSolveParallelPK(t *testing.T) {
	n := Network{
		Stations: []NetStation{
			{Name: "d", Servers: 1, Mean: []float64{1, 0}, SCV: []float64{0, 1}},
			{Name: "h", Servers: 1, Mean: []float64{0, 0.5}, SCV: []float64{1, 4}},
		},
		Classes: []NetClass{{Name: "x", Rate: 0.5, ArrivalSCV: 1, Source: 0}, {Name: "y", Rate: 1, ArrivalSCV: 1, Source: 1}},
		Routing: matrix(4),
	}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	// M/D/1 at ρ = 0.5: Wq = ρ·S·(1 + 0)/(2(1 − ρ)) = 0.5; M/H2/1 at
	// ρ = 0.5, S = 0.5, c² = 4: Wq = 0.5·0.5·5/(2·0.5) = 1.25.
	d := metric(t, ms, "d", "x", "mean_wait", MethodPK)
	assert.InDelta(t, 0.5, d.Value, 1e-12)
	assert.True(t, d.Exact)
	h := metric(t, ms, "h", "y", "mean_wait", MethodPK)
	assert.InDelta(t, 1.25, h.Value, 1e-12)
	assert.True(t, h.Exact)
	net := metric(t, ms, "network", "y", "mean_response", MethodPK)
	assert.InDelta(t, 1.75, net.Value, 1e-12)
	assert.True(t, net.Exact)
	assert.False(t, hasMethod(ms, MethodQNA))
}
