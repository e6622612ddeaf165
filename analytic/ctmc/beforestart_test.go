package ctmc_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
)

// TestTandemBeforeStartBruteForce: the tandem line whose second station
// blocks before service as the simulator plays it (BeforeStart) against a
// generator written out here over (n1, n2, mode) and solved by dense
// elimination. mode is what the customer at server 1 does: 0 served,
// 1 held before its service (it reached an idle server with station 2
// full), 2 held after it (station 2 full again when its service ended).
func TestTandemBeforeStartBruteForce(t *testing.T) {
	const lam, mu1, mu2, k1, k2 = 1.1, 1.6, 1.2, 4, 2
	type st struct{ n1, n2, mode int }
	var states []st
	idx := map[st]int{}
	for n1 := 0; n1 <= k1; n1++ {
		for n2 := 0; n2 <= k2; n2++ {
			for mode := range 3 {
				if mode > 0 && (n1 == 0 || n2 < k2) {
					continue
				}
				idx[st{n1, n2, mode}] = len(states)
				states = append(states, st{n1, n2, mode})
			}
		}
	}
	q := make([][]float64, len(states))
	for i := range q {
		q[i] = make([]float64, len(states))
	}
	for i, s := range states {
		switch {
		case s.n1 == 0 && s.n2 == k2: // reaches the idle server, station 2 full: held before service
			q[i][idx[st{1, s.n2, 1}]] += lam
		case s.n1 < k1:
			q[i][idx[st{s.n1 + 1, s.n2, s.mode}]] += lam
		} // else lost
		if s.n1 > 0 && s.mode == 0 {
			if s.n2 < k2 { // the next starts seeing the place the leaver has yet to take
				q[i][idx[st{s.n1 - 1, s.n2 + 1, 0}]] += mu1
			} else {
				q[i][idx[st{s.n1, s.n2, 2}]] += mu1
			}
		}
		if s.n2 > 0 {
			switch s.mode {
			case 2: // the held customer moves in, the next at 1 starts
				q[i][idx[st{s.n1 - 1, s.n2, 0}]] += mu2
			case 1: // the held customer starts its service; its place is not reserved
				q[i][idx[st{s.n1, s.n2 - 1, 0}]] += mu2
			default:
				q[i][idx[st{s.n1, s.n2 - 1, 0}]] += mu2
			}
		}
	}
	pi := stationary(q)
	var l1, l2, before, after, full, x2, busy1 float64
	for i, s := range states {
		l1 += pi[i] * float64(s.n1)
		l2 += pi[i] * float64(s.n2)
		switch {
		case s.mode == 1:
			before += pi[i]
		case s.mode == 2:
			after += pi[i]
		case s.n1 > 0:
			busy1 += pi[i]
		}
		if s.n1 == k1 {
			full += pi[i]
		}
		if s.n2 > 0 {
			x2 += pi[i] * mu2
		}
	}
	require.Greater(t, before, 1e-3, "the case under test must be frequent")
	require.Greater(t, after, 1e-3, "the case under test must be frequent")
	sol, err := ctmc.Solve(tandem(lam, mu1, mu2, k1, k2, ctmc.BeforeStart), ctmc.Options{})
	require.NoError(t, err)
	assert.Equal(t, len(states), sol.States)
	a, c := sol.Stations[0], sol.Stations[1]
	assert.InDelta(t, l1, a.InSystem[0], 1e-10, "L1")
	assert.InDelta(t, l2, c.InSystem[0], 1e-10, "L2")
	assert.InDelta(t, before+after, a.Blocked[0], 1e-10, "blocked")
	assert.InDelta(t, busy1, a.Busy[0], 1e-10, "busy")
	assert.InDelta(t, full, a.Lost[0]/a.Offered[0], 1e-10, "p_loss")
	assert.InDelta(t, x2, c.Throughput[0], 1e-10, "X2")
	assert.InDelta(t, x2, a.Throughput[0], 1e-10, "completions upstream")
	assert.Zero(t, c.Lost[0], "nobody routed is lost")

	// The other before-service chain (service paused while station 2 is
	// full) is a different model: its L1 differs.
	pause, err := ctmc.Solve(tandem(lam, mu1, mu2, k1, k2, ctmc.BeforeService), ctmc.Options{})
	require.NoError(t, err)
	assert.Greater(t, math.Abs(pause.Stations[0].InSystem[0]-a.InSystem[0]), 1e-3)
}

// TestBeforeStartRefuses: where the chain cannot play the simulator's
// rule — a random next station (the simulator draws it at the start), a
// discipline that shares or interrupts service, patience, balking or
// rates upstream, a route back to the blocking station itself — it refuses, naming the reason.
func TestBeforeStartRefuses(t *testing.T) {
	for want, mod := range map[string]func(m *ctmc.Model){
		"it is ps, where a customer cannot hold a server unstarted": func(m *ctmc.Model) { m.Stations[0].Discipline = ctmc.PS },
		`class "job" goes there with probability 0.5, not 1 (the simulator draws the next station when the customer starts`: func(m *ctmc.Model) {
			m.Routing[0][1] = 0.5
		},
		"it has patience, balking or load-dependent rates": func(m *ctmc.Model) { m.Stations[0].Patience = 0.5 },
		`class "job" goes from station "b", which blocks before service, back to itself: the simulator counts the customer against its own buffer`: func(m *ctmc.Model) {
			m.Routing[1][1] = 0.5
		},
		`class "job" goes from station "b", which blocks after service, back to itself`: func(m *ctmc.Model) {
			m.Stations[1].Blocking = ctmc.AfterService
			m.Routing[1][1] = 0.5
		},
	} {
		m := tandem(1, 2, 1.5, 3, 2, ctmc.BeforeStart)
		mod(m)
		_, err := ctmc.Solve(m, ctmc.Options{})
		assert.ErrorContains(t, err, want)
	}
}
