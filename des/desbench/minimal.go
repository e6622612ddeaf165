package desbench

import "queuelab/des"

// Minimal is the M/M/c ladder's floor: the strongest hand-written M/M/c
// loop we could write — a 4-ary heap of (time, kind) with times as
// float64 seconds, the smallest child chosen without branches, each event
// handled at the root and replaced there by its follow-up (one sift per
// event, not a pop and a push), counters, no statistics and no
// abstractions, drawing exponentials with the fastest sampler for its PCG
// generator (the ziggurat, Stream.StdExp). BENCHMARKS.md measures what
// each of these is worth.
type Minimal struct {
	times    []float64
	kinds    []uint8 // 0 arrival, 1 departure
	Busy, Q  int     // customers in service and waiting
	c        int
	Now      float64 // seconds
	Done     int     // customers served
	events   int
	lambda   float64
	mu       float64
	arrivals *des.Stream
	services *des.Stream
}

// NewMinimal returns the floor for c, its first arrival at time 0.
func NewMinimal(c MMcCase, seed uint64) *Minimal {
	ss := des.Streams{Seed: seed, Gen: des.PCG}
	m := &Minimal{c: c.Servers, lambda: c.Lambda, mu: 1 / c.ServiceMean,
		arrivals: ss.Stream("arrivals"), services: ss.Stream("service")}
	m.push(0, 0)
	return m
}

func (m *Minimal) push(t float64, k uint8) {
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
func (m *Minimal) replaceTop(t float64, k uint8) {
	m.siftDown(0, t, k)
}

// removeTop deletes the root.
func (m *Minimal) removeTop() {
	last := len(m.times) - 1
	x, xk := m.times[last], m.kinds[last]
	m.times, m.kinds = m.times[:last], m.kinds[:last]
	if last > 0 {
		m.siftDown(0, x, xk)
	}
}

// bit is 1 if b is true, else 0; the compiler makes it a SETcc (as
// des's own).
func bit(b bool) uint8 {
	var x uint8
	if b {
		x = 1
	}
	return x
}

// siftDown puts (x, xk) at position i, moving it down past smaller
// children.
func (m *Minimal) siftDown(i int, x float64, xk uint8) {
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

// RunCustomers runs until n more customers have been served.
func (m *Minimal) RunCustomers(n int) {
	target := m.Done + n
	for m.Done < target {
		t, k := m.times[0], m.kinds[0]
		m.Now = t
		m.events++
		if k == 0 {
			m.replaceTop(t+m.arrivals.StdExp()/m.lambda, 0)
			if m.Busy < m.c {
				m.Busy++
				m.push(t+m.services.StdExp()/m.mu, 1)
			} else {
				m.Q++
			}
			continue
		}
		m.Done++
		if m.Q > 0 {
			m.Q--
			m.replaceTop(t+m.services.StdExp()/m.mu, 1)
		} else {
			m.Busy--
			m.removeTop()
		}
	}
}
