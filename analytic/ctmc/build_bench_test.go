package ctmc_test

import (
	"testing"

	"queuelab/analytic/ctmc"
)

// BenchmarkBuild: building the chain alone (the state space explored, the
// generator stored by column), on the closed models of BenchmarkSolve;
// cpu-s/op is the process's CPU time (user + system, all goroutines) per
// build.
func BenchmarkBuild(b *testing.B) {
	cases := []struct {
		name string
		m    *ctmc.Model
	}{
		{"cyclic/pop=1000", cyclic(1000)}, {"three-class/pop=5", threeClass(5)}, {"three-class/pop=6", threeClass(6)},
		{"three-class/pop=7", threeClass(7)}, {"three-class/pop=7,7,8", threeClassOf(7, 7, 8)},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			before := cpuSeconds()
			var n, tr int
			for b.Loop() {
				var err error
				if n, tr, err = ctmc.BuildOnly(tc.m); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((cpuSeconds()-before)/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(n), "states")
			b.ReportMetric(float64(tr), "transitions")
		})
	}
}
