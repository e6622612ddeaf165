package ctmc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJobForkPickBruteForce: forks with SIRO and priority branches (a
// free server takes a waiting task at random, or the earliest, the
// branch serving the forking class alone) against a chain written out
// here (bruteStarts: every task waiting, in service or done, each
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
		c := newChain(tc.m, tc.level, DefaultMaxStates)
		require.NoError(t, c.build(), name)
		sol, err := c.steady(Options{}.withDefaults())
		require.NoError(t, err, name)
		jobs, tasks := bruteStarts(t, tc.m, tc.level)
		assert.InDelta(t, jobs, sol.ForkJoin[0].Jobs, 1e-9, name)
		for b := range tc.m.Stations {
			assert.InDelta(t, tasks[b], sol.Stations[b].InSystem[0], 1e-9, "%s: branch %d", name, b)
		}
	}
}

// Task states of bruteStarts.
const (
	bWait  = 'w'
	bServe = 's'
	bDone  = 'd'
)

// bruteStarts solves the fork of m (exponential branches, one class;
// FCFS, SIRO, either priority or delay) with arrivals admitted while
// fewer than level tasks are present. A state is the jobs in arrival
// order, each as one byte per branch: waiting, in service or done. After
// each event every branch with a free server and a waiting task starts
// one: at SIRO each waiting task with equal probability, elsewhere the
// earliest (the priority branches serve this class alone). It returns
// the mean jobs and the mean tasks at each branch.
func bruteStarts(t *testing.T, m *Model, level int) (jobs float64, tasks []float64) {
	t.Helper()
	B := len(m.Stations)
	type next struct {
		s string
		p float64
	}
	var fill func(s []byte, p float64, out []next) []next
	fill = func(s []byte, p float64, out []next) []next {
		for b, st := range m.Stations {
			busy, waiting := 0, []int{}
			for j := b; j < len(s); j += B {
				switch s[j] {
				case bServe:
					busy++
				case bWait:
					waiting = append(waiting, j)
				}
			}
			if len(waiting) == 0 || (st.Servers > 0 && busy >= st.Servers) {
				continue
			}
			if st.Discipline != SIRO || st.Servers == 0 {
				waiting = waiting[:1]
			}
			for _, j := range waiting {
				u := []byte(string(s))
				u[j] = bServe
				out = fill(u, p/float64(len(waiting)), out)
			}
			return out
		}
		return append(out, next{string(s), p})
	}
	index := map[string]int{"": 0}
	list := []string{""}
	type arc struct {
		from, to int
		rate     float64
	}
	var arcs []arc
	add := func(from int, ns []next, rate float64) {
		for _, n := range ns {
			to, ok := index[n.s]
			if !ok {
				to = len(list)
				index[n.s] = to
				list = append(list, n.s)
			}
			arcs = append(arcs, arc{from, to, rate * n.p})
		}
	}
	for x := 0; x < len(list); x++ {
		s := []byte(list[x])
		undone := 0
		for _, v := range s {
			if v != bDone {
				undone++
			}
		}
		if undone < level {
			job := make([]byte, B)
			for b := range job {
				job[b] = bWait
			}
			add(x, fill(append([]byte(string(s)), job...), 1, nil), m.Classes[0].Rate)
		}
		for j, v := range s {
			if v != bServe {
				continue
			}
			u := []byte(string(s))
			u[j] = bDone
			first := j - j%B
			if allDone(u[first : first+B]) {
				u = append(u[:first], u[first+B:]...)
			}
			add(x, fill(u, 1, nil), -m.Stations[j%B].Service[0].T[0][0])
		}
	}
	n := len(list)
	require.Less(t, n, 4000, "brute-force chain too large for dense elimination")
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n+1)
	}
	for _, e := range arcs { // the rows of Qᵀ
		if e.from != e.to {
			a[e.to][e.from] += e.rate
			a[e.from][e.from] -= e.rate
		}
	}
	for i := range n + 1 {
		a[n-1][i] = 1
	}
	pi, ok := gauss(a)
	require.True(t, ok, "brute-force chain singular")
	tasks = make([]float64, B)
	for x, p := range pi {
		s := list[x]
		jobs += p * float64(len(s)/B)
		for j := range len(s) {
			if s[j] != bDone {
				tasks[j%B] += p
			}
		}
	}
	return jobs, tasks
}

func allDone(job []byte) bool {
	for _, v := range job {
		if v != bDone {
			return false
		}
	}
	return true
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
