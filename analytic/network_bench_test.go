package analytic

import (
	"testing"

	"queuelab/des/queueing"
)

// BenchmarkExactMVA: a central-server model with three classes of 30
// customers (29 791 population vectors) and a 4-server station.
func BenchmarkExactMVA(b *testing.B) {
	c := ClosedModel{
		Servers:    []int{queueing.Infinite, 1, 1, 4},
		Demand:     [][]float64{{5, 3, 8}, {0.25, 0.1, 0.3}, {0.1, 0.2, 0.05}, {0.6, 0.4, 0.2}},
		Population: []int{30, 30, 30},
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.ExactMVA(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolveNetwork: the central-server network with 20 users, every
// method that applies (exact MVA, both AMVAs, both bounds).
func BenchmarkSolveNetwork(b *testing.B) {
	n := centralServer(20)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SolveNetwork(n); err != nil {
			b.Fatal(err)
		}
	}
}
