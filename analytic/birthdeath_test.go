package analytic

import (
	"math"
	"testing"

	"queuelab/des/queueing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bruteBirthDeath sums the chain state by state up to n = 20000 (the
// geometric tails of the cases below are far below 1e-15 by then).
func bruteBirthDeath(b BirthDeath) BirthDeathResult {
	top := 20000
	if b.K > 0 {
		top = b.K
	}
	var z, l, lq, busy, admit, balk, last float64
	p := 1.0
	for n := 0; n <= top; n++ {
		z += p
		l += float64(n) * p
		lq += float64(max(n-b.Servers, 0)) * p
		busy += float64(min(n, b.Servers)) * p
		join := listAt(b.JoinProbability, n)
		if b.K > 0 && n == b.K {
			last = p
			join = 0
		} else {
			balk += (1 - join) * p
		}
		admit += b.Lambda * join * p
		p *= b.Lambda * join / (b.Mu * float64(min(n+1, b.Servers)) * listAt(b.Rates, n))
	}
	x := admit / z
	return BirthDeathResult{Throughput: x, Utilization: busy / z / float64(b.Servers), MeanInSystem: l / z, MeanInQueue: lq / z,
		MeanResponse: l / z / x, MeanWait: lq / z / x, PBalk: balk / z, PLoss: last / z}
}

func TestBirthDeath(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    BirthDeath
	}{
		{"M/M/1", BirthDeath{Lambda: 0.7, Mu: 1, Servers: 1}},
		{"M/M/3", BirthDeath{Lambda: 2.5, Mu: 1, Servers: 3}},
		{"M/M/2/7", BirthDeath{Lambda: 2.5, Mu: 1, Servers: 2, K: 7}},
		{"M/M/1/1", BirthDeath{Lambda: 2.5, Mu: 1, Servers: 1, K: 1}},
		{"M/M/1/50 overloaded", BirthDeath{Lambda: 1.5, Mu: 1, Servers: 1, K: 50}},
		{"M/M/1/50 at ρ = 1", BirthDeath{Lambda: 1, Mu: 1, Servers: 1, K: 50}},
		{"load-dependent", BirthDeath{Lambda: 1.4, Mu: 1, Servers: 1, Rates: []float64{1, 1.6, 2}}},
		{"balking", BirthDeath{Lambda: 1.4, Mu: 1, Servers: 1, JoinProbability: []float64{1, 0.7, 0.4, 0.2}}},
		{"balking to zero", BirthDeath{Lambda: 3, Mu: 1, Servers: 2, JoinProbability: []float64{1, 0.9, 0.5, 0}}},
		{"both, buffered", BirthDeath{Lambda: 3, Mu: 1, Servers: 1, K: 9, JoinProbability: []float64{1, 0.9, 0.8}, Rates: []float64{1, 1.5}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.b.Solve()
			require.NoError(t, err)
			want := bruteBirthDeath(tc.b)
			for _, pair := range [][2]float64{{want.Throughput, got.Throughput}, {want.Utilization, got.Utilization},
				{want.MeanInSystem, got.MeanInSystem}, {want.MeanInQueue, got.MeanInQueue}, {want.MeanResponse, got.MeanResponse},
				{want.MeanWait, got.MeanWait}, {want.PBalk, got.PBalk}, {want.PLoss, got.PLoss}} {
				assert.InDelta(t, pair[0], pair[1], 1e-9*math.Max(1, math.Abs(pair[0])))
			}
		})
	}
}

// TestBirthDeathMatchesClosedForms: with no lists the chain is M/M/c or
// M/M/c/K; rates [1, 2, 3] on one server are M/M/3's service.
func TestBirthDeathMatchesClosedForms(t *testing.T) {
	mmc := MMc{Servers: 3, Lambda: 2.5, Mu: 1}
	for _, b := range []BirthDeath{{Lambda: 2.5, Mu: 1, Servers: 3}, {Lambda: 2.5, Mu: 1, Servers: 1, Rates: []float64{1, 2, 3}}} {
		r, err := b.Solve()
		require.NoError(t, err)
		assert.InDelta(t, mmc.MeanNumberInSystem(), r.MeanInSystem, 1e-9)
		assert.InDelta(t, mmc.MeanResponseTime(), r.MeanResponse, 1e-9)
	}
	k := MMcK{Servers: 2, Capacity: 7, Lambda: 2.5, Mu: 1}
	r, err := BirthDeath{Lambda: 2.5, Mu: 1, Servers: 2, K: 7}.Solve()
	require.NoError(t, err)
	assert.InDelta(t, k.ProbBlock(), r.PLoss, 1e-12)
	assert.InDelta(t, k.MeanNumberInSystem(), r.MeanInSystem, 1e-12)
	assert.InDelta(t, k.Utilization(), r.Utilization, 1e-12)
}

func TestBirthDeathRefuses(t *testing.T) {
	_, err := BirthDeath{Lambda: 1, Mu: 1, Servers: 1}.Solve()
	var u *UnstableError
	require.ErrorAs(t, err, &u)
	assert.Equal(t, 1.0, u.Rho)
	_, err = BirthDeath{Lambda: 1, Mu: 1, Servers: 1, Rates: []float64{2, 0.5}}.Solve()
	require.ErrorAs(t, err, &u, "the last multiplier decides stability")
	_, err = BirthDeath{Lambda: 0, Mu: 1, Servers: 1}.Solve()
	assert.ErrorContains(t, err, "need λ > 0")
}

// TestSolveNetworkFeatures: a single station with features gets the
// birth–death values, and the exact CTMC's, which agree with them to
// 1e-9; a server schedule gets nothing (no steady state).
func TestSolveNetworkFeatures(t *testing.T) {
	one := func(f StationFeatures) Network {
		return Network{Stations: []NetStation{{Name: "q", Servers: 1, Mean: []float64{1}, StationFeatures: f}},
			Classes: []NetClass{{Name: "j", Rate: 0.5, ArrivalSCV: 1}}, Routing: [][]float64{{0}}}
	}
	ms, err := SolveNetwork(one(StationFeatures{JoinProbability: []float64{1, 0.5}, RateMultipliers: []float64{1, 1.5}}))
	require.NoError(t, err)
	require.NotEmpty(t, ms)
	type key struct {
		station, class string
		name           queueing.Metric
	}
	bd, chain := map[key]float64{}, map[key]float64{}
	for _, m := range ms {
		switch m.Method {
		case MethodBirthDeath:
			bd[key{m.Station, m.Class, m.Name}] = m.Value
		case MethodCTMC:
			chain[key{m.Station, m.Class, m.Name}] = m.Value
		default:
			t.Errorf("unexpected method %q", m.Method)
		}
	}
	assert.Contains(t, bd, key{"q", "j", "p_balk"})
	for k, v := range bd {
		require.Contains(t, chain, k)
		assert.InDelta(t, v, chain[k], 1e-9*math.Max(1, math.Abs(v)), "%v", k)
	}
	ms, err = SolveNetwork(one(StationFeatures{ServerSchedule: true}))
	require.NoError(t, err)
	assert.Empty(t, ms, "a server schedule has no steady state")
}

// TestRandomRouterIsARoutingRow: a random router in front of two M/M/1
// servers is Bernoulli splitting, so each is M/M/1 at λ/2 (exact,
// Jackson/BCMP); a JSQ router gets nothing.
func TestRandomRouterIsARoutingRow(t *testing.T) {
	farm := func(policy string) Network {
		return Network{
			Stations: []NetStation{{Name: "lb", Servers: queueing.Infinite, Mean: []float64{0}, StationFeatures: StationFeatures{Router: policy}},
				{Name: "s1", Servers: 1, Mean: []float64{1}}, {Name: "s2", Servers: 1, Mean: []float64{1}}},
			Classes: []NetClass{{Name: "j", Rate: 1.6, ArrivalSCV: 1, Source: 0}},
			Routing: [][]float64{{0, 0.5, 0.5}, {0, 0, 0}, {0, 0, 0}},
		}
	}
	ms, err := SolveNetwork(farm("random"))
	require.NoError(t, err)
	got := map[string]float64{}
	for _, m := range ms {
		if m.Class == "" {
			got[m.Station+" "+string(m.Name)] = m.Value
			assert.True(t, m.Exact, "%+v", m)
		}
		if m.Station == "lb" {
			assert.Equal(t, queueing.Throughput, m.Name, "the router has only its throughput")
		}
	}
	assert.InDelta(t, 5, got["s1 mean_response"], 1e-12)
	assert.InDelta(t, 5, got["network mean_response"], 1e-12, "no time at the router")
	assert.InDelta(t, 8, got["network mean_in_system"], 1e-12)
	ms, err = SolveNetwork(farm("jsq"))
	require.NoError(t, err)
	assert.Empty(t, ms)
}
