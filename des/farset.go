package des

// farSet holds a large scheduler's far future: the events at or after the
// scheduler's horizon, while its heap holds those before. It is one rung
// of a ladder queue (Tang, Goh & Thng, "Ladder queue: an O(1) priority
// queue structure for large-scale discrete event simulation", ACM TOMACS
// 15(3), 2005), itself a lazy calendar queue (Brown, "Calendar queues",
// CACM 31(10), 1988):
//
//   - top: events beyond the rung, unsorted (an append each);
//   - the rung: buckets of equal width in time, each unsorted (an append
//     each), handed to the heap one at a time, in time order.
//
// When the rung is used up, the top is spread over a new rung of about
// one bucket per farPerBucket events. An event moves at most from the top
// to a bucket and from the bucket to the heap, each a sequential copy, and
// the heap stays a bucket's size, so the cache misses of a heap of 10⁶
// nodes (one per level) are gone. The heap orders each bucket by the full
// key (time, priority, sequence), and a bucket holds all events of its
// times, so the order is exactly the heap's. A bucket of many equal times
// simply makes the heap larger (the rung is not split further, as a
// ladder queue's would be): slower, never wrong.
type farSet struct {
	top     []node
	buckets [][]node // the rung: bucket i holds times in [start + i·width, start + (i+1)·width)
	start   Time
	width   Time
	cur     int // the first bucket not yet handed to the heap
	n       int // events held (cancelled ones included)
}

// farPerBucket is the rung's mean bucket size when it is built: the size
// of the heap a bucket becomes (32 nodes: 768 bytes, a heap that stays in
// the L1 cache). Not tuned: other values were not measured.
const farPerBucket = 32

// push adds n, whose time is at or after the scheduler's horizon (the
// end of the last bucket handed out).
func (f *farSet) push(n node) {
	f.n++
	if f.cur < len(f.buckets) {
		// i ≥ cur: n.at ≥ horizon = end(cur), which saturates at MaxTime
		// only for the rung's last bucket (then cur = len(buckets)).
		if i := int((n.at - f.start) / f.width); i < len(f.buckets) {
			f.buckets[i] = append(f.buckets[i], n)
			return
		}
	}
	f.top = append(f.top, n)
}

// next appends the events of the next non-empty bucket to heap and returns
// it with the bucket's end, the new horizon; ok is false if f is empty.
func (f *farSet) next(heap []node) (out []node, horizon Time, ok bool) {
	for {
		for ; f.cur < len(f.buckets); f.cur++ {
			if b := f.buckets[f.cur]; len(b) > 0 {
				heap = append(heap, b...)
				f.n -= len(b)
				f.buckets[f.cur] = b[:0]
				f.cur++
				return heap, f.end(f.cur), true
			}
		}
		if len(f.top) == 0 {
			return heap, 0, false
		}
		f.spread()
	}
}

// end returns the start of bucket i, MaxTime if past the clock's end.
func (f *farSet) end(i int) Time {
	if f.width > (MaxTime-f.start)/Time(i) {
		return MaxTime
	}
	return f.start + Time(i)*f.width
}

// spread builds a new rung from the top's events.
func (f *farSet) spread() {
	lo, hi := f.top[0].at, f.top[0].at
	for _, n := range f.top {
		lo, hi = min(lo, n.at), max(hi, n.at)
	}
	nb := max(1, len(f.top)/farPerBucket)
	f.start, f.width, f.cur = lo, (hi-lo)/Time(nb)+1, 0
	if have := cap(f.buckets); have < nb {
		// New buckets share one allocation, room for twice the mean each
		// (a fuller bucket moves out on its own), so that growing the rung
		// costs two allocations, not a few per bucket.
		room := make([]node, 2*farPerBucket*(nb-have))
		f.buckets = f.buckets[:have]
		for i := range nb - have {
			f.buckets = append(f.buckets, room[2*farPerBucket*i:2*farPerBucket*i:2*farPerBucket*(i+1)])
		}
	}
	f.buckets = f.buckets[:nb]
	for _, n := range f.top {
		i := int((n.at - lo) / f.width)
		f.buckets[i] = append(f.buckets[i], n)
	}
	f.top = f.top[:0]
}

// drain appends every event of f to heap and empties f.
func (f *farSet) drain(heap []node) []node {
	for i := f.cur; i < len(f.buckets); i++ {
		heap = append(heap, f.buckets[i]...)
		f.buckets[i] = f.buckets[i][:0]
	}
	heap = append(heap, f.top...)
	f.top, f.cur, f.n = f.top[:0], len(f.buckets), 0
	return heap
}

// filter drops the events for which dead reports true, calling it once
// per event.
func (f *farSet) filter(dead func(n node) bool) {
	keep := func(ns []node) []node {
		k := ns[:0]
		for _, n := range ns {
			if !dead(n) {
				k = append(k, n)
			}
		}
		return k
	}
	f.top = keep(f.top)
	f.n = len(f.top)
	for i := f.cur; i < len(f.buckets); i++ {
		f.buckets[i] = keep(f.buckets[i])
		f.n += len(f.buckets[i])
	}
}
