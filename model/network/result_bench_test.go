package network

import (
	"testing"

	"queuelab/des"
)

// BenchmarkResult: forming one Result (fixed warm-up, the default 30
// batches) of an M/M/1 run of 1000 s with 1200 windows, as each
// replication of a sweep does at its end; its allocations are the
// figure of BENCHMARKS.md's issue 25 item 1, session 4 ("191 → 12
// allocations per Result").
func BenchmarkResult(b *testing.B) {
	s, err := New(mm1(0.7, 1), Options{Seed: 1, Generator: des.PCG, Window: 1000.0 / 1200})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.RunUntil(1000); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Result(50, 0)
	}
}
