package ctmc_test

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/analytic/ctmc"
)

// TestResponsePercentiles: the tagged-customer percentiles of M/M/c
// against the closed forms of the wait (an atom at 0, then exponential)
// and the response time.
func TestResponsePercentiles(t *testing.T) {
	ps := []float64{0.5, 0.9, 0.99}
	for _, c := range []int{1, 3} {
		lam := 0.8 * float64(c)
		e := ctmc.Exponential(1)
		sol, err := ctmc.Solve(single(ctmc.Station{Name: "s", Servers: c, Service: []*ctmc.PH{&e}}, []float64{lam}), tight)
		require.NoError(t, err)
		got, err := sol.ResponsePercentiles(0, ps)
		require.NoError(t, err)
		q := analytic.MMc{Servers: c, Lambda: lam, Mu: 1}
		for k, p := range ps {
			assert.InDelta(t, q.WaitQuantile(p), got.Wait[k], 1e-7*(1+q.WaitQuantile(p)), "c=%d wait p%v", c, p)
			assert.InDelta(t, q.ResponseTimeQuantile(p), got.Response[k], 1e-7*q.ResponseTimeQuantile(p), "c=%d response p%v", c, p)
		}
	}
}

// TestResponsePercentilesTwoClasses: two classes with different laws at
// one FCFS server; the response percentiles of each class, integrated,
// must give back its mean response L_r/X_r, and a class with the longer
// law has the longer tail.
func TestResponsePercentilesTwoClasses(t *testing.T) {
	e, er := ctmc.Exponential(0.5), ctmc.Erlang(2, 2)
	sol, err := ctmc.Solve(single(ctmc.Station{Name: "s", Servers: 1, Capacity: 12, Service: []*ctmc.PH{&e, &er}}, []float64{0.5, 0.2}), tight)
	require.NoError(t, err)
	// The wait does not depend on one's own class at FCFS: the same
	// percentiles for both.
	a, err := sol.ResponsePercentiles(0, []float64{0.9})
	require.NoError(t, err)
	b, err := sol.ResponsePercentiles(1, []float64{0.9})
	require.NoError(t, err)
	assert.InDelta(t, a.Wait[0], b.Wait[0], 1e-8)
	assert.Greater(t, b.Response[0], a.Response[0]+1)
	// Mean response from the percentiles: E[T] = ∫₀¹ Q(p) dp, by the
	// midpoint rule over percentiles 0.01 … 0.99 (the rule misses part
	// of the last 1 % of the tail: within 4 %).
	var grid []float64
	for k := range 50 {
		grid = append(grid, 0.01+0.02*float64(k))
	}
	pc, err := sol.ResponsePercentiles(1, grid)
	require.NoError(t, err)
	mean := 0.0
	for _, x := range pc.Response {
		mean += 0.02 * x
	}
	st := sol.Stations[0]
	assert.InDelta(t, st.InSystem[1]/st.Throughput[1], mean, 0.04*mean)
}

// TestFCFSOrderBruteForce: two classes with different exponential rates
// at one FCFS server with room for 3, against a generator written out by
// hand over the ordered lists of classes (the head in service) and solved
// by dense elimination here.
func TestFCFSOrderBruteForce(t *testing.T) {
	lam := []float64{0.7, 0.4}
	mu := []float64{2, 0.5}
	// States: every sequence of classes of length 0…3.
	var states [][]int
	var grow func(s []int)
	grow = func(s []int) {
		states = append(states, s)
		if len(s) < 3 {
			for r := range 2 {
				grow(append(slices.Clone(s), r))
			}
		}
	}
	grow(nil)
	idx := func(s []int) int {
		return slices.IndexFunc(states, func(u []int) bool { return slices.Equal(u, s) })
	}
	n := len(states)
	q := make([][]float64, n)
	for i := range q {
		q[i] = make([]float64, n)
	}
	for i, s := range states {
		if len(s) < 3 {
			for r := range 2 {
				q[i][idx(append(slices.Clone(s), r))] += lam[r]
			}
		}
		if len(s) > 0 {
			q[i][idx(s[1:])] += mu[s[0]]
		}
	}
	pi := stationary(q)
	var l [2]float64
	for i, s := range states {
		for _, r := range s {
			l[r] += pi[i]
		}
	}
	e0, e1 := ctmc.Exponential(1/mu[0]), ctmc.Exponential(1/mu[1])
	sol, err := ctmc.Solve(single(ctmc.Station{Name: "s", Servers: 1, Capacity: 3, Service: []*ctmc.PH{&e0, &e1}}, lam), ctmc.Options{})
	require.NoError(t, err)
	assert.Equal(t, n, sol.States)
	for r := range 2 {
		assert.InDelta(t, l[r], sol.Stations[0].InSystem[r], 1e-12, "class %d", r)
	}
	// In random order the waiting line is a set: fewer states (1 + 2 + 3
	// + 4 lists: in service, then how many of each class wait), and at one
	// server the same per-class means (every class waits alike in both).
	siro, err := ctmc.Solve(single(ctmc.Station{Name: "s", Servers: 1, Capacity: 3, Discipline: ctmc.SIRO, Service: []*ctmc.PH{&e0, &e1}}, lam), ctmc.Options{})
	require.NoError(t, err)
	assert.Equal(t, 1+2+2*2+2*3, siro.States)
	assert.InDelta(t, l[0], siro.Stations[0].InSystem[0], 1e-12)
}

// stationary solves πQ = 0, Σπ = 1 for a small dense generator whose
// diagonal is left zero (filled here).
func stationary(q [][]float64) []float64 {
	n := len(q)
	a := make([][]float64, n)
	for j := range n {
		a[j] = make([]float64, n+1)
		for i := range n {
			if i != j {
				a[j][i] = q[i][j]
				a[j][j] -= q[j][i]
			}
		}
	}
	for i := range n + 1 {
		a[n-1][i] = 1
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		for r := range n {
			if r != c {
				f := a[r][c] / a[c][c]
				for k := c; k <= n; k++ {
					a[r][k] -= f * a[c][k]
				}
			}
		}
	}
	x := make([]float64, n)
	for i := range n {
		x[i] = a[i][n] / a[i][i]
	}
	return x
}

// TestTransient: from an empty M/M/∞ station the number present at t is
// Poisson with mean ρ(1 − e^{−t/S}); a closed two-station cycle of one
// customer is at its start station with probability
// μ₂/(μ₁+μ₂) + μ₁/(μ₁+μ₂)·e^{−(μ₁+μ₂)t}; at a late time the transient
// measures reach the steady ones.
func TestTransient(t *testing.T) {
	e := ctmc.Exponential(2)
	sol, err := ctmc.Solve(single(ctmc.Station{Name: "s", Servers: 0, Service: []*ctmc.PH{&e}}, []float64{1.5}), tight)
	require.NoError(t, err)
	times := []float64{0, 0.5, 3, 200}
	snaps, err := sol.Transient(times)
	require.NoError(t, err)
	for k, tt := range times {
		want := 3 * (1 - math.Exp(-tt/2))
		assert.InDelta(t, want, snaps[k].Stations[0].InSystem[0], 1e-9, "t = %v", tt)
		assert.Less(t, snaps[k].Bound, 1e-9)
		assert.InDelta(t, want/2, snaps[k].Stations[0].Throughput[0], 1e-9, "departure rate at t = %v", tt)
	}
	assert.InDelta(t, sol.Stations[0].InSystem[0], snaps[3].Stations[0].InSystem[0], 1e-9)

	a, b := ctmc.Exponential(1), ctmc.Exponential(0.25) // μ₁ = 1, μ₂ = 4
	cyc := &ctmc.Model{Stations: []ctmc.Station{{Name: "x", Servers: 1, Service: []*ctmc.PH{&a}}, {Name: "y", Servers: 1, Service: []*ctmc.PH{&b}}},
		Classes: []ctmc.Class{{Name: "c", Population: 1, Start: 0}}, Routing: [][]float64{{0, 1}, {1, 0}}}
	sol, err = ctmc.Solve(cyc, ctmc.Options{})
	require.NoError(t, err)
	snaps, err = sol.Transient([]float64{0.1, 0.7})
	require.NoError(t, err)
	for _, s := range snaps {
		assert.InDelta(t, 0.8+0.2*math.Exp(-5*s.T), s.Stations[0].InSystem[0], 1e-9, "t = %v", s.T)
	}
	_, err = sol.Transient([]float64{-1})
	assert.ErrorContains(t, err, "time -1")
}

// TestDenseAndGaussSeidelAgree: a closed network of about 1300 states
// solved by Gauss–Seidel, and the same with 40 customers fewer by both
// routes through the public API, against exact MVA, so that both solvers
// are held to the same independent answer.
func TestDenseAndGaussSeidelAgree(t *testing.T) {
	e := func(mean float64) *ctmc.PH { return ptr(ctmc.Exponential(mean)) }
	for _, pop := range []int{10, 50} {
		m := &ctmc.Model{
			Stations: []ctmc.Station{{Name: "a", Servers: 1, Service: []*ctmc.PH{e(1)}}, {Name: "b", Servers: 2, Service: []*ctmc.PH{e(1.5)}}, {Name: "c", Servers: 1, Discipline: ctmc.PS, Service: []*ctmc.PH{e(0.7)}}},
			Classes:  []ctmc.Class{{Name: "j", Population: pop, Start: 0}},
			Routing:  [][]float64{{0, 0.6, 0.4}, {1, 0, 0}, {1, 0, 0}},
		}
		sol, err := ctmc.Solve(m, ctmc.Options{})
		require.NoError(t, err)
		want := "dense"
		if pop == 50 {
			want = "Gauss-Seidel"
		}
		assert.Equal(t, want, sol.Solver)
		cm := analytic.ClosedModel{Servers: []int{1, 2, 1}, Demand: [][]float64{{1}, {0.9}, {0.28}}, Population: []int{pop}}
		res, err := cm.ExactMVA()
		require.NoError(t, err)
		for i := range 3 {
			assert.InDelta(t, res.QueueLength[i][0], sol.Stations[i].InSystem[0], 1e-8*float64(pop), "pop %d station %d", pop, i)
		}
	}
}
