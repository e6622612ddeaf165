package ctmc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// closedForkModel returns a closed class of n customers that think at
// station d (servers, exponential of mean think; 0 servers: a delay) and
// then fork at station "fork" into the branches, their joined jobs going
// back to d: the branches are stations 0…B−1, d is B, the fork B+1.
func closedForkModel(n, servers int, think float64, bs ...branch) *Model {
	m := jobModel(0, bs...)
	B := len(bs)
	M := B + 2
	law := Exponential(think)
	m.Stations = append(m.Stations, Station{Name: "d", Servers: servers, Service: []*PH{&law}}, Station{Name: "fork", Service: []*PH{nil}})
	m.Routing = nil
	for range M {
		m.Routing = append(m.Routing, make([]float64, M))
	}
	m.Routing[B][B+1] = 1
	c := &m.Classes[0]
	c.Rate, c.Population, c.Start, c.Source = 0, n, B, B+1
	c.Join = make([]float64, M)
	c.Join[B] = 1
	return m
}

// TestClosedForkBruteForce: closed classes that fork, their jobs thinking
// at d between forks (or half of them forking again at once), against the chain written out here (bruteFork: the
// jobs in arrival order with each task's code, d's count, each
// discipline's rule by hand), solved densely: the jobs, the jobs'
// throughput and response, and every station's mean number agree to
// 1e-9, and the fork holds as many jobs as the population leaves out of
// d. Halving the joined jobs that go on (goOn), dropping the closed
// class's routed arrival at its fork (arriveAt), or a jobs' throughput
// off by 1e-6 fails it; so does a wrong LCFS-PR rule in bruteFork.
func TestClosedForkBruteForce(t *testing.T) {
	e := Exponential
	for name, m := range map[string]*Model{
		"fcfs1 + fcfs1, think delay": closedForkModel(4, 0, 2, branch{1, FCFS, e(1)}, branch{1, FCFS, e(0.8)}),
		"fcfs2 + ps, think delay":    closedForkModel(5, 0, 1.5, branch{2, FCFS, e(1)}, branch{1, PS, e(0.6)}),
		"delay + lcfs, think 1":      closedForkModel(4, 1, 0.5, branch{0, nil, e(2)}, branch{1, LCFSPR, e(0.5)}),
		"siro2 + prio1 + ps2":        closedForkModel(3, 0, 1, branch{2, SIRO, e(1.5)}, branch{1, PriorityNP, e(0.7)}, branch{2, PS, e(1)}),
		"one branch, think 2":        closedForkModel(6, 2, 1, branch{1, FCFS, e(0.9)}),
		"half back to the fork":      halfBack(closedForkModel(4, 1, 1, branch{2, FCFS, e(1)}, branch{1, PS, e(0.6)})),
		"half back, siro2 + ps":      halfBack(closedForkModel(4, 1, 1, branch{2, SIRO, e(1)}, branch{1, PS, e(0.6)})),
	} {
		sol, want := againstBrute(t, name, m, 0)
		got := sol.ForkJoin[0]
		assert.InEpsilon(t, want.x, got.Throughput, 1e-9, name)
		assert.InEpsilon(t, want.jobs/want.x, got.Response, 1e-9, name)
		for _, b := range m.Classes[0].Fork {
			assert.InEpsilon(t, got.Throughput, sol.Stations[b].Offered[0], 1e-9, "%s: every job offers a task to branch %d", name, b)
		}
		d := len(m.Classes[0].Fork)
		assert.InDelta(t, float64(m.Classes[0].Population)-sol.Stations[d].InSystem[0], got.Jobs, 1e-9, name)
		assert.InEpsilon(t, got.Throughput*m.Classes[0].Join[d], sol.Stations[d].Throughput[0], 1e-9, "%s: a joined job thinks with probability Join[d]", name)
	}
}

// TestClosedForkStartsAtFork: a closed class that starts at its fork (its
// jobs forked one by one at time 0, as the simulator places them) or is
// placed there by Model.Initial has the steady state of the one that
// starts at d, and the same transient as the brute force's start at the
// fork gives: at time 0 every job is forked.
func TestClosedForkStartsAtFork(t *testing.T) {
	e := Exponential
	at := closedForkModel(3, 0, 1, branch{2, FCFS, e(1)}, branch{1, PS, e(0.6)})
	want, err := Solve(at, Options{})
	require.NoError(t, err)
	fork := closedForkModel(3, 0, 1, branch{2, FCFS, e(1)}, branch{1, PS, e(0.6)})
	fork.Classes[0].Start = 3
	initial := closedForkModel(3, 0, 1, branch{2, FCFS, e(1)}, branch{1, PS, e(0.6)})
	initial.Initial = [][]int{nil, nil, {1}, {2}}
	for name, m := range map[string]*Model{"start": fork, "initial": initial} {
		got, err := Solve(m, Options{})
		require.NoError(t, err, name)
		assert.Equal(t, want.States, got.States, name)
		assert.InEpsilon(t, want.ForkJoin[0].Jobs, got.ForkJoin[0].Jobs, 1e-9, name)
		assert.InEpsilon(t, want.ForkJoin[0].Throughput, got.ForkJoin[0].Throughput, 1e-9, name)
		tr, err := got.Transient([]float64{0})
		require.NoError(t, err, name)
		jobs := map[string]float64{"start": 3, "initial": 2}[name]
		assert.InDelta(t, jobs, tr[0].Stations[0].InSystem[0], 1e-12, "%s: every job forked at time 0 has a task at branch a", name)
		assert.InDelta(t, 3-jobs, tr[0].Stations[2].InSystem[0], 1e-12, name)
	}
}

// TestClosedForkRefused: a closed class's fork that serves customers,
// has a routing row, is a router (whose arrivals would be routed on, not
// forked), or sends no joined job on (or not all of them), and a class
// starting at its own branch, are refused as AtErrors naming the
// station and the reason.
func TestClosedForkRefused(t *testing.T) {
	e := Exponential
	for name, tc := range map[string]struct {
		change  func(m *Model)
		station string
		routing bool
		msg     string
	}{
		"fork serves": {func(m *Model) { law := e(1); m.Stations[3].Service[0] = &law }, "fork", false, `its fork "fork" serves customers`},
		"fork routes": {func(m *Model) { m.Routing[3][2] = 1 }, "fork", true, `its fork "fork" has a routing row`},
		"no join":     {func(m *Model) { m.Classes[0].Join = nil }, "fork", true, "a closed class's join must send every job on"},
		"half join":   {func(m *Model) { m.Classes[0].Join[2] = 0.5 }, "fork", true, "its join's routing row sums to 0.5"},
		"start at a":  {func(m *Model) { m.Classes[0].Start = 0 }, "a", false, `it starts at its branch "a"`},
		"fork router": {func(m *Model) { m.Stations[3].Router = true }, "fork", false, `its fork "fork" is a router`},
	} {
		m := closedForkModel(2, 0, 1, branch{1, FCFS, e(1)}, branch{1, FCFS, e(1)})
		tc.change(m)
		_, err := Solve(m, Options{})
		var at *AtError
		require.ErrorAs(t, err, &at, name)
		assert.Equal(t, tc.station, at.Station, name)
		assert.Equal(t, tc.routing, at.Routing, name)
		assert.ErrorContains(t, err, tc.msg, name)
	}
}

// TestClosedForkNotMaxCount: in the closed fork that model/network's
// TestClosedForkCTMCSimulated simulates (4 jobs thinking at a delay
// station of mean 2, a 2-server FCFS branch of mean 2 beside a PS branch
// of mean 1), tasks overtake one another, so the jobs at the fork are not
// the longer branch's tasks: E[max_i n_i]/X, what the chain of the
// branch counts would report, misses the jobs' response by 7 %; the
// values here are the ones that test states.
func TestClosedForkNotMaxCount(t *testing.T) {
	m := closedForkModel(4, 0, 2, branch{2, FCFS, Exponential(2)}, branch{1, PS, Exponential(1)})
	sol, err := Solve(m, Options{})
	require.NoError(t, err)
	most := 0.0
	for x, p := range sol.pi {
		tp := sol.chain.tuple(x)
		most += p * max(sol.chain.tabs[0].info[tp[0]].count[0], sol.chain.tabs[1].info[tp[1]].count[0])
	}
	fj := sol.ForkJoin[0]
	assert.InDelta(t, 3.412496, fj.Response, 1e-6)
	assert.InDelta(t, 3.178610, most/fj.Throughput, 1e-6)
	assert.InDelta(t, 0.739031, fj.Throughput, 1e-6)
}

// halfBack sends half of closedForkModel's joined jobs straight back to
// the fork, the rest to d.
func halfBack(m *Model) *Model {
	c := &m.Classes[0]
	c.Join[c.Start], c.Join[c.Source] = 0.5, 0.5
	return m
}
