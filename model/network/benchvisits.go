package network

import (
	"testing"

	"queuelab/des"
)

// BenchmarkVisits is the workload of BenchmarkNetwork and of `queuelab
// bench`: n (the open Jackson network with feedback of
// examples/networks/jackson-feedback.yaml, 25/6 visits per second in all)
// simulated with seed 1 on PCG, after a warm-up of 10⁵ s that grows every
// buffer to its steady-state size, for as long as b.N station visits take
// on average. One op is one visit.
func BenchmarkVisits(b *testing.B, n *Network) {
	s, err := New(n, Options{Seed: 1, Generator: des.PCG, Window: 1000})
	if err != nil {
		b.Fatal(err)
	}
	const visitRate = 25.0 / 6
	if err := s.RunUntil(100_000); err != nil {
		b.Fatal(err)
	}
	start := s.Now()
	b.ReportAllocs()
	b.ResetTimer()
	if err := s.RunUntil(start + float64(b.N)/visitRate); err != nil {
		b.Fatal(err)
	}
}
