package network

import (
	"testing"

	"queuelab/des"
)

// BenchmarkNetwork simulates the open Jackson network with feedback of
// examples/networks/jackson-feedback.yaml (three M/M/1 stations, 25/6
// visits per customer). One op is one station visit: the run is as long
// as b.N visits take on average (the total visit rate is 25/6 per second),
// after a warm-up that grows every buffer to its steady-state size.
func BenchmarkNetwork(b *testing.B) {
	n, err := ParseFile("../../examples/networks/jackson-feedback.yaml")
	if err != nil {
		b.Fatal(err)
	}
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
