package network

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/des"
)

// forkFile is a k-way fork of homogeneous M/M/1 branches (rate λ, mean
// service 1).
func forkFile(k int, lambda float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "arrivals: {to: f, rate: %v}\nstations:\n  - {name: f, kind: fork}\n  - {name: j, kind: join}\n", lambda)
	var split []string
	for i := range k {
		fmt.Fprintf(&b, "  - {name: b%d, service: {dist: exp, mean: 1}}\n", i)
		split = append(split, fmt.Sprintf("b%d: 1", i))
	}
	fmt.Fprintf(&b, "routing:\n  f: {split: {%s}}\n", strings.Join(split, ", "))
	for i := range k {
		fmt.Fprintf(&b, "  b%d: {j: 1}\n", i)
	}
	return b.String()
}

// ci returns the batch-means estimate of m and its half-width at
// confidence level 1−alpha (Student t with batches − 1 degrees of
// freedom).
func ci(m Metric, alpha float64) (est, hw float64) {
	var t des.Tally
	for b := range m.Num {
		t.Add(m.Num[b] / m.Den[b])
	}
	n := float64(len(m.Num))
	return m.Value(), des.StudentTQuantile(1-alpha/2, n-1) * t.StdDev() / math.Sqrt(n)
}

// TestForkJoinMatchesNelsonTantawi simulates a two-way fork/join of M/M/1
// branches at ρ = 0.5 (seeds 1–3, 200 000 s each, 30 batches) and checks
// that the 99.9 % batch-means interval of the mean response (fork to
// leaving the join) covers the exact R = (12 − ρ)/8 · 1/(μ − λ) = 2.875 s,
// and that the interval of the three seeds' 90 batches together excludes
// what a wrong simulator would give: 3 s if the branches were independent
// (1.5/(μ − λ), the mean of the larger of two independent M/M/1
// responses), 2 s if a job left with its first task. Each interval fails
// by chance with probability 0.1 %.
func TestForkJoinMatchesNelsonTantawi(t *testing.T) {
	n, err := Parse("fj.yaml", []byte(forkFile(2, 0.5)))
	require.NoError(t, err)
	exact, method, isExact := analytic.NelsonTantawi(2, 0.5, 1)
	require.True(t, isExact, method)
	require.InDelta(t, 2.875, exact, 1e-12)
	var pooled Metric
	for _, seed := range []uint64{1, 2, 3} {
		r := run(t, n, seed, 200_000)
		for _, st := range []string{"f", NetworkStation} {
			m, ok := r.Metric(st, "", "mean_response")
			require.True(t, ok)
			est, hw := ci(m, 0.001)
			assert.InDelta(t, exact, est, hw, "seed %d %s: %v ± %v", seed, st, est, hw)
			if st == "f" {
				pooled.Num, pooled.Den = append(pooled.Num, m.Num...), append(pooled.Den, m.Den...)
			}
		}
		sync, ok := r.Metric("j", "", "mean_sync_delay")
		require.True(t, ok)
		est, hw := ci(sync, 0.001)
		assert.InDelta(t, exact-2, est, hw, "seed %d sync delay", seed)
		assert.InEpsilon(t, 1.0, value(t, r, "j", "", "throughput"), 0.02, "two tasks per job")
	}
	est, hw := ci(pooled, 0.001) // 90 batches of the three seeds
	assert.InDelta(t, exact, est, hw)
	assert.Greater(t, math.Abs(est-3), hw, "indistinguishable from independent branches: %v ± %v", est, hw)
	assert.Greater(t, math.Abs(est-2), hw)
}

// TestNelsonTantawiApproximation measures the scaling approximation for
// k = 4 branches at ρ = 0.5 against a long simulation (seed 11, 400 000 s):
// Nelson and Tantawi report it within 5 % for k ≤ 32; our estimate must be
// within 5 % plus the 99.9 % half-width.
func TestNelsonTantawiApproximation(t *testing.T) {
	n, err := Parse("fj4.yaml", []byte(forkFile(4, 0.5)))
	require.NoError(t, err)
	approx, _, isExact := analytic.NelsonTantawi(4, 0.5, 1)
	require.False(t, isExact)
	r := run(t, n, 11, 400_000)
	m, ok := r.Metric("f", "", "mean_response")
	require.True(t, ok)
	est, hw := ci(m, 0.001)
	assert.InDelta(t, est, approx, 0.05*est+hw, "simulated %v ± %v, approximation %v", est, hw, approx)
}

// TestForkJoinClosedClass: 3 jobs of a closed class cycle through a think
// station and a fork of two branches (one of which takes 2 tasks). At
// every check the network holds exactly 3 jobs, the tasks at the branches
// and the join are 3 per job between the fork and the join, and Little's
// law N = X·C holds for the cycle time.
func TestForkJoinClosedClass(t *testing.T) {
	src := `classes:
  - {name: user, population: 3, start: think}
stations:
  - {name: think, servers: inf, service: {dist: exp, mean: 2}}
  - {name: f, kind: fork}
  - {name: a, service: {dist: exp, mean: 0.5}}
  - {name: b, servers: 2, service: {dist: erlang, mean: 0.8, k: 2}}
  - {name: j, kind: join}
routing:
  think: {f: 1}
  f: {split: {a: 1, b: 2}}
  a: {j: 1}
  b: {j: 1}
  j: {think: 1}
`
	n, err := Parse("closed.yaml", []byte(src))
	require.NoError(t, err)
	s, err := New(n, Options{Seed: 4, Generator: des.PCG, Window: 10})
	require.NoError(t, err)
	idx := map[string]int{}
	for i, st := range n.Stations {
		idx[st.Name] = i
	}
	for _, at := range []float64{0, 0.7, 13, 500, 20_000} {
		require.NoError(t, s.RunUntil(at))
		snap := s.Snapshot()
		assert.Equal(t, 3, snap.InNetwork[0], "jobs at %v", at)
		tasks := s.stations[idx["a"]].InSystem() + s.stations[idx["b"]].InSystem() + s.stations[idx["j"]].InSystem()
		jobs := s.stations[idx["f"]].InSystem()
		assert.Equal(t, 3*jobs, tasks, "tasks at %v", at)
		assert.Equal(t, 3, jobs+s.stations[idx["think"]].InSystem(), "jobs placed at %v", at)
	}
	r := s.Result(1000, 0)
	x := value(t, r, NetworkStation, "", "throughput")
	c := value(t, r, NetworkStation, "", "mean_response")
	assert.InEpsilon(t, 3.0, x*c, 0.02)
}

func TestForkJoinRoundTrip(t *testing.T) {
	src := `name: rt
classes:
  - {name: a, arrivals: {to: f, rate: 0.2}}
  - {name: b, population: 2, start: z}
stations:
  - {name: f, kind: fork}
  - {name: p, service: {dist: exp, mean: 1}}
  - {name: q, servers: 2, discipline: ps, service: {dist: det, mean: 2}}
  - {name: j, kind: join}
  - {name: z, servers: inf, service: {dist: exp, mean: 3}}
routing:
  f: {split: {p: 2, q: 1}}
  p: {j: 1}
  q: {p: 0.5, j: 0.5}
  j: {a: {}, b: {z: 1}}
  z: {f: 1}
`
	n, err := Parse("rt.yaml", []byte(src))
	require.NoError(t, err)
	out, err := n.YAML()
	require.NoError(t, err)
	back, err := Parse("back.yaml", out)
	require.NoError(t, err, "%s", out)
	assert.Equal(t, noLines(n), noLines(back))
	assert.Contains(t, string(out), "split: {p: 2, q: 1}")
}

// TestForkJoinErrors: every refusal names the file, the line, the element
// and what is valid.
func TestForkJoinErrors(t *testing.T) {
	head := "arrivals: {to: f, rate: 0.5}\nstations:\n  - {name: f, kind: fork}\n  - {name: a, service: {dist: exp, mean: 1}}\n  - {name: b, service: {dist: exp, mean: 1}}\n  - {name: j, kind: join}\n"
	tests := []struct {
		name, src, want string
	}{
		{"unknown kind", "arrivals: {to: q, rate: 1}\nstations:\n  - {name: q, kind: spoon}\n", `fj.yaml:3: station "q" kind: unknown kind "spoon" (valid: queue, fork, join, router)`},
		{"fork with service", "arrivals: {to: f, rate: 1}\nstations:\n  - {name: f, kind: fork, service: {dist: exp, mean: 1}}\n", "fj.yaml:3: station \"f\": a fork takes no service (it serves nobody; keys of a fork: name, kind)"},
		{"no split", head + "routing:\n  a: {j: 1}\n  b: {j: 1}\n", `fj.yaml:3: station "f": a fork needs a routing row f: {split: {STATION: tasks, …}}, its branches (valid stations: f, a, b, j)`},
		{"split probabilities", head + "routing:\n  f: {a: 0.5, b: 0.5}\n", `fj.yaml:8: routing "f": unknown key "a" (valid: split)`},
		{"split at a queue", head + "routing:\n  f: {split: {a: 1, b: 1}}\n  a: {split: {j: 1}}\n  b: {j: 1}\n", `fj.yaml:9: routing "a": split: only a fork splits jobs into tasks; "a" is a queue (give it kind: fork)`},
		{"zero tasks", head + "routing:\n  f: {split: {a: 0, b: 1}}\n", `fj.yaml:8: routing "f" split tasks to "a": must be a whole number from 1 to 1000, got "0"`},
		{"unknown branch", head + "routing:\n  f: {split: {a: 1, c: 1}}\n  a: {j: 1}\n", `fj.yaml:8: routing "f" split: unknown station "c" (valid: f, a, b, j)`},
		{"task leaves", head + "routing:\n  f: {split: {a: 1, b: 1}}\n  a: {j: 1}\n  b: {j: 0.9}\n", `fj.yaml:10: routing "b": a task of fork "f" (class "job") can leave the network here (its routing row sums to 0.9); between a fork and its join every row must sum to 1`},
		{"no join reached", head + "routing:\n  f: {split: {a: 1, b: 1}}\n  a: {b: 1}\n  b: {a: 1}\n", `fj.yaml:8: routing "f": the tasks of fork "f" never reach a join`},
		{"trapped task", head + "routing:\n  f: {split: {a: 1, b: 1}}\n  a: {j: 1}\n  b: {b: 1}\n", `fj.yaml:10: routing "b": a task of fork "f" (class "job") that reaches this station can never reach the join "j"`},
		{"nested", "arrivals: {to: f, rate: 0.5}\nstations:\n  - {name: f, kind: fork}\n  - {name: g, kind: fork}\n  - {name: a, service: {dist: exp, mean: 1}}\n  - {name: j, kind: join}\nrouting:\n  f: {split: {a: 1, g: 1}}\n  g: {split: {a: 1}}\n  a: {j: 1}\n", `fj.yaml:8: routing "f": a task of fork "f" reaches fork "g" before its join: nested fork/join is not supported`},
		{"two joins", head + "  - {name: k, kind: join}\nrouting:\n  f: {split: {a: 1, b: 1}}\n  a: {j: 1}\n  b: {k: 1}\n", `fj.yaml:9: routing "f": the tasks of fork "f" reach two joins`},
		{"job to join", "arrivals: {to: q, rate: 0.5}\nstations:\n  - {name: q, service: {dist: exp, mean: 1}}\n  - {name: f, kind: fork}\n  - {name: a, service: {dist: exp, mean: 1}}\n  - {name: j, kind: join}\nrouting:\n  q: {j: 0.5, f: 0.5}\n  f: {split: {a: 2}}\n  a: {j: 1}\n", `fj.yaml:8: routing "q": sends customers to join "j" without passing its fork`},
		{"arrive at join", "arrivals: {to: j, rate: 0.5}\nstations:\n  - {name: f, kind: fork}\n  - {name: a, service: {dist: exp, mean: 1}}\n  - {name: j, kind: join}\nrouting:\n  f: {split: {a: 1}}\n  a: {j: 1}\n", `fj.yaml:1: class "job" arrivals to: "j" is a join`},
		{"capacity in a branch", "arrivals: {to: f, rate: 0.5}\nstations:\n  - {name: f, kind: fork}\n  - {name: a, service: {dist: exp, mean: 1}, capacity: 3}\n  - {name: j, kind: join}\nrouting:\n  f: {split: {a: 1}}\n  a: {j: 1}\n", `fj.yaml:4: station "a": the tasks of fork "f" reach this station, where a capacity or patience`},
		{"orphan join", "arrivals: {to: a, rate: 0.5}\nstations:\n  - {name: a, service: {dist: exp, mean: 1}}\n  - {name: j, kind: join}\n", `fj.yaml:4: station "j": no fork's tasks reach this join`},
		{"task keeps class", head + "routing:\n  f: {split: {a/x: 1}}\n", `fj.yaml:8: routing "f" split: branch "a/x": a task keeps its job's class; give a station`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("fj.yaml", []byte(tc.src))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestForkJoinRefusesMovingJoins: live routing changes may not send a
// fork's tasks to another join.
func TestForkJoinRefusesMovingJoins(t *testing.T) {
	src := "arrivals: {to: f, rate: 0.5}\nstations:\n  - {name: f, kind: fork}\n  - {name: a, service: {dist: exp, mean: 1}}\n  - {name: b, service: {dist: exp, mean: 1}}\n  - {name: j, kind: join}\n  - {name: k, kind: join}\n  - {name: g, kind: fork}\nrouting:\n  f: {split: {a: 1}}\n  a: {j: 1}\n  j: {g: 1}\n  g: {split: {b: 1}}\n  b: {k: 1}\n"
	n, err := Parse("mv.yaml", []byte(src))
	require.NoError(t, err)
	s, err := New(n, Options{Seed: 1})
	require.NoError(t, err)
	require.NoError(t, s.RunUntil(10))
	swapped := []Route{{From: "a", To: "k", Prob: 1}, {From: "k", To: "g", Prob: 1}, {From: "b", To: "j", Prob: 1}}
	other := n.clone()
	other.Routes = swapped
	require.NoError(t, other.Validate(), "the swapped network is valid on its own")
	err = s.SetRoutes(swapped)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "another join")
	require.NoError(t, s.SetRoute("", "j", "g", 1))
	require.NoError(t, s.RunUntil(20))
}

// TestForkJoinTaskClasses: tasks that switch class on a branch are
// measured at the join under their class, the job goes on as the class it
// had at the fork, and a fork's servers cannot be changed.
func TestForkJoinTaskClasses(t *testing.T) {
	src := `classes:
  - {name: x, arrivals: {to: f, rate: 0.3}}
  - {name: y, arrivals: {to: q, rate: 0.1}}
stations:
  - {name: f, kind: fork}
  - {name: a, service: {dist: exp, mean: 1}}
  - {name: j, kind: join}
  - {name: q, service: {dist: exp, mean: 0.5}}
routing:
  f: {split: {a: 2}}
  a: {x: {"j/y": 1}, y: {}}
  j: {x: {q: 1}, y: {}}
`
	n, err := Parse("cls.yaml", []byte(src))
	require.NoError(t, err)
	r := run(t, n, 5, 50_000)
	assert.InEpsilon(t, 0.6, value(t, r, "j", "y", "throughput"), 0.05, "two class-y tasks per class-x job")
	_, ok := r.Metric("j", "x", "throughput")
	assert.False(t, ok, "no class-x task reaches the join")
	assert.InEpsilon(t, 0.3, value(t, r, "q", "x", "throughput"), 0.05, "the job goes on as class x")
	s, err := New(n, Options{Seed: 1})
	require.NoError(t, err)
	require.ErrorContains(t, s.SetServers("f", 2), "a fork has no servers")
}
