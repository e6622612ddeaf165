package ctmc

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// twoStationCases are chains of two stations of several kinds on which
// the two-station steps apply (each grouping at most an eighth of the
// states), small enough for the dense solver where n < 2 500.
func twoStationCases() map[string]*Model {
	e := func(mean float64) *PH { p := Exponential(mean); return &p }
	er := Erlang(0.8, 3)
	a := MMPP([][]float64{{0, 0.3}, {0.5, 0}}, []float64{0.4, 1.6})
	blocking := &Model{Stations: []Station{{Name: "a", Servers: 1, Capacity: 10, Service: []*PH{&er}},
		{Name: "b", Servers: 1, Capacity: 4, Blocking: AfterService, Service: []*PH{&er}}},
		Classes: []Class{{Name: "x", MAP: &a}},
		Routing: [][]float64{{0, 1}, {0.2, 0}}}
	priority := &Model{Stations: []Station{{Name: "a", Servers: 1, Discipline: PriorityPR, Service: []*PH{e(0.3), &er}},
		{Name: "b", Servers: 2, Capacity: 4, Discipline: PS, Service: []*PH{e(0.7), &er}}},
		Classes: []Class{{Name: "x", Rate: 0.8}, {Name: "y", Rate: 0.3}},
		Routing: [][]float64{{0, 0.5, 0, 0}, {0.2, 0, 0, 0}, {0, 0, 0, 0.4}, {0, 0, 0, 0}}}
	fork := jobModel(0.4, branch{1, FCFS, Erlang(0.5, 2)}, branch{1, PS, Exponential(0.7)})
	return map[string]*Model{"open two classes": openDesk(), "blocking with MAP": blocking,
		"priorities": priority, "fork": fork}
}

// TestTwoStationStepsSolveTheChain: on two stations the steps group by
// the customers' counts and by the larger station's local state (checked
// state by state against their definition), and Gauss–Seidel's π with
// them agrees to 1e-10 in every state with the one-station steps' π and,
// where the chain is small enough, with Gaussian elimination's, on
// chains of each kind with an open class: FCFS order kept, blocking
// with MAP arrivals, priorities, fork. (On the blocking chain the steps fail their trial
// after 40 sweeps and hand over to the one-station steps.)
func TestTwoStationStepsSolveTheChain(t *testing.T) {
	lowAggregate(t)
	for name, m := range twoStationCases() {
		t.Run(name, func(t *testing.T) {
			level := 0
			if openBound(m) < 0 {
				level = 8
			}
			c := newChain(m, level, DefaultMaxStates)
			require.NoError(t, c.build())
			n := c.states()
			require.Greater(t, n, aggregateFrom)
			j := newJointAggregator(c, packRates(c))
			require.NotNil(t, j, "the two-station steps apply")
			big := largerStation(c, n/maxGroupShare)
			sameCounts := func(x, y int) bool {
				for i := range c.M {
					a, b := c.tabs[i].info[c.tuple(x)[i]].count, c.tabs[i].info[c.tuple(y)[i]].count
					if !slices.Equal(a, b) {
						return false
					}
				}
				return true
			}
			for x := range n {
				for _, y := range []int{(x * 7919) % n, (x + 1) % n, (x + n/3) % n} {
					require.Equal(t, sameCounts(x, y), j.sides[0].block[x] == j.sides[0].block[y], "counts of %d and %d", x, y)
					require.Equal(t, c.tuple(x)[big] == c.tuple(y)[big], j.sides[1].block[x] == j.sides[1].block[y], "station %d of %d and %d", big, x, y)
				}
			}
			var dense []float64
			if n < 2500 {
				var err error
				dense, err = c.dense()
				require.NoError(t, err)
			}
			opt := Options{}.withDefaults()
			trials, restore := recordTrials(t)
			two, sweeps, _, err := c.gaussSeidel(opt)
			require.NoError(t, err)
			restore()
			if sweeps > 41 {
				require.Equal(t, jointEvery, (*trials)[0], "the two-station steps were on trial")
			}
			sweepsOne := requireSameAsOneStation(t, c, opt, two, dense)
			t.Logf("%d states, %d count groups, %d local states of station %d: %d sweeps with the two-station steps (trials %v), %d with one station's",
				n, j.sides[0].nb, j.sides[1].nb, big, sweeps, *trials, sweepsOne)
		})
	}
}

// deskOf is openDesk with room for k at the desk and kc at the cpu.
func deskOf(k, kc int) *Model {
	m := openDesk()
	m.Stations[0].Capacity, m.Stations[1].Capacity = k, kc
	return m
}

// closedPair is a closed network of two classes on two stations: an
// FCFS desk that keeps their order and a PS station with Erlang-3
// service.
func closedPair(x, y int) *Model {
	e := func(mean float64) *PH { p := Exponential(mean); return &p }
	er := Erlang(0.8, 3)
	return &Model{Stations: []Station{{Name: "desk", Servers: 2, Service: []*PH{e(0.5), e(0.9)}},
		{Name: "think", Servers: 1, Discipline: PS, Service: []*PH{&er, &er}}},
		Classes: []Class{{Name: "x", Population: x}, {Name: "y", Population: y}},
		Routing: [][]float64{{0, 1, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 1, 0}}}
}

// TestTwoStationStepsCutTheSweeps: on two open classes through an FCFS
// desk that keeps their order (room for 5) and a PS station (room for
// 5), 6 048 states, the two-station steps need 52 sweeps, the
// one-station steps 80 and no steps 136; in parts (the sweeps paired)
// the two-station steps still need at most 0.7 times the fewer of the
// others'. Checked by mutation: the counts grouping by the desk's counts
// alone (the cpu's ignored) needs 77 sweeps; π not rescaled by the step
// (the trial then handing over to the one-station steps), 83.
func TestTwoStationStepsCutTheSweeps(t *testing.T) {
	lowAggregate(t)
	for _, parts := range []bool{false, true} {
		if parts {
			smallParts(t)
		}
		c := newChain(deskOf(5, 5), 0, DefaultMaxStates)
		require.NoError(t, c.build())
		require.Equal(t, 6048, c.states())
		require.NotNil(t, newJointAggregator(c, nil), "the two-station steps apply")
		two, one, plain := sweepsThreeWays(t, c)
		t.Logf("parts %v: %d sweeps with the two-station steps, %d with one station's, %d without steps", parts, two, one, plain)
		if !parts {
			require.Equal(t, []int{52, 80, 136}, []int{two, one, plain})
		}
		require.LessOrEqual(t, float64(two), 0.7*float64(min(one, plain)), "parts %v", parts)
	}
}

// TestTwoStationStepsRefused: the two-station steps do not apply to a
// closed network of two stations (the one-station steps are used), nor
// where the counts would make more than an eighth of the states' groups.
func TestTwoStationStepsRefused(t *testing.T) {
	lowAggregate(t)
	c := newChain(closedPair(4, 4), 0, DefaultMaxStates)
	require.NoError(t, c.build())
	require.Nil(t, newJointAggregator(c, nil), "closed")
	s, every := newStepper(c, nil)
	require.IsType(t, &aggregator{}, s)
	require.Equal(t, aggregateEvery, every)

	// Exponential service everywhere and one class: the counts are the
	// state.
	e := Exponential(0.5)
	m := &Model{Stations: []Station{{Name: "a", Servers: 1, Capacity: 300, Service: []*PH{&e}}, {Name: "b", Servers: 1, Capacity: 300, Service: []*PH{&e}}},
		Classes: []Class{{Name: "x", Rate: 1}}, Routing: [][]float64{{0, 1}, {0, 0}}}
	c = newChain(m, 0, DefaultMaxStates)
	require.NoError(t, c.build())
	require.Nil(t, newJointAggregator(c, nil), "counts are the state")
}

// TestSmallChainsTakeSteps: from aggregateFrom (1 000) states on the
// sweeps alternate with steps. An open tandem (an Erlang-2 server, then
// two servers with room for 40, feedback) solved by Solve, whose last
// chain (truncated at 127 open customers) has 8 815 states, needs 94
// sweeps; its chain's plain sweeps need 3 566 (it was solved so while
// the steps began at 20 000 states). π is the same to 1e-10.
func TestSmallChainsTakeSteps(t *testing.T) {
	e := func(mean float64) *PH { p := Exponential(mean); return &p }
	er := Erlang(0.8, 2)
	m := &Model{Stations: []Station{{Name: "a", Servers: 1, Service: []*PH{&er}},
		{Name: "b", Servers: 2, Capacity: 40, Service: []*PH{e(1.1)}}},
		Classes: []Class{{Name: "x", Rate: 0.9}},
		Routing: [][]float64{{0, 0.7}, {0.2, 0}}}
	sol, err := Solve(m, Options{})
	require.NoError(t, err)
	require.Equal(t, []int{127, 8815, 94}, []int{sol.Level, sol.States, sol.Sweeps})
	c := sol.chain
	af := aggregateFrom
	aggregateFrom = c.states() + 1
	t.Cleanup(func() { aggregateFrom = af })
	plain, sweeps, _, err := c.gaussSeidel(Options{}.withDefaults())
	require.NoError(t, err)
	require.Equal(t, 3566, sweeps)
	for x := range plain {
		require.InDelta(t, plain[x], sol.pi[x], 1e-10, "state %d", x)
	}
}
