// Package desbench holds the workloads of the des engine's benchmark
// ladders — the hold model (BenchmarkHold), the M/M/c ladder
// (BenchmarkMMc) and the station disciplines (BenchmarkStation) — outside
// the test files, so that `go test -bench` in des and the `queuelab bench`
// command time the very same code. Each workload is a Case: the name
// `go test -bench` shows under its benchmark, and a body for b.Run or
// testing.Benchmark.
//
// The ratios of the ladders' rungs are what BENCHMARKS.md quotes: the
// cost of each layer of des over a hand-written floor.
package desbench

import "testing"

// Case is one benchmark: its sub-benchmark name and its body.
type Case struct {
	Name string
	Run  func(b *testing.B)
}
