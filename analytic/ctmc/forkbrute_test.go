package ctmc

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Task codes of bruteFork's states.
const (
	bWait  = 'w' // not started (or, at a PS or LCFS-PR branch, undone)
	bServe = 's' // holding a server
	bDone  = 'd'
)

// bruteResult is what bruteFork reads of its chain's steady state.
type bruteResult struct {
	jobs   float64   // mean jobs forked and not yet joined
	n      []float64 // by station: mean tasks at a branch, mean customers at d
	others float64   // mean customers of class 1 (at its branch)
	x      float64   // jobs joining per unit time
	states int
}

// bruteFork solves, densely, the chain of a one-class fork written out
// here independently of the package's job lists and tables: every order
// of the jobs its own state (no canonical orders), each discipline's rule
// by hand, exponential laws only. The model is read as the fork tests
// build it: the branches Classes[0].Fork; at most one other serving
// station d (a single FCFS server, or a delay station), which a joined job
// reaches with probability Join[d] (a closed class's job goes back to its
// fork with probability Join[Source]; the rest leave), and which sends its
// customers back to itself (Routing[d][d]), to the fork of a closed class
// (Routing[d][Source]), or out; an open class's jobs arrive at rate Rate
// while fewer than level tasks and customers of d are present, a closed
// class's N customers start at d (Start) or at the fork. A second class,
// if any, is open: Poisson arrivals at its Source, a PS or delay branch it
// shares with the tasks, where it is served once and leaves (admitted
// while the truncation allows, counted in it).
//
// A state is d's count, the second class's count, then each job in arrival order as one code per
// branch (bWait, bServe, bDone). After each event every branch with a
// free server and a waiting task starts one: at SIRO each waiting task
// with equal probability, elsewhere the earliest (FCFS; either priority,
// the branch serving this class alone); a delay branch starts every task.
// PS and LCFS-PR branches share their servers among the undone tasks
// (min(1, c/n) each, n counting the second class; the last c).
func bruteFork(t *testing.T, m *Model, level int) bruteResult {
	t.Helper()
	const hd = 2 // d's count, the second class's
	cl := m.Classes[0]
	fork := cl.Fork
	B := len(fork)
	other := -1 // the second class's branch
	if len(m.Classes) > 1 {
		other = m.Classes[1].Source
	}
	d := -1
	for i, st := range m.Stations {
		if st.Service[0] != nil && !slices.Contains(fork, i) {
			require.Equal(t, -1, d, "bruteFork takes one station beside the branches")
			d = i
		}
	}
	mu := func(i int) float64 { return -m.Stations[i].Service[0].T[0][0] }
	shared := func(st Station) bool {
		return st.Servers > 0 && (st.Discipline == PS || st.Discipline == LCFSPR)
	}
	type next struct {
		s string
		p float64
	}
	var fill func(s []byte, p float64, out []next) []next
	fill = func(s []byte, p float64, out []next) []next {
		for b, i := range fork {
			st := m.Stations[i]
			if shared(st) {
				continue
			}
			busy, waiting := 0, []int{}
			for j := hd + b; j < len(s); j += B {
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
	newJob := func(s []byte) []next {
		return fill(append([]byte(string(s)), slices.Repeat([]byte{bWait}, B)...), 1, nil)
	}
	// refork: a joined job of a closed class back at its fork, after the
	// tasks already waiting have taken the servers its join freed (the
	// simulator's fill runs before the join sends the job on).
	refork := func(u []byte) []next {
		var out []next
		for _, f := range fill(u, 1, nil) {
			for _, n := range newJob([]byte(f.s)) {
				out = append(out, next{n.s, f.p * n.p})
			}
		}
		return out
	}
	start := []byte{0, 0}
	var first []next
	switch {
	case cl.Open():
	case cl.Start == d:
		start[0] = byte(cl.Population)
	default: // at the fork: the jobs fork one by one
		first = []next{{string(start), 1}}
		for range cl.Population {
			var nx []next
			for _, f := range first {
				for _, g := range newJob([]byte(f.s)) {
					nx = append(nx, next{g.s, f.p * g.p})
				}
			}
			first = nx
		}
	}
	index := map[string]int{}
	var list []string
	type arc struct {
		from, to int
		rate     float64
		joined   bool
	}
	var arcs []arc
	add := func(from int, ns []next, rate float64, joined bool) {
		for _, n := range ns {
			if from >= 0 && rate*n.p == 0 {
				continue
			}
			to, ok := index[n.s]
			if !ok {
				to = len(list)
				index[n.s] = to
				list = append(list, n.s)
			}
			if from >= 0 {
				arcs = append(arcs, arc{from, to, rate * n.p, joined})
			}
		}
	}
	if first != nil {
		add(-1, first, 1, false)
	} else {
		add(-1, []next{{string(start), 1}}, 1, false)
	}
	for x := 0; x < len(list); x++ {
		s := []byte(list[x])
		present := int(s[0]) + int(s[1])
		for _, v := range s[hd:] {
			if v != bDone {
				present++
			}
		}
		if cl.Open() && present < level {
			add(x, newJob(s), cl.Rate, false)
		}
		if s[0] > 0 { // d's head (or each of a delay's) leaves: out, or to the fork
			busy := float64(s[0])
			if m.Stations[d].Servers > 0 {
				busy = math.Min(busy, float64(m.Stations[d].Servers))
			}
			u := []byte(list[x])
			u[0]--
			toFork := 0.0
			if !cl.Open() {
				toFork = m.Routing[d][cl.Source]
				add(x, newJob(u), busy*mu(d)*toFork, false)
			}
			add(x, []next{{string(u), 1}}, busy*mu(d)*(1-toFork-m.Routing[d][d]), false)
		}
		if other >= 0 && present < level {
			u := []byte(list[x])
			u[1]++
			add(x, []next{{string(u), 1}}, m.Classes[1].Rate, false)
		}
		if s[1] > 0 { // the second class's customers leave
			st, n := m.Stations[other], float64(s[1])
			share := 1.0
			if st.Servers > 0 {
				share = math.Min(1, float64(st.Servers)/(n+float64(countUndone(s[hd:], B, slices.Index(fork, other)))))
			}
			u := []byte(list[x])
			u[1]--
			add(x, []next{{string(u), 1}}, n*share*-st.Service[1].T[0][0], false)
		}
		for b, i := range fork {
			st := m.Stations[i]
			var at []int
			for j := hd + b; j < len(s); j += B {
				if s[j] == bServe || shared(st) && s[j] == bWait {
					at = append(at, j)
				}
			}
			k, c := len(at), st.Servers
			if i == other {
				k += int(s[1])
			}
			for q, j := range at {
				share := 1.0
				switch {
				case shared(st) && st.Discipline == PS:
					share = math.Min(1, float64(c)/float64(k))
				case shared(st) && q < k-c:
					share = 0 // LCFS-PR: the last c are served
				}
				u := []byte(list[x])
				u[j] = bDone
				head := j - (j-hd)%B
				if slices.ContainsFunc(u[head:head+B], func(v byte) bool { return v != bDone }) {
					add(x, fill(u, 1, nil), mu(i)*share, false)
					continue
				}
				u = slices.Delete(u, head, head+B) // the job joins: to d, back to a closed class's fork, or out
				pd, pf := 0.0, 0.0
				if d >= 0 && cl.Join != nil {
					pd = cl.Join[d]
				}
				if !cl.Open() {
					pf = cl.Join[cl.Source]
					add(x, refork(u), mu(i)*share*pf, true)
				}
				add(x, fill(u, 1, nil), mu(i)*share*(1-pd-pf), true)
				u[0]++
				add(x, fill(u, 1, nil), mu(i)*share*pd, true)
			}
		}
	}
	N := len(list)
	require.Less(t, N, 4000, "brute-force chain too large for dense elimination")
	a := make([][]float64, N)
	for i := range a {
		a[i] = make([]float64, N+1)
	}
	for _, e := range arcs { // the rows of Qᵀ
		if e.from != e.to {
			a[e.to][e.from] += e.rate
			a[e.from][e.from] -= e.rate
		}
	}
	for i := range N + 1 {
		a[N-1][i] = 1
	}
	pi, ok := gauss(a)
	require.True(t, ok, "brute-force chain singular")
	res := bruteResult{n: make([]float64, len(m.Stations)), states: N}
	for x, p := range pi {
		s := list[x]
		if d >= 0 {
			res.n[d] += p * float64(s[0])
		}
		res.others += p * float64(s[1])
		res.jobs += p * float64((len(s)-hd)/B)
		for j := hd; j < len(s); j++ {
			if s[j] != bDone {
				res.n[fork[(j-hd)%B]] += p
			}
		}
	}
	for _, e := range arcs {
		if e.joined {
			res.x += pi[e.from] * e.rate
		}
	}
	return res
}

// countUndone returns the undone tasks at branch b of jobs (B codes each).
func countUndone(jobs []byte, B, b int) int {
	n := 0
	for j := b; j < len(jobs); j += B {
		if jobs[j] != bDone {
			n++
		}
	}
	return n
}

// againstBrute builds m's chain truncated at level (0: none), solves it
// and checks it against bruteFork: no more states (the canonical orders
// merge some), and the jobs, each station's mean number of class 0 and,
// with a second class, that class's mean number at its branch, to 1e-9.
func againstBrute(t *testing.T, name string, m *Model, level int) (*Solution, bruteResult) {
	t.Helper()
	c := newChain(m, level, DefaultMaxStates)
	require.NoError(t, c.build(), name)
	sol, err := c.steady(Options{}.withDefaults())
	require.NoError(t, err, name)
	want := bruteFork(t, m, level)
	assert.LessOrEqual(t, sol.States, want.states, "%s: the canonical orders merge states", name)
	require.Len(t, sol.ForkJoin, 1, name)
	assert.InDelta(t, want.jobs, sol.ForkJoin[0].Jobs, 1e-9, name)
	for i := range m.Stations {
		assert.InDelta(t, want.n[i], sol.Stations[i].InSystem[0], 1e-9, "%s: station %d", name, i)
	}
	if len(m.Classes) > 1 {
		assert.InDelta(t, want.others, sol.Stations[m.Classes[1].Source].InSystem[1], 1e-9, "%s: the other class", name)
	}
	return sol, want
}
