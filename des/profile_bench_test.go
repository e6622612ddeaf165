package des_test

import (
	"fmt"
	"testing"
	"time"

	"queuelab/des"
	"queuelab/des/desbench"
)

// BenchmarkEventProfile measures what an event profile costs: the M/M/c
// ladder's des rung (ρ = 0.95, one op = one customer, about two events)
// with no profile, with counts and pending-set sizes only (every=0), and
// with one event in every timed on average. The difference between
// every=0 and every=N is the cost of the timing, which
// des.DefaultSampleEvery keeps under 2 %.
func BenchmarkEventProfile(b *testing.B) {
	c := desbench.MMcCases[1]
	b.Run("profile=off", func(b *testing.B) {
		m := desbench.NewMMcStation(c, 1)
		benchProfiled(b, m)
	})
	for _, every := range []int{0, 16, 64, 128, 256} {
		b.Run(fmt.Sprintf("profile=on/every=%d", every), func(b *testing.B) {
			p, err := des.StartProfile(des.ProfileOptions{SampleEvery: every})
			if err != nil {
				b.Fatal(err)
			}
			m := desbench.NewMMcStation(c, 1)
			p.Stop()
			benchProfiled(b, m)
		})
	}
}

func benchProfiled(b *testing.B, m *desbench.StationMM) {
	m.RunCustomers(200_000)
	b.ReportAllocs()
	b.ResetTimer()
	m.RunCustomers(b.N)
}

var clockSink time.Duration

// BenchmarkClockRead is what one timed event adds: two readings of the
// monotonic clock. Divided by the sampling stride it is the timing's cost
// per event.
func BenchmarkClockRead(b *testing.B) {
	for b.Loop() {
		t := time.Now()
		clockSink += time.Since(t)
	}
}
