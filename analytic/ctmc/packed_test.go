package ctmc

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// openDesk is the two-class open model of TestPartsAgree: an FCFS desk
// that keeps its classes' order and a PS station with Erlang-2 service.
func openDesk() *Model {
	e := func(mean float64) *PH { p := Exponential(mean); return &p }
	er := Erlang(0.6, 2)
	return &Model{
		Stations: []Station{{Name: "desk", Servers: 2, Capacity: 7, Service: []*PH{e(0.5), e(0.9)}},
			{Name: "cpu", Servers: 1, Capacity: 6, Discipline: PS, Service: []*PH{&er, &er}}},
		Classes: []Class{{Name: "x", Rate: 1.2, Source: 0}, {Name: "y", Rate: 0.7, Source: 0}},
		Routing: [][]float64{{0, 0.5, 0, 0}, {0.3, 0, 0, 0}, {0, 0, 0, 0.5}, {0, 0, 0.3, 0}},
	}
}

// TestPackedRatesAreTheRates: the packed index names each transition's
// rate bit for bit, and a chain with more distinct rates than the table
// holds is not packed.
func TestPackedRatesAreTheRates(t *testing.T) {
	for _, tc := range []struct {
		name  string
		m     *Model
		parts bool
	}{{"closed", ringOfThree(12), false}, {"open", openDesk(), false}, {"closed in parts", ringOfThree(12), true}, {"open in parts", openDesk(), true}} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.parts {
				smallParts(t)
			}
			c := newChain(tc.m, 0, 1_000_000)
			require.NoError(t, c.build())
			p := packRates(c)
			require.NotNil(t, p)
			// The table lists each distinct rate once, in the order they
			// first occur; each index names its transition's rate.
			var first []uint64
			seen := map[uint64]bool{}
			for k, r := range c.rate {
				b := math.Float64bits(r)
				require.Equal(t, b, math.Float64bits(p.tab[p.idx[k]]), "transition %d", k)
				if !seen[b] {
					seen[b] = true
					first = append(first, b)
				}
			}
			for v, b := range first {
				require.Equal(t, b, math.Float64bits(p.tab[v]), "entry %d", v)
			}
			require.Greater(t, len(first), 5)
			md := maxDistinctRates
			t.Cleanup(func() { maxDistinctRates = md })
			maxDistinctRates = len(first) // a full table still packs
			require.NotNil(t, packRates(c))
			maxDistinctRates = len(first) - 1
			require.Nil(t, packRates(c))
			maxDistinctRates = 5
			require.Nil(t, packRates(c))
		})
	}
}

// TestPackedSolveIsThePlainSolve: the solver reading the packed rates and
// the one reading c.rate (the fallback beyond 2¹⁶ distinct rates) give
// the same steady state bit for bit, with and without the parallel paths
// and the aggregation steps.
func TestPackedSolveIsThePlainSolve(t *testing.T) {
	af := aggregateFrom
	aggregateFrom = 1000
	t.Cleanup(func() { aggregateFrom = af })
	for _, tc := range []struct {
		name  string
		m     *Model
		parts bool
	}{{"closed", ringOfThree(12), false}, {"open", openDesk(), false}, {"closed in parts", ringOfThree(12), true}} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.parts {
				smallParts(t)
			}
			packed, err := Solve(tc.m, Options{})
			require.NoError(t, err)
			md := maxDistinctRates
			maxDistinctRates = 5
			plain, err := Solve(tc.m, Options{})
			maxDistinctRates = md
			require.NoError(t, err)
			require.Greater(t, packed.States, 1000)
			require.Equal(t, plain.Sweeps, packed.Sweeps)
			require.Equal(t, plain.pi, packed.pi)
			require.Equal(t, plain.Residual, packed.Residual)
		})
	}
}

// TestSweepBoundsTheResidual: after every sweep (and every pair) of a run
// from an uneven start, the bound a sweep returns is at least the
// residual ‖πQ‖₁ it leaves, and not far above it (else the convergence
// test would wait needlessly).
func TestSweepBoundsTheResidual(t *testing.T) {
	smallParts(t)
	c := newChain(ringOfThree(12), 0, 1_000_000)
	require.NoError(t, c.build())
	n := c.states()
	for _, paired := range []bool{false, true} {
		pi := make([]float64, n)
		for j := range pi {
			pi[j] = float64(1+j%7) / float64(4*n)
		}
		sw := newSweeper(c, packRates(c))
		require.True(t, sw.paired)
		k := 1
		if paired {
			k = 2
		}
		for s := range 30 {
			ran, bound := sw.run(pi, k)
			require.Equal(t, k, ran)
			res := c.residual(pi, nil)
			require.Greater(t, res, 0.0)
			require.GreaterOrEqual(t, bound, res*(1-1e-12), "paired %v, sweep %d", paired, s)
			require.Less(t, bound, 20*res, "paired %v, sweep %d", paired, s)
		}
	}
}

// TestConvergenceTestHolds: the solver stops only once the residual (not
// only its bound) passes the test, and the solution reports that
// residual.
func TestConvergenceTestHolds(t *testing.T) {
	for _, m := range []*Model{ringOfThree(12), openDesk()} {
		for _, tol := range []float64{1e-8, 1e-13} {
			sol, err := Solve(m, Options{Residual: tol})
			require.NoError(t, err)
			big := 0.0
			for _, o := range sol.chain.out {
				big = math.Max(big, o)
			}
			require.LessOrEqual(t, sol.Residual, tol*big)
			require.Equal(t, sol.chain.residual(sol.pi, nil), sol.Residual)
		}
	}
}
