package ctmc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJobForkPickBruteForce: forks with SIRO and priority branches (a
// free server takes a waiting task at random, or the earliest, the
// branch serving the forking class alone) against a chain written out
// here (bruteFork: every task waiting, in service or done, each
// discipline's rule by hand), truncated at the same number of tasks and
// solved densely: the jobs and each branch's mean tasks agree to 1e-9.
// Changing pick to take the first waiting task at a SIRO branch, or to
// draw at random at a priority one, fails it.
func TestJobForkPickBruteForce(t *testing.T) {
	e := Exponential
	for name, tc := range map[string]struct {
		m     *Model
		level int
	}{
		"siro1 + fcfs1":       {jobModel(0.6, branch{1, SIRO, e(1)}, branch{1, FCFS, e(0.8)}), 7},
		"siro2 + siro1":       {jobModel(0.9, branch{2, SIRO, e(1.5)}, branch{1, SIRO, e(0.7)}), 6},
		"prio2 + fcfs2":       {jobModel(1, branch{2, PriorityNP, e(1.5)}, branch{2, FCFS, e(1.2)}), 7},
		"preempt2 + siro2":    {jobModel(1, branch{2, PriorityPR, e(1.4)}, branch{2, SIRO, e(1)}), 7},
		"siro3 + prio1 + del": {jobModel(0.7, branch{3, SIRO, e(2)}, branch{1, PriorityNP, e(0.8)}, branch{0, nil, e(1)}), 5},
	} {
		againstBrute(t, name, tc.m, tc.level)
	}
}

// TestJobForkPriorityIsFCFS: a priority branch that serves the forking
// class alone is FCFS (des keeps one FIFO line per class, and a task
// never preempts its own class), so forks with such branches — one or
// several servers, phase-type laws, preemptive or not — give the states
// and values of the same fork with FCFS branches, to 1e-12, truncated at
// 10 tasks (a job list with several servers grows geometrically); with
// single servers the chain of the branch counts and the job list agree
// as well.
func TestJobForkPriorityIsFCFS(t *testing.T) {
	for name, bs := range map[string][]branch{
		"prio1 + preempt1":     {{1, PriorityNP, Erlang(1, 2)}, {1, PriorityPR, HyperExp(0.3, 0.5, 3)}},
		"prio2 + preempt1":     {{2, PriorityNP, Exponential(1.6)}, {1, PriorityPR, Exponential(0.8)}},
		"preempt2 + ps":        {{2, PriorityPR, Erlang(1.5, 2)}, {1, PS, Exponential(0.9)}},
		"prio1 + prio1 + prio": {{1, PriorityNP, Exponential(1)}, {1, PriorityNP, Exponential(0.7)}, {1, PriorityPR, Exponential(1.1)}},
	} {
		prio := jobModel(0.5, bs...)
		fcfs := jobModel(0.5, bs...)
		for i := range fcfs.Stations {
			if d := fcfs.Stations[i].Discipline; d == PriorityNP || d == PriorityPR {
				fcfs.Stations[i].Discipline = FCFS
			}
		}
		want := solveLevel(t, fcfs, 10, false)
		for _, jobs := range []bool{false, true} {
			got := solveLevel(t, prio, 10, jobs)
			assert.Equal(t, want.States, got.States, "%s (job list %v)", name, jobs)
			assert.InEpsilon(t, want.ForkJoin[0].Jobs, got.ForkJoin[0].Jobs, 1e-12, "%s (job list %v)", name, jobs)
			for i := range prio.Stations {
				assert.InEpsilon(t, want.Stations[i].InSystem[0], got.Stations[i].InSystem[0], 1e-12, "%s (job list %v): %d", name, jobs, i)
				assert.InEpsilon(t, want.Stations[i].Throughput[0], got.Stations[i].Throughput[0], 1e-12, "%s (job list %v): %d", name, jobs, i)
			}
		}
	}
}

// solveLevel solves m truncated at level tasks, with every fork solved
// job by job or not.
func solveLevel(t *testing.T, m *Model, level int, jobs bool) *Solution {
	t.Helper()
	jobsAlways = jobs
	defer func() { jobsAlways = false }()
	c := newChain(m, level, DefaultMaxStates)
	require.NoError(t, c.build())
	sol, err := c.steady(Options{}.withDefaults())
	require.NoError(t, err)
	return sol
}

// TestJobForkOneSIRO: a fork into one SIRO branch is that station alone,
// so the job list gives what the station's own table gives (its free
// server takes a waiting customer at random: Discipline.choose) with
// phase-type laws and one to three servers: the states, the mean number
// and the throughput to 1e-9.
func TestJobForkOneSIRO(t *testing.T) {
	for name, b := range map[string]branch{
		"siro1 erlang":   {1, SIRO, Erlang(1.5, 3)},
		"siro2 hyperexp": {2, SIRO, HyperExp(0.3, 0.5, 4)},
		"siro3 erlang":   {3, SIRO, Erlang(4, 2)},
	} {
		fork := jobModel(0.6, b)
		plain := jobModel(0.6, b)
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
