package network

import (
	"fmt"
	"math"
	"slices"

	"queuelab/des"
)

// A result plan: a run that ends with one known Result needs the window
// boundaries that Result reads (its batches' ends: about 30) and no
// others. A 1000 s replication with 1200 windows otherwise spends a
// quarter of its time closing windows nobody reads (BENCHMARKS.md, issue
// 25 item 1). The statistics are cumulative and taking a boundary only
// reads them, so a boundary taken alone has the same value as one taken
// among all the others, and the Result is the same to the last bit.

// PlanResult tells the simulation that its next Result will be
// Result(warmup, batches) taken at end seconds (after RunUntil(end)), so
// that until then it takes only the observation-window boundaries that
// Result reads, and none after. The numbers of that Result are exactly
// those of a run without a plan but Events, the events run: one fewer per
// window not taken.
//
// A plan needs a warm-up given in seconds (≥ 0: MSER-5 reads every
// window), no percentiles, and a run short enough that windows never
// merge (fewer than MaxWindows of them); otherwise, or if end is before
// the next window closes, PlanResult does nothing and every window is
// taken as usual. With a plan, any other Result (other arguments, or
// taken before end or after the next window would have closed) has no
// batches (Batches 0, nothing measured), since it would need boundaries
// that were not taken. A second plan before the next Mark does nothing;
// Mark starts afresh without a plan.
func (s *Sim) PlanResult(end, warmup float64, batches int) error {
	at, err := des.FromSeconds(end)
	if err != nil {
		return fmt.Errorf("plan result at %v s: %w", end, err)
	}
	o := &s.obs
	if warmup < 0 || math.IsNaN(warmup) || s.pct != nil || o.planned || at < s.env.Now() {
		return nil
	}
	w := int((at - o.markAt) / o.width)
	if w >= MaxWindows || w < o.n { // windows would merge, or none to plan
		return nil
	}
	bounds := batchBounds(w, fixedSkip(warmup, o.width), batches)
	i, _ := slices.BinarySearch(bounds, o.n) // boundaries before o.n are taken already
	o.plan, o.planAt, o.planBounds, o.planned = bounds[i:], 0, bounds, true
	o.idx = o.idx[:0]
	for b := range o.n {
		o.idx = append(o.idx, b)
	}
	o.pending = o.n // the window already scheduled closes boundary o.n
	return nil
}

// onPlanned is onWindow under a plan: take the boundary if the plan reads
// it, then schedule the window that closes the next one it reads; after
// the last, every window closes as usual (the same events) but takes
// nothing.
func (o *observer) onPlanned() {
	j := o.pending
	if o.planAt < len(o.plan) && o.plan[o.planAt] == j {
		o.n = j // the boundaries since the last taken are skipped
		o.take()
		o.idx = append(o.idx, j)
		o.planAt++
	}
	next := j + 1 // after the plan, windows close but nothing is taken
	if o.planAt < len(o.plan) {
		next = o.plan[o.planAt]
	}
	o.pending = next
	o.next = o.s.env.MustAfter(des.Time(next-j)*o.width, des.PriorityMonitor, des.Event{Kind: o.kind})
}

// slot returns where boundary b is kept: b itself unless a plan skipped
// boundaries, else its place among those taken (b must be one of them).
func (o *observer) slot(b int) int {
	if !o.planned {
		return b
	}
	i, _ := slices.BinarySearch(o.idx, b)
	return i
}

// planFits reports whether a Result with these bounds (boundary numbers)
// can be formed under a plan: they are the plan's, taken at its end
// before the next window would have closed.
func (o *observer) planFits(warmup float64, bounds []int) bool {
	w := bounds[len(bounds)-1]
	return warmup >= 0 && o.planAt == len(o.plan) && slices.Equal(bounds, o.planBounds) &&
		o.s.env.Now() < o.markAt+des.Time(w+1)*o.width
}

// fixedSkip is the number of windows a warm-up of warmup seconds deletes.
func fixedSkip(warmup float64, width des.Time) int {
	return int(math.Ceil(warmup/width.Seconds() - 1e-9))
}

// batchBounds returns the boundaries of the batches of a result with w
// windows closed, skip of them deleted as warm-up and the given number of
// batches (0: DefaultBatches; fewer when fewer windows are left): k+1
// boundaries, the first the end of the warm-up (which grows by the
// windows that do not fill a batch), the last w.
func batchBounds(w, skip, batches int) []int {
	skip = min(skip, w)
	k := batches
	if k <= 0 {
		k = DefaultBatches
	}
	n := w - skip
	k = min(k, n)
	size := 0
	if k > 0 {
		size = n / k
		skip += n - size*k
	}
	bounds := make([]int, k+1)
	for b := range bounds {
		bounds[b] = skip + b*size
	}
	return bounds
}
