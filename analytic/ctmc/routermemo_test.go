package ctmc

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRouterMemoKeepsChain: the router's edits worked out once per local
// state and class (routerEdit) and flush's frames give the chain built
// with every edit worked out afresh, state for state and rate for rate:
// two classes through a router in front of a buffer blocking after
// service and one blocking before service, which also draws at random.
func TestRouterMemoKeepsChain(t *testing.T) {
	e := func(mean float64) *PH { p := Exponential(mean); return &p }
	m := &Model{
		Stations: []Station{{Name: "think", Servers: 1, Service: []*PH{e(0.8), e(0.6)}},
			{Name: "lb", Router: true, Service: []*PH{nil, nil}},
			{Name: "a", Servers: 1, Capacity: 1, Blocking: AfterService, Service: []*PH{e(1.1), e(0.9)}},
			{Name: "f", Servers: 1, Capacity: 2, Blocking: BeforeStart, Service: []*PH{e(0.7), e(1.2)}},
			{Name: "c", Servers: 2, Service: []*PH{e(1.5), e(1)}}},
		Classes: []Class{{Name: "x", Population: 3}, {Name: "y", Population: 2, Start: 4}},
		Routing: [][]float64{
			{0, 0.7, 0, 0.3, 0, 0, 0, 0, 0, 0}, {0, 0, 0.4, 0.3, 0.3, 0, 0, 0, 0, 0}, {0, 0.2, 0, 0, 0.8, 0, 0, 0, 0, 0},
			{0, 0.5, 0.5, 0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0, 0, 0},
			{0, 0, 0, 0, 0, 0, 1, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0.5, 0.5, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
			{0, 0, 0, 0, 0, 0, 0.5, 0, 0, 0.5}, {0, 0, 0, 0, 0, 1, 0, 0, 0, 0}},
	}
	require.NoError(t, m.Validate())
	build := func(memo bool) *chain {
		memoGates = memo
		defer func() { memoGates = true }()
		c := newChain(m, 0, DefaultMaxStates)
		require.NoError(t, c.build())
		return c
	}
	want, got := build(false), build(true)
	require.Greater(t, got.states(), 500)
	requireSameChain(t, want, got)
}
