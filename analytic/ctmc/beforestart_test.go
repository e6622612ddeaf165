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
	a := tandemBeforeStartBrute(t, 0, nil)
	// The other before-service chain (service paused while station 2 is
	// full) is a different model: its L1 differs.
	pause, err := ctmc.Solve(tandem(lam, mu1, mu2, k1, k2, ctmc.BeforeService), ctmc.Options{})
	require.NoError(t, err)
	assert.Greater(t, math.Abs(pause.Stations[0].InSystem[0]-a.InSystem[0]), 1e-3)
}

// TestTandemBeforeStartFeederExtrasBruteForce: the same tandem with
// patience (rate 0.7) or balking at the first station: those waiting
// behind a held server abandon, the customer holding it unstarted never
// does, and an arrival finding n present (held ones included) joins with
// probability join[n].
func TestTandemBeforeStartFeederExtrasBruteForce(t *testing.T) {
	tandemBeforeStartBrute(t, 0.7, nil)
	tandemBeforeStartBrute(t, 0, []float64{1, 0.9, 0.6, 0.3})
}

// tandemBeforeStartBrute checks the tandem of TestTandemBeforeStartBruteForce
// with patience rate theta and join probabilities join at the first
// station, and returns the chain's first station.
func tandemBeforeStartBrute(t *testing.T, theta float64, join []float64) ctmc.StationResult {
	const lam, mu1, mu2, k1, k2 = 1.1, 1.6, 1.2, 4, 2
	joins := func(n int) float64 {
		if join == nil {
			return 1
		}
		return join[min(n, len(join)-1)]
	}
	var gone float64 // rate of abandonments and balks
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
			q[i][idx[st{1, s.n2, 1}]] += lam * joins(0)
		case s.n1 < k1:
			q[i][idx[st{s.n1 + 1, s.n2, s.mode}]] += lam * joins(s.n1)
		} // else lost
		if s.n1 > 1 && theta > 0 { // those waiting abandon; the one on the server does not
			q[i][idx[st{s.n1 - 1, s.n2, s.mode}]] += theta * float64(s.n1-1)
		}
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
		gone += pi[i] * theta * float64(max(s.n1-1, 0))
		if s.n1 < k1 {
			gone += pi[i] * lam * (1 - joins(s.n1))
		}
		if s.n2 > 0 {
			x2 += pi[i] * mu2
		}
	}
	require.Greater(t, before, 1e-3, "the case under test must be frequent")
	require.Greater(t, after, 1e-3, "the case under test must be frequent")
	if theta > 0 || join != nil {
		require.Greater(t, gone, 1e-3, "the case under test must be frequent")
	}
	m := tandem(lam, mu1, mu2, k1, k2, ctmc.BeforeStart)
	m.Stations[0].Patience, m.Stations[0].JoinProb = theta, join
	sol, err := ctmc.Solve(m, ctmc.Options{})
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
	assert.InDelta(t, gone, a.Abandoned[0]+a.Balked[0], 1e-10, "abandoned and balked")
	assert.Zero(t, c.Lost[0], "nobody routed is lost")
	return a
}

// TestBeforeStartRefuses: where the chain cannot play the simulator's
// rule — a discipline that shares or interrupts service, a route back to
// the blocking station itself — it refuses, naming the reason (a random
// next station it plays: draws_test.go).
func TestBeforeStartRefuses(t *testing.T) {
	for want, mod := range map[string]func(m *ctmc.Model){
		"it is ps, where a customer cannot hold a server unstarted": func(m *ctmc.Model) { m.Stations[0].Discipline = ctmc.PS },
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
