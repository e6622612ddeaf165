package des

import (
	"fmt"
	"testing"
)

// BenchmarkHoldLarge is BenchmarkHold's des scheduler with and without
// the far set (farset.go) around its crossover and beyond: n pending
// events, each operation pops the earliest and schedules one more at
// now + an exponential increment. impl=heap keeps every event in the heap
// (Scheduler.heapOnly); impl=des is the scheduler as it runs, which hands
// the far future to the far set past farOnAt events. Both first run n
// operations untimed, so that the measure is the steady state of a long
// run, not the far set's first spreading of the initial events.
func BenchmarkHoldLarge(b *testing.B) {
	for _, n := range []int{10_000, 30_000, 100_000, 300_000, 1_000_000} {
		for _, heapOnly := range []bool{true, false} {
			name := "des"
			if heapOnly {
				name = "heap"
			}
			b.Run(fmt.Sprintf("impl=%s/n=%d", name, n), func(b *testing.B) {
				s := Scheduler[int32]{heapOnly: heapOnly}
				for i := 0; i < n; i++ {
					s.Schedule(holdIncrements[i&0xffff]*Time(i%7+1), 0, int32(i))
				}
				for i := 0; i < n; i++ { // warm up: the far set's buckets grown, as in a long run
					at, p, _ := s.Pop()
					s.Schedule(at+holdIncrements[i&0xffff], 0, p)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					at, p, _ := s.Pop()
					s.Schedule(at+holdIncrements[i&0xffff], 0, p)
				}
			})
		}
	}
}
