package ctmc

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// ringOfThree returns a closed network of two classes on three
// exponential PS stations (one with two servers) with pop customers
// each: C(pop+2, 2)² states.
func ringOfThree(pop int) *Model {
	e := func(mean float64) *PH { p := Exponential(mean); return &p }
	return &Model{
		Stations: []Station{{Name: "a", Servers: 1, Discipline: PS, Service: []*PH{e(1), e(1)}}, {Name: "b", Servers: 2, Discipline: PS, Service: []*PH{e(1.5), e(0.5)}},
			{Name: "c", Servers: 1, Discipline: PS, Service: []*PH{e(0.8), e(0.3)}}},
		Classes: []Class{{Name: "x", Population: pop}, {Name: "y", Population: pop, Start: 1}},
		Routing: [][]float64{{0, 0.6, 0.4, 0, 0, 0}, {1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0},
			{0, 0, 0, 0, 0.5, 0.5}, {0, 0, 0, 0.2, 0, 0.8}, {0, 0, 0, 1, 0, 0}},
	}
}

// smallParts makes every chain of the test run in parts, in blocks of 16
// states, built in chunks of 100, so that the parallel paths are
// exercised on small chains.
func smallParts(t *testing.T) {
	pf, sb, bc := parallelFrom, sweepBlock, buildChunk
	parallelFrom, sweepBlock, buildChunk = 1, 16, 100
	t.Cleanup(func() { parallelFrom, sweepBlock, buildChunk = pf, sb, bc })
}

// TestPairedSweepsAreGaussSeidel: two sweeps done as a pair (the second
// on another goroutine, trailing the first) give what two sweeps in order
// give, to rounding (the pair normalises once, in order it is twice).
// The waits are checked against their definition, transition by
// transition: the value comparison alone may pass by luck of the
// scheduling (the leading sweep finishing before the trailing one starts).
// Dropping the wait for the readers fails it (checked by mutation); the
// wait for the sources is implied here by the readers' of the reverse
// transitions and the running maximum over blocks.
func TestPairedSweepsAreGaussSeidel(t *testing.T) {
	smallParts(t)
	c := newChain(ringOfThree(12), 0, 1_000_000)
	require.NoError(t, c.build())
	n := c.states()
	require.Greater(t, n, 40*sweepBlock)
	start := make([]float64, n)
	for j := range start {
		start[j] = float64(1+j%7) / float64(4*n) // not flat, so that order matters
	}
	ordered := append([]float64(nil), start...)
	seq := &sweeper{c: c}
	ran, _ := seq.run(ordered, 1)
	require.Equal(t, 1, ran)
	ran, _ = seq.run(ordered, 1)
	require.Equal(t, 1, ran)
	paired := append([]float64(nil), start...)
	sw := newSweeper(c, nil)
	require.True(t, sw.paired)
	block := func(x int32) int32 { return x / int32(sweepBlock) }
	for j := range int32(n) {
		require.Greater(t, sw.need[block(j)], block(j), "state %d before the leading sweep wrote it", j)
		for k := c.ptr[j]; k < c.ptr[j+1]; k++ {
			i := c.src[k]
			// The trailing sweep at j reads i's first-sweep value; the
			// leading sweep at j reads i's value before the trailing one
			// overwrites it.
			require.Greater(t, sw.need[block(j)], block(i), "state %d reads %d", j, i)
			require.Greater(t, sw.need[block(i)], block(j), "state %d overwritten before %d read it", i, j)
		}
	}
	ran, _ = sw.run(paired, 2)
	require.Equal(t, 2, ran)
	for j := range ordered {
		require.InDelta(t, ordered[j], paired[j], 1e-13*math.Abs(ordered[j]), "state %d", j)
	}
	// One sweep (not a pair) differs: the comparison can tell.
	once := append([]float64(nil), start...)
	seq.run(once, 1)
	diff := 0.0
	for j := range once {
		diff = math.Max(diff, math.Abs(once[j]-paired[j]))
	}
	require.Greater(t, diff, 1e-9)
}

// TestPartsAgree: the parallel paths (paired sweeps, aggregation steps
// and measures summed in halves) give the measures the single-part paths
// give, to the solver's tolerance, on a closed and an open model made to
// take them at a few thousand states.
func TestPartsAgree(t *testing.T) {
	e := func(mean float64) *PH { p := Exponential(mean); return &p }
	er := Erlang(0.6, 2)
	open := &Model{
		Stations: []Station{{Name: "desk", Servers: 2, Capacity: 7, Service: []*PH{e(0.5), e(0.9)}},
			{Name: "cpu", Servers: 1, Capacity: 6, Discipline: PS, Service: []*PH{&er, &er}}},
		Classes: []Class{{Name: "x", Rate: 1.2, Source: 0}, {Name: "y", Rate: 0.7, Source: 0}},
		Routing: [][]float64{{0, 0.5, 0, 0}, {0.3, 0, 0, 0}, {0, 0, 0, 0.5}, {0, 0, 0.3, 0}},
	}
	af := aggregateFrom
	aggregateFrom = 1000
	t.Cleanup(func() { aggregateFrom = af })
	for _, tc := range []struct {
		name string
		m    *Model
	}{{"closed", ringOfThree(12)}, {"open", open}} {
		t.Run(tc.name, func(t *testing.T) {
			one, err := Solve(tc.m, Options{})
			require.NoError(t, err)
			smallParts(t)
			two, err := Solve(tc.m, Options{})
			require.NoError(t, err)
			require.Greater(t, one.States, 1000)
			require.Equal(t, one.States, two.States)
			for i := range one.Stations {
				a, b := one.Stations[i].fields(), two.Stations[i].fields()
				for k := range a {
					for r := range a[k] {
						require.InDelta(t, a[k][r], b[k][r], 1e-9*math.Max(1, math.Abs(a[k][r])), "station %d field %d class %d", i, k, r)
					}
				}
			}
		})
	}
}

// TestBuildInPartsIsTheSame: the chain built with its lookups in two
// halves and with the tables filled in two halves is the chain built in
// one part, state for state and transition for transition.
func TestBuildInPartsIsTheSame(t *testing.T) {
	one := newChain(ringOfThree(12), 0, 1_000_000)
	require.NoError(t, one.build())
	smallParts(t)
	two := newChain(ringOfThree(12), 0, 1_000_000)
	require.NoError(t, two.build())
	requireSameChain(t, one, two)
}

// TestMeansFromMarginals: on a closed network without capacity the
// steady-state measures read from the stations' marginal laws are those
// summed state by state; the open model of TestPartsAgree takes the
// state-by-state path.
func TestMeansFromMarginals(t *testing.T) {
	for _, split := range []bool{false, true} {
		if split {
			smallParts(t)
		}
		c := newChain(ringOfThree(12), 0, 1_000_000)
		require.NoError(t, c.build())
		require.True(t, c.separable())
		pi := make([]float64, c.states())
		for x := range pi {
			pi[x] = float64(1+x%5) / float64(3*len(pi))
		}
		want, _ := c.measures(pi)
		got := c.means(pi)
		for i := range want {
			a, b := want[i].fields(), got[i].fields()
			for k := range a {
				for r := range a[k] {
					require.InDelta(t, a[k][r], b[k][r], 1e-12*math.Max(1, math.Abs(a[k][r])), "split %v station %d field %d class %d", split, i, k, r)
				}
			}
		}
	}
}
