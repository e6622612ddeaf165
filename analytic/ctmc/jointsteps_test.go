package ctmc

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// jointCases are chains of several kinds on which the joint steps apply
// (four stations or more, or three with coarse enough halves); all but
// the closed ones (8 000 states and more: a half's groups are at most an
// eighth of the states only from three customers per class on) small
// enough for the dense solver.
func jointCases() map[string]*Model {
	e := func(mean float64) *PH { p := Exponential(mean); return &p }
	er := Erlang(0.5, 2)
	ps := func(name string, means ...float64) Station {
		st := Station{Name: name, Servers: 1, Discipline: PS}
		for _, m := range means {
			st.Service = append(st.Service, e(m))
		}
		return st
	}
	ring := func(R, M int) [][]float64 { // each class round the ring, 0.3 back home
		rt := make([][]float64, R*M)
		for x := range rt {
			rt[x] = make([]float64, R*M)
			r, i := x/M, x%M
			rt[x][r*M+(i+1)%M] = 0.7
			rt[x][r*M+r%M] += 0.3
		}
		return rt
	}
	closed := &Model{Stations: []Station{ps("a", 1, 2, 0.5), ps("b", 0.7, 0.4, 1.2), ps("c", 2, 1, 1), ps("d", 1, 1, 1)},
		Classes: []Class{{Name: "x", Population: 3}, {Name: "y", Population: 3, Start: 1}, {Name: "z", Population: 3, Start: 2}},
		Routing: ring(3, 4)}
	closed.Stations[3].Servers = 2
	// One open class through a station without room (truncated) and three
	// with room for two.
	open := &Model{Stations: []Station{{Name: "in", Servers: 1, Service: []*PH{e(0.4)}},
		{Name: "p", Servers: 1, Capacity: 2, Service: []*PH{e(0.5)}}, {Name: "q", Servers: 1, Capacity: 2, Service: []*PH{&er}},
		{Name: "r", Servers: 2, Capacity: 2, Discipline: PS, Service: []*PH{e(0.9)}}},
		Classes: []Class{{Name: "job", Rate: 1}},
		Routing: [][]float64{{0, 0.5, 0.3, 0.2}, {0, 0, 0, 0.3}, {0.1, 0, 0, 0}, {0, 0, 0, 0}}}
	a := MMPP([][]float64{{0, 0.3}, {0.5, 0}}, []float64{0.4, 1.6})
	blocking := &Model{Stations: []Station{{Name: "a", Servers: 1, Capacity: 4, Service: []*PH{e(0.6)}},
		{Name: "b", Servers: 1, Capacity: 2, Blocking: AfterService, Service: []*PH{e(0.8)}},
		{Name: "c", Servers: 1, Capacity: 3, Service: []*PH{e(0.5)}}},
		Classes: []Class{{Name: "x", MAP: &a}},
		Routing: [][]float64{{0, 1, 0}, {0, 0, 1}, {0, 0, 0}}}
	priority := &Model{Stations: []Station{{Name: "a", Servers: 1, Discipline: PriorityPR, Service: []*PH{e(0.5), e(0.8), e(1)}}, ps("b", 0.7, 0.4, 1.2),
		{Name: "c", Servers: 1, Discipline: PriorityNP, Service: []*PH{e(0.6), e(0.3), e(0.9)}}, ps("d", 0.9, 1.1, 1)},
		Classes: []Class{{Name: "x", Population: 3}, {Name: "y", Population: 3, Start: 1}, {Name: "z", Population: 3, Start: 2}},
		Routing: ring(3, 4)}
	// Solved at truncation level 6 (see jointLevel).
	fork := jobModel(0.4, branch{1, FCFS, Exponential(0.5)}, branch{1, FCFS, Exponential(0.7)}, branch{1, PS, Exponential(0.6)})
	return map[string]*Model{"closed three classes": closed, "open truncated": open, "blocking with MAP": blocking,
		"priorities": priority, "fork": fork}
}

// lowAggregate makes chains of 100 states and more take aggregation steps.
func lowAggregate(t *testing.T) {
	af := aggregateFrom
	aggregateFrom = 100
	t.Cleanup(func() { aggregateFrom = af })
}

// TestJointStepsSolveTheChain: with the joint steps on, Gauss–Seidel's π
// agrees with the one-station steps' π to 1e-10 in every state and, on
// the chains small enough, with Gaussian elimination's, on chains of
// each kind: closed multi-class,
// open truncated, blocking with MAP arrivals, priorities, fork. Each
// case checks that the joint steps apply and ran (their groupings are
// coarse enough) and that they did not fall back.
func TestJointStepsSolveTheChain(t *testing.T) {
	lowAggregate(t)
	for name, m := range jointCases() {
		t.Run(name, func(t *testing.T) {
			level := 0
			if openBound(m) < 0 {
				level = 16
				if name == "fork" {
					level = 6 // 445 states (16: 91 325)
				}
			}
			c := newChain(m, level, DefaultMaxStates)
			require.NoError(t, c.build())
			n := c.states()
			require.Greater(t, n, aggregateFrom)
			j := newJointAggregator(c, packRates(c))
			require.NotNil(t, j, "the joint steps apply")
			var dense []float64
			if n < 2500 {
				var err error
				dense, err = c.dense()
				require.NoError(t, err)
			} else {
				require.Contains(t, []string{"closed three classes", "priorities"}, name)
			}
			opt := Options{}.withDefaults()
			trials, restore := recordTrials(t)
			joint, sweeps, _, err := c.gaussSeidel(opt)
			require.NoError(t, err)
			restore()
			if sweeps > 41 {
				require.Equal(t, []int{jointEvery}, *trials, "the joint steps were on trial and kept")
			}
			sweepsOne := requireSameAsOneStation(t, c, opt, joint, dense)
			t.Logf("%d states, %d groups × %d groups: %d sweeps with the joint steps, %d with one station's", n, j.sides[0].nb, j.sides[1].nb, sweeps, sweepsOne)
		})
	}
}

// TestJointStepsCutTheSweeps: on a four-station closed network of three
// classes (35³ states), the joint steps (one every fourth sweep) need
// less than half the sweeps of the one-station steps (one every second)
// and of no steps, in one part and in parts: 50 against 148 and 300. A
// step that corrects nothing, or corrects by the wrong factor, fails this
// (checked by mutation: π not rescaled, 98 sweeps, the trial then
// handing over to the one-station steps; each group's new mass taken as
// its factor, not divided by its old mass, 102).
func TestJointStepsCutTheSweeps(t *testing.T) {
	lowAggregate(t)
	m := slowerClosed()
	for _, parts := range []bool{false, true} {
		if parts {
			smallParts(t)
		}
		c := newChain(m, 0, DefaultMaxStates)
		require.NoError(t, c.build())
		require.Equal(t, 35*35*35, c.states())
		joint, one, plain := sweepsThreeWays(t, c)
		t.Logf("parts %v: %d sweeps with the joint steps, %d with one station's, %d without steps", parts, joint, one, plain)
		require.Less(t, float64(joint), 0.5*float64(min(one, plain)), "parts %v", parts)
	}
}

// TestJointStepsFallBack: joint steps that fail their trial give way to
// the one-station steps, on trial in turn (those failing give way to
// plain sweeps), and the solve still converges to the one-station steps'
// solution.
func TestJointStepsFallBack(t *testing.T) {
	lowAggregate(t)
	c := newChain(slowerClosed(), 0, DefaultMaxStates)
	require.NoError(t, c.build())
	opt := Options{}.withDefaults()
	useJoint = false
	want, _, _, err := c.gaussSeidel(opt)
	useJoint = true
	require.NoError(t, err)
	_, jointSweeps, _, err := c.gaussSeidel(opt)
	require.NoError(t, err)

	next, every := fallback(c, newJointAggregator(c, nil), nil)
	require.IsType(t, &aggregator{}, next)
	require.Equal(t, aggregateEvery, every)
	next, _ = fallback(c, next, nil)
	require.Nil(t, next)

	pays := stepsPay
	var trials []int
	stepsPay = func(agg stepper, _, _, _, _ float64) bool {
		trials = append(trials, everyOf(agg))
		return false
	}
	t.Cleanup(func() { stepsPay = pays })
	pi, sweeps, res, err := c.gaussSeidel(opt)
	require.NoError(t, err)
	// The solve converges before the one-station steps' own trial (40
	// sweeps after the fallback): that second handover is checked by the
	// calls to fallback above only, not in a solve (a slower model or a
	// residual past the arithmetic's floor did not reach it).
	require.Equal(t, []int{jointEvery}, trials, "the joint steps were on trial, once")
	require.NotEqual(t, jointSweeps, sweeps, "the steps changed at the trial")
	require.LessOrEqual(t, res, opt.Residual*maxOut(c))
	for x := range want {
		require.InDelta(t, want[x], pi[x], 1e-10, "state %d", x)
	}
	t.Logf("trials %v, %d sweeps (joint steps throughout: %d)", trials, sweeps, jointSweeps)
}

// TestJointStepsRefused: the joint steps do not apply where a half's
// groups would be more than an eighth of the states (a ring of three
// stations, whose two-station half is the state) or to fewer than three
// stations; the one-station steps are used there.
func TestJointStepsRefused(t *testing.T) {
	for name, m := range map[string]*Model{"ring of three": ringOfThree(12), "two stations, closed": closedPair(3, 3)} {
		c := newChain(m, 0, DefaultMaxStates)
		require.NoError(t, c.build())
		require.Nil(t, newJointAggregator(c, nil), name)
		lowAggregate(t)
		s, every := newStepper(c, nil)
		require.IsType(t, &aggregator{}, s, name)
		require.Equal(t, aggregateEvery, every)
	}
}

// slowerClosed is the closed case with four customers per class (35³
// states) and a slower station d for class x.
func slowerClosed() *Model {
	m := jointCases()["closed three classes"]
	m.Classes[0].Population, m.Classes[1].Population, m.Classes[2].Population = 4, 4, 4
	p := Exponential(0.6)
	m.Stations[3].Service[0] = &p
	return m
}

// maxOut returns the largest rate out of a state of c.
func maxOut(c *chain) float64 {
	big := 0.0
	for _, o := range c.out {
		big = math.Max(big, o)
	}
	return big
}

// everyOf is the sweeps between agg's steps: jointEvery for the joint
// steps, aggregateEvery for the one-station steps.
func everyOf(agg stepper) int {
	if _, joint := agg.(*jointAggregator); joint {
		return jointEvery
	}
	return aggregateEvery
}

// sweepsThreeWays solves c's chain (aggregateFrom lowered to 100, as
// lowAggregate sets it) with the joint steps where they apply, with the
// one-station steps and by plain sweeps, and returns the sweeps each
// needed.
func sweepsThreeWays(t *testing.T, c *chain) (joint, one, plain int) {
	t.Helper()
	opt := Options{}.withDefaults()
	_, joint, _, err := c.gaussSeidel(opt)
	require.NoError(t, err)
	useJoint = false
	_, one, _, err = c.gaussSeidel(opt)
	useJoint = true
	require.NoError(t, err)
	aggregateFrom = c.states() + 1
	_, plain, _, err = c.gaussSeidel(opt)
	aggregateFrom = 100
	require.NoError(t, err)
	return joint, one, plain
}

// recordTrials wraps stepsPay (the trial of the aggregation steps) so
// that each trial's steps are recorded (everyOf: how often they run) and
// decided as before; restore (also run at the test's end) unwraps it.
func recordTrials(t *testing.T) (trials *[]int, restore func()) {
	pays := stepsPay
	trials = new([]int)
	stepsPay = func(agg stepper, r20, r30, r40, per float64) bool {
		*trials = append(*trials, everyOf(agg))
		return pays(agg, r20, r30, r40, per)
	}
	restore = func() { stepsPay = pays }
	t.Cleanup(restore)
	return trials, restore
}

// requireSameAsOneStation solves c with the one-station steps and
// requires pi (solved with the joint steps) to agree with that solution,
// and with dense unless it is nil, to 1e-10 in every state; it returns
// the one-station solve's sweeps.
func requireSameAsOneStation(t *testing.T, c *chain, opt Options, pi, dense []float64) int {
	t.Helper()
	useJoint = false
	one, sweeps, _, err := c.gaussSeidel(opt)
	useJoint = true
	require.NoError(t, err)
	for x := range one {
		if dense != nil {
			require.InDelta(t, dense[x], pi[x], 1e-10, "state %d", x)
		}
		require.InDelta(t, one[x], pi[x], 1e-10, "state %d", x)
	}
	return sweeps
}
