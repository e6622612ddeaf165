package des

import (
	"errors"
	"fmt"
	"math/bits"
)

// Priority orders events that fall at the same time: lower runs first.
// See the package documentation for the named priorities and why they are
// in this order. Any value in [PriorityMin, PriorityMax] may be used.
type Priority int8

// Named priorities, in the order they run at equal times.
const (
	PriorityMin     Priority = -128
	PriorityControl Priority = -30
	PriorityRelease Priority = -20
	PriorityDefault Priority = 0
	PriorityTimeout Priority = 20
	PriorityMonitor Priority = 30
	PriorityMax     Priority = 127
)

// Handle identifies a scheduled event so that it can be cancelled. The zero
// Handle refers to no event; cancelling it is a no-op.
type Handle struct {
	ref uint32 // slot index + 1
	gen uint32
}

// Valid reports whether h was returned by a successful Schedule call. It
// stays true after the event fires or is cancelled.
func (h Handle) Valid() bool { return h.ref != 0 }

// ErrPast is returned (wrapped) when an event is scheduled before the
// current time.
var ErrPast = errors.New("des: cannot schedule an event in the past")

// seqBits is the number of low bits of the tie key that hold the insertion
// sequence; the high 8 bits hold the priority.
const seqBits = 56

// node is one entry of the heap: the ordering key and the payload slot.
// It is kept small (24 bytes) because heap operations move nodes around.
type node struct {
	at  Time
	tie uint64 // priority (biased to unsigned) << seqBits | sequence
	ref uint32 // index into Scheduler.slots
}

func (a *node) less(b *node) bool {
	return a.at < b.at || (a.at == b.at && a.tie < b.tie)
}

// lessFlat is less as 1 or 0, computed without branches: the keys are
// compared as one 128-bit unsigned number (at, tie) by a subtraction whose
// final borrow is the answer. at is never negative (the clock starts at 0
// and only moves forward), so its unsigned order is its order. The choice
// of the smallest child in down is a coin flip the processor cannot
// predict, and a borrow is cheaper than a mispredicted branch.
func (a *node) lessFlat(b *node) int {
	_, borrow := bits.Sub64(a.tie, b.tie, 0)
	_, borrow = bits.Sub64(uint64(a.at), uint64(b.at), borrow)
	return int(borrow)
}

// slot holds the payload of one pending event.
type slot[P any] struct {
	payload   P
	gen       uint32
	cancelled bool
	nextFree  uint32 // free list link (index + 1), 0 = end
}

// Scheduler is a pending-event set keyed by (time, priority, insertion
// sequence), with a clock that only moves forward. P is the event payload
// type; it is stored by value, so a small struct keeps events free of
// allocation and of interface boxing.
//
// The heap is 4-ary with the keys stored inline; payloads live in a slab
// recycled through a free list, so in steady state neither Schedule nor Pop
// allocates. Cancel is O(1) and lazy: the event is marked and skipped when
// it reaches the top; when cancelled events outnumber live ones the heap is
// compacted in O(n), so memory stays within twice the live events.
//
// The zero Scheduler is ready to use at time 0.
type Scheduler[P any] struct {
	now   Time
	seq   uint64
	heap  []node
	slots []slot[P]
	free  uint32 // head of the free list (index + 1), 0 = empty
	dead  int    // cancelled events still in the heap
	// hole means heap[0] was popped but not yet removed: the next Schedule
	// fills it with one sift-down, instead of a removal and an insertion
	// (the common pop-then-schedule pattern of an event loop costs one pass
	// over the heap instead of two). Every other access removes it first.
	hole bool
	// Past farOnAt pending events the scheduler keeps only the events
	// before horizon in the heap and the rest in far (farset.go), until
	// fewer than farOffAt are left.
	far     farSet
	farOn   bool
	horizon Time
	// heapOnly keeps every event in the heap (the far set never takes
	// over): for tests and benchmarks that compare the two.
	heapOnly bool
}

// farOnAt and farOffAt are the pending-event counts at which the far set
// takes over the far future and gives it back (hysteresis, so that a
// count near the crossover does not move events back and forth). At
// farOnAt the heap is 768 KiB, about one core's L2 cache on the machine
// measured: below it the heap's levels stay in cache and it is as fast
// as anything. BenchmarkHoldLarge compares the two around it; on a
// loaded machine its timings could not place the crossover more closely
// (BENCHMARKS.md, issue 25).
const (
	farOnAt  = 1 << 15
	farOffAt = farOnAt / 4
)

// Now returns the current simulated time.
func (s *Scheduler[P]) Now() Time { return s.now }

// Len returns the number of pending events that have not been cancelled.
func (s *Scheduler[P]) Len() int {
	if s.hole {
		return len(s.heap) + s.far.n - s.dead - 1
	}
	return len(s.heap) + s.far.n - s.dead
}

// fillHole removes the popped root if it is still in place.
func (s *Scheduler[P]) fillHole() {
	if s.hole {
		s.hole = false
		s.removeTop()
	}
}

// Schedule adds an event with payload p at time at. It returns an error
// wrapping ErrPast if at is before Now(); an event at exactly Now() is
// allowed and runs after the events already scheduled for Now() with the
// same or lower priority.
func (s *Scheduler[P]) Schedule(at Time, prio Priority, p P) (Handle, error) {
	if at < s.now {
		return Handle{}, fmt.Errorf("%w: at %v, now %v", ErrPast, at, s.now)
	}
	return s.schedule(at, prio, p), nil
}

// schedule is Schedule for a time known not to be in the past.
func (s *Scheduler[P]) schedule(at Time, prio Priority, p P) Handle {
	return s.scheduleAs(at, prio, s.reserve(), p)
}

// reserve takes the insertion sequence number an event scheduled now
// would get, without scheduling anything: an event scheduled later with
// scheduleAs and this number orders among equal times and priorities as
// if it had been scheduled now.
func (s *Scheduler[P]) reserve() uint64 {
	s.seq++
	return s.seq
}

// scheduleAs is schedule with a sequence number taken by reserve. The
// caller keeps the heap's order consistent: the event's key must not be
// earlier than the last one popped.
func (s *Scheduler[P]) scheduleAs(at Time, prio Priority, seq uint64, p P) Handle {
	var ref uint32
	if s.free != 0 {
		ref = s.free - 1
		s.free = s.slots[ref].nextFree
		sl := &s.slots[ref]
		sl.payload = p
		sl.cancelled = false
	} else {
		ref = uint32(len(s.slots))
		s.slots = append(s.slots, slot[P]{payload: p, gen: 1})
	}
	n := node{at: at, tie: uint64(uint8(prio)^0x80)<<seqBits | seq&(1<<seqBits-1), ref: ref}
	switch {
	case s.farOn && at >= s.horizon:
		s.far.push(n)
	case s.hole:
		s.hole = false
		s.fillTop(n)
	default:
		s.heap = append(s.heap, n)
		s.up(len(s.heap) - 1)
		if len(s.heap) > farOnAt && !s.farOn && !s.heapOnly {
			s.spill()
		}
	}
	return Handle{ref: ref + 1, gen: s.slots[ref].gen}
}

// After schedules p at Now()+d; it refuses negative d and a sum that
// overflows.
func (s *Scheduler[P]) After(d Time, prio Priority, p P) (Handle, error) {
	if d < 0 {
		return Handle{}, fmt.Errorf("%w: negative delay %v", ErrPast, d)
	}
	if s.now > MaxTime-d {
		return Handle{}, fmt.Errorf("des: delay %v from %v overflows the clock", d, s.now)
	}
	return s.Schedule(s.now+d, prio, p)
}

// Cancel removes the event h refers to. It returns false, and does
// nothing, if the event has already fired or been cancelled, or h is the
// zero Handle.
func (s *Scheduler[P]) Cancel(h Handle) bool {
	if h.ref == 0 || int(h.ref) > len(s.slots) {
		return false
	}
	sl := &s.slots[h.ref-1]
	if sl.gen != h.gen || sl.cancelled {
		return false
	}
	sl.cancelled = true
	s.dead++
	if s.dead > 64 && s.dead > (len(s.heap)+s.far.n)/2 {
		s.compact()
	}
	return true
}

// Peek returns the time of the next live event without removing it.
func (s *Scheduler[P]) Peek() (Time, bool) {
	s.fillHole()
	for len(s.heap) > 0 || s.refill() {
		top := &s.heap[0]
		if !s.slots[top.ref].cancelled {
			return top.at, true
		}
		s.release(top.ref)
		s.dead--
		s.removeTop()
	}
	return 0, false
}

// Pop removes the next live event, advances the clock to its time and
// returns it. ok is false if no events are pending.
func (s *Scheduler[P]) Pop() (at Time, p P, ok bool) {
	for {
		s.fillHole()
		if len(s.heap) == 0 && !s.refill() {
			break
		}
		top := s.heap[0]
		s.hole = true
		sl := &s.slots[top.ref]
		cancelled := sl.cancelled
		p = sl.payload
		s.release(top.ref)
		if cancelled {
			s.dead--
			continue
		}
		s.now = top.at
		return top.at, p, true
	}
	var zero P
	return 0, zero, false
}

// AdvanceTo moves the clock forward to t without running anything. It
// returns an error if t is before Now() or an event is pending before t.
func (s *Scheduler[P]) AdvanceTo(t Time) error {
	if t < s.now {
		return fmt.Errorf("des: clock cannot move backwards from %v to %v", s.now, t)
	}
	if next, ok := s.Peek(); ok && next < t {
		return fmt.Errorf("des: cannot advance to %v past the pending event at %v", t, next)
	}
	s.now = t
	return nil
}

// release returns slot ref to the free list and invalidates its handles.
func (s *Scheduler[P]) release(ref uint32) {
	sl := &s.slots[ref]
	var zero P
	sl.payload = zero
	sl.gen++
	sl.nextFree = s.free
	s.free = ref + 1
}

// removeTop deletes the root and refills it with the last node: top-down
// in a heap of at most flatMax nodes, as fillTop, else by sinkFrom.
func (s *Scheduler[P]) removeTop() {
	last := len(s.heap) - 1
	n := s.heap[last]
	s.heap = s.heap[:last]
	switch {
	case last > flatMax:
		s.sinkFrom(0, n)
	case last > 0:
		s.heap[0] = n
		s.down(0)
	}
}

// sinkFrom puts n at position i, whose subtree is otherwise in heap order
// and whose parent n is not smaller than, by Floyd's bottom-up method: the
// hole sinks to a leaf along the smallest children (one comparison per
// child, none against n), then n rises from there. A node that belongs
// near the bottom (the last node, or most new events) costs fewer
// comparisons so than sifted down from the top. It is used in heaps of
// more than flatMax nodes, where a predicted branch per child lets the
// processor start loading the next level early.
func (s *Scheduler[P]) sinkFrom(i int, n node) {
	h := s.heap
	size := len(h)
	for {
		first := arity*i + 1
		if first >= size {
			break
		}
		best := first
		for c := first + 1; c < min(first+arity, size); c++ {
			if h[c].less(&h[best]) {
				best = c
			}
		}
		h[i] = h[best]
		i = best
	}
	rise(h, i, n) // stops below the start at the latest: n is not smaller than its parent
}

// rise puts n at position i of heap h, or above it as far as the root
// while n is smaller than the parent there, moving those parents down
// into the hole instead of swapping.
func rise(h []node, i int, n node) {
	for i > 0 {
		parent := (i - 1) / arity
		if !n.less(&h[parent]) {
			break
		}
		h[i] = h[parent]
		i = parent
	}
	h[i] = n
}

// flatMax is the largest heap (in nodes; 1.5 MiB) in which the root's hole
// is filled top-down (down), picking the smallest child without branches;
// a larger heap uses Floyd's method with a branch per child (sinkFrom). A
// branch on which child is smallest is mispredicted about half the time,
// which costs more than the conditional move while the heap sits in the
// processor's caches. In a larger heap each level is a cache miss, and the
// branch wins: the processor guesses the child and starts loading its
// children before the comparison is done, where the conditional move
// makes it wait. Measured in BenchmarkHold (BENCHMARKS.md): at 10⁴ nodes
// the flat choice is faster, at 10⁶ it was 49 % slower. Sizes between were
// not measured.
const flatMax = 1 << 16

// fillTop puts a new node n in the hole at the root. In a heap of at most
// flatMax nodes it sifts n down from the top (down): a new event often
// belongs near the top (a model's next arrival), where that exits early.
// In a larger heap each level is a cache miss, and Floyd's method with a
// predicted branch per child is faster (fillTopDeep; see flatMax).
// BENCHMARKS.md has the measurements of both.
func (s *Scheduler[P]) fillTop(n node) {
	if len(s.heap) > flatMax {
		s.fillTopDeep(n)
		return
	}
	s.heap[0] = n
	s.down(0)
}

// fillTopDeep is fillTop for a heap of more than flatMax nodes: the first
// level is tried top-down, and if n goes deeper the rest is done bottom-up
// by Floyd's method.
func (s *Scheduler[P]) fillTopDeep(n node) {
	h := s.heap
	size := len(h)
	best := 1
	end := min(1+arity, size)
	for c := 2; c < end; c++ {
		if h[c].less(&h[best]) {
			best = c
		}
	}
	if !h[best].less(&n) {
		h[0] = n
		return
	}
	h[0] = h[best]
	s.sinkFrom(best, n)
}

// up restores the heap order from position i towards the root, moving
// parents down into the hole instead of swapping.
func (s *Scheduler[P]) up(i int) { rise(s.heap, i, s.heap[i]) }

// down restores the heap order from position i towards the leaves.
func (s *Scheduler[P]) down(i int) {
	h := s.heap
	size := len(h)
	n := h[i]
	flat := size <= flatMax
	for {
		first := arity*i + 1
		if first >= size {
			break
		}
		best := first
		if end := first + arity; flat && end <= size {
			// Four children, as a tournament without branches: (c0, c1)
			// and (c2, c3) are independent, so the processor runs them at
			// once; then the two winners. The keys are unique, so the
			// winner is the one a scan in order would pick.
			c := h[first:end:end]
			m := -c[1].lessFlat(&c[0])
			a := 1&m | 0&^m
			m = -c[3].lessFlat(&c[2])
			b := 3&m | 2&^m
			m = -c[b].lessFlat(&c[a])
			best = first + (b&m | a&^m)
		} else {
			for c := first + 1; c < min(end, size); c++ {
				if h[c].less(&h[best]) {
					best = c
				}
			}
		}
		if !h[best].less(&n) {
			break
		}
		h[i] = h[best]
		i = best
	}
	h[i] = n
}

// compact drops every cancelled event from the heap and the far set and
// rebuilds the heap.
func (s *Scheduler[P]) compact() {
	s.fillHole()
	dead := func(n node) bool {
		if s.slots[n.ref].cancelled {
			s.release(n.ref)
			return true
		}
		return false
	}
	kept := s.heap[:0]
	for _, n := range s.heap {
		if !dead(n) {
			kept = append(kept, n)
		}
	}
	s.heap = kept
	s.far.filter(dead)
	s.dead = 0
	s.heapify()
}

// heapify puts the heap in heap order, in O(n).
func (s *Scheduler[P]) heapify() {
	if len(s.heap) > 1 {
		for i := (len(s.heap) - 2) / arity; i >= 0; i-- {
			s.down(i)
		}
	}
}

// spill hands every pending event to the far set: the heap has grown past
// farOnAt. The next Pop or Peek takes the first bucket back (refill).
func (s *Scheduler[P]) spill() {
	s.far.top = append(s.far.top, s.heap...)
	s.far.n += len(s.heap)
	s.heap, s.farOn, s.horizon = nil, true, 0
}

// refill fills the empty heap from the far set: with its next bucket, or
// with everything once fewer than farOffAt events are left (the far set
// is then off). It reports whether the heap got any event.
func (s *Scheduler[P]) refill() bool {
	if !s.farOn {
		return false
	}
	if s.far.n < farOffAt {
		s.heap, s.farOn = s.far.drain(s.heap), false
	} else {
		s.heap, s.horizon, _ = s.far.next(s.heap)
	}
	s.heapify()
	return len(s.heap) > 0
}

// The tournament in down is written for four children: this fails to
// compile if arity is changed.
const _ = uint(arity-4) + uint(4-arity)

// arity is the number of children of a heap node. Four measured best in
// BenchmarkHold and BenchmarkMMc against two and eight (BENCHMARKS.md).
const arity = 4
