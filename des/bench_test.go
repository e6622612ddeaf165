package des_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"queuelab/des"
	"queuelab/des/desbench"

	"github.com/stretchr/testify/require"
)

// The benchmark workloads live in des/desbench, so that `queuelab bench`
// runs the same code in-process; these are their `go test -bench` names.

// BenchmarkHold is the classic hold model (desbench.Hold): the des
// scheduler against container/heap and gods' binary heap.
func BenchmarkHold(b *testing.B) { runCases(b, desbench.Hold()) }

// BenchmarkMMc is the M/M/c ladder (desbench.MMc, then its source pair,
// desbench.MMcSource); one operation is one simulated customer.
func BenchmarkMMc(b *testing.B) { runCases(b, append(desbench.MMc(), desbench.MMcSource()...)) }

func runCases(b *testing.B, cases []desbench.Case) {
	for _, c := range cases {
		b.Run(c.Name, c.Run)
	}
}

// TestMMcBenchmarkStationIsRight checks that both stations the benchmark
// times compute the right thing: the des station's mean sojourn matches
// the M/M/c formula W = Wq + S (Erlang C) within a batch-means 99.9 %
// interval, and the minimal loop serves customers at the offered rate.
func TestMMcBenchmarkStationIsRight(t *testing.T) {
	c := desbench.MMcCases[1]
	m := desbench.NewMMcStation(c, 3)
	m.RunCustomers(100_000)
	batches := make([]float64, 0, 30)
	for i := 0; i < 30; i++ {
		m.St.ResetStats()
		m.RunCustomers(100_000)
		batches = append(batches, m.St.Stats.Total.Sojourn.Mean())
	}
	iv := des.MeanCI(batches, 0.999)
	// Erlang C for a = 182.4, c = 192 by the Erlang B recursion.
	a := c.Lambda * c.ServiceMean
	bq := 1.0
	for k := 1; k <= c.Servers; k++ {
		bq = a * bq / (float64(k) + a*bq)
	}
	n := float64(c.Servers)
	erlangC := n * bq / (n - a*(1-bq))
	want := erlangC/(n/c.ServiceMean-c.Lambda) + c.ServiceMean
	if !iv.Contains(want) {
		t.Fatalf("mean sojourn %v ± %v, formula %v", iv.Mean, iv.HalfWidth, want)
	}
	// The floor: 10⁶ customers at 400/s take about 2500 s; the busy count
	// stays within the servers and customers leave at the arrival rate
	// (within 1 %: about ten standard deviations of the Poisson count).
	f := desbench.NewMinimal(c, 3)
	f.RunCustomers(1_000_000)
	if f.Busy > c.Servers || f.Busy < 0 || f.Q < 0 {
		t.Fatalf("minimal loop state busy=%d queue=%d", f.Busy, f.Q)
	}
	if rate := float64(f.Done) / f.Now; math.Abs(rate/c.Lambda-1) > 0.01 {
		t.Fatalf("minimal loop: %d customers in %v s, %v/s against λ = %v", f.Done, f.Now, rate, c.Lambda)
	}
}

// BenchmarkRunTasksOverhead measures the runner's own cost per task: the
// task is trivial, so ns/op is the scheduling and result hand-back.
func BenchmarkRunTasksOverhead(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("j=%d", workers), func(b *testing.B) {
			tasks := make([]int, b.N)
			for i := range tasks {
				tasks[i] = i
			}
			sum := 0
			b.ReportAllocs()
			b.ResetTimer()
			_ = des.RunTasks(tasks, workers, func(i int) int { return i }, func(_, v int) error {
				sum += v
				return nil
			})
		})
	}
}

// TestHoldIncrementsMatchDesbench: the scheduler's internal benchmarks
// and desbench's hold model draw the same increments.
func TestHoldIncrementsMatchDesbench(t *testing.T) {
	if !slices.Equal(des.HoldIncrementsForTest, desbench.HoldIncrements()) {
		t.Fatal("des's holdIncrements and desbench.HoldIncrements differ")
	}
}

// TestMMcSourceRungsMatch: the source rungs of the ladder run the same
// simulation as the rungs they are compared with — the des station with
// its arrivals from a Source ends 50 000 customers at the same time with
// the same statistics and event count as with arrivals as events, and
// the floor with a held arrival at the same time and state as the floor.
func TestMMcSourceRungsMatch(t *testing.T) {
	for _, c := range desbench.MMcCases {
		t.Run(c.Name, func(t *testing.T) {
			ev, src := desbench.NewMMcStation(c, 5), desbench.NewMMcStationSource(c, 5)
			ev.RunCustomers(50_000)
			src.RunCustomers(50_000)
			require.Equal(t, ev.Env.Now(), src.Env.Now())
			require.Equal(t, ev.Env.Steps(), src.Env.Steps())
			require.Equal(t, ev.St.Stats.Total, src.St.Stats.Total)

			f, fs := desbench.NewMinimal(c, 5), desbench.NewMinimalSource(c, 5)
			f.RunCustomers(50_000)
			fs.RunCustomers(50_000)
			require.Equal(t, f.Now, fs.Now)
			require.Equal(t, [2]int{f.Busy, f.Q}, [2]int{fs.Busy, fs.Q})
		})
	}
}
