package ctmc_test

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
)

// The modes of the first server in drawTandemBrute.
const (
	dIdle   = iota
	dServeB // serving a customer who drew b
	dServeO // serving a customer who drew the exit
	dHeld   // holding the server unstarted: drew b, found it full
	dAfter  // done, drew b, found it full at the end: held after service
	dServe  // (forgetful model) serving, no draw kept
)

// drawTandemBrute is the tandem a → b where a's customers go to b
// (buffer k2, BeforeStart) with probability q and leave otherwise, written
// out over (n1, n2, mode) as the simulator plays it: the next station is
// drawn when a customer reaches a's server, a customer who drew b and
// finds it full holds the server unstarted, and at the end of its
// service it goes where it drew (held after service if b is full
// again). forget instead plays a chain that keeps no draw: the start is
// held on a draw of b as above, but the customer draws again at the end
// of its service — the model the chain must not be. It returns the
// states and their stationary law.
func drawTandemBrute(lam, mu1, mu2, q float64, k1, k2 int, forget bool) ([][3]int, []float64) {
	type st = [3]int
	var states []st
	idx := map[st]int{}
	for n1 := 0; n1 <= k1; n1++ {
		for n2 := 0; n2 <= k2; n2++ {
			for mode := range dServe + 1 {
				ok := (n1 == 0) == (mode == dIdle)
				switch mode {
				case dServeB, dServeO:
					ok = ok && !forget
				case dServe:
					ok = ok && forget
				case dHeld, dAfter:
					ok = ok && n2 == k2
				}
				if ok {
					idx[st{n1, n2, mode}] = len(states)
					states = append(states, st{n1, n2, mode})
				}
			}
		}
	}
	q2 := make([][]float64, len(states))
	for i := range q2 {
		q2[i] = make([]float64, len(states))
	}
	// start adds, from state i at rate, the outcomes of a customer reaching
	// a's server with n1 present, b holding n2 at the check.
	start := func(i int, rate float64, n1, n2, n2at int) {
		if n1 == 0 {
			q2[i][idx[st{0, n2, dIdle}]] += rate
			return
		}
		b, o := dServeB, dServeO
		if forget {
			b, o = dServe, dServe
		}
		if n2at == k2 {
			b = dHeld
		}
		q2[i][idx[st{n1, n2, b}]] += rate * q
		q2[i][idx[st{n1, n2, o}]] += rate * (1 - q)
	}
	for i, s := range states {
		n1, n2, mode := s[0], s[1], s[2]
		switch {
		case n1 == 0:
			start(i, lam, 1, n2, n2)
		case n1 < k1:
			q2[i][idx[st{n1 + 1, n2, mode}]] += lam
		}
		done := func(rate float64) { // the customer on a's server finishes and goes to b
			if n2 == k2 {
				q2[i][idx[st{n1, n2, dAfter}]] += rate
				return
			}
			start(i, rate, n1-1, n2+1, n2) // the next starts before it reaches b
		}
		switch mode {
		case dServeB:
			done(mu1)
		case dServeO:
			start(i, mu1, n1-1, n2, n2)
		case dServe:
			done(mu1 * q)
			start(i, mu1*(1-q), n1-1, n2, n2)
		}
		if n2 == 0 {
			continue
		}
		switch mode {
		case dHeld: // it starts now, its draw kept
			m := dServeB
			if forget {
				m = dServe
			}
			q2[i][idx[st{n1, n2 - 1, m}]] += mu2
		case dAfter: // it moves in; the next at a starts seeing the room
			start(i, mu2, n1-1, n2, n2-1)
		default:
			q2[i][idx[st{n1, n2 - 1, mode}]] += mu2
		}
	}
	return states, stationary(q2)
}

// TestBeforeStartRandomNextBruteForce: the chain of the tandem whose
// first station sends its customers to b (BeforeStart) with probability
// q and out otherwise equals the generator written out in
// drawTandemBrute, state count and measures to 1e-10; the chain that
// forgets the draw (drawing again at the end of service) differs by more
// than 1e-3 in L1 and b's throughput, so the test tells the two apart.
func TestBeforeStartRandomNextBruteForce(t *testing.T) {
	for _, tc := range []struct {
		lam, mu1, mu2, q float64
		k1, k2           int
	}{{1.3, 1.6, 0.9, 0.7, 4, 2}, {0.9, 2.5, 0.6, 0.45, 3, 1}} {
		states, pi := drawTandemBrute(tc.lam, tc.mu1, tc.mu2, tc.q, tc.k1, tc.k2, false)
		var l1, l2, held, x2, lost, busy float64
		for i, s := range states {
			l1 += pi[i] * float64(s[0])
			l2 += pi[i] * float64(s[1])
			switch s[2] {
			case dHeld, dAfter:
				held += pi[i]
			case dServeB, dServeO:
				busy += pi[i]
			}
			if s[1] > 0 {
				x2 += pi[i] * tc.mu2
			}
			if s[0] == tc.k1 {
				lost += pi[i] * tc.lam
			}
		}
		require.Greater(t, held, 1e-2, "the case under test must be frequent")
		m := tandem(tc.lam, tc.mu1, tc.mu2, tc.k1, tc.k2, ctmc.BeforeStart)
		m.Routing[0][1] = tc.q
		sol, err := ctmc.Solve(m, ctmc.Options{})
		require.NoError(t, err)
		assert.Equal(t, len(states), sol.States)
		a, b := sol.Stations[0], sol.Stations[1]
		assert.InDelta(t, l1, a.InSystem[0], 1e-10, "L1")
		assert.InDelta(t, l2, b.InSystem[0], 1e-10, "L2")
		assert.InDelta(t, held, a.Blocked[0], 1e-10, "held")
		assert.InDelta(t, busy, a.Busy[0], 1e-10, "busy")
		assert.InDelta(t, x2, b.Throughput[0], 1e-10, "X2")
		assert.InDelta(t, x2, b.Offered[0], 1e-10, "offered to b: all routed, none lost")
		assert.InDelta(t, lost, a.Lost[0], 1e-10, "lost at a")
		assert.InDelta(t, tc.lam-lost, a.Throughput[0], 1e-10, "X1")

		fs, fpi := drawTandemBrute(tc.lam, tc.mu1, tc.mu2, tc.q, tc.k1, tc.k2, true)
		var fl1, fx2 float64
		for i, s := range fs {
			fl1 += fpi[i] * float64(s[0])
			if s[1] > 0 {
				fx2 += fpi[i] * tc.mu2
			}
		}
		assert.Greater(t, math.Abs(fl1-l1), 1e-3, "forgetful L1 %v, exact %v", fl1, l1)
		assert.Greater(t, math.Abs(fx2-x2), 1e-3, "forgetful X2 %v, exact %v", fx2, x2)
	}
	// The forgetful value model/network's simulation test excludes
	// (bbsDrawForgetful).
	fs, fpi := drawTandemBrute(0.9, 2.5, 0.625, 0.3, 4, 1, true)
	fl1 := 0.0
	for i, s := range fs {
		fl1 += fpi[i] * float64(s[0])
	}
	assert.InDelta(t, 1.05432, fl1, 5e-6)
}

// TestDrawBudgetRefused: drawn destinations are classes of the station's
// own in a state's code; beyond what it holds the chain refuses, naming
// the station and its routing.
func TestDrawBudgetRefused(t *testing.T) {
	m := manyDraws(32)
	_, err := ctmc.Solve(m, ctmc.Options{})
	var at *ctmc.AtError
	require.True(t, errors.As(err, &at), "%v", err)
	assert.Equal(t, "a", at.Station)
	assert.True(t, at.Routing)
	assert.ErrorContains(t, err, `station "a" feeds stations that block before service at random: the exact CTMC keeps each started customer's drawn destination as a class of the station's own, and its 96 classes and destinations exceed the 63 a state holds`)
	_, err = ctmc.Solve(manyDraws(20), ctmc.Options{MaxStates: 10})
	var big *ctmc.TooLargeError
	assert.True(t, errors.As(err, &big), "20 classes and 40 draws fit: %v", err)
}

// manyDraws is the tandem with n open classes, each going from a to b
// (BeforeStart) with probability 0.5: n classes and 2n draws at a.
func manyDraws(n int) *ctmc.Model {
	e := ctmc.Exponential(1)
	m := &ctmc.Model{Stations: []ctmc.Station{{Name: "a", Servers: 1, Capacity: 2}, {Name: "b", Servers: 1, Capacity: 1, Blocking: ctmc.BeforeStart}}}
	for r := range n {
		m.Classes = append(m.Classes, ctmc.Class{Name: string(rune('A' + r)), Rate: 0.01})
		m.Stations[0].Service = append(m.Stations[0].Service, &e)
		m.Stations[1].Service = append(m.Stations[1].Service, &e)
	}
	m.Routing = make([][]float64, 2*n)
	for x := range m.Routing {
		m.Routing[x] = make([]float64, 2*n)
		if x%2 == 0 {
			m.Routing[x][x+1] = 0.5
		}
	}
	return m
}
