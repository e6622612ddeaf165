package ctmc_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/analytic/ctmc"
)

// bdMeans returns the mean number, the birth-weighted mean admission and
// the distribution of a birth–death chain truncated at len(death).
func bdMean(p []float64) float64 {
	l := 0.0
	for n, pn := range p {
		l += float64(n) * pn
	}
	return l
}

// TestLoadDependentAndBalking: single exponential stations whose service
// rate or join probability depends on the number present, against their
// birth–death solutions (truncated by the test at 2000 customers, by the
// solver where its tolerance says).
func TestLoadDependentAndBalking(t *testing.T) {
	for _, tc := range []struct {
		name      string
		c         int
		lam, mean float64
		scale     []float64
		join      []float64
	}{
		{"rates 1 1.8 2.4", 1, 1.5, 1, []float64{1, 1.8, 2.4}, nil},
		{"rates 2 servers", 2, 2.5, 1, []float64{1, 1, 1.5}, nil},
		{"join 1 0.5 0.33", 1, 0.9, 1, nil, []float64{1, 0.5, 0.33}},
		{"join and rates", 2, 3, 0.8, []float64{1.2, 1}, []float64{1, 1, 0.8, 0.6, 0.2}},
	} {
		e := ctmc.Exponential(tc.mean)
		st := ctmc.Station{Name: "s", Servers: tc.c, Service: []*ctmc.PH{&e}, RateScale: tc.scale, JoinProb: tc.join}
		sol, err := ctmc.Solve(single(st, []float64{tc.lam}), tight)
		require.NoError(t, err, tc.name)
		at := func(xs []float64, k int, def float64) float64 {
			if xs == nil {
				return def
			}
			return xs[min(k, len(xs)-1)]
		}
		var birth, death []float64
		for n := range 2000 {
			birth = append(birth, tc.lam*at(tc.join, n, 1))
			death = append(death, float64(min(n+1, tc.c))/tc.mean*at(tc.scale, n, 1))
		}
		p := birthDeath(birth, death)
		l, x, balk := bdMean(p), 0.0, 0.0
		for n, pn := range p[:len(p)-1] {
			x += pn * birth[n]
			balk += pn * (tc.lam - birth[n])
		}
		res := sol.Stations[0]
		assert.InDelta(t, l, res.InSystem[0], 1e-9*l, "L %s", tc.name)
		assert.InDelta(t, x, res.Throughput[0], 1e-9*x, "X %s", tc.name)
		assert.InDelta(t, balk, res.Balked[0], 1e-9*tc.lam, "balk rate %s", tc.name)
		assert.InDelta(t, tc.lam, res.Offered[0], 1e-12)
	}
}

// tandem returns two exponential FCFS single servers in series: the first
// with room for k1 (arrivals from outside lost when full), the second
// with a buffer of k2 and the given blocking.
func tandem(lam, mu1, mu2 float64, k1, k2 int, b ctmc.Blocking) *ctmc.Model {
	e1, e2 := ctmc.Exponential(1/mu1), ctmc.Exponential(1/mu2)
	return &ctmc.Model{
		Stations: []ctmc.Station{{Name: "a", Servers: 1, Capacity: k1, Service: []*ctmc.PH{&e1}},
			{Name: "b", Servers: 1, Capacity: k2, Blocking: b, Service: []*ctmc.PH{&e2}}},
		Classes: []ctmc.Class{{Name: "job", Rate: lam}},
		Routing: [][]float64{{0, 1}, {0, 0}},
	}
}

// TestTandemBlockingBruteForce: the tandem line with blocking after and
// before service against generators written out here over (n1, n2, held)
// and solved by dense elimination.
func TestTandemBlockingBruteForce(t *testing.T) {
	const lam, mu1, mu2, k1, k2 = 1.1, 1.6, 1.2, 4, 2
	for _, b := range []ctmc.Blocking{ctmc.AfterService, ctmc.BeforeService} {
		type st struct{ n1, n2, h int }
		var states []st
		idx := map[st]int{}
		for n1 := 0; n1 <= k1; n1++ {
			for n2 := 0; n2 <= k2; n2++ {
				for h := range 2 {
					if h == 1 && (b != ctmc.AfterService || n1 == 0 || n2 < k2) {
						continue
					}
					idx[st{n1, n2, h}] = len(states)
					states = append(states, st{n1, n2, h})
				}
			}
		}
		q := make([][]float64, len(states))
		for i := range q {
			q[i] = make([]float64, len(states))
		}
		for i, s := range states {
			if s.n1 < k1 {
				q[i][idx[st{s.n1 + 1, s.n2, s.h}]] += lam
			}
			if s.n1 > 0 && s.h == 0 {
				switch {
				case s.n2 < k2:
					q[i][idx[st{s.n1 - 1, s.n2 + 1, 0}]] += mu1
				case b == ctmc.AfterService:
					q[i][idx[st{s.n1, s.n2, 1}]] += mu1
				} // before service: the server waits
			}
			if s.n2 > 0 {
				if s.h == 1 { // the held customer moves in at once
					q[i][idx[st{s.n1 - 1, s.n2, 0}]] += mu2
				} else {
					q[i][idx[st{s.n1, s.n2 - 1, 0}]] += mu2
				}
			}
		}
		pi := stationary(q)
		var l1, l2, held, full, x2 float64
		for i, s := range states {
			l1 += pi[i] * float64(s.n1)
			l2 += pi[i] * float64(s.n2)
			held += pi[i] * float64(s.h)
			if s.n1 == k1 {
				full += pi[i]
			}
			if b == ctmc.BeforeService && s.n1 > 0 && s.n2 == k2 {
				held += pi[i]
			}
			if s.n2 > 0 {
				x2 += pi[i] * mu2
			}
		}
		sol, err := ctmc.Solve(tandem(lam, mu1, mu2, k1, k2, b), ctmc.Options{})
		require.NoError(t, err, b.String())
		assert.Equal(t, len(states), sol.States, b.String())
		a, c := sol.Stations[0], sol.Stations[1]
		assert.InDelta(t, l1, a.InSystem[0], 1e-12, "L1 %v", b)
		assert.InDelta(t, l2, c.InSystem[0], 1e-12, "L2 %v", b)
		assert.InDelta(t, held, a.Blocked[0], 1e-12, "blocked %v", b)
		assert.InDelta(t, full, a.Lost[0]/a.Offered[0], 1e-12, "p_loss %v", b)
		assert.InDelta(t, x2, c.Throughput[0], 1e-12, "X2 %v", b)
		assert.InDelta(t, x2, a.Throughput[0], 1e-12, "completions upstream %v", b)
		assert.Zero(t, c.Lost[0], "nobody routed is lost %v", b)
		assert.InDelta(t, a.Busy[0], x2/mu1, 1e-12, "busy excludes blocked %v", b)
	}
}

// TestBlockingTwoServersCascade: a three-station line (two servers
// upstream, held customers of both entering in order) checked by flow
// balance and Little: no customer is lost after entering, and the
// completions at each station equal the exits.
func TestBlockingTwoServersCascade(t *testing.T) {
	e := func(m float64) *ctmc.PH { return ptr(ctmc.Exponential(m)) }
	m := &ctmc.Model{
		Stations: []ctmc.Station{{Name: "a", Servers: 2, Capacity: 5, Service: []*ctmc.PH{e(1)}},
			{Name: "b", Servers: 1, Capacity: 2, Blocking: ctmc.AfterService, Service: []*ctmc.PH{e(0.6)}},
			{Name: "c", Servers: 1, Capacity: 1, Blocking: ctmc.AfterService, Service: []*ctmc.PH{e(0.5)}}},
		Classes: []ctmc.Class{{Name: "j", Rate: 1.4}},
		Routing: [][]float64{{0, 1, 0}, {0, 0, 1}, {0, 0, 0}},
	}
	sol, err := ctmc.Solve(m, ctmc.Options{})
	require.NoError(t, err)
	a := sol.Stations[0]
	admitted := a.Offered[0] - a.Lost[0]
	for i, s := range sol.Stations {
		assert.InDelta(t, admitted, s.Throughput[0], 1e-10, "station %d", i)
	}
	assert.Positive(t, a.Blocked[0])
	assert.Positive(t, sol.Stations[1].Blocked[0])
	assert.Zero(t, sol.Stations[1].Lost[0]+sol.Stations[2].Lost[0])
}

// TestBlockingDeadlock: two stations with room for one each that send
// their customers to each other deadlock with two customers (each holds
// one blocked for the other) and not with one; the error names them.
func TestBlockingDeadlock(t *testing.T) {
	for _, b := range []ctmc.Blocking{ctmc.AfterService, ctmc.BeforeService} {
		e := ctmc.Exponential(1)
		m := &ctmc.Model{
			Stations: []ctmc.Station{{Name: "x", Servers: 1, Capacity: 1, Blocking: b, Service: []*ctmc.PH{&e}},
				{Name: "y", Servers: 1, Capacity: 1, Blocking: b, Service: []*ctmc.PH{&e}}},
			Classes: []ctmc.Class{{Name: "c", Population: 2}},
			Routing: [][]float64{{0, 1}, {1, 0}},
			Initial: [][]int{{1}, {1}},
		}
		_, err := ctmc.Solve(m, ctmc.Options{})
		require.Error(t, err, b.String())
		assert.Contains(t, err.Error(), "deadlock")
		assert.Contains(t, err.Error(), `"x", "y"`)
		m.Classes[0].Population, m.Initial = 1, nil
		sol, err := ctmc.Solve(m, ctmc.Options{})
		require.NoError(t, err, b.String())
		assert.InDelta(t, 0.5, sol.Stations[0].Throughput[0], 1e-12)
	}
	// Three stations with room for one and two customers always have a
	// free place: no deadlock, and by symmetry each is busy 2/3 of the
	// time minus its blocked share.
	e := ctmc.Exponential(1)
	st := ctmc.Station{Servers: 1, Capacity: 1, Blocking: ctmc.AfterService, Service: []*ctmc.PH{&e}}
	ring := &ctmc.Model{Stations: []ctmc.Station{st, st, st}, Classes: []ctmc.Class{{Name: "c", Population: 2}},
		Routing: [][]float64{{0, 1, 0}, {0, 0, 1}, {1, 0, 0}}}
	ring.Stations[0].Name, ring.Stations[1].Name, ring.Stations[2].Name = "p", "q", "r"
	sol, err := ctmc.Solve(ring, ctmc.Options{})
	require.NoError(t, err)
	for _, s := range sol.Stations {
		assert.InDelta(t, 2.0/3, s.InSystem[0], 1e-12)
		assert.InDelta(t, s.Throughput[0], s.Busy[0], 1e-12)
	}
}

// TestBlockingRefused: what the chain cannot hold is refused by name.
func TestBlockingRefused(t *testing.T) {
	m := tandem(1, 2, 2, 3, 2, ctmc.AfterService)
	m.Stations[0].Discipline = ctmc.PS
	_, err := ctmc.Solve(m, ctmc.Options{})
	assert.ErrorContains(t, err, `station "a" (ps) feeds "b"`)
	m = tandem(1, 2, 2, 3, 2, ctmc.BeforeService)
	m.Routing[0][1] = 0.5
	_, err = ctmc.Solve(m, ctmc.Options{})
	assert.ErrorContains(t, err, "declared destination certain")
	m = tandem(1, 2, 2, 3, 0, ctmc.AfterService)
	_, err = ctmc.Solve(m, ctmc.Options{})
	assert.ErrorContains(t, err, "needs a buffer")
}

// TestRoutedBalking: customers routed to a station with balking, from
// another station and back to the same one, balance their flows: every
// customer offered to a station either balks or is served there.
func TestRoutedBalking(t *testing.T) {
	e1, e2 := ctmc.Exponential(0.5), ctmc.Exponential(0.8)
	m := &ctmc.Model{
		Stations: []ctmc.Station{{Name: "a", Servers: 1, Service: []*ctmc.PH{&e1}, JoinProb: []float64{1, 0.9, 0.6}},
			{Name: "b", Servers: 2, Service: []*ctmc.PH{&e2}, JoinProb: []float64{1, 1, 0.7, 0.4}}},
		Classes: []ctmc.Class{{Name: "j", Rate: 1.2}},
		Routing: [][]float64{{0.3, 0.7}, {0, 0.2}},
	}
	sol, err := ctmc.Solve(m, tight)
	require.NoError(t, err)
	a, b := sol.Stations[0], sol.Stations[1]
	assert.InDelta(t, 1.2+0.3*a.Throughput[0], a.Offered[0], 1e-9)
	assert.InDelta(t, 0.7*a.Throughput[0]+0.2*b.Throughput[0], b.Offered[0], 1e-9)
	for i, s := range sol.Stations {
		assert.InDelta(t, s.Offered[0]-s.Balked[0], s.Throughput[0], 1e-9, "station %d", i)
		assert.Positive(t, s.Balked[0])
	}
}

// TestAggregatedSolveAgainstMVA: a closed ring of 250 customers (31 626
// states, past the size where Gauss–Seidel alternates with aggregation
// steps) against exact MVA; plain Gauss–Seidel needs about 1 000 sweeps
// here, the steps a few dozen.
func TestAggregatedSolveAgainstMVA(t *testing.T) {
	e := func(mean float64) *ctmc.PH { return ptr(ctmc.Exponential(mean)) }
	m := &ctmc.Model{
		Stations: []ctmc.Station{{Name: "a", Servers: 1, Service: []*ctmc.PH{e(1)}}, {Name: "b", Servers: 2, Service: []*ctmc.PH{e(1.5)}},
			{Name: "c", Servers: 1, Discipline: ctmc.PS, Service: []*ctmc.PH{e(0.8)}}},
		Classes: []ctmc.Class{{Name: "j", Population: 250}},
		Routing: [][]float64{{0, 0.6, 0.4}, {1, 0, 0}, {1, 0, 0}},
	}
	sol, err := ctmc.Solve(m, ctmc.Options{})
	require.NoError(t, err)
	require.Equal(t, 31626, sol.States)
	assert.Less(t, sol.Sweeps, 300, "the aggregation steps were kept")
	cm := analytic.ClosedModel{Servers: []int{1, 2, 1}, Demand: [][]float64{{1}, {0.9}, {0.32}}, Population: []int{250}}
	res, err := cm.ExactMVA()
	require.NoError(t, err)
	for i := range 3 {
		assert.InDelta(t, res.QueueLength[i][0], sol.Stations[i].InSystem[0], 1e-9*250, "station %d", i)
	}
	assert.InDelta(t, res.Throughput[0], sol.Stations[0].Throughput[0], 1e-10)
}
