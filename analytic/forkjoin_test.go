package analytic

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forkNet is a k-way fork (station 0) of homogeneous branches (stations
// 2…k+1, mean service s) joined at station 1, arrivals at rate lambda.
func forkNet(k int, lambda, s float64) Network {
	m := k + 2
	n := Network{Classes: []NetClass{{Name: "job", Rate: lambda, ArrivalSCV: 1, Source: 0}}, Routing: matrix(m)}
	n.Stations = append(n.Stations, NetStation{Name: "f", Mean: []float64{0}}, NetStation{Name: "j", Mean: []float64{0}})
	fk := NetFork{Fork: 0, Join: 1, Tasks: make([]int, m)}
	for b := range k {
		n.Stations = append(n.Stations, NetStation{Name: string(rune('a' + b)), Servers: 1, Mean: []float64{s}})
		fk.Tasks[b+2] = 1
		n.Routing[b+2][1] = 1
	}
	n.Forks = []NetFork{fk}
	return n
}

// TestNelsonTantawi checks the formulas by hand: at λ = 0.5, μ = 1
// (ρ = 0.5), R₂ = 11.5/8 · 2 = 2.875 exactly; R₃ = [H₃/H₂ + (1 −
// H₃/H₂)·4ρ/11]·R₂ with H₃/H₂ = (11/6)/(3/2) = 11/9.
func TestNelsonTantawi(t *testing.T) {
	r, method, exact := NelsonTantawi(2, 0.5, 1)
	assert.InDelta(t, 2.875, r, 1e-12)
	assert.True(t, exact)
	assert.Equal(t, MethodNelsonTantawi, method)
	r, method, exact = NelsonTantawi(3, 0.5, 1)
	assert.InDelta(t, (11.0/9+(1-11.0/9)*2/11)*2.875, r, 1e-12)
	assert.False(t, exact)
	assert.Equal(t, MethodNelsonTantawiApprox, method)
	for _, bad := range [][3]float64{{1, 0.5, 1}, {2, 1, 1}, {2, 0, 1}} {
		r, _, _ := NelsonTantawi(int(bad[0]), bad[1], bad[2])
		assert.True(t, math.IsNaN(r), "%v", bad)
	}
	// As ρ → 0 a job's response is the larger of k exponential services:
	// H_k/μ (the approximation is built to be exact there).
	r, _, _ = NelsonTantawi(5, 1e-9, 1)
	assert.InDelta(t, 1+1.0/2+1.0/3+1.0/4+1.0/5, r, 1e-6)
}

// TestSolveForkJoin: Nelson and Tantawi's closed form for two and four
// homogeneous M/M/1 branches (exact for two), and the unstable branch
// named.
func TestSolveForkJoin(t *testing.T) {
	ms, err := SolveNetwork(forkNet(2, 0.5, 1))
	require.NoError(t, err)
	fr := metric(t, ms, "f", "", "mean_response", MethodNelsonTantawi)
	assert.InDelta(t, 2.875, fr.Value, 1e-12)
	assert.True(t, fr.Exact)
	assert.InDelta(t, 2.875, metric(t, ms, "network", "", "mean_response", MethodNelsonTantawi).Value, 1e-12)
	assert.InDelta(t, 0.875, metric(t, ms, "j", "", "mean_sync_delay", MethodNelsonTantawi).Value, 1e-12)
	assert.InDelta(t, 2*0.5*0.875, metric(t, ms, "j", "", "mean_in_system", MethodNelsonTantawi).Value, 1e-12)
	assert.InDelta(t, 2.0, metric(t, ms, "a", "", "mean_response", MethodMM1Branch).Value, 1e-12)

	// Four branches: the closed form's values without the exact CTMC,
	// which costs about 5 CPU s here and gives no values for this shape;
	// TestSolveForkJoinFourBranchesWithCTMC (build tag long) solves the
	// same network with the CTMC tried.
	four := forkNet(4, 0.5, 1)
	four.SkipCTMC = true
	ms, err = SolveNetwork(four)
	require.NoError(t, err)
	assert.False(t, metric(t, ms, "f", "", "mean_response", MethodNelsonTantawiApprox).Exact)
	assert.True(t, metric(t, ms, "f", "", "throughput", MethodNelsonTantawiApprox).Exact)

	_, err = SolveNetwork(forkNet(2, 1.5, 1))
	var u *UnstableError
	require.True(t, errors.As(err, &u), "%v", err)
	assert.Equal(t, "a", u.Station)
}

// TestForkJoinOtherShapes: a fork network that is not homogeneous M/M/1
// branches gets no closed form; the exact CTMC gives the uneven branches
// and a branch with two servers their values and refuses (no values, no
// error) a deterministic law and two tasks per branch.
func TestForkJoinOtherShapes(t *testing.T) {
	uneven := forkNet(2, 0.5, 1)
	uneven.Stations[3].Mean[0] = 0.8
	twoServers := forkNet(2, 0.5, 1)
	twoServers.Stations[2].Servers = 2
	det := forkNet(2, 0.5, 1)
	det.Stations[2].SCV, det.Stations[3].SCV = []float64{0}, []float64{0}
	twoTasks := forkNet(2, 0.4, 1) // two tasks at 0.4/s: branch a at ρ 0.8
	twoTasks.Forks[0].Tasks[2] = 2
	for name, n := range map[string]Network{"det": det, "two tasks": twoTasks} {
		ms, err := SolveNetwork(n)
		require.NoError(t, err, name)
		assert.Empty(t, ms, name)
	}
	for name, n := range map[string]Network{"uneven": uneven, "two servers": twoServers} {
		ms, err := SolveNetwork(n)
		require.NoError(t, err, name)
		require.NotEmpty(t, ms, name)
		for _, m := range ms {
			assert.Equal(t, MethodCTMC, m.Method, "%s: %+v", name, m)
		}
	}
	m, err := forkNet(2, 0.5, 1).CTMCModel()
	require.NoError(t, err)
	assert.Equal(t, []int{2, 3}, m.Classes[0].Fork)
	bad := forkNet(2, 0.5, 1)
	bad.Forks[0].Join = 9
	require.ErrorContains(t, bad.Validate(), "fork 0 and join 9")
}

// TestForkJoinNoExit: jobs that loop for ever after the join are refused
// as for any open network (ErrNoExit); a fork alone is not an exit.
func TestForkJoinNoExit(t *testing.T) {
	n := forkNet(2, 0.5, 1)
	n.Routing[1][0] = 1 // from the join back to the fork, for ever
	_, err := SolveNetwork(n)
	require.ErrorIs(t, err, ErrNoExit)
	n.Routing[1][0] = 0.25 // jobs at the fork 0.5/0.75 per s: every branch at ρ 2/3
	_, err = SolveNetwork(n)
	require.NoError(t, err)
	// Half the jobs back: 1 per s at the fork, every branch at ρ 1. The
	// stability check counts the jobs the join sends back (it took the
	// class's outside rate alone before, and the exact CTMC then truncated
	// an overloaded branch at its state limit).
	n.Routing[1][0] = 0.5
	_, err = SolveNetwork(n)
	var u *UnstableError
	require.ErrorAs(t, err, &u)
	assert.InDelta(t, 1, u.Rho, 1e-12)
}

// TestForkJoinUnstableBeforeCTMC: a fork network of a shape the closed
// form does not take (uneven branches) is refused as unstable from its
// branches' task rates, before the exact CTMC is tried: a flooded network
// on the live page truncated its overloaded branch at the state limit
// (18 s and 900 MB for net solve at 10⁹ arrivals per second).
func TestForkJoinUnstableBeforeCTMC(t *testing.T) {
	n := forkNet(2, 1.1, 1)
	n.Stations[3].Mean[0] = 0.5 // b at ρ 0.55, a at 1.1
	_, err := SolveNetwork(n)
	var u *UnstableError
	require.ErrorAs(t, err, &u)
	assert.Equal(t, "a", u.Station)
	assert.InDelta(t, 1.1, u.Rho, 1e-12)
}
