package ctmc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// branch is one branch of a test fork: servers (0: delay), discipline and
// service law.
type branch struct {
	servers int
	disc    Discipline
	law     PH
}

// jobModel returns one open class of rate lam forking into the branches.
func jobModel(lam float64, bs ...branch) *Model {
	m := &Model{Classes: []Class{{Name: "job", Rate: lam}}}
	for k, b := range bs {
		law := b.law
		m.Stations = append(m.Stations, Station{Name: string(rune('a' + k)), Servers: b.servers, Discipline: b.disc, Service: []*PH{&law}})
		m.Classes[0].Fork = append(m.Classes[0].Fork, k)
	}
	for range bs {
		m.Routing = append(m.Routing, make([]float64, len(bs)))
	}
	return m
}

// solveJobs solves m with forks solved job by job or not.
func solveJobs(t *testing.T, m *Model, jobs bool) *Solution {
	t.Helper()
	jobsAlways = jobs
	defer func() { jobsAlways = false }()
	sol, err := Solve(m, Options{})
	require.NoError(t, err)
	return sol
}

// TestJobForkAgreesWithCounts: on single-server FCFS branches the job
// list and the chain of the branch counts are the same chain (the list is
// determined by the counts and the phases of the tasks in service): the
// same states, and the jobs, response and every station's mean number to
// 1e-9.
func TestJobForkAgreesWithCounts(t *testing.T) {
	exp := func(mean float64) branch { return branch{1, FCFS, Exponential(mean)} }
	cases := map[string]*Model{
		"two even":       jobModel(0.5, exp(1), exp(1)),
		"three uneven":   jobModel(0.4, exp(1), exp(0.8), exp(1.2)),
		"erlang and exp": jobModel(0.45, branch{1, nil, Erlang(1, 2)}, exp(0.7)),
		"hyperexp":       jobModel(0.3, branch{1, FCFS, HyperExp(0.3, 0.5, 3)}, exp(1)),
	}
	scaled := jobModel(0.5, exp(1), exp(1))
	scaled.Stations[1].RateScale = []float64{1, 1.5, 1.8}
	cases["load-dependent"] = scaled
	for name, m := range cases {
		counts, jobs := solveJobs(t, m, false), solveJobs(t, m, true)
		assert.Equal(t, counts.States, jobs.States, name)
		require.Len(t, jobs.ForkJoin, 1, name)
		w := counts.ForkJoin[0]
		assert.InEpsilon(t, w.Jobs, jobs.ForkJoin[0].Jobs, 1e-9, name)
		assert.InEpsilon(t, w.Response, jobs.ForkJoin[0].Response, 1e-9, name)
		for i := range m.Stations {
			assert.InEpsilon(t, counts.Stations[i].InSystem[0], jobs.Stations[i].InSystem[0], 1e-9, "%s: %s", name, m.Stations[i].Name)
		}
	}
}

// TestJobForkInsensitive: a PS branch with a phase-type law and a delay
// branch keep their insensitive marginals (M/G/1-PS: ρ/(1 − ρ); M/G/∞:
// λE[S]) inside the fork, and the jobs lie between the longest branch and the sum of
// the branches.
func TestJobForkInsensitive(t *testing.T) {
	lam := 0.3
	m := jobModel(lam, branch{1, PS, HyperExp(0.25, 0.5, 2.5)}, branch{0, nil, Exponential(1.5)})
	sol, err := Solve(m, Options{})
	require.NoError(t, err)
	rho := lam * m.Stations[0].Service[0].Mean()
	assert.InDelta(t, rho/(1-rho), sol.Stations[0].InSystem[0], 1e-9)
	assert.InDelta(t, lam*1.5, sol.Stations[1].InSystem[0], 1e-9)
	jobs := sol.ForkJoin[0].Jobs
	assert.Greater(t, jobs, rho/(1-rho))
	assert.Less(t, jobs, rho/(1-rho)+lam*1.5)
	assert.Less(t, sol.MassCut, 1e-10)
}

// TestJobForkBruteForce: the chain of the job lists (canonical orders,
// the disciplines through the stations' tables) against a chain written
// out here independently (bruteFork: every order of the jobs its own
// state, each discipline's service rule by hand) on exponential forks
// truncated at the same number of tasks, solved densely: the jobs and
// each branch's mean tasks agree to 1e-9.
func TestJobForkBruteForce(t *testing.T) {
	e := Exponential
	for name, tc := range map[string]struct {
		m     *Model
		level int
	}{
		"fcfs2 + ps":            {jobModel(1, branch{2, FCFS, e(1)}, branch{1, PS, e(0.6)}), 7},
		"delay + lcfs + fcfs":   {jobModel(0.8, branch{0, nil, e(2)}, branch{1, LCFSPR, e(0.5)}, branch{1, FCFS, e(0.7)}), 5},
		"ps2 + fcfs3":           {jobModel(1.2, branch{2, PS, e(1.2)}, branch{3, FCFS, e(2)}), 7},
		"lcfs2 + fcfs1":         {jobModel(0.7, branch{2, LCFSPR, e(1.5)}, branch{1, FCFS, e(0.9)}), 7},
		"fcfs2 + fcfs2 + delay": {jobModel(0.9, branch{2, FCFS, e(1.5)}, branch{2, FCFS, e(1)}, branch{0, nil, e(1)}), 5},
	} {
		againstBrute(t, name, tc.m, tc.level)
	}
}

// TestJobForkNotMaxCount: where tasks overtake one another the jobs not
// yet joined are not the longest branch's tasks. On the two forks that
// model/network's TestForkJoinCTMCSimulated simulates (a 2-server FCFS
// branch beside a 1-server one; a PS branch beside a delay one, both at
// λ = 0.5), the job-level response differs from E[max_i n_i]/λ, what the
// chain of the branch counts would report, by 2.7 % and 8 %; the values
// here are the ones that test states.
func TestJobForkNotMaxCount(t *testing.T) {
	e := Exponential
	for name, tc := range map[string]struct {
		m                  *Model
		response, maxCount float64
	}{
		"fcfs2 + fcfs1": {jobModel(0.5, branch{2, FCFS, e(2)}, branch{1, FCFS, e(1)}), 3.409226, 3.317887},
		"ps + delay":    {jobModel(0.5, branch{1, PS, e(1)}, branch{0, nil, e(2)}), 3.074025, 2.839814},
	} {
		sol, err := Solve(tc.m, Options{})
		require.NoError(t, err, name)
		most := 0.0
		for x, p := range sol.pi {
			tp := sol.chain.tuple(x)
			n := 0.0
			for i, tb := range sol.chain.tabs {
				n = max(n, tb.info[tp[i]].count[0])
			}
			most += p * n
		}
		assert.InDelta(t, tc.response, sol.ForkJoin[0].Response, 1e-6, name)
		assert.InDelta(t, tc.maxCount, most/0.5, 1e-6, name)
	}
}

// TestJobForkTooLarge: a 2-server FCFS branch beside a PS one keeps, for
// each task waiting at the FCFS branch, whether its sibling is done, so
// the states grow about geometrically with the tasks kept; beyond
// MaxStates the solver refuses with the count, as for any chain.
func TestJobForkTooLarge(t *testing.T) {
	m := jobModel(0.2, branch{2, FCFS, Exponential(2)}, branch{1, PS, Exponential(1)})
	_, err := Solve(m, Options{MaxStates: 20000})
	var big *TooLargeError
	require.ErrorAs(t, err, &big)
	assert.Equal(t, 20000, big.Limit)
	assert.Greater(t, big.States, 20000.0)
}

// TestJobForkOneBranch: a fork into one branch is that station alone, so
// the job list — several FCFS servers and PS with phase-type laws, a
// delay station, LCFS-PR with two servers — gives what the station's own
// table gives for an open class arriving there: the same states, and the
// mean number and throughput to 1e-9.
func TestJobForkOneBranch(t *testing.T) {
	for name, b := range map[string]branch{
		"fcfs2 erlang":   {2, FCFS, Erlang(3, 2)},
		"lcfs2 exp":      {2, LCFSPR, Exponential(3)},
		"ps2 erlang":     {2, PS, Erlang(2.5, 3)},
		"delay hyperexp": {0, nil, HyperExp(0.6, 0.8, 4)},
		"fcfs3 hyperexp": {3, FCFS, HyperExp(0.4, 0.4, 2)},
	} {
		fork := jobModel(0.4, b)
		plain := jobModel(0.4, b)
		plain.Classes[0].Fork = nil
		jobs, err := Solve(fork, Options{})
		require.NoError(t, err, name)
		one, err := Solve(plain, Options{})
		require.NoError(t, err, name)
		assert.Equal(t, one.States, jobs.States, name)
		assert.InEpsilon(t, one.Stations[0].InSystem[0], jobs.ForkJoin[0].Jobs, 1e-9, name)
		assert.InEpsilon(t, one.Stations[0].InSystem[0], jobs.Stations[0].InSystem[0], 1e-9, name)
		assert.InEpsilon(t, one.Stations[0].Throughput[0], jobs.Stations[0].Throughput[0], 1e-9, name)
	}
}
