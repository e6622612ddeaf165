package ctmc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGateMemoKeepsChain: the tables that keep, per local state, the
// outcomes worked out with a mask of held starts (movesFor, arrivalsFor,
// unblockFor, placeFor) and the held customers' releases (unblock) give
// the chain built with every outcome worked out afresh, state for state
// and rate for rate: a closed cycle of two classes whose station c blocks
// before service (b's moves gated under two masks), an open line with
// three before-service buffers fed by one station (arrivals gated, an
// initial state placing customers while c is full), and a tandem blocking
// after service.
func TestGateMemoKeepsChain(t *testing.T) {
	e := func(mean float64) *PH { p := Exponential(mean); return &p }
	er := func(mean float64) *PH { p := Erlang(mean, 2); return &p }
	cycle := &Model{
		Stations: []Station{{Name: "a", Servers: 2, Service: []*PH{e(1), e(0.6)}},
			{Name: "b", Servers: 2, Service: []*PH{e(0.5), e(0.7)}},
			{Name: "c", Servers: 1, Capacity: 2, Blocking: BeforeStart, Service: []*PH{er(0.9), e(0.4)}},
			{Name: "d", Servers: 1, Capacity: 1, Blocking: BeforeStart, Service: []*PH{nil, e(1.1)}}},
		Classes: []Class{{Name: "x", Population: 4}, {Name: "y", Population: 3, Start: 1}},
		Routing: [][]float64{{0, 1, 0, 0, 0, 0, 0, 0}, {0, 0, 1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0},
			{0, 0, 0, 0, 0, 1, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 1, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 1, 0}},
	}
	line := &Model{
		Stations: []Station{{Name: "f", Servers: 2, Capacity: 4, Discipline: SIRO, Service: []*PH{e(0.4), e(0.5), e(0.3)}},
			{Name: "c", Servers: 1, Capacity: 2, Blocking: BeforeStart, Service: []*PH{er(1), nil, nil}},
			{Name: "d", Servers: 1, Capacity: 1, Blocking: BeforeStart, Service: []*PH{nil, e(0.8), nil}},
			{Name: "g", Servers: 1, Capacity: 1, Blocking: BeforeStart, Service: []*PH{nil, nil, e(0.9)}}},
		Classes: []Class{{Name: "go", Rate: 0.9}, {Name: "other", Rate: 0.7}, {Name: "third", Rate: 0.6}},
		Initial: [][]int{{2, 1, 0}, {2, 0, 0}, nil, nil},
	}
	line.Routing = make([][]float64, 12)
	for x := range line.Routing {
		line.Routing[x] = make([]float64, 12)
		if r := x / 4; x%4 == 0 { // from f, class r goes on to its own buffer
			line.Routing[x][r*4+r+1] = 1
		}
	}
	bas := &Model{
		Stations: []Station{{Name: "a", Servers: 2, Service: []*PH{er(0.8)}}, {Name: "b", Servers: 1, Capacity: 2, Blocking: AfterService, Service: []*PH{e(1)}}},
		Classes:  []Class{{Name: "job", Population: 6}},
		Routing:  [][]float64{{0, 1}, {1, 0}},
	}
	for name, m := range map[string]*Model{"cycle": cycle, "line": line, "after service": bas} {
		require.NoError(t, m.Validate(), name)
		build := func(memo bool) *chain {
			memoGates = memo
			defer func() { memoGates = true }()
			c := newChain(m, 12, DefaultMaxStates)
			require.NoError(t, c.build(), name)
			return c
		}
		want, got := build(false), build(true)
		require.Greater(t, got.states(), 10, name)
		assert.Equal(t, want.tuples, got.tuples, name)
		assert.Equal(t, want.ptr, got.ptr, name)
		assert.Equal(t, want.src, got.src, name)
		assert.Equal(t, want.rate, got.rate, name)
		assert.Equal(t, want.out, got.out, name)
	}
}
