package des

import "math"

// psClock runs a processor-sharing station by virtual time (the technique
// of fair-queueing schedulers: Demers, Keshav & Shenker, SIGCOMM 1989;
// Parekh & Gallager, IEEE/ACM ToN 1(3), 1993, §II).
//
// With c servers and n customers present, every customer is served at the
// same rate r(n) = min(1, c/n). The virtual time V is the service each
// customer present has received since V was last zero: it advances at
// dV/dt = r(n). A customer arriving at V₀ with work w therefore completes
// when V reaches its tag V₀ + w, whatever happens in between, and the
// customers complete in order of their tags. So the station keeps the tags
// in a min-heap and one pending completion event, for the smallest tag, at
// now + (tag − V)/r(n); every arrival, departure and change of servers
// advances V, pushes or pops one tag (O(log n)) and reschedules that one
// event (cancel and schedule).
//
// V is a float64 count of nanoseconds. It restarts at 0 whenever the
// station empties, so it stays of the size of a busy period and its
// rounding (relative 2⁻⁵³) is far below a nanosecond; in a busy period
// long enough for V to pass psRebase (2⁵⁰ ns, 13 days), every tag and V are
// shifted down by V (O(n), once per 13 days of service). A completion event
// falls on the nanosecond nearest the exact time; when it fires, V is set
// to the completing tag, so rounding does not accumulate.
type psClock struct {
	kind  Kind
	v     float64 // virtual time, ns
	last  Time    // when v was last advanced
	heap  []psEntry
	event Handle // the pending completion, if any
}

// psEntry is a customer's place in the completion order: its tag, with its
// arrival sequence to break ties (earlier arrival first).
type psEntry struct {
	tag float64
	seq uint64
	ref int32
}

func (a *psEntry) less(b *psEntry) bool {
	return a.tag < b.tag || (a.tag == b.tag && a.seq < b.seq)
}

// psRate returns r(n) = min(1, c/n) for n ≥ 1.
func (s *Station) psRate() float64 {
	if s.n <= s.servers {
		return 1
	}
	return float64(s.servers) / float64(s.n)
}

// psAdvance brings V to now at the rate of the current number present.
func (s *Station) psAdvance(now Time) {
	if s.n > 0 {
		s.ps.v += float64(now-s.ps.last) * s.psRate()
	}
	s.ps.last = now
}

// psRebase is the virtual time past which tags are shifted back to 0, so
// that their float64 resolution stays below 1/8 ns.
const psRebase = 1 << 50

// psArrive starts customer i (already counted present) now; V is current.
func (s *Station) psArrive(i int32, now Time) {
	if s.ps.v > psRebase {
		for k := range s.ps.heap {
			s.ps.heap[k].tag -= s.ps.v
		}
		s.ps.v = 0
	}
	j := s.jobs.At(i)
	j.started = true
	work := s.callStart(i, 0)
	s.psPush(psEntry{tag: s.ps.v + float64(work), seq: j.seq, ref: i})
	s.noteWait(int(j.class), 0)
	s.psReschedule()
	s.psNote()
}

// onPSDone completes the customer with the smallest tag.
func (s *Station) onPSDone(Event) {
	now := s.env.Now()
	s.psAdvance(now)
	e := s.psPop()
	s.ps.v = math.Max(s.ps.v, e.tag)
	j := s.jobs.At(e.ref)
	cust, class := j.cust, j.class
	s.leave(j, now, false)
	s.jobs.Put(e.ref)
	if s.n == 0 {
		s.ps.v = 0
	}
	s.ps.event = Handle{}
	s.psReschedule()
	s.psNote()
	if s.OnDepart != nil {
		s.OnDepart(cust, int(class))
	}
}

// psReschedule replaces the pending completion event by one for the
// smallest tag at the current rate (none if nobody is present or there
// are no servers).
func (s *Station) psReschedule() {
	s.env.Cancel(s.ps.event)
	s.ps.event = Handle{}
	if len(s.ps.heap) == 0 || s.servers == 0 {
		return
	}
	d := (s.ps.heap[0].tag - s.ps.v) / s.psRate()
	var delay Time
	switch {
	case d >= float64(MaxTime-s.env.Now()):
		return // beyond the end of time: never
	case d > 0:
		delay = Time(math.Round(d))
	}
	s.ps.event = s.env.MustAfter(delay, PriorityRelease, Event{Kind: s.ps.kind})
}

// psNote records the numbers present and the server capacity in use, in
// total and for every class (each class's share changes with n).
func (s *Station) psNote() {
	now := s.env.Now()
	tot := &s.Stats.Total
	tot.InSystem.Set(now, float64(s.n))
	tot.Busy.Set(now, float64(min(s.n, s.servers)))
	if s.Stats.classes == nil {
		return
	}
	rate := 0.0
	if s.n > 0 {
		rate = s.psRate()
	}
	for k := range s.Stats.classes {
		cs, n := &s.Stats.classes[k], s.counts[k].n
		cs.InSystem.Set(now, float64(n))
		cs.Busy.Set(now, float64(n)*rate)
	}
}

// psPush adds e to the binary min-heap of tags.
func (s *Station) psPush(e psEntry) {
	h := append(s.ps.heap, e)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !e.less(&h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = e
	s.ps.heap = h
}

// psPop removes and returns the smallest tag; the heap must not be empty.
func (s *Station) psPop() psEntry {
	h := s.ps.heap
	top := h[0]
	last := h[len(h)-1]
	h = h[:len(h)-1]
	s.ps.heap = h
	if len(h) == 0 {
		return top
	}
	i := 0
	for {
		c := 2*i + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h[c+1].less(&h[c]) {
			c++
		}
		if !h[c].less(&last) {
			break
		}
		h[i] = h[c]
		i = c
	}
	h[i] = last
	return top
}
