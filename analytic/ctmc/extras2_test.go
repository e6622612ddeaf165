package ctmc_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
)

// mapSingle returns one exponential FCFS server of the given mean fed by
// the MAP a.
func mapSingle(a ctmc.MAP, mean float64) *ctmc.Model {
	e := ctmc.Exponential(mean)
	return &ctmc.Model{Stations: []ctmc.Station{{Name: "s", Servers: 1, Service: []*ctmc.PH{&e}}},
		Classes: []ctmc.Class{{Name: "a", MAP: &a}}, Routing: [][]float64{{0}}}
}

// TestMAPErlangArrivals: Erlang-2 interarrival times written as a MAP,
// against the GI/M/1 solution: σ = A*(μ(1−σ)) with A*(s) = (2λ/(2λ+s))²,
// L = λ/(μ(1−σ)) (Kleinrock, Queueing Systems I, §6.4).
func TestMAPErlangArrivals(t *testing.T) {
	const lam, mu = 0.7, 1.0
	a := ctmc.MAP{D0: [][]float64{{-2 * lam, 2 * lam}, {0, -2 * lam}}, D1: [][]float64{{0, 0}, {2 * lam, 0}}}
	require.NoError(t, a.Validate())
	require.InDelta(t, lam, a.Rate(), 1e-12)
	sigma := 0.5
	for range 2000 {
		sigma = math.Pow(2*lam/(2*lam+mu*(1-sigma)), 2)
	}
	want := lam / (mu * (1 - sigma))
	sol, err := ctmc.Solve(mapSingle(a, 1/mu), tight)
	require.NoError(t, err)
	assert.InDelta(t, want, sol.Stations[0].InSystem[0], 1e-9*want)
	assert.InDelta(t, lam, sol.Stations[0].Offered[0], 1e-12)
	assert.InDelta(t, lam, sol.Stations[0].Throughput[0], 1e-9)
}

// TestMMPPAgainstMatrixGeometric: an MMPP/M/1 queue against its
// matrix-geometric solution computed here (Neuts 1981, ch. 3; Latouche
// and Ramaswami 1999, ch. 6): R is the minimal solution of
// A0 + R·A1 + R²·A2 = 0 with A0 = Λ, A1 = Q − Λ − μI, A2 = μI;
// π_n = π_0 Rⁿ, π_0 (Q − Λ + R·A2) = 0, and L = π_0 R (I − R)⁻² 1.
func TestMMPPAgainstMatrixGeometric(t *testing.T) {
	const mu = 1.0
	q := [][]float64{{0, 0.3}, {0.1, 0}}
	rates := []float64{1.5, 0.3} // mean (0.1·1.5 + 0.3·0.3)/0.4 = 0.6
	a := ctmc.MMPP(q, rates)
	require.InDelta(t, 0.6, a.Rate(), 1e-12)
	// R by the fixed point R ← −(A0 + R²A2)·A1⁻¹ from 0 (monotone to the minimal solution).
	A1 := [2][2]float64{{-q[0][1] - rates[0] - mu, q[0][1]}, {q[1][0], -q[1][0] - rates[1] - mu}}
	inv := inv2(A1)
	var R [2][2]float64
	for range 200000 {
		R2 := mul2(R, R)
		var s [2][2]float64
		for i := range 2 {
			for j := range 2 {
				s[i][j] = R2[i][j] * mu
			}
			s[i][i] += rates[i]
		}
		nr := mul2(s, inv)
		for i := range 2 {
			for j := range 2 {
				nr[i][j] = -nr[i][j]
			}
		}
		R = nr
	}
	// π_0 (B + R·μ) = 0 with B = Q − Λ: its left null vector.
	B := [2][2]float64{{-q[0][1] - rates[0] + mu*R[0][0], q[0][1] + mu*R[0][1]}, {q[1][0] + mu*R[1][0], -q[1][0] - rates[1] + mu*R[1][1]}}
	pi0 := [2]float64{B[1][0], -B[0][0]} // x·B's first column = 0
	IR := inv2([2][2]float64{{1 - R[0][0], -R[0][1]}, {-R[1][0], 1 - R[1][1]}})
	norm := 0.0
	for i := range 2 {
		for j := range 2 {
			norm += pi0[i] * IR[i][j]
		}
	}
	RIR2 := mul2(R, mul2(IR, IR))
	l := 0.0
	for i := range 2 {
		for j := range 2 {
			l += pi0[i] * RIR2[i][j] / norm
		}
	}
	sol, err := ctmc.Solve(mapSingle(a, 1/mu), tight)
	require.NoError(t, err)
	assert.InDelta(t, l, sol.Stations[0].InSystem[0], 1e-9*l)
	assert.Greater(t, l, 0.6/(1-0.6), "burstier than Poisson: more than M/M/1's L")
}

func mul2(a, b [2][2]float64) (c [2][2]float64) {
	for i := range 2 {
		for j := range 2 {
			c[i][j] = a[i][0]*b[0][j] + a[i][1]*b[1][j]
		}
	}
	return c
}

func inv2(a [2][2]float64) [2][2]float64 {
	d := a[0][0]*a[1][1] - a[0][1]*a[1][0]
	return [2][2]float64{{a[1][1] / d, -a[0][1] / d}, {-a[1][0] / d, a[0][0] / d}}
}

// TestMAPRefused: a MAP whose rows do not balance, or whose rate
// contradicts the class's, is refused.
func TestMAPRefused(t *testing.T) {
	bad := ctmc.MAP{D0: [][]float64{{-1}}, D1: [][]float64{{0.5}}}
	_, err := ctmc.Solve(mapSingle(bad, 1), ctmc.Options{})
	assert.ErrorContains(t, err, "row 0 of D0 + D1 sums to -0.5")
	m := mapSingle(ctmc.MAP{D0: [][]float64{{-1}}, D1: [][]float64{{1}}}, 0.5)
	m.Classes[0].Rate = 2
	_, err = ctmc.Solve(m, ctmc.Options{})
	assert.ErrorContains(t, err, "differs from its MAP's rate")
}

// forkModel returns an open class of rate lam forking into one
// exponential single-server FCFS branch per mean.
func forkModel(lam float64, means ...float64) *ctmc.Model {
	m := &ctmc.Model{Classes: []ctmc.Class{{Name: "job", Rate: lam}}}
	for k, s := range means {
		e := ctmc.Exponential(s)
		m.Stations = append(m.Stations, ctmc.Station{Name: string(rune('a' + k)), Servers: 1, Service: []*ctmc.PH{&e}})
		m.Classes[0].Fork = append(m.Classes[0].Fork, k)
		m.Routing = append(m.Routing, make([]float64, len(means)))
	}
	for x := range m.Routing {
		m.Routing[x] = make([]float64, len(means))
	}
	return m
}

// TestForkJoinNelsonTantawi: a fork into two homogeneous exponential
// branches against Nelson and Tantawi's exact mean response
// R = (12 − ρ)/8 · 1/(μ − λ) (IEEE Trans. Computers 37(6), 1988); one
// branch is M/M/1.
func TestForkJoinNelsonTantawi(t *testing.T) {
	for _, rho := range []float64{0.3, 0.6} {
		sol, err := ctmc.Solve(forkModel(rho, 1, 1), tight)
		require.NoError(t, err)
		require.Len(t, sol.ForkJoin, 1)
		want := (12 - rho) / 8 / (1 - rho)
		assert.InDelta(t, want, sol.ForkJoin[0].Response, 1e-9*want, "ρ = %v", rho)
		assert.InDelta(t, rho*want, sol.ForkJoin[0].Jobs, 1e-9*want)
		assert.InDelta(t, rho/(1-rho), sol.Stations[0].InSystem[0], 1e-9, "each branch is M/M/1")
	}
	sol, err := ctmc.Solve(forkModel(0.5, 1), tight)
	require.NoError(t, err)
	assert.InDelta(t, 2, sol.ForkJoin[0].Response, 1e-9)
	// Three branches: longer than two, shorter than the sum of the branch
	// responses.
	three, err := ctmc.Solve(forkModel(0.4, 1, 1, 1), ctmc.Options{Tol: 1e-10})
	require.NoError(t, err)
	two := (12 - 0.4) / 8 / 0.6
	assert.Greater(t, three.ForkJoin[0].Response, two)
	assert.Less(t, three.ForkJoin[0].Response, 3/0.6)
}

// TestForkRefused: what the fork/join chain does not solve is refused by
// name.
func TestForkRefused(t *testing.T) {
	m := forkModel(0.5, 1, 1)
	m.Stations[1].Patience = 1
	_, err := ctmc.Solve(m, ctmc.Options{})
	assert.ErrorContains(t, err, `branch "b" has a capacity, patience or balking`)
	m = forkModel(0.5, 1, 1)
	m.Routing[0][1] = 1
	_, err = ctmc.Solve(m, ctmc.Options{})
	assert.ErrorContains(t, err, "routed on from branch")
}

// TestInitialState: an M/M/∞ station started with 6 customers has
// 6e^{−t/S} + ρ(1 − e^{−t/S}) present at t; a one-customer cycle started
// at its second station is at the first with probability
// 0.8 (1 − e^{−5t}); an open FCFS queue started full drains to the
// steady state.
func TestInitialState(t *testing.T) {
	e := ctmc.Exponential(2)
	m := single(ctmc.Station{Name: "s", Servers: 0, Service: []*ctmc.PH{&e}}, []float64{1.5})
	m.Initial = [][]int{{6}}
	sol, err := ctmc.Solve(m, tight)
	require.NoError(t, err)
	snaps, err := sol.Transient([]float64{0, 0.5, 4})
	require.NoError(t, err)
	for _, s := range snaps {
		d := math.Exp(-s.T / 2)
		assert.InDelta(t, 6*d+3*(1-d), s.Stations[0].InSystem[0], 1e-9, "t = %v", s.T)
	}
	assert.InDelta(t, 3, sol.Stations[0].InSystem[0], 1e-9, "the steady state does not depend on it")

	a, b := ctmc.Exponential(1), ctmc.Exponential(0.25)
	cyc := &ctmc.Model{Stations: []ctmc.Station{{Name: "x", Servers: 1, Service: []*ctmc.PH{&a}}, {Name: "y", Servers: 1, Service: []*ctmc.PH{&b}}},
		Classes: []ctmc.Class{{Name: "c", Population: 1, Start: 0}}, Routing: [][]float64{{0, 1}, {1, 0}}, Initial: [][]int{nil, {1}}}
	sol, err = ctmc.Solve(cyc, ctmc.Options{})
	require.NoError(t, err)
	snaps, err = sol.Transient([]float64{0, 0.1, 0.7})
	require.NoError(t, err)
	for _, s := range snaps {
		assert.InDelta(t, 0.8*(1-math.Exp(-5*s.T)), s.Stations[0].InSystem[0], 1e-9, "t = %v", s.T)
	}
	cyc.Initial = [][]int{{1}, {1}}
	_, err = ctmc.Solve(cyc, ctmc.Options{})
	assert.ErrorContains(t, err, "class \"c\" has 2 customers placed, its population is 1")
}
