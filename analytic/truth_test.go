package analytic

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
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

// TestSolveInfiniteVariance (issues 19.3, 20.10): service of infinite
// variance (Pareto α ≤ 2, SCV +Inf) keeps the exact throughput and
// utilisation, gives M/G/1 FCFS a mean wait of +Inf (P-K: E[S²] = ∞), and
// leaves PS insensitive and finite; it is never an error.
func TestSolveInfiniteVariance(t *testing.T) {
	inf := math.Inf(1)
	ms, err := SolveNetwork(single(NetStation{Name: "q", Servers: 1, Mean: []float64{1}, SCV: []float64{inf}}, 0.5, 1))
	require.NoError(t, err)
	assert.InDelta(t, 0.5, metric(t, ms, "q", "job", "throughput", MethodTraffic).Value, 1e-12)
	assert.InDelta(t, 0.5, metric(t, ms, "q", "job", "utilization", MethodTraffic).Value, 1e-12)
	for _, name := range []string{"mean_wait", "mean_in_queue", "mean_response", "mean_in_system"} {
		m := metric(t, ms, "q", "job", queueing.Metric(name), MethodPK)
		assert.True(t, math.IsInf(m.Value, 1), name)
		assert.True(t, m.Exact, name)
	}
	ps := single(NetStation{Name: "q", Servers: 1, Discipline: queueing.PS, Mean: []float64{1}, SCV: []float64{inf}}, 0.5, 1)
	ms, err = SolveNetwork(ps)
	require.NoError(t, err)
	assert.InDelta(t, 2, metric(t, ms, "q", "job", "mean_response", MethodInsensitive).Value, 1e-12)
	// In a network QNA needs finite variances: the traffic figures stay.
	p := matrix(2)
	p[0][1] = 1
	n := Network{
		Stations: []NetStation{{Name: "a", Servers: 1, Mean: []float64{1}, SCV: []float64{inf}}, expStation("b", 1, 1)},
		Classes:  []NetClass{{Name: "job", Rate: 0.5, ArrivalSCV: 1}},
		Routing:  p,
	}
	ms, err = SolveNetwork(n)
	require.NoError(t, err)
	assert.InDelta(t, 0.5, metric(t, ms, "b", "job", "utilization", MethodTraffic).Value, 1e-12)
	assert.False(t, hasMethod(ms, MethodQNA))
	_, err = QNA(n)
	assert.ErrorContains(t, err, "finite variance")
}

// TestSolveSmallerLabels (issue 19, smaller ones): a FCFS station with as
// many places as servers is Erlang B (any service law), as the same
// station written as a delay station with a capacity is; a single station
// that loses customers gives its network rows (p_loss, p_abandon,
// throughput, customers) too; LCFS-PR on two servers is not labelled
// M/G/1-PS insensitivity.
func TestSolveSmallerLabels(t *testing.T) {
	ms, err := SolveNetwork(single(NetStation{Name: "q", Servers: 3, Capacity: 3, Mean: []float64{1}, SCV: []float64{4}}, 2, 1))
	require.NoError(t, err)
	b := ErlangB(3, 2)
	assert.InDelta(t, b, metric(t, ms, "q", "job", "p_loss", MethodErlangB).Value, 1e-12)
	assert.InDelta(t, b, metric(t, ms, "network", "", "p_loss", MethodErlangB).Value, 1e-12)
	assert.InDelta(t, 2*(1-b), metric(t, ms, "network", "job", "throughput", MethodErlangB).Value, 1e-12)
	assert.InDelta(t, 1, metric(t, ms, "network", "", "mean_response", MethodErlangB).Value, 1e-12)

	ea := ErlangA{5, 6, 1, 0.5}
	ms, err = SolveNetwork(single(NetStation{Name: "q", Servers: 5, Mean: []float64{1}, SCV: []float64{1}, Patience: 2, PatienceSCV: 1}, 6, 1))
	require.NoError(t, err)
	assert.InDelta(t, ea.ProbAbandon(), metric(t, ms, "network", "job", "p_abandon", MethodErlangA).Value, 1e-12)

	ms, err = SolveNetwork(single(NetStation{Name: "q", Servers: 2, Discipline: queueing.LCFSPR, Mean: []float64{1}, SCV: []float64{1}}, 1.5, 1))
	require.NoError(t, err)
	assert.InDelta(t, MMc{2, 1.5, 1}.MeanNumberInSystem(), metric(t, ms, "q", "job", "mean_in_system", MethodErlangC).Value, 1e-12)
	assert.False(t, hasMethod(ms, MethodInsensitive))
}

// TestSolveLossDownstream (issue 19, smaller): a loss station fed by an
// M/M/1 queue (Burke, Melamed: the Jackson part's exit flows are Poisson)
// is solved exactly, and so is the Jackson part, which its losses cannot
// reach; the station downstream of the losses gets nothing. With feedback
// from the loss station into the Jackson part nothing is exact but the
// arrival rates, and nothing is given.
func TestSolveLossDownstream(t *testing.T) {
	p := matrix(3)
	p[0][1], p[0][2], p[1][2] = 0.7, 0.3, 1
	n := Network{
		Stations: []NetStation{expStation("a", 1, 0.3), {Name: "b", Servers: 2, Capacity: 2, Mean: []float64{1}, SCV: []float64{4}}, expStation("c", 1, 0.2)},
		Classes:  []NetClass{{Name: "job", Rate: 2, ArrivalSCV: 1}},
		Routing:  p,
	}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	assert.InDelta(t, 0.3/(1-0.6), metric(t, ms, "a", "job", "mean_response", MethodJackson).Value, 1e-12)
	assert.InDelta(t, ErlangB(2, 1.4), metric(t, ms, "b", "job", "p_loss", MethodErlangB).Value, 1e-12)
	assert.InDelta(t, 1.4*(1-ErlangB(2, 1.4)), metric(t, ms, "b", "job", "throughput", MethodErlangB).Value, 1e-12)
	for _, m := range ms {
		assert.NotEqual(t, "c", m.Station, "downstream of the losses: %+v", m)
		assert.NotEqual(t, "network", m.Station, "%+v", m)
	}
	p[1][2], p[1][0] = 0, 0.5
	ms, err = SolveNetwork(n)
	require.NoError(t, err)
	assert.Empty(t, ms)
}
