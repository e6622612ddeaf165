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

// mmcDES is an M/M/c station built from the des parts: Env, Pool (with its
// time-weighted statistics), named streams, and a tally of sojourn times.
type mmcDES struct {
	env          *Env
	pool         *Pool
	arrive       Kind
	depart       Kind
	interarrival Exponential
	service      Exponential
	arrivals     *Stream
	services     *Stream
	arrivedAt    []Time // per customer slot, recycled through free
	free         []int32
	sojourn      Tally
	done         int
	next         int32
}

func newMMcDES(c mmcCase, seed uint64) *mmcDES {
	m := &mmcDES{env: NewEnv()}
	ss := Streams{Seed: seed}
	m.arrivals, m.services = ss.Stream("arrivals"), ss.Stream("service")
	m.interarrival = Exponential{Rate: c.lambda}
	m.service = Exponential{Rate: 1 / c.serviceMean}
	m.pool = NewPool(m.env, "servers", c.servers)
	m.arrive = m.env.Register("arrive", m.onArrive)
	m.depart = m.env.Register("depart", m.onDepart)
	m.pool.OnStart = m.onStart
	m.env.MustAfter(0, PriorityDefault, Event{Kind: m.arrive})
	return m
}

func (m *mmcDES) onArrive(Event) {
	var id int32
	if n := len(m.free); n > 0 {
		id = m.free[n-1]
		m.free = m.free[:n-1]
	} else {
		id = int32(len(m.arrivedAt))
		m.arrivedAt = append(m.arrivedAt, 0)
	}
	m.arrivedAt[id] = m.env.Now()
	m.env.MustAfter(Seconds(m.interarrival.Rand(m.arrivals)), PriorityDefault, Event{Kind: m.arrive})
	m.pool.Request(id, NoPatience)
}

func (m *mmcDES) onStart(id int32, _ Time) {
	m.env.MustAfter(Seconds(m.service.Rand(m.services)), PriorityRelease, Event{Kind: m.depart, Ref: id})
}

func (m *mmcDES) onDepart(ev Event) {
	m.sojourn.Add((m.env.Now() - m.arrivedAt[ev.Ref]).Seconds())
	m.free = append(m.free, ev.Ref)
	m.done++
	m.pool.Release()
}

// runCustomers runs until n more customers have departed.
func (m *mmcDES) runCustomers(n int) {
	target := m.done + n
	for m.done < target && m.env.Step() {
	}
}

// mmcMinimal is the floor: a hand-written M/M/c loop with a plain binary
// heap of (time, kind) and counters, no statistics and no abstractions.
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
		p := (i - 1) / 2
		if m.times[p] <= m.times[i] {
			break
		}
		m.times[p], m.times[i] = m.times[i], m.times[p]
		m.kinds[p], m.kinds[i] = m.kinds[i], m.kinds[p]
		i = p
	}
}

func (m *mmcMinimal) pop() (float64, uint8) {
	t, k := m.times[0], m.kinds[0]
	last := len(m.times) - 1
	m.times[0], m.kinds[0] = m.times[last], m.kinds[last]
	m.times, m.kinds = m.times[:last], m.kinds[:last]
	i := 0
	for {
		l := 2*i + 1
		if l >= last {
			break
		}
		small := l
		if r := l + 1; r < last && m.times[r] < m.times[l] {
			small = r
		}
		if m.times[i] <= m.times[small] {
			break
		}
		m.times[i], m.times[small] = m.times[small], m.times[i]
		m.kinds[i], m.kinds[small] = m.kinds[small], m.kinds[i]
		i = small
	}
	return t, k
}

func (m *mmcMinimal) runCustomers(n int) {
	target := m.done + n
	for m.done < target {
		t, k := m.pop()
		m.now = t
		m.events++
		if k == 0 {
			m.push(t-math.Log(1-m.arrivals.Float64())/m.lambda, 0)
			if m.busy < m.c {
				m.busy++
				m.push(t-math.Log(1-m.services.Float64())/m.mu, 1)
			} else {
				m.q++
			}
			continue
		}
		m.done++
		if m.q > 0 {
			m.q--
			m.push(t-math.Log(1-m.services.Float64())/m.mu, 1)
		} else {
			m.busy--
		}
	}
}

// BenchmarkMMc simulates an M/M/c station; one operation is one simulated
// customer. impl=des goes through the full des abstractions (Env, Pool,
// statistics); impl=minimal is the hand-written floor. The ratio of their
// ns/op is the cost of the abstractions.
func BenchmarkMMc(b *testing.B) {
	for _, c := range mmcCases {
		b.Run("impl=des/"+c.name, func(b *testing.B) {
			m := newMMcDES(c, 1)
			m.runCustomers(200_000) // warm up: fill the queue, grow the slabs
			steps := m.env.Steps()
			b.ReportAllocs()
			b.ResetTimer()
			m.runCustomers(b.N)
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "customers/s")
			b.ReportMetric(float64(m.env.Steps()-steps)/b.Elapsed().Seconds(), "events/s")
		})
		b.Run("impl=minimal/"+c.name, func(b *testing.B) {
			ss := Streams{Seed: 1}
			m := &mmcMinimal{c: c.servers, lambda: c.lambda, mu: 1 / c.serviceMean,
				arrivals: ss.Stream("arrivals"), services: ss.Stream("service")}
			m.push(0, 0)
			m.runCustomers(200_000)
			events := m.events
			b.ReportAllocs()
			b.ResetTimer()
			m.runCustomers(b.N)
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "customers/s")
			b.ReportMetric(float64(m.events-events)/b.Elapsed().Seconds(), "events/s")
		})
	}
}

// TestMMcBenchmarkStationIsRight checks that the station the benchmark
// times computes the right thing: its mean sojourn matches the M/M/c
// formula W = Wq + S (Erlang C) within a batch-means 99.9 % interval.
func TestMMcBenchmarkStationIsRight(t *testing.T) {
	c := mmcCases[1]
	m := newMMcDES(c, 3)
	m.runCustomers(100_000)
	m.sojourn = Tally{}
	batches := make([]float64, 0, 30)
	for i := 0; i < 30; i++ {
		m.sojourn = Tally{}
		m.runCustomers(100_000)
		batches = append(batches, m.sojourn.Mean())
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
