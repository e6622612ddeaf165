package ctmc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// joinModel is jobModel with one more station, d (one exponential FCFS
// server of mean dMean), that a joined job reaches with probability
// pd and leaves for itself again with probability back.
func joinModel(lam, dMean, pd, back float64, bs ...branch) *Model {
	m := jobModel(lam, bs...)
	M := len(bs) + 1
	law := Exponential(dMean)
	m.Stations = append(m.Stations, Station{Name: "d", Servers: 1, Service: []*PH{&law}})
	m.Routing = nil
	for range M {
		m.Routing = append(m.Routing, make([]float64, M))
	}
	m.Routing[M-1][M-1] = back
	m.Classes[0].Join = make([]float64, M)
	m.Classes[0].Join[M-1] = pd
	return m
}

// TestJobForkJoinRouting: jobs going on after the join to a station d
// (with feedback there) against a chain written out here (bruteFork: the
// jobs in arrival order and d's count, each branch's service rule by
// hand), truncated at the same number of open customers (tasks
// and d's), solved densely: the jobs, each branch's and d's mean number
// agree to 1e-9, and d's offered arrivals (those from the join counted,
// for its mean wait) are its departures. Sending the joined job to d
// with probability 1 in goOn, or dropping it, fails it; so does leaving
// the join's jobs out of d's offered arrivals.
func TestJobForkJoinRouting(t *testing.T) {
	e := Exponential
	for name, tc := range map[string]struct {
		m     *Model
		level int
	}{
		"fcfs1 + fcfs1 → d":    {joinModel(0.5, 0.6, 0.7, 0.25, branch{1, FCFS, e(1)}, branch{1, FCFS, e(0.8)}), 8},
		"ps + delay → d":       {joinModel(0.6, 0.5, 0.5, 0.3, branch{1, PS, e(0.9)}, branch{0, nil, e(1.2)}), 7},
		"fcfs2 + fcfs1 → d":    {joinModel(0.7, 0.8, 1, 0, branch{2, FCFS, e(1.5)}, branch{1, FCFS, e(0.6)}), 7},
		"fcfs1 + ps + del → d": {joinModel(0.4, 0.7, 0.6, 0.2, branch{1, FCFS, e(1)}, branch{1, PS, e(0.8)}, branch{0, nil, e(1)}), 5},
	} {
		sol, _ := againstBrute(t, name, tc.m, tc.level)
		d := len(tc.m.Stations) - 1
		assert.InEpsilon(t, sol.Stations[d].Throughput[0], sol.Stations[d].Offered[0], 1e-9, "%s: d's arrivals, from the join and fed back, are its departures (joinOffers)", name)
	}
}

// TestJobForkJoinLeaves: a join row that sends nobody on (all zeros) is
// the fork whose jobs leave at the join: the job list then gives the
// states and values of the chain without a Join (the branch counts,
// single-server FCFS branches), to 1e-9.
func TestJobForkJoinLeaves(t *testing.T) {
	m := jobModel(0.5, branch{1, FCFS, Exponential(1)}, branch{1, FCFS, Erlang(0.8, 2)})
	want, err := Solve(m, Options{})
	require.NoError(t, err)
	m.Classes[0].Join = make([]float64, 2)
	got, err := Solve(m, Options{})
	require.NoError(t, err)
	assert.Equal(t, want.States, got.States)
	assert.InEpsilon(t, want.ForkJoin[0].Jobs, got.ForkJoin[0].Jobs, 1e-9)
	for i := range m.Stations {
		assert.InEpsilon(t, want.Stations[i].InSystem[0], got.Stations[i].InSystem[0], 1e-9, "%d", i)
	}
}

// TestJobForkJoinRefused: a join row into the class's own branch, into a
// blocking station, or of the wrong length is refused by name.
func TestJobForkJoinRefused(t *testing.T) {
	m := joinModel(0.5, 0.6, 1, 0, branch{1, FCFS, Exponential(1)}, branch{1, FCFS, Exponential(1)})
	m.Classes[0].Join = []float64{0.5, 0, 0}
	_, err := Solve(m, Options{})
	assert.ErrorContains(t, err, `class "job"'s join sends jobs to its branch "a"`)
	m = joinModel(0.5, 0.6, 1, 0, branch{1, FCFS, Exponential(1)}, branch{1, FCFS, Exponential(1)})
	m.Stations[2].Capacity, m.Stations[2].Blocking = 2, AfterService
	_, err = Solve(m, Options{})
	assert.ErrorContains(t, err, `its join sends jobs to "d", which blocks`)
	m.Stations[2].Capacity, m.Stations[2].Blocking = 0, NoBlocking
	m.Classes[0].Join = []float64{1}
	_, err = Solve(m, Options{})
	assert.ErrorContains(t, err, "has 1 entries, want 3")
}
