package sweep

import (
	"fmt"
	"testing"

	"queuelab/des"
	"queuelab/model/input"
)

// trivial is a system whose run does nothing: it measures what a sweep
// costs per task beyond the model (seeding, the runner, building the
// record, the JSON line).
type trivial struct{}

func (trivial) Factors() []input.Control {
	return []input.Control{{Name: "x", Kind: input.Int, Min: 0, Max: 10}}
}
func (trivial) Responses() []Response {
	return []Response{{Name: "seed_lo"}, {Name: "ok", Verdict: true}}
}
func (trivial) Check([]Setting) error   { return nil }
func (trivial) Work([]Setting) des.Work { return des.Work{Events: 1, Basis: "nothing"} }
func (trivial) Run(_ []Setting, seed uint64) (Outcome, error) {
	return Outcome{Values: map[string]float64{"seed_lo": float64(seed & 0xffff), "ok": 1}, Met: map[string]bool{"ok": true}}, nil
}

func init() {
	builders["trivial"] = func(*Design) (System, error) { return trivial{}, nil }
}

// BenchmarkSweepOverhead: one op is one task of a trivial model, in
// memory and written to a tasks file (then rewritten in order and
// summarised), on one and two workers.
func BenchmarkSweepOverhead(b *testing.B) {
	for _, out := range []bool{false, true} {
		for _, j := range []int{1, 2} {
			b.Run(fmt.Sprintf("out=%t/j=%d", out, j), func(b *testing.B) {
				// b.N tasks or a few more: up to 11 points of at most
				// MaxReplications each.
				points, reps := 1, max(b.N, 1)
				if reps > MaxReplications {
					points, reps = 11, b.N/11+1
				}
				src := fmt.Sprintf("system: trivial\nlatin: {points: %d, ranges: {x: [0, 10]}}\nreplications: %d\n", points, reps)
				d, err := Parse("bench.yaml", []byte(src))
				if err != nil {
					b.Fatal(err)
				}
				opts := Options{Workers: j}
				if out {
					opts.Out = b.TempDir()
				}
				b.ReportAllocs()
				b.ResetTimer()
				if _, err := Run(d, opts); err != nil {
					b.Fatal(err)
				}
			})
		}
	}
}

// speedupDesign is 16 equal station runs (8 points × 2 replications) of
// about 0.1 s each: the sweep -j 2 versus -j 1 speedup of BENCHMARKS.md.
const speedupDesign = `system: mmc
set: {arrival-rate: 8, service-mean: 1s, duration: 20000s, warmup: 1000s}
vary:
  servers: [9, 10, 11, 12, 13, 14, 15, 16]
replications: 2
`

// BenchmarkSweepSpeedup: one op is the whole 16-task sweep; compare the
// j=1 and j=2 times for the parallel speedup.
func BenchmarkSweepSpeedup(b *testing.B) {
	d, err := Parse("speedup.yaml", []byte(speedupDesign))
	if err != nil {
		b.Fatal(err)
	}
	for _, j := range []int{1, 2} {
		b.Run(fmt.Sprintf("j=%d", j), func(b *testing.B) {
			for range b.N {
				if _, err := Run(d, Options{Workers: j}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
