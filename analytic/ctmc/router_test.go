package ctmc_test

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
)

// routerRing is the closed network think → router → {a (buffer k,
// blocking b) with probability p, c otherwise}, a and c → think: n
// customers, think one server of rate theta.
func routerRing(n, k int, p, theta, muA, muC float64, b ctmc.Blocking) *ctmc.Model {
	z, a, c := ctmc.Exponential(1/theta), ctmc.Exponential(1/muA), ctmc.Exponential(1/muC)
	return &ctmc.Model{
		Stations: []ctmc.Station{{Name: "think", Servers: 1, Service: []*ctmc.PH{&z}},
			{Name: "lb", Router: true, Service: []*ctmc.PH{nil}},
			{Name: "a", Servers: 1, Capacity: k, Blocking: b, Service: []*ctmc.PH{&a}},
			{Name: "c", Servers: 1, Service: []*ctmc.PH{&c}}},
		Classes: []ctmc.Class{{Name: "job", Population: n, Start: 0}},
		Routing: [][]float64{{0, 1, 0, 0}, {0, 0, p, 1 - p}, {1, 0, 0, 0}, {1, 0, 0, 0}},
	}
}

// TestRouterHoldsBruteForce: the router of routerRing holds the
// customers it sends to a full a, and frees the station in front of it:
// the chain equals a generator written out over (think, held, a, c) to
// 1e-10, after service and before it (held before service at the
// router, a customer released starts a service of zero length and tries
// a again after the event; with the router the only one waiting for a,
// the values are the same). The chain of the router folded into think's
// row (think's customer held on think's server, which serves nobody
// else meanwhile) differs by more than 1e-3.
func TestRouterHoldsBruteForce(t *testing.T) {
	const n, k, p, theta, muA, muC = 5, 1, 0.6, 0.8, 1.1, 1.5
	type st struct{ z, h, a, c int }
	var states []st
	idx := map[st]int{}
	for h := 0; h <= n; h++ {
		for a := 0; a <= k; a++ {
			for c := 0; c+a+h <= n; c++ {
				if h > 0 && a < k {
					continue
				}
				idx[st{n - h - a - c, h, a, c}] = len(states)
				states = append(states, st{n - h - a - c, h, a, c})
			}
		}
	}
	q := make([][]float64, len(states))
	for i := range q {
		q[i] = make([]float64, len(states))
	}
	for i, s := range states {
		if s.z > 0 {
			if s.a < k {
				q[i][idx[st{s.z - 1, s.h, s.a + 1, s.c}]] += theta * p
			} else {
				q[i][idx[st{s.z - 1, s.h + 1, s.a, s.c}]] += theta * p
			}
			q[i][idx[st{s.z - 1, s.h, s.a, s.c + 1}]] += theta * (1 - p)
		}
		if s.a > 0 {
			if s.h > 0 {
				q[i][idx[st{s.z + 1, s.h - 1, s.a, s.c}]] += muA
			} else {
				q[i][idx[st{s.z + 1, s.h, s.a - 1, s.c}]] += muA
			}
		}
		if s.c > 0 {
			q[i][idx[st{s.z + 1, s.h, s.a, s.c - 1}]] += muC
		}
	}
	pi := stationary(q)
	var lz, lh, la, lc, xa, xz float64
	for i, s := range states {
		lz += pi[i] * float64(s.z)
		lh += pi[i] * float64(s.h)
		la += pi[i] * float64(s.a)
		lc += pi[i] * float64(s.c)
		if s.a > 0 {
			xa += pi[i] * muA
		}
		if s.z > 0 {
			xz += pi[i] * theta
		}
	}
	require.Greater(t, lh, 0.1, "the case under test must be frequent")
	for _, b := range []ctmc.Blocking{ctmc.AfterService, ctmc.BeforeStart} {
		sol, err := ctmc.Solve(routerRing(n, k, p, theta, muA, muC, b), ctmc.Options{})
		require.NoError(t, err, "%v", b)
		if b == ctmc.AfterService {
			assert.Equal(t, len(states), sol.States)
		}
		s := sol.Stations
		assert.InDelta(t, lz, s[0].InSystem[0], 1e-10, "%v: think", b)
		assert.InDelta(t, lh, s[1].InSystem[0], 1e-10, "%v: router", b)
		assert.InDelta(t, lh, s[1].Blocked[0], 1e-10, "%v: router held", b)
		assert.InDelta(t, la, s[2].InSystem[0], 1e-10, "%v: a", b)
		assert.InDelta(t, lc, s[3].InSystem[0], 1e-10, "%v: c", b)
		assert.InDelta(t, xa, s[2].Throughput[0], 1e-10, "%v: X_a", b)
		assert.InDelta(t, xz, s[1].Throughput[0], 1e-10, "%v: router throughput", b)
		assert.InDelta(t, xz*p, s[2].Offered[0], 1e-10, "%v: offered to a", b)
		assert.Zero(t, s[2].Lost[0], "%v: nobody lost at a", b)
	}
	// Folded: think sends to a and c itself and holds a blocked customer.
	m := routerRing(n, k, p, theta, muA, muC, ctmc.AfterService)
	m.Stations = append(m.Stations[:1], m.Stations[2:]...)
	m.Routing = [][]float64{{0, p, 1 - p}, {1, 0, 0}, {1, 0, 0}}
	folded, err := ctmc.Solve(m, ctmc.Options{})
	require.NoError(t, err)
	assert.Greater(t, math.Abs(la-folded.Stations[1].InSystem[0]), 1e-3, "folded L_a %v, router %v", folded.Stations[1].InSystem[0], la)
}

// TestRouterRefusals: what a router cannot be in the chain is refused,
// naming it.
func TestRouterRefusals(t *testing.T) {
	for want, mod := range map[string]func(m *ctmc.Model){
		`router "lb" has a capacity`: func(m *ctmc.Model) { m.Stations[1].Capacity = 2 },
		`router "lb" has a service law for class "job": a router serves nobody`: func(m *ctmc.Model) {
			e := ctmc.Exponential(1)
			m.Stations[1].Service[0] = &e
		},
		`router "lb" has 2 servers: a router serves nobody`:     func(m *ctmc.Model) { m.Stations[1].Servers = 2 },
		`router "lb" has discipline ps: a router serves nobody`: func(m *ctmc.Model) { m.Stations[1].Discipline = ctmc.PS },
		`router "lb" sends customers to "c", which loses or turns away arrivals`: func(m *ctmc.Model) {
			m.Stations[3].JoinProb = []float64{1, 0.5}
		},
	} {
		m := routerRing(3, 1, 0.5, 1, 1, 1, ctmc.AfterService)
		for k := range m.Classes {
			m.Classes[k].Population, m.Classes[k].Rate = 0, 0.5
			m.Classes[k].Source = 1
		}
		m.Routing[2][0], m.Routing[3][0] = 0, 0
		mod(m)
		_, err := ctmc.Solve(m, ctmc.Options{})
		var at *ctmc.AtError
		require.True(t, errors.As(err, &at), "%s: %v", want, err)
		assert.Equal(t, "lb", at.Station)
		assert.ErrorContains(t, err, want)
	}
}
