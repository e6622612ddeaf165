package ctmc_test

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"

	"queuelab/analytic/ctmc"
)

// cyclic returns a closed cycle of three exponential stations (FCFS, one
// server; FCFS, two servers; PS) with pop customers: (pop+1)(pop+2)/2
// states.
func cyclic(pop int) *ctmc.Model {
	e := func(mean float64) *ctmc.PH { p := ctmc.Exponential(mean); return &p }
	return &ctmc.Model{
		Stations: []ctmc.Station{{Name: "a", Servers: 1, Service: []*ctmc.PH{e(1)}}, {Name: "b", Servers: 2, Service: []*ctmc.PH{e(1.5)}},
			{Name: "c", Servers: 1, Discipline: ctmc.PS, Service: []*ctmc.PH{e(0.8)}}},
		Classes: []ctmc.Class{{Name: "job", Population: pop, Start: 0}},
		Routing: [][]float64{{0, 0.6, 0.4}, {1, 0, 0}, {1, 0, 0}},
	}
}

// twoClassOpen returns an open network of two classes through an FCFS
// station with room for k (their order is kept) and a PS station with
// Erlang-2 service and room for 6: its states grow as 2^k.
func twoClassOpen(k int) *ctmc.Model {
	e, er := ctmc.Exponential(0.5), ctmc.Erlang(0.6, 2)
	e2 := ctmc.Exponential(0.9)
	return &ctmc.Model{
		Stations: []ctmc.Station{{Name: "desk", Servers: 2, Capacity: k, Service: []*ctmc.PH{&e, &e2}},
			{Name: "cpu", Servers: 1, Capacity: 6, Discipline: ctmc.PS, Service: []*ctmc.PH{&er, &er}}},
		Classes: []ctmc.Class{{Name: "x", Rate: 1.2, Source: 0}, {Name: "y", Rate: 0.7, Source: 0}},
		Routing: [][]float64{{0, 0.5, 0, 0}, {0.3, 0, 0, 0}, {0, 0, 0, 0.5}, {0, 0, 0.3, 0}},
	}
}

// threeClass returns a closed network of four PS stations (one with two
// servers)
// visited by three classes of pop customers each, with class-dependent
// means at the PS stations: ((pop+3)·(pop+2)·(pop+1)/6)³ states.
func threeClass(pop int) *ctmc.Model { return threeClassOf(pop, pop, pop) }

// threeClassOf is threeClass with populations x, y and z: the product of
// C(N+3, 3) over the classes in states (7, 7, 8: 2 376 000).
func threeClassOf(x, y, z int) *ctmc.Model {
	e := func(mean float64) *ctmc.PH { p := ctmc.Exponential(mean); return &p }
	ps := func(name string, m0, m1, m2 float64) ctmc.Station {
		return ctmc.Station{Name: name, Servers: 1, Discipline: ctmc.PS, Service: []*ctmc.PH{e(m0), e(m1), e(m2)}}
	}
	two := ctmc.Station{Name: "d", Servers: 2, Discipline: ctmc.PS, Service: []*ctmc.PH{e(1), e(1), e(1)}}
	m := &ctmc.Model{Stations: []ctmc.Station{ps("a", 1, 2, 0.5), ps("b", 0.7, 0.4, 1.2), ps("c", 2, 1, 1), two},
		Classes: []ctmc.Class{{Name: "x", Population: x}, {Name: "y", Population: y, Start: 1}, {Name: "z", Population: z, Start: 2}}}
	m.Routing = make([][]float64, 12)
	for x := range m.Routing {
		m.Routing[x] = make([]float64, 12)
		r, i := x/4, x%4
		m.Routing[x][r*4+(i+1)%4] = 0.7 // on round the ring, or back to the class's home
		m.Routing[x][r*4+r] += 0.3
	}
	return m
}

// BenchmarkSolve: building and solving growing chains; states,
// transitions, Gauss–Seidel sweeps, the CPU time of the process (user +
// system, all goroutines: the garbage collector's too) per solve and the
// live heap after the solve are reported beside the wall-clock time (B/op
// with -benchmem is all that was allocated). On a shared machine the CPU
// time is the steadier figure.
func BenchmarkSolve(b *testing.B) {
	cases := []struct {
		name string
		m    *ctmc.Model
	}{
		{"cyclic/pop=100", cyclic(100)}, {"cyclic/pop=300", cyclic(300)}, {"cyclic/pop=1000", cyclic(1000)},
		{"three-class/pop=3", threeClass(3)}, {"three-class/pop=5", threeClass(5)}, {"three-class/pop=6", threeClass(6)}, {"three-class/pop=7", threeClass(7)}, {"three-class/pop=7,7,8", threeClassOf(7, 7, 8)},
		{"two-class-open/k=8", twoClassOpen(8)}, {"two-class-open/k=12", twoClassOpen(12)}, {"two-class-open/k=10", twoClassOpen(10)},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			var sol *ctmc.Solution
			before := cpuSeconds()
			for b.Loop() {
				var err error
				if sol, err = ctmc.Solve(tc.m, ctmc.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((cpuSeconds()-before)/float64(b.N), "cpu-s/op")
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(sol.States), "states")
			b.ReportMetric(float64(sol.Transitions), "transitions")
			b.ReportMetric(float64(sol.Sweeps), "sweeps")
			b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MiB")
			if sol.Residual > 1e-9 {
				b.Fatal(fmt.Sprintf("residual %g", sol.Residual))
			}
		})
	}
}

// cpuSeconds is the process's CPU time so far: user + system, every
// goroutine and the collector (the benchmarks' cpu-s/op).
func cpuSeconds() float64 {
	var r syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &r)
	return float64(r.Utime.Sec+r.Stime.Sec) + float64(r.Utime.Usec+r.Stime.Usec)/1e6
}
