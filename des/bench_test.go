package des

import (
	"container/heap"
	"fmt"
	"math"
	"testing"

	"github.com/emirpasic/gods/trees/binaryheap"
)

// holdIncrements are Exp(1) time increments (in nanoseconds, mean 1 s),
// drawn once so that every implementation in BenchmarkHold pays the same
// for randomness: nothing.
var holdIncrements = func() []Time {
	s := NewMulberry32(1)
	out := make([]Time, 1<<16)
	for i := range out {
		out[i] = Seconds(Exponential{Rate: 1}.Rand(s))
	}
	return out
}()

// chItem and chHeap are the container/heap baseline: the textbook
// heap.Interface implementation ordered by (time, sequence).
type chItem struct {
	at  Time
	seq uint64
}
type chHeap []chItem

func (h chHeap) Len() int { return len(h) }
func (h chHeap) Less(i, j int) bool {
	return h[i].at < h[j].at || (h[i].at == h[j].at && h[i].seq < h[j].seq)
}
func (h chHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *chHeap) Push(x any)   { *h = append(*h, x.(chItem)) }
func (h *chHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}

// BenchmarkHold is the classic hold model (Jones, CACM 29(4), 1986): n
// pending events; each operation pops the minimum and pushes one event at
// now + Exp(1). It compares the des scheduler with container/heap and
// gods' binary heap in the same run.
func BenchmarkHold(b *testing.B) {
	for _, n := range []int{100, 10_000, 1_000_000} {
		b.Run(fmt.Sprintf("impl=des/n=%d", n), func(b *testing.B) {
			var s Scheduler[int32]
			for i := 0; i < n; i++ {
				s.Schedule(holdIncrements[i&0xffff]*Time(i%7+1), 0, int32(i))
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				at, p, _ := s.Pop()
				s.Schedule(at+holdIncrements[i&0xffff], 0, p)
			}
		})
		b.Run(fmt.Sprintf("impl=container-heap/n=%d", n), func(b *testing.B) {
			h := make(chHeap, 0, n+1)
			var seq uint64
			for i := 0; i < n; i++ {
				seq++
				heap.Push(&h, chItem{holdIncrements[i&0xffff] * Time(i%7+1), seq})
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				it := heap.Pop(&h).(chItem)
				seq++
				heap.Push(&h, chItem{it.at + holdIncrements[i&0xffff], seq})
			}
		})
		b.Run(fmt.Sprintf("impl=gods/n=%d", n), func(b *testing.B) {
			h := binaryheap.NewWith(func(x, y any) int {
				a, c := x.(chItem), y.(chItem)
				switch {
				case a.at < c.at || (a.at == c.at && a.seq < c.seq):
					return -1
				case a.at == c.at && a.seq == c.seq:
					return 0
				}
				return 1
			})
			var seq uint64
			for i := 0; i < n; i++ {
				seq++
				h.Push(chItem{holdIncrements[i&0xffff] * Time(i%7+1), seq})
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				v, _ := h.Pop()
				seq++
				h.Push(chItem{v.(chItem).at + holdIncrements[i&0xffff], seq})
			}
		})
	}
}

// mmcCase is one M/M/c configuration of BenchmarkMMc.
type mmcCase struct {
	name        string
	lambda      float64
	servers     int
	serviceMean float64
}

var mmcCases = []mmcCase{
	{"rho=0.69", 400, 192, 0.33},  // the switch's slot pool on a normal day
	{"rho=0.95", 400, 192, 0.456}, // customers really queue
}

// mmcMinimal is the floor: the strongest hand-written M/M/c loop we could
// write — a 4-ary heap of (time, kind) with times as float64 seconds, the
// smallest child chosen without branches, each event handled at the root
// and replaced there by its follow-up (one sift per event, not a pop and a
// push), counters, no statistics and no abstractions, drawing exponentials
// with the fastest sampler for its PCG generator (the ziggurat,
// Stream.StdExp). BENCHMARKS.md measures what each of these is worth.
type mmcMinimal struct {
	times    []float64
	kinds    []uint8 // 0 arrival, 1 departure
	busy, q  int
	c        int
	now      float64
	done     int
	events   int
	lambda   float64
	mu       float64
	arrivals *Stream
	services *Stream
}

func (m *mmcMinimal) push(t float64, k uint8) {
	m.times = append(m.times, t)
	m.kinds = append(m.kinds, k)
	i := len(m.times) - 1
	for i > 0 {
		p := (i - 1) / 4
		if m.times[p] <= t {
			break
		}
		m.times[i], m.kinds[i] = m.times[p], m.kinds[p]
		i = p
	}
	m.times[i], m.kinds[i] = t, k
}

// replaceTop puts (t, k) in place of the root and sifts it down with early
// exit: the pop-then-push of an event loop as one pass over the heap.
func (m *mmcMinimal) replaceTop(t float64, k uint8) {
	m.siftDown(0, t, k)
}

// removeTop deletes the root.
func (m *mmcMinimal) removeTop() {
	last := len(m.times) - 1
	x, xk := m.times[last], m.kinds[last]
	m.times, m.kinds = m.times[:last], m.kinds[:last]
	if last > 0 {
		m.siftDown(0, x, xk)
	}
}

// siftDown puts (x, xk) at position i, moving it down past smaller
// children.
func (m *mmcMinimal) siftDown(i int, x float64, xk uint8) {
	size := len(m.times)
	for {
		first := 4*i + 1
		if first >= size {
			break
		}
		small := first
		if end := first + 4; end <= size {
			c := m.times[first:end:end]
			a := int(bit(c[1] < c[0]))
			b := 2 + int(bit(c[3] < c[2]))
			if c[b] < c[a] {
				a = b
			}
			small = first + a
		} else {
			for j := first + 1; j < size; j++ {
				if m.times[j] < m.times[small] {
					small = j
				}
			}
		}
		if x <= m.times[small] {
			break
		}
		m.times[i], m.kinds[i] = m.times[small], m.kinds[small]
		i = small
	}
	m.times[i], m.kinds[i] = x, xk
}

func (m *mmcMinimal) runCustomers(n int) {
	target := m.done + n
	for m.done < target {
		t, k := m.times[0], m.kinds[0]
		m.now = t
		m.events++
		if k == 0 {
			m.replaceTop(t+m.arrivals.StdExp()/m.lambda, 0)
			if m.busy < m.c {
				m.busy++
				m.push(t+m.services.StdExp()/m.mu, 1)
			} else {
				m.q++
			}
			continue
		}
		m.done++
		if m.q > 0 {
			m.q--
			m.replaceTop(t+m.services.StdExp()/m.mu, 1)
		} else {
			m.busy--
			m.removeTop()
		}
	}
}

// mmcScheduler is the floor's M/M/c loop on des.Scheduler instead of the
// hand-written heap: int64-nanosecond times converted by Seconds, the
// (time, priority, sequence) tie rule, event slots and handles. Still
// counters and no statistics, and a switch instead of Env's handlers.
type mmcScheduler struct {
	s                  Scheduler[uint8] // 0 arrival, 1 departure
	busy, q, c, done   int
	lambda, mu         float64
	arrivals, services *Stream
}

func (m *mmcScheduler) runCustomers(n int) {
	target := m.done + n
	for m.done < target {
		now, k, _ := m.s.Pop()
		if k == 0 {
			m.s.Schedule(now+Seconds(m.arrivals.StdExp()/m.lambda), PriorityDefault, 0)
			if m.busy < m.c {
				m.busy++
				m.s.Schedule(now+Seconds(m.services.StdExp()/m.mu), PriorityRelease, 1)
			} else {
				m.q++
			}
			continue
		}
		m.done++
		if m.q > 0 {
			m.q--
			m.s.Schedule(now+Seconds(m.services.StdExp()/m.mu), PriorityRelease, 1)
		} else {
			m.busy--
		}
	}
}

// mmcEnv is mmcScheduler driven through Env: events carry an Event
// payload and run through registered handlers. Still counters and no
// statistics.
type mmcEnv struct {
	env                *Env
	arrive, depart     Kind
	busy, q, c, done   int
	lambda, mu         float64
	arrivals, services *Stream
}

func newMMcEnv(c mmcCase, seed uint64) *mmcEnv {
	ss := Streams{Seed: seed, Gen: PCG}
	m := &mmcEnv{env: NewEnv(), c: c.servers, lambda: c.lambda, mu: 1 / c.serviceMean,
		arrivals: ss.Stream("arrivals"), services: ss.Stream("service")}
	m.arrive = m.env.Register("arrive", m.onArrive)
	m.depart = m.env.Register("depart", m.onDepart)
	m.env.MustAfter(0, PriorityDefault, Event{Kind: m.arrive})
	return m
}

func (m *mmcEnv) onArrive(ev Event) {
	m.env.MustAfter(Seconds(m.arrivals.StdExp()/m.lambda), PriorityDefault, ev)
	if m.busy < m.c {
		m.busy++
		m.env.MustAfter(Seconds(m.services.StdExp()/m.mu), PriorityRelease, Event{Kind: m.depart})
		return
	}
	m.q++
}

func (m *mmcEnv) onDepart(ev Event) {
	m.done++
	if m.q > 0 {
		m.q--
		m.env.MustAfter(Seconds(m.services.StdExp()/m.mu), PriorityRelease, ev)
		return
	}
	m.busy--
}

func (m *mmcEnv) runCustomers(n int) {
	target := m.done + n
	for m.done < target && m.env.Step() {
	}
}

// newMMcDES is the M/M/c station of BenchmarkMMc built from the des parts
// a model uses: Env (handler dispatch, the scheduler with its tie rules),
// an FCFS Station (its FIFO waiting room, per-customer records in a Slab,
// the time-weighted number in system, in queue and busy, the wait and
// sojourn tallies), and named PCG streams.
func newMMcDES(c mmcCase, seed uint64) *stationMM {
	return newStationMMGen(StationConfig{Name: "servers", Servers: c.servers}, []float64{c.lambda}, c.serviceMean, seed, PCG)
}

// BenchmarkMMc simulates an M/M/c station; one operation is one simulated
// customer. The implementations form a ladder, each adding one layer of
// des to the one below: impl=minimal is the hand-written floor,
// impl=scheduler puts it on des.Scheduler, impl=env drives it through
// des.Env, and impl=des is a des.Station with its statistics, driven like
// a model. All draw from the same PCG streams. The ratio of two rungs'
// ns/op is the cost of the layers between them.
func BenchmarkMMc(b *testing.B) {
	for _, c := range mmcCases {
		b.Run("impl=des/"+c.name, func(b *testing.B) {
			m := newMMcDES(c, 1)
			benchMMc(b, m.runCustomers, func() uint64 { return m.env.Steps() })
		})
		b.Run("impl=env/"+c.name, func(b *testing.B) {
			m := newMMcEnv(c, 1)
			benchMMc(b, m.runCustomers, func() uint64 { return m.env.Steps() })
		})
		b.Run("impl=scheduler/"+c.name, func(b *testing.B) {
			ss := Streams{Seed: 1, Gen: PCG}
			m := &mmcScheduler{c: c.servers, lambda: c.lambda, mu: 1 / c.serviceMean,
				arrivals: ss.Stream("arrivals"), services: ss.Stream("service")}
			m.s.Schedule(0, PriorityDefault, 0)
			benchMMc(b, m.runCustomers, func() uint64 { return m.s.seq })
		})
		b.Run("impl=minimal/"+c.name, func(b *testing.B) {
			ss := Streams{Seed: 1, Gen: PCG}
			m := &mmcMinimal{c: c.servers, lambda: c.lambda, mu: 1 / c.serviceMean,
				arrivals: ss.Stream("arrivals"), services: ss.Stream("service")}
			m.push(0, 0)
			benchMMc(b, m.runCustomers, func() uint64 { return uint64(m.events) })
		})
	}
}

// benchMMc times run over b.N customers after a warm-up of 200 000 (which
// fills the queue and grows the slabs), reporting customers and events per
// second; events counts the events handled so far.
func benchMMc(b *testing.B, run func(n int), events func() uint64) {
	run(200_000)
	e := events()
	b.ReportAllocs()
	b.ResetTimer()
	run(b.N)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "customers/s")
	b.ReportMetric(float64(events()-e)/b.Elapsed().Seconds(), "events/s")
}

// TestMMcBenchmarkStationIsRight checks that both stations the benchmark
// times compute the right thing: the des station's mean sojourn matches
// the M/M/c formula W = Wq + S (Erlang C) within a batch-means 99.9 %
// interval, and the minimal loop serves customers at the offered rate.
func TestMMcBenchmarkStationIsRight(t *testing.T) {
	c := mmcCases[1]
	m := newMMcDES(c, 3)
	m.runCustomers(100_000)
	batches := make([]float64, 0, 30)
	for i := 0; i < 30; i++ {
		m.st.ResetStats()
		m.runCustomers(100_000)
		batches = append(batches, m.st.Stats.Total.Sojourn.Mean())
	}
	iv := MeanCI(batches, 0.999)
	// Erlang C for a = 182.4, c = 192 by the Erlang B recursion.
	a := c.lambda * c.serviceMean
	bq := 1.0
	for k := 1; k <= c.servers; k++ {
		bq = a * bq / (float64(k) + a*bq)
	}
	n := float64(c.servers)
	erlangC := n * bq / (n - a*(1-bq))
	want := erlangC/(n/c.serviceMean-c.lambda) + c.serviceMean
	if !iv.Contains(want) {
		t.Fatalf("mean sojourn %v ± %v, formula %v", iv.Mean, iv.HalfWidth, want)
	}
	// The floor: 10⁶ customers at 400/s take about 2500 s; the busy count
	// stays within the servers and customers leave at the arrival rate
	// (within 1 %: about ten standard deviations of the Poisson count).
	ss := Streams{Seed: 3, Gen: PCG}
	f := &mmcMinimal{c: c.servers, lambda: c.lambda, mu: 1 / c.serviceMean,
		arrivals: ss.Stream("arrivals"), services: ss.Stream("service")}
	f.push(0, 0)
	f.runCustomers(1_000_000)
	if f.busy > f.c || f.busy < 0 || f.q < 0 {
		t.Fatalf("minimal loop state busy=%d queue=%d", f.busy, f.q)
	}
	if rate := float64(f.done) / f.now; math.Abs(rate/c.lambda-1) > 0.01 {
		t.Fatalf("minimal loop: %d customers in %v s, %v/s against λ = %v", f.done, f.now, rate, c.lambda)
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
			_ = RunTasks(tasks, workers, func(i int) int { return i }, func(_, v int) error {
				sum += v
				return nil
			})
		})
	}
}
