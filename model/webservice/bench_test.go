package webservice

import (
	"runtime"
	"syscall"
	"testing"

	"queuelab/model/scenario"
)

// BenchmarkNormalMorning simulates a 4-hour morning (08:00–12:00) of the
// normal scenario, about 17 million requests, and reports simulated
// requests per second of wall time and the peak heap in use.
func BenchmarkNormalMorning(b *testing.B) {
	minutes := 240
	if testing.Short() {
		minutes = 20
	}
	var requests float64
	var peak uint64
	var ms runtime.MemStats
	var ru0, ru1 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ReportAllocs()
	for b.Loop() {
		e, err := NewEngine(scenario.DES, "normal", mustConfig(b, "normal", 1))
		if err != nil {
			b.Fatal(err)
		}
		d := e.(*DES)
		for m := 0; m < minutes; m++ {
			d.Step()
			if m%30 == 29 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
		requests += d.Requests()
	}
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := tv(ru1.Utime) + tv(ru1.Stime) - tv(ru0.Utime) - tv(ru0.Stime)
	b.ReportMetric(requests/b.Elapsed().Seconds(), "requests/s")
	b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
	b.ReportMetric(requests/cpu, "requests/cpu-s")
	b.ReportMetric(requests/float64(b.N), "requests/op")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }

func mustConfig(tb testing.TB, name string, seed uint64) Config {
	tb.Helper()
	cfg, err := NewConfig(name, seed)
	if err != nil {
		tb.Fatal(err)
	}
	return cfg
}
