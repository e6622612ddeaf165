package ctmc_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/analytic/ctmc"
	"queuelab/des/queueing"
)

// tight truncates open classes far below the tolerances the tests use.
var tight = ctmc.Options{Tol: 1e-13}

func ptr(p ctmc.PH) *ctmc.PH { return &p }

// single returns one station fed by Poisson classes, each served by its
// law, nobody routed back.
func single(st ctmc.Station, rates []float64) *ctmc.Model {
	m := &ctmc.Model{Stations: []ctmc.Station{st}}
	for r, l := range rates {
		m.Classes = append(m.Classes, ctmc.Class{Name: string(rune('a' + r)), Rate: l})
	}
	m.Routing = make([][]float64, len(rates))
	for r := range m.Routing {
		m.Routing[r] = make([]float64, len(rates))
	}
	return m
}

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// birthDeath returns the stationary law of a birth–death chain on
// 0…len(death) with birth rates birth[n] (n → n+1) and death rates
// death[n] (n+1 → n), solved by the detailed-balance product.
func birthDeath(birth, death []float64) []float64 {
	p := []float64{1}
	for n := range death {
		p = append(p, p[n]*birth[n]/death[n])
	}
	t := sum(p)
	for n := range p {
		p[n] /= t
	}
	return p
}

// TestMMcKAndErlangA: single exponential stations against their
// birth–death solutions: M/M/c/K (loss), and M/M/c+M (Erlang-A, truncated
// by the solver, by the test at 3000 customers).
func TestMMcKAndErlangA(t *testing.T) {
	for _, tc := range []struct {
		c, k         int
		lam, mean, θ float64
	}{
		{1, 5, 0.8, 1, 0}, {3, 6, 2.5, 1, 0}, {2, 2, 3, 0.5, 0}, {4, 12, 6, 0.5, 0},
		{10, 0, 9, 1, 0.5}, {2, 0, 3, 1, 2}, {1, 0, 0.5, 1, 0.1},
	} {
		e := ctmc.Exponential(tc.mean)
		m := single(ctmc.Station{Name: "s", Servers: tc.c, Capacity: tc.k, Service: []*ctmc.PH{&e}, Patience: tc.θ}, []float64{tc.lam})
		sol, err := ctmc.Solve(m, tight)
		require.NoError(t, err, "%+v", tc)
		top := tc.k
		if top == 0 {
			top = 3000
		}
		var birth, death []float64
		for n := range top {
			birth = append(birth, tc.lam)
			death = append(death, float64(min(n+1, tc.c))/tc.mean+float64(max(n+1-tc.c, 0))*tc.θ)
		}
		p := birthDeath(birth, death)
		var l, lq, busy float64
		for n, pn := range p {
			l += float64(n) * pn
			lq += float64(max(n-tc.c, 0)) * pn
			busy += float64(min(n, tc.c)) * pn
		}
		st := sol.Stations[0]
		assert.InDelta(t, l, st.InSystem[0], 1e-9*l, "L %+v", tc)
		assert.InDelta(t, lq, st.InQueue[0], 1e-9*lq+1e-15, "Lq %+v", tc)
		assert.InDelta(t, busy, st.Busy[0], 1e-9*busy, "busy %+v", tc)
		assert.InDelta(t, busy/tc.mean, st.Throughput[0], 1e-9*busy/tc.mean, "X %+v", tc)
		if tc.k > 0 {
			assert.InDelta(t, p[tc.k], st.Lost[0]/st.Offered[0], 1e-9*p[tc.k], "p_loss %+v", tc)
			assert.Zero(t, sol.MassCut, "capacity bounds the chain")
		} else {
			assert.InDelta(t, lq*tc.θ, st.Abandoned[0], 1e-9*lq*tc.θ, "abandon rate %+v", tc)
			assert.Less(t, sol.MassCut, 1e-13)
			assert.Positive(t, sol.Level)
		}
	}
}

// TestErlangAAgainstAnalytic: the same chain against the repository's
// Erlang-A, independently coded.
func TestErlangAAgainstAnalytic(t *testing.T) {
	e := ctmc.Exponential(1)
	sol, err := ctmc.Solve(single(ctmc.Station{Name: "s", Servers: 10, Service: []*ctmc.PH{&e}, Patience: 0.5}, []float64{9}), tight)
	require.NoError(t, err)
	q := analytic.ErlangA{Servers: 10, Lambda: 9, Mu: 1, Theta: 0.5}
	st := sol.Stations[0]
	assert.InDelta(t, q.ProbAbandon(), st.Abandoned[0]/st.Offered[0], 1e-10)
	assert.InDelta(t, q.MeanQueueLength(), st.InQueue[0], 1e-9)
}

// TestPhaseTypeService: Erlang and hyperexponential service against
// Pollaczek–Khinchine (FCFS and SIRO, whose mean wait is FCFS's at one
// server), and against insensitivity (PS with two servers: the M/M/2 mean;
// LCFS-PR: ρ/(1−ρ)).
func TestPhaseTypeService(t *testing.T) {
	h2 := ctmc.HyperExp(0.5*(1+math.Sqrt(3.0/5)), 2*0.5*(1+math.Sqrt(3.0/5)), 2*0.5*(1-math.Sqrt(3.0/5))) // mean 1, SCV 4
	require.InDelta(t, 1, h2.Mean(), 1e-12)
	for _, tc := range []struct {
		name string
		law  ctmc.PH
		scv  float64
	}{{"erlang-3", ctmc.Erlang(1, 3), 1.0 / 3}, {"h2 scv 4", h2, 4}} {
		for _, d := range []ctmc.Discipline{ctmc.FCFS, ctmc.SIRO} {
			sol, err := ctmc.Solve(single(ctmc.Station{Name: "s", Servers: 1, Discipline: d, Service: []*ctmc.PH{ptr(tc.law)}}, []float64{0.6}), tight)
			require.NoError(t, err)
			pk := analytic.MG1{Lambda: 0.6, Mean: 1, SCV: tc.scv}
			assert.InDelta(t, pk.MeanQueueLength(), sol.Stations[0].Waiting[0], 1e-8, "%s %s", tc.name, d.Name())
		}
		// PS with two servers and room for 15 is insensitive too: the
		// M/M/2/15 numbers.
		sol, err := ctmc.Solve(single(ctmc.Station{Name: "s", Servers: 2, Capacity: 15, Discipline: ctmc.PS, Service: []*ctmc.PH{ptr(tc.law)}}, []float64{1.4}), tight)
		require.NoError(t, err)
		mm2 := analytic.MMcK{Servers: 2, Capacity: 15, Lambda: 1.4, Mu: 1}
		assert.InDelta(t, mm2.MeanNumberInSystem(), sol.Stations[0].InSystem[0], 1e-10, "%s PS", tc.name)
		assert.InDelta(t, mm2.ProbBlock(), sol.Stations[0].Lost[0]/sol.Stations[0].Offered[0], 1e-12, "%s PS", tc.name)
		// LCFS-PR keeps every preempted customer's phase: 3⁸ and 2⁸ lists
		// with room for 9, where the number present is a truncated
		// geometric whatever the law.
		sol, err = ctmc.Solve(single(ctmc.Station{Name: "s", Servers: 1, Capacity: 9, Discipline: ctmc.LCFSPR, Service: []*ctmc.PH{ptr(tc.law)}}, []float64{0.7}), tight)
		require.NoError(t, err)
		var geo []float64
		for range 9 {
			geo = append(geo, 0.7)
		}
		p := birthDeath(geo, []float64{1, 1, 1, 1, 1, 1, 1, 1, 1})
		l := 0.0
		for n, pn := range p {
			l += float64(n) * pn
		}
		assert.InDelta(t, l, sol.Stations[0].InSystem[0], 1e-10, "%s LCFS-PR", tc.name)
		assert.InDelta(t, p[9], sol.Stations[0].Lost[0]/sol.Stations[0].Offered[0], 1e-12, "%s LCFS-PR", tc.name)
	}
}

// TestPriorities: two classes at one server against Cobham's formulas,
// without and with preemption, exponential and Erlang-2 service.
func TestPriorities(t *testing.T) {
	for _, pre := range []bool{false, true} {
		d := ctmc.PriorityNP
		if pre {
			d = ctmc.PriorityPR
		}
		e1, e2 := ctmc.Exponential(1), ctmc.Erlang(1.5, 2)
		sol, err := ctmc.Solve(single(ctmc.Station{Name: "s", Servers: 1, Discipline: d, Service: []*ctmc.PH{&e1, &e2}}, []float64{0.3, 0.3}), ctmc.Options{Tol: 1e-11})
		require.NoError(t, err)
		q := analytic.PriorityQueue{Servers: 1, Preemptive: pre, Classes: []analytic.PriorityClass{{Lambda: 0.3, Mean: 1, SCV: 1}, {Lambda: 0.3, Mean: 1.5, SCV: 0.5}}}
		for k := range 2 {
			assert.InDelta(t, q.MeanNumberInSystem(k), sol.Stations[0].InSystem[k], 1e-8, "preemptive %v class %d", pre, k)
		}
	}
}

// TestClosedAgainstMVA: closed networks against exact MVA — one class
// cycling between a delay and an FCFS station, and two classes sharing a
// PS station with class-dependent means.
func TestClosedAgainstMVA(t *testing.T) {
	e := func(mean float64) *ctmc.PH { return ptr(ctmc.Exponential(mean)) }
	m := &ctmc.Model{
		Stations: []ctmc.Station{{Name: "think", Servers: 0, Service: []*ctmc.PH{e(10), e(3)}}, {Name: "cpu", Servers: 1, Discipline: ctmc.PS, Service: []*ctmc.PH{e(0.5), e(1.5)}},
			{Name: "disk", Servers: 2, Service: []*ctmc.PH{e(0.8), e(0.8)}}},
		Classes: []ctmc.Class{{Name: "a", Population: 7, Start: 0}, {Name: "b", Population: 4, Start: 0}},
		Routing: [][]float64{
			{0, 1, 0, 0, 0, 0}, {0.5, 0, 0.5, 0, 0, 0}, {0, 1, 0, 0, 0, 0},
			{0, 0, 0, 0, 1, 0}, {0, 0, 0, 0.25, 0, 0.75}, {0, 0, 0, 0, 1, 0}},
	}
	sol, err := ctmc.Solve(m, ctmc.Options{})
	require.NoError(t, err)
	// Visits per cycle (at think = 1): a: cpu 2, disk 1; b: cpu 4, disk 3.
	cm := analytic.ClosedModel{Servers: []int{queueing.Infinite, 1, 2}, Demand: [][]float64{{10, 3}, {1, 6}, {0.8, 2.4}}, Population: []int{7, 4}}
	res, err := cm.ExactMVA()
	require.NoError(t, err)
	for i := range 3 {
		for r := range 2 {
			assert.InDelta(t, res.QueueLength[i][r], sol.Stations[i].InSystem[r], 1e-9, "station %d class %d", i, r)
		}
	}
	assert.InDelta(t, res.Throughput[0], sol.Stations[0].Throughput[0], 1e-10)
	assert.InDelta(t, res.Throughput[1], sol.Stations[0].Throughput[1], 1e-10)
	assert.Less(t, sol.Residual, 1e-12)
}

// TestTooLarge: a chain past the limit is refused with its size and what
// would shrink it.
func TestTooLarge(t *testing.T) {
	e := ctmc.Exponential(1)
	m := &ctmc.Model{
		Stations: []ctmc.Station{{Name: "a", Servers: 1, Service: []*ctmc.PH{&e}}, {Name: "b", Servers: 1, Service: []*ctmc.PH{&e}}, {Name: "c", Servers: 1, Service: []*ctmc.PH{&e}}},
		Classes:  []ctmc.Class{{Name: "job", Population: 60, Start: 0}},
		Routing:  [][]float64{{0, 1, 0}, {0, 0, 1}, {1, 0, 0}},
	}
	_, err := ctmc.Solve(m, ctmc.Options{MaxStates: 1000})
	var tl *ctmc.TooLargeError
	require.ErrorAs(t, err, &tl)
	assert.InDelta(t, 1891, tl.States, 0.5, "C(62, 2) ways to spread 60 customers")
	assert.Contains(t, err.Error(), `population of class "job" (60)`)
	m.Classes[0].Population = 40 // 861 states: fits
	sol, err := ctmc.Solve(m, ctmc.Options{MaxStates: 1000})
	require.NoError(t, err)
	assert.Equal(t, 861, sol.States)
	// A chain whose a-priori bound fits but which grows past the limit
	// while it is built is refused too.
	m.Classes[0].Population = 44 // 1035 states
	_, err = ctmc.Solve(m, ctmc.Options{MaxStates: 1034})
	require.ErrorAs(t, err, &tl)
}
