package ctmc_test

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
)

// explore builds, breadth first from start, the generator of a small
// chain written out by a test: next calls add(to, rate) for each move.
func explore[S comparable](start S, next func(s S, add func(S, float64))) ([]S, [][]float64) {
	states, idx := []S{start}, map[S]int{start: 0}
	var moves [][]struct {
		to   int
		rate float64
	}
	for k := 0; k < len(states); k++ {
		var row []struct {
			to   int
			rate float64
		}
		next(states[k], func(s S, rate float64) {
			j, ok := idx[s]
			if !ok {
				j = len(states)
				idx[s] = j
				states = append(states, s)
			}
			row = append(row, struct {
				to   int
				rate float64
			}{j, rate})
		})
		moves = append(moves, row)
	}
	q := make([][]float64, len(states))
	for i := range q {
		q[i] = make([]float64, len(states))
		for _, mv := range moves[i] {
			if mv.to != i {
				q[i][mv.to] += mv.rate
			}
		}
	}
	return states, q
}

// cycleState is the closed cycle A → B → C of TestBeforeStartRoutedBruteForce:
// mode says what the customer on B's server does (0 served, 1 held before
// its service, 2 held after it).
type cycleState struct{ nA, nB, nC, mode int }

// TestBeforeStartRoutedBruteForce: a closed cycle A → B → C → A whose
// station C (buffer K) blocks before service as the simulator plays it, so
// that B is fed by customers routed from A, against its generator written
// out here and solved densely. A customer routed from A reaching B's idle
// server while C is full holds it unstarted; after a departure from B the
// next one starts before the leaver enters C, so it finds a place.
func TestBeforeStartRoutedBruteForce(t *testing.T) {
	const a, b, c, n, k = 2.0, 3.0, 1.0, 5, 2
	states, q := explore(cycleState{n, 0, 0, 0}, func(s cycleState, add func(cycleState, float64)) {
		if s.nA > 0 { // A → B
			m := s.mode
			if s.nB == 0 {
				m = 0
				if s.nC == k {
					m = 1
				}
			}
			add(cycleState{s.nA - 1, s.nB + 1, s.nC, m}, a)
		}
		if s.nB > 0 && s.mode == 0 { // B → C
			if s.nC == k {
				add(cycleState{s.nA, s.nB, s.nC, 2}, b)
			} else {
				add(cycleState{s.nA, s.nB - 1, s.nC + 1, 0}, b)
			}
		}
		if s.nC > 0 { // C → A, then B's held customer starts or moves in
			switch s.mode {
			case 1:
				add(cycleState{s.nA + 1, s.nB, s.nC - 1, 0}, c)
			case 2:
				add(cycleState{s.nA + 1, s.nB - 1, s.nC, 0}, c)
			default:
				add(cycleState{s.nA + 1, s.nB, s.nC - 1, 0}, c)
			}
		}
	})
	pi := stationary(q)
	var lB, lC, before, after, busyB, xC float64
	for i, s := range states {
		lB += pi[i] * float64(s.nB)
		lC += pi[i] * float64(s.nC)
		switch {
		case s.mode == 1:
			before += pi[i]
		case s.mode == 2:
			after += pi[i]
		case s.nB > 0:
			busyB += pi[i]
		}
		if s.nC > 0 {
			xC += pi[i] * c
		}
	}
	require.Greater(t, before, 1e-3, "the case under test must be frequent")
	require.Greater(t, after, 1e-3, "the case under test must be frequent")
	cycle := func(bl ctmc.Blocking) *ctmc.Model {
		ea, eb, ec := ctmc.Exponential(1/a), ctmc.Exponential(1/b), ctmc.Exponential(1/c)
		return &ctmc.Model{
			Stations: []ctmc.Station{{Name: "A", Servers: 1, Service: []*ctmc.PH{&ea}},
				{Name: "B", Servers: 1, Service: []*ctmc.PH{&eb}},
				{Name: "C", Servers: 1, Capacity: k, Blocking: bl, Service: []*ctmc.PH{&ec}}},
			Classes: []ctmc.Class{{Name: "job", Population: n}},
			Routing: [][]float64{{0, 1, 0}, {0, 0, 1}, {1, 0, 0}},
		}
	}
	sol, err := ctmc.Solve(cycle(ctmc.BeforeStart), ctmc.Options{})
	require.NoError(t, err)
	assert.Equal(t, len(states), sol.States)
	sb, sc := sol.Stations[1], sol.Stations[2]
	assert.InDelta(t, lB, sb.InSystem[0], 1e-10, "L_B")
	assert.InDelta(t, lC, sc.InSystem[0], 1e-10, "L_C")
	assert.InDelta(t, before+after, sb.Blocked[0], 1e-10, "held at B")
	assert.InDelta(t, busyB, sb.Busy[0], 1e-10, "busy at B")
	assert.InDelta(t, xC, sc.Throughput[0], 1e-10, "X_C")
	// Blocking after service is a different model: B's server is busy
	// more often.
	bas, err := ctmc.Solve(cycle(ctmc.AfterService), ctmc.Options{})
	require.NoError(t, err)
	assert.Greater(t, math.Abs(bas.Stations[1].Busy[0]-busyB), 1e-3)
}

// feederState is station F of TestBeforeStartFeederBruteForce: its
// customers' classes ('g' goes on to C, 'o' leaves), the one in service
// first; mode as in cycleState; nC customers at C.
type feederState struct {
	line     string
	mode, nC int
}

// TestBeforeStartFeederBruteForce: a station F (one server, room for 3,
// arrivals finding it full lost) serves two open classes: "go" continues
// to C (buffer 2, blocking before service as the simulator plays it),
// "out" leaves. A "go" customer that starts after an "out" one left —
// not only one reaching an idle server — finds C full and holds F's
// server unstarted. F is FCFS, non-preemptive priority ("go" first) or
// SIRO, each against its generator written out here over the line of
// classes (which the chain keeps coarser at SIRO and priority) and solved
// densely.
func TestBeforeStartFeederBruteForce(t *testing.T) {
	const lg, lo, mg, mo, g, kF, kC = 0.9, 0.6, 2.5, 1.8, 1.1, 3, 2
	for _, tc := range []struct {
		d    ctmc.Discipline
		next func(wait string) map[string]float64 // the waiting line → the line with the one who starts first, by probability
	}{
		{ctmc.FCFS, func(w string) map[string]float64 { return map[string]float64{w: 1} }},
		{ctmc.PriorityNP, func(w string) map[string]float64 {
			if k := strings.IndexByte(w, 'g'); k >= 0 {
				return map[string]float64{"g" + w[:k] + w[k+1:]: 1}
			}
			return map[string]float64{w: 1}
		}},
		{ctmc.SIRO, func(w string) map[string]float64 {
			out := map[string]float64{}
			for k := range w {
				out[w[k:k+1]+w[:k]+w[k+1:]] += 1 / float64(len(w))
			}
			return out
		}},
	} {
		// starts puts the next customer of the waiting line w in service,
		// held if it is a "go" one and C is full (full).
		starts := func(w string, nC int, full bool, rate float64, add func(feederState, float64)) {
			if w == "" {
				add(feederState{"", 0, nC}, rate)
				return
			}
			for l, p := range tc.next(w) {
				m := 0
				if l[0] == 'g' && full {
					m = 1
				}
				add(feederState{l, m, nC}, rate*p)
			}
		}
		states, q := explore(feederState{}, func(s feederState, add func(feederState, float64)) {
			for _, r := range []struct {
				c    byte
				rate float64
			}{{'g', lg}, {'o', lo}} {
				switch {
				case len(s.line) == kF: // lost
				case s.line == "":
					m := 0
					if r.c == 'g' && s.nC == kC {
						m = 1
					}
					add(feederState{string(r.c), m, s.nC}, r.rate)
				default:
					add(feederState{s.line + string(r.c), s.mode, s.nC}, r.rate)
				}
			}
			if s.line != "" && s.mode == 0 {
				switch {
				case s.line[0] == 'o': // leaves; the next starts, C as it is
					starts(s.line[1:], s.nC, s.nC == kC, mo, add)
				case s.nC == kC: // held after service
					add(feederState{s.line, 2, s.nC}, mg)
				default: // the next starts before the leaver enters C: room
					starts(s.line[1:], s.nC+1, false, mg, add)
				}
			}
			if s.nC > 0 {
				switch s.mode {
				case 1: // the held customer starts
					add(feederState{s.line, 0, s.nC - 1}, g)
				case 2: // it moves in; the next starts before it enters
					starts(s.line[1:], s.nC, false, g, add)
				default:
					add(feederState{s.line, s.mode, s.nC - 1}, g)
				}
			}
		})
		pi := stationary(q)
		var lF [2]float64
		var lC, held, full float64
		for i, s := range states {
			lF[0] += pi[i] * float64(strings.Count(s.line, "g"))
			lF[1] += pi[i] * float64(strings.Count(s.line, "o"))
			lC += pi[i] * float64(s.nC)
			if s.mode > 0 {
				held += pi[i]
			}
			if len(s.line) == kF {
				full += pi[i]
			}
		}
		eg, eo, ec := ctmc.Exponential(1/mg), ctmc.Exponential(1/mo), ctmc.Exponential(1/g)
		m := &ctmc.Model{
			Stations: []ctmc.Station{{Name: "F", Servers: 1, Capacity: kF, Discipline: tc.d, Service: []*ctmc.PH{&eg, &eo}},
				{Name: "C", Servers: 1, Capacity: kC, Blocking: ctmc.BeforeStart, Service: []*ctmc.PH{&ec, nil}}},
			Classes: []ctmc.Class{{Name: "go", Rate: lg}, {Name: "out", Rate: lo}},
			Routing: [][]float64{{0, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}},
		}
		sol, err := ctmc.Solve(m, ctmc.Options{})
		require.NoError(t, err, tc.d.Name())
		f, c := sol.Stations[0], sol.Stations[1]
		require.Greater(t, held, 1e-2, "the case under test must be frequent")
		for r := range 2 {
			assert.InDelta(t, lF[r], f.InSystem[r], 1e-10, "%s: L_F class %d", tc.d.Name(), r)
		}
		assert.InDelta(t, lC, c.InSystem[0], 1e-10, "%s: L_C", tc.d.Name())
		assert.InDelta(t, held, f.Blocked[0], 1e-10, "%s: held at F", tc.d.Name())
		assert.InDelta(t, full*lo, f.Lost[1], 1e-10, "%s: out lost", tc.d.Name())
	}
}

// transientDense returns π0·exp(Qt) for a small dense generator (diagonal
// left zero) by uniformization, to 1e-13.
func transientDense(q [][]float64, pi0 []float64, t float64) []float64 {
	n := len(q)
	out := make([]float64, n)
	lam := 0.0
	for i := range n {
		s := 0.0
		for j := range n {
			s += q[i][j]
		}
		lam = math.Max(lam, s)
	}
	v := append([]float64(nil), pi0...)
	w := math.Exp(-lam * t)
	mass := 0.0
	for k := 0; mass < 1-1e-13; k++ {
		if k > 0 {
			w *= lam * t / float64(k)
			nv := make([]float64, n)
			for i := range n {
				s := 0.0
				for j := range n {
					nv[j] += v[i] * q[i][j] / lam
					s += q[i][j]
				}
				nv[i] += v[i] * (1 - s/lam)
			}
			v = nv
		}
		mass += w
		for i := range n {
			out[i] += w * v[i]
		}
	}
	return out
}

// TestBeforeStartInitialBruteForce: the tandem line F → C (C blocks
// before service) started from 2 customers at F and C full. Initial
// customers are placed station by station in the model's order, each as
// an arrival, as the simulator places them in file order: with C listed
// first, F's first customer reaches its server with C full and is held;
// with F first it starts. The transient means at t = 0.4 and 1.5 against
// uniformization of the generator written out here.
func TestBeforeStartInitialBruteForce(t *testing.T) {
	const lam, mu1, mu2, k1, k2 = 1.1, 1.6, 1.2, 4, 2
	type st struct{ n1, n2, mode int }
	next := func(s st, add func(st, float64)) {
		switch {
		case s.n1 == 0 && s.n2 == k2:
			add(st{1, s.n2, 1}, lam)
		case s.n1 == 0:
			add(st{1, s.n2, 0}, lam)
		case s.n1 < k1:
			add(st{s.n1 + 1, s.n2, s.mode}, lam)
		}
		if s.n1 > 0 && s.mode == 0 {
			if s.n2 < k2 {
				add(st{s.n1 - 1, s.n2 + 1, 0}, mu1)
			} else {
				add(st{s.n1, s.n2, 2}, mu1)
			}
		}
		if s.n2 > 0 {
			switch s.mode {
			case 2:
				add(st{s.n1 - 1, s.n2, 0}, mu2)
			default:
				add(st{s.n1, s.n2 - 1, 0}, mu2)
			}
		}
	}
	for _, tc := range []struct {
		cFirst bool
		mode   int
	}{{true, 1}, {false, 0}} {
		start := st{2, k2, tc.mode}
		states, q := explore(start, next)
		pi0 := make([]float64, len(states))
		pi0[0] = 1
		e1, e2 := ctmc.Exponential(1/mu1), ctmc.Exponential(1/mu2)
		f := ctmc.Station{Name: "F", Servers: 1, Capacity: k1, Service: []*ctmc.PH{&e1}}
		c := ctmc.Station{Name: "C", Servers: 1, Capacity: k2, Blocking: ctmc.BeforeStart, Service: []*ctmc.PH{&e2}}
		m := &ctmc.Model{Stations: []ctmc.Station{f, c}, Classes: []ctmc.Class{{Name: "job", Rate: lam}},
			Routing: [][]float64{{0, 1}, {0, 0}}, Initial: [][]int{{2}, {k2}}}
		fi, ci := 0, 1
		if tc.cFirst {
			m.Stations = []ctmc.Station{c, f}
			m.Classes[0].Source = 1
			m.Routing = [][]float64{{0, 0}, {1, 0}}
			m.Initial = [][]int{{k2}, {2}}
			fi, ci = 1, 0
		}
		sol, err := ctmc.Solve(m, ctmc.Options{})
		require.NoError(t, err)
		snaps, err := sol.Transient([]float64{0, 0.4, 1.5})
		require.NoError(t, err)
		for _, sn := range snaps {
			p := transientDense(q, pi0, sn.T)
			var l1, l2, held float64
			for i, s := range states {
				l1 += p[i] * float64(s.n1)
				l2 += p[i] * float64(s.n2)
				if s.mode > 0 {
					held += p[i]
				}
			}
			assert.InDelta(t, l1, sn.Stations[fi].InSystem[0], 1e-9, "C first %v, t %v: L_F", tc.cFirst, sn.T)
			assert.InDelta(t, l2, sn.Stations[ci].InSystem[0], 1e-9, "C first %v, t %v: L_C", tc.cFirst, sn.T)
			assert.InDelta(t, held, sn.Stations[fi].Blocked[0], 1e-9, "C first %v, t %v: held at F", tc.cFirst, sn.T)
		}
	}
}

// delayState is TestBeforeStartDelayBruteForce's state: customers in
// service at the delay station F, F's customers held for C in the order
// held ('b' before their service, 'a' after it), customers at C.
type delayState struct {
	serving int
	held    string
	nC      int
}

// TestBeforeStartDelayBruteForce: a delay station F (room for 4, arrivals
// finding it full lost) feeding C (buffer 2, blocking before service as
// the simulator plays it): every arrival starts at once, so each one that
// finds C full is held before service; when C frees a place the held
// customers go in the order held — one held before service starts and
// takes no place, so the next goes too. Against the generator written out
// here, solved densely.
func TestBeforeStartDelayBruteForce(t *testing.T) {
	const lam, mu1, mu2, kF, kC = 0.8, 2.0, 1.1, 4, 2
	states, q := explore(delayState{}, func(s delayState, add func(delayState, float64)) {
		switch {
		case s.serving+len(s.held) == kF: // lost
		case s.nC == kC:
			add(delayState{s.serving, s.held + "b", s.nC}, lam)
		default:
			add(delayState{s.serving + 1, s.held, s.nC}, lam)
		}
		if s.serving > 0 {
			if s.nC == kC {
				add(delayState{s.serving - 1, s.held + "a", s.nC}, float64(s.serving)*mu1)
			} else {
				add(delayState{s.serving - 1, s.held, s.nC + 1}, float64(s.serving)*mu1)
			}
		}
		if s.nC > 0 {
			n := delayState{s.serving, s.held, s.nC - 1}
			for n.held != "" && n.nC < kC {
				if n.held[0] == 'b' {
					n.serving++
				} else {
					n.nC++
				}
				n.held = n.held[1:]
			}
			add(n, mu2)
		}
	})
	pi := stationary(q)
	var lF, lC, held, full float64
	for i, s := range states {
		lF += pi[i] * float64(s.serving+len(s.held))
		lC += pi[i] * float64(s.nC)
		held += pi[i] * float64(len(s.held))
		if s.serving+len(s.held) == kF {
			full += pi[i]
		}
	}
	require.Greater(t, held, 1e-2, "the case under test must be frequent")
	e1, e2 := ctmc.Exponential(1/mu1), ctmc.Exponential(1/mu2)
	m := &ctmc.Model{
		Stations: []ctmc.Station{{Name: "F", Servers: 0, Capacity: kF, Service: []*ctmc.PH{&e1}},
			{Name: "C", Servers: 1, Capacity: kC, Blocking: ctmc.BeforeStart, Service: []*ctmc.PH{&e2}}},
		Classes: []ctmc.Class{{Name: "job", Rate: lam}},
		Routing: [][]float64{{0, 1}, {0, 0}},
	}
	sol, err := ctmc.Solve(m, ctmc.Options{})
	require.NoError(t, err)
	f, c := sol.Stations[0], sol.Stations[1]
	assert.InDelta(t, lF, f.InSystem[0], 1e-10, "L_F")
	assert.InDelta(t, lC, c.InSystem[0], 1e-10, "L_C")
	assert.InDelta(t, held, f.Blocked[0], 1e-10, "held at F")
	assert.InDelta(t, full*lam, f.Lost[0], 1e-10, "lost at F")
}
