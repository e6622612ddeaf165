package ctmc

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cappedRing returns one closed class of pop customers on a ring of
// exponential FCFS stations with the given capacities (0: none), each
// that has one blocking the station before it before service when full.
func cappedRing(pop int, caps ...int) *Model {
	e := Exponential(1)
	m := &Model{Classes: []Class{{Name: "job", Population: pop}}}
	for i, k := range caps {
		s := Station{Name: fmt.Sprint("s", i), Servers: 1, Capacity: k, Service: []*PH{&e}}
		if k > 0 {
			s.Blocking = BeforeService
		}
		m.Stations = append(m.Stations, s)
		row := make([]float64, len(caps))
		row[(i+1)%len(caps)] = 1
		m.Routing = append(m.Routing, row)
	}
	return m
}

// bruteSpreads counts the ways to put n customers on stations with the
// given capacities (0: none) one by one.
func bruteSpreads(n int, caps []int) int {
	if len(caps) == 0 {
		if n == 0 {
			return 1
		}
		return 0
	}
	total := 0
	for j := 0; j <= n && (caps[0] == 0 || j <= caps[0]); j++ {
		total += bruteSpreads(n-j, caps[1:])
	}
	return total
}

// TestCappedSpreads: the key set's size hint counts the spreads within
// the capacities as a brute-force count does, and is spreads where
// nothing is capped; a population far beyond any limit gives a large
// finite hint.
func TestCappedSpreads(t *testing.T) {
	for _, tc := range []struct {
		pop  int
		caps []int
	}{
		{4, []int{2, 3, 0}}, {12, []int{5, 5, 5}}, {30, []int{12, 9, 0, 10}}, {7, []int{0, 0, 0}}, {0, []int{1, 1}}, {6, []int{3, 3}}, {9, []int{3, 3}},
	} {
		t.Run(fmt.Sprint(tc.pop, tc.caps), func(t *testing.T) {
			m := cappedRing(tc.pop, tc.caps...)
			want := bruteSpreads(tc.pop, tc.caps)
			assert.InDelta(t, float64(want), cappedSpreads(m), 1e-6)
		})
	}
	three := ringOfThree(10)
	assert.InDelta(t, spreads(three), cappedSpreads(three), 1e-6*spreads(three), "nothing capped")
	huge := cappedRing(4000, 0, 0, 0, 0, 0, 0, 0, 0)
	assert.Equal(t, hugeSpread, cappedSpreads(huge))
}

// TestReserveWithinCapacities: a closed model whose capacities keep 12 341
// of the 1 373 701 uncapped spreads (226 981 states: the blocked servers
// are part of the state) gets a key set grown to its states (524 288
// slots), not one reserved for the uncapped spreads (4 194 304).
func TestReserveWithinCapacities(t *testing.T) {
	m := cappedRing(200, 60, 60, 60, 60)
	require.InDelta(t, 12341.0, cappedSpreads(m), 1e-6)
	require.Equal(t, 1.0, spreads(m), "no lower bound from a capped class")
	c := newChain(m, 0, DefaultMaxStates)
	require.NoError(t, c.build())
	require.Equal(t, 226981, c.states())
	require.NotNil(t, c.keys)
	assert.Equal(t, 1<<19, len(c.keys.slots))
}

// TestCapacityIsNoRefusal: Solve's early refusal rests on a lower bound
// of the states, and the uncapped spreads are none where capacities
// hold the customers back: the ring of 200 (1 373 701 uncapped spreads,
// 226 981 states) solves within a limit of 300 000 states.
func TestCapacityIsNoRefusal(t *testing.T) {
	sol, err := Solve(cappedRing(200, 60, 60, 60, 60), Options{MaxStates: 300000})
	require.NoError(t, err)
	assert.Equal(t, 226981, sol.States)
}
