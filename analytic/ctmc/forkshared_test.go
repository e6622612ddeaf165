package ctmc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sharedModel is jobModel with a second open class, "other", arriving at
// rate lam2 at branch s, served there (exponential of mean mean2) once.
func sharedModel(lam, lam2, mean2 float64, s int, bs ...branch) *Model {
	m := jobModel(lam, bs...)
	M := len(bs)
	m.Classes = append(m.Classes, Class{Name: "other", Rate: lam2, Source: s})
	for i := range m.Stations {
		m.Stations[i].Service = append(m.Stations[i].Service, nil)
	}
	law := Exponential(mean2)
	m.Stations[s].Service[1] = &law
	m.Routing = nil
	for range 2 * M {
		m.Routing = append(m.Routing, make([]float64, 2*M))
	}
	return m
}

// TestForkSharedBranchBruteForce: forks with a PS or delay branch that
// another open class visits too, against the chain written out here
// (bruteFork: the other class's count beside the jobs, the PS shares
// counting everyone by hand), truncated at the same number of customers
// and solved densely: the jobs, each branch's mean tasks and the other
// class's mean number agree to 1e-9. Leaving the other class out of the
// tasks' PS shares (sharedShares), or dropping it when a task moves
// (merge), fails it.
func TestForkSharedBranchBruteForce(t *testing.T) {
	e := Exponential
	for name, tc := range map[string]struct {
		m     *Model
		level int
	}{
		"ps shared + fcfs1":     {sharedModel(0.5, 0.3, 1, 0, branch{1, PS, e(0.8)}, branch{1, FCFS, e(1)}), 8},
		"delay shared + ps2":    {sharedModel(0.6, 0.8, 1, 0, branch{0, nil, e(1.5)}, branch{2, PS, e(1)}), 6},
		"ps2 shared + delay":    {sharedModel(0.7, 0.6, 1.2, 0, branch{2, PS, e(1)}, branch{0, nil, e(1)}), 6},
		"fcfs2 + ps shared":     {sharedModel(0.5, 0.4, 0.6, 1, branch{2, FCFS, e(1.5)}, branch{1, PS, e(0.7)}), 7},
		"lcfs + siro + ps both": {sharedModel(0.4, 0.3, 1, 2, branch{1, LCFSPR, e(1)}, branch{2, SIRO, e(1.5)}, branch{1, PS, e(0.8)}), 4},
	} {
		againstBrute(t, name, tc.m, tc.level)
	}
}

// TestForkSharedDelayIndependent: at a delay branch every customer is
// served on its own, so another class there changes nothing of the fork:
// the jobs and the branches' tasks are those of the fork alone, and the
// other class's mean number is λ·E[S] (M/M/∞), to 1e-7 (both chains
// truncated at their own level, with mass cut below 1e-11).
func TestForkSharedDelayIndependent(t *testing.T) {
	e := Exponential
	alone := jobModel(0.3, branch{0, nil, e(1.5)}, branch{1, PS, e(1)})
	want, err := Solve(alone, Options{Tol: 1e-11})
	require.NoError(t, err)
	got, err := Solve(sharedModel(0.3, 0.5, 1, 0, branch{0, nil, e(1.5)}, branch{1, PS, e(1)}), Options{Tol: 1e-11})
	require.NoError(t, err)
	assert.InDelta(t, want.ForkJoin[0].Jobs, got.ForkJoin[0].Jobs, 1e-7)
	for i := range alone.Stations {
		assert.InDelta(t, want.Stations[i].InSystem[0], got.Stations[i].InSystem[0], 1e-7, "%d", i)
	}
	assert.InDelta(t, 0.5*1, got.Stations[0].InSystem[1], 1e-7)
}

// TestForkSharedRefused: a shared FCFS, LCFS-PR, SIRO or priority branch,
// and a branch of two forks, are refused naming the station.
func TestForkSharedRefused(t *testing.T) {
	e := Exponential
	for name, tc := range map[string]struct {
		m   *Model
		msg string
	}{
		"fcfs":  {sharedModel(0.5, 0.3, 1, 0, branch{1, FCFS, e(1)}, branch{1, PS, e(1)}), `branch "a" serves other classes too and is fcfs`},
		"lcfs":  {sharedModel(0.5, 0.3, 1, 1, branch{1, PS, e(1)}, branch{1, LCFSPR, e(1)}), `branch "b" serves other classes too and is lcfs-pr`},
		"siro2": {sharedModel(0.5, 0.3, 1, 0, branch{2, SIRO, e(1)}, branch{1, PS, e(1)}), `branch "a" serves other classes too and is siro`},
		"prio":  {sharedModel(0.5, 0.3, 1, 1, branch{1, PS, e(1)}, branch{1, PriorityNP, e(1)}), `branch "b" serves other classes too and is priority`},
		"prpr":  {sharedModel(0.5, 0.3, 1, 0, branch{1, PriorityPR, e(1)}, branch{1, PS, e(1)}), `branch "a" serves other classes too and is preemptive-priority`},
	} {
		_, err := Solve(tc.m, Options{})
		var at *AtError
		require.ErrorAs(t, err, &at, name)
		assert.Equal(t, tc.m.Stations[tc.m.Classes[1].Source].Name, at.Station, name)
		assert.ErrorContains(t, err, tc.msg, name)
	}
	two := sharedModel(0.5, 0.3, 1, 0, branch{1, PS, e(1)}, branch{1, PS, e(1)})
	two.Classes[1].Fork = []int{0}
	_, err := Solve(two, Options{})
	assert.ErrorContains(t, err, `branch "a" is a branch of another class's fork too`)
}

// TestForkInitialMalformed: an initial state of the wrong shape in a
// model with a fork is refused with the initial state's own error, not
// read by the fork's checks first (which indexed its short rows and
// panicked): a row with no counts at a closed fork's branch, and a row
// with one count for two classes at a PS branch a closed class shares.
func TestForkInitialMalformed(t *testing.T) {
	e := Exponential
	closed := closedForkModel(3, 0, 1, branch{1, FCFS, e(1)}, branch{1, PS, e(1)})
	closed.Initial = [][]int{{}, nil, {3}, nil}
	shared := sharedModel(0.5, 0, 1, 1, branch{1, FCFS, e(1)}, branch{1, PS, e(1)})
	o := &shared.Classes[1]
	o.Rate, o.Population, o.Start, o.Source = 0, 1, 1, 0
	shared.Routing[3][3] = 1 // "other" is served at b again and again
	shared.Initial = [][]int{nil, {0}}
	for name, tc := range map[string]struct {
		m   *Model
		msg string
	}{
		"closed fork, empty row": {closed, `initial state, station "a": 0 counts for 1 classes`},
		"shared ps, short row":   {shared, `initial state, station "b": 1 counts for 2 classes`},
	} {
		require.NotPanics(t, func() {
			_, err := Solve(tc.m, Options{})
			assert.ErrorContains(t, err, tc.msg, name)
		}, name)
	}
}
