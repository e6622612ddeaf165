package ctmc_test

import (
	"syscall"
	"testing"

	"queuelab/analytic/ctmc"
)

// gatedCycle is a closed network of two classes of pop customers each,
// a → b → c → a for x and a → b → a for y, whose station c (buffer 2)
// blocks before service as the simulator plays it (BeforeStart): every
// start of an x customer at b is gated by c, and the order of the
// classes at a and b (FCFS, class-dependent means) is kept.
func gatedCycle(pop int) *ctmc.Model {
	e := func(mean float64) *ctmc.PH { p := ctmc.Exponential(mean); return &p }
	return &ctmc.Model{
		Stations: []ctmc.Station{
			{Name: "a", Servers: 2, Service: []*ctmc.PH{e(1), e(0.6)}},
			{Name: "b", Servers: 2, Service: []*ctmc.PH{e(0.5), e(0.7)}},
			{Name: "c", Servers: 1, Capacity: 2, Blocking: ctmc.BeforeStart, Service: []*ctmc.PH{e(0.9), nil}},
		},
		Classes: []ctmc.Class{{Name: "x", Population: pop}, {Name: "y", Population: pop}},
		// rows r·3+i, columns s·3+j
		Routing: [][]float64{{0, 1, 0, 0, 0, 0}, {0, 0, 1, 0, 0, 0}, {1, 0, 0, 0, 0, 0},
			{0, 0, 0, 0, 1, 0}, {0, 0, 0, 1, 0, 0}, {0, 0, 0, 0, 0, 0}},
	}
}

// gatedRing is a closed ring of five single-server stations with pop
// customers of one class, a → b → c → d → e → a, whose station c
// (buffer 3) blocks before service as the simulator plays it: few local
// states, many global ones, so the lookups of b's gated moves and
// arrivals, once per state, weigh.
func gatedRing(pop int) *ctmc.Model {
	e := func(mean float64) *ctmc.PH { p := ctmc.Exponential(mean); return &p }
	m := &ctmc.Model{Classes: []ctmc.Class{{Name: "job", Population: pop}}}
	for k, mean := range []float64{1, 0.8, 0.9, 1.1, 0.7} {
		st := ctmc.Station{Name: string(rune('a' + k)), Servers: 1, Service: []*ctmc.PH{e(mean)}}
		if k == 2 {
			st.Capacity, st.Blocking = 3, ctmc.BeforeStart
		}
		m.Stations = append(m.Stations, st)
		row := make([]float64, 5)
		row[(k+1)%5] = 1
		m.Routing = append(m.Routing, row)
	}
	return m
}

// BenchmarkBuildGated: building the chains of gatedCycle and gatedRing, where the moves
// and arrivals of b are looked up per state with the mask of classes
// whose BeforeStart station is full; cpu-s/op as in BenchmarkBuild.
func BenchmarkBuildGated(b *testing.B) {
	for _, tc := range []struct {
		name string
		m    *ctmc.Model
	}{{"cycle/pop=6", gatedCycle(6)}, {"cycle/pop=8", gatedCycle(8)}, {"ring/pop=50", gatedRing(50)}} {
		m := tc.m
		b.Run(tc.name, func(b *testing.B) {
			var before, after syscall.Rusage
			_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
			var n, tr int
			for b.Loop() {
				var err error
				if n, tr, err = ctmc.BuildOnly(m); err != nil {
					b.Fatal(err)
				}
			}
			_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
			cpu := func(r syscall.Rusage) float64 {
				return float64(r.Utime.Sec+r.Stime.Sec) + float64(r.Utime.Usec+r.Stime.Usec)/1e6
			}
			b.ReportMetric((cpu(after)-cpu(before))/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(n), "states")
			b.ReportMetric(float64(tr), "transitions")
		})
	}
}
