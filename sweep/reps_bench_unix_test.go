//go:build unix

package sweep

import (
	"fmt"
	"syscall"
	"testing"

	"queuelab/validate"
)

// cpuNs returns the CPU time (user + system) the process has used, in
// nanoseconds: what a replication costs whatever share of the machine the
// benchmark gets.
func cpuNs() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkReplications: the same customers as many short runs and as
// one long one (issue 25 item 1). One op is 1000 s of an M/M/3 station
// (λ = 2/s, S = 1 s: 2000 customers): one replication of a one-worker
// sweep (reps), or 1000 s more of one run of b.N·1000 s with the same 5 %
// warm-up (long). cpu-ns/op is the process's CPU time per op (the
// collector's included); its ratio reps/long is the item's measure
// (target ≤ 1.3).
func BenchmarkReplications(b *testing.B) {
	b.Run("reps", func(b *testing.B) {
		points, reps := 1, max(b.N, 1)
		if reps > MaxReplications {
			points, reps = b.N/MaxReplications+1, MaxReplications
		}
		src := fmt.Sprintf("system: mmc\nset: {servers: 3, arrival-rate: 2, service-mean: 1s, duration: 1000s}\nreplications: %d\n", reps)
		if points > 1 {
			src += fmt.Sprintf("latin: {points: %d, ranges: {arrival-rate: [1.999, 2.001]}}\n", points)
		}
		d, err := Parse("reps.yaml", []byte(src))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		b.ResetTimer()
		c0 := cpuNs()
		if _, err := Run(d, Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(cpuNs()-c0)/float64(points*reps), "cpu-ns/op")
	})
	b.Run("long", func(b *testing.B) {
		d, err := Parse("long.yaml", []byte(fmt.Sprintf("system: mmc\nset: {servers: 3, arrival-rate: 2, service-mean: 1s, duration: %ds}\n", 1000*max(b.N, 1))))
		if err != nil {
			b.Fatal(err)
		}
		cfg, err := mmcSystem{}.config(d.Settings(d.Points[0]))
		if err != nil {
			b.Fatal(err)
		}
		cfg.Seed = 1
		b.ReportAllocs()
		b.ResetTimer()
		c0 := cpuNs()
		if _, err := validate.Station(cfg); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(cpuNs()-c0)/float64(max(b.N, 1)), "cpu-ns/op")
	})
}
