package analytic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
	"queuelab/des/queueing"
)

// featNet is an open tandem a → b of one class, b's features set by f.
func featNet(f StationFeatures) Network {
	return Network{
		Stations: []NetStation{{Name: "a", Servers: 1, Mean: []float64{1}}, {Name: "b", Servers: 1, Mean: []float64{0.5}, StationFeatures: f}},
		Classes:  []NetClass{{Name: "job", Rate: 0.6, ArrivalSCV: 1}},
		Routing:  [][]float64{{0, 1}, {0, 0}},
	}
}

// TestCTMCModelMapsFeatures compares the bridge's model with one built by
// hand from package ctmc's fields.
func TestCTMCModelMapsFeatures(t *testing.T) {
	exp := func(mean float64) *ctmc.PH { p := ctmc.Exponential(mean); return &p }
	hand := func(b ctmc.Station) *ctmc.Model {
		b.Name, b.Servers, b.Service, b.Discipline = "b", 1, []*ctmc.PH{exp(0.5)}, ctmc.FCFS
		return &ctmc.Model{
			Stations: []ctmc.Station{{Name: "a", Servers: 1, Service: []*ctmc.PH{exp(1)}, Discipline: ctmc.FCFS}, b},
			Classes:  []ctmc.Class{{Name: "job", Rate: 0.6}},
			Routing:  [][]float64{{0, 1}, {0, 0}},
		}
	}
	for name, tc := range map[string]struct {
		f    StationFeatures
		want *ctmc.Model
	}{
		"buffer after service": {StationFeatures{Buffer: 2}, hand(ctmc.Station{Capacity: 2, Blocking: ctmc.AfterService})},
		"buffer before service": {StationFeatures{Buffer: 2, BlockBeforeService: true},
			hand(ctmc.Station{Capacity: 2, Blocking: ctmc.BeforeStart})},
		"rates and balking": {StationFeatures{RateMultipliers: []float64{1, 2}, JoinProbability: []float64{1, 0.5}},
			hand(ctmc.Station{RateScale: []float64{1, 2}, JoinProb: []float64{1, 0.5}})},
	} {
		got, err := featNet(tc.f).CTMCModel()
		require.NoError(t, err, name)
		assert.Equal(t, tc.want, got, name)
	}
}

// TestCTMCModelRandomRouter: a random router is continued through its
// row, and arrivals by MAP keep their matrices.
func TestCTMCModelRandomRouter(t *testing.T) {
	n := Network{
		Stations: []NetStation{{Name: "in", Servers: 1, Mean: []float64{0.5}}, {Name: "r", Servers: queueing.Infinite, Mean: []float64{0}, StationFeatures: StationFeatures{Router: "random"}},
			{Name: "x", Servers: 1, Mean: []float64{1}}, {Name: "y", Servers: 1, Mean: []float64{1}}},
		Classes: []NetClass{{Name: "job", Rate: 0.7, MAP: &MAP{D0: [][]float64{{-1.3, 0.1}, {0.05, -0.5}}, D1: [][]float64{{1.2, 0}, {0, 0.45}}}}},
		Routing: [][]float64{{0, 0.8, 0, 0}, {0, 0, 0.5, 0.5}, {0, 0, 0, 0}, {0, 0, 0, 0}},
	}
	m, err := n.CTMCModel()
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0, 0, 0.4, 0.4}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}, m.Routing)
	require.NotNil(t, m.Classes[0].MAP)
	assert.Equal(t, n.Classes[0].MAP.D1, m.Classes[0].MAP.D1)
	assert.Zero(t, m.Classes[0].Rate, "the MAP gives the rate")
	sol, err := ctmc.Solve(m, CTMCOptions)
	require.NoError(t, err)
	assert.InDelta(t, 0.7*0.4, sol.Stations[2].Throughput[0], 1e-9)
}

// TestCTMCModelRefuses: each feature the chain does not model is refused
// with its reason.
func TestCTMCModelRefuses(t *testing.T) {
	for want, n := range map[string]Network{
		"server schedule": featNet(StationFeatures{ServerSchedule: true}),
		"chooses by jsq":  featNet(StationFeatures{Router: "jsq"}),
		"time-varying arrival rate": func() Network {
			n := featNet(StationFeatures{})
			n.Classes[0].Varying = &Varying{At: []float64{0}, Rates: []float64{0.6}}
			return n
		}(),
		"arrives in batches": func() Network {
			n := featNet(StationFeatures{})
			n.Classes[0].Batch = &Batch{Mean: 2, SecondMoment: 6}
			return n
		}(),
	} {
		_, err := n.CTMCModel()
		assert.ErrorContains(t, err, want)
	}
}

// TestCTMCBeforeStartRefuses: before-service blocking outside the case
// the chain covers maps, and the chain then refuses it with the reason
// (a random next station it covers: ctmc's draws_test.go).
func TestCTMCBeforeStartRefuses(t *testing.T) {
	for want, n := range map[string]Network{
		`class "job" goes from station "b", which blocks before service, back to itself`: func() Network {
			n := featNet(StationFeatures{Buffer: 2, BlockBeforeService: true})
			n.Routing[1][1] = 0.5
			return n
		}(),
	} {
		m, err := n.CTMCModel()
		require.NoError(t, err, want)
		_, err = ctmc.Solve(m, CTMCOptions)
		assert.ErrorContains(t, err, want)
	}
}

// TestCTMCInitial: NetClass.Initial becomes Model.Initial, and the
// transient at time 0 is that state.
func TestCTMCInitial(t *testing.T) {
	n := featNet(StationFeatures{Buffer: 3})
	n.Classes[0].Initial = []int{2, 1}
	assert.Equal(t, [][]int{{2}, {1}}, n.ctmcInitial())
	vals, _, err := CTMCTransient(n, []float64{0})
	require.NoError(t, err)
	got := map[string]float64{}
	for _, m := range vals[0] {
		if m.Name == "mean_in_system" && m.Class == "" {
			got[m.Station] = m.Value
		}
	}
	assert.InDelta(t, 2, got["a"], 1e-9)
	assert.InDelta(t, 1, got["b"], 1e-9)
}

// TestCTMCRouterArrivals: Poisson arrivals at a random router in front of
// two M/M/1 servers are Bernoulli-split streams, so each server is M/M/1
// at λ/2: the chain (the class split in two) gives M/M/1's values.
func TestCTMCRouterArrivals(t *testing.T) {
	n := Network{
		Stations: []NetStation{{Name: "r", Servers: queueing.Infinite, Mean: []float64{0}, StationFeatures: StationFeatures{Router: "random"}},
			{Name: "x", Servers: 1, Mean: []float64{1}}, {Name: "y", Servers: 1, Mean: []float64{1}}},
		Classes: []NetClass{{Name: "job", Rate: 1.6, ArrivalSCV: 1}},
		Routing: [][]float64{{0, 0.5, 0.5}, {0, 0, 0}, {0, 0, 0}},
	}
	m, err := n.CTMCModel()
	require.NoError(t, err)
	require.Len(t, m.Classes, 2)
	assert.Equal(t, ctmc.Class{Name: "job", Rate: 0.8, Source: 2}, m.Classes[1])
	sol, err := NetworkCTMC(n)
	require.NoError(t, err)
	for _, i := range []int{1, 2} {
		require.Len(t, sol.Stations[i].InSystem, 1, "copies folded back")
		assert.InDelta(t, 0.8, sol.Stations[i].Throughput[0], 1e-9)
		assert.InDelta(t, 0.8/0.2, sol.Stations[i].InSystem[0], 1e-7) // ρ/(1−ρ)
	}
	n.Classes[0].MAP = &MAP{D0: [][]float64{{-1.6}}, D1: [][]float64{{1.6}}}
	_, err = n.CTMCModel()
	assert.ErrorContains(t, err, "not independent MAPs")
}

// TestCTMCTransientBufferRouter: a random router that holds the
// customers who drew a full buffer has its own rows in the transient
// too, not only at steady state: its mean number present at a late time
// is the steady state's (the transient once gave it no row, and the
// network page drew it as 0 against the simulator's 0.19 in
// router-buffer.yaml).
func TestCTMCTransientBufferRouter(t *testing.T) {
	n := Network{
		Stations: []NetStation{{Name: "in", Servers: 1, Mean: []float64{0.5}},
			{Name: "r", Servers: queueing.Infinite, Mean: []float64{0}, StationFeatures: StationFeatures{Router: "random"}},
			{Name: "x", Servers: 1, Mean: []float64{1}, StationFeatures: StationFeatures{Buffer: 1}}, {Name: "y", Servers: 1, Mean: []float64{1}}},
		Classes: []NetClass{{Name: "job", Rate: 0.6, ArrivalSCV: 1}},
		Routing: [][]float64{{0, 1, 0, 0}, {0, 0, 0.5, 0.5}, {0, 0, 0, 0}, {0, 0, 0, 0}},
	}
	inR := func(ms []NetMetric) (float64, bool) {
		for _, m := range ms {
			if m.Station == "r" && m.Class == "" && m.Name == queueing.MeanInSystem && m.Method == MethodCTMC {
				return m.Value, true
			}
		}
		return 0, false
	}
	steady, err := SolveNetwork(n)
	require.NoError(t, err)
	want, ok := inR(steady)
	require.True(t, ok, "the steady state has the router's row")
	require.Greater(t, want, 0.01, "customers wait at the router")
	vals, _, err := CTMCTransient(n, []float64{400})
	require.NoError(t, err)
	got, ok := inR(vals[0])
	require.True(t, ok, "the transient has the router's row")
	assert.InDelta(t, want, got, 1e-6)
}
