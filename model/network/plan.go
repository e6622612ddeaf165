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
// Result reads. The numbers of that Result are exactly those of a run
// without a plan, Events included: it counts one event per window, taken
// or not.
//
// A plan needs a warm-up given in seconds (≥ 0: MSER-5 reads every
// window), no percentiles, and a run short enough that windows never
// merge (at most MaxWindows of them); otherwise, or if end is not after
// the last boundary taken, PlanResult does nothing and every window is
// taken as usual. After the plan's last boundary the windows are taken
// as usual again; a later Result whose batches would read a boundary the
// plan skipped has no batches (Batches 0, nothing measured). Mark starts
// afresh.
func (s *Sim) PlanResult(end, warmup float64, batches int) error {
	at, err := des.FromSeconds(end)
	if err != nil {
		return fmt.Errorf("plan result at %v s: %w", end, err)
	}
	o := &s.obs
	if warmup < 0 || math.IsNaN(warmup) || s.pct != nil || o.plan != nil || at < s.env.Now() {
		return nil
	}
	w := int((at - o.markAt) / o.width)
	if w >= MaxWindows || w < o.n { // windows would merge, or none to plan
		return nil
	}
	bounds := batchBounds(w, fixedSkip(warmup, o.width), batches)
	i, _ := slices.BinarySearch(bounds, o.n) // boundaries before o.n are taken already
	o.plan, o.planAt, o.planBounds = bounds[i:], 0, bounds
	o.pending = o.n // the window already scheduled closes boundary o.n
	return nil
}

// onPlanned is onWindow under a plan: take the boundary if the plan reads
// it, then schedule the window that closes the next one it reads, or
// after the last, go on as usual.
func (o *observer) onPlanned() {
	j := o.pending
	if o.plan[o.planAt] == j {
		o.padTo(j)
		o.take()
		o.planAt++
	}
	next := j + 1
	if o.planAt < len(o.plan) {
		next = o.plan[o.planAt]
	} else {
		o.plan = nil // done: every window from here on, as usual
	}
	o.skipped += uint64(next - j - 1)
	o.pending = next
	o.next = o.s.env.MustAfter(des.Time(next-j)*o.width, des.PriorityMonitor, des.Event{Kind: o.kind})
}

// padTo makes the observer hold boundaries 0 … j−1, leaving those not
// taken since o.n as holes: their times are set, their statistics are
// whatever the (reused) buffers held and are never read.
func (o *observer) padTo(j int) {
	if o.n == j {
		return
	}
	s := o.s
	for b := o.n; b < j; b++ {
		o.at = append(o.at, o.markAt+des.Time(b)*o.width)
	}
	o.st = extend(o.st, j*s.top.M*(s.top.R+1))
	o.srv = extend(o.srv, j*s.top.M)
	o.nc = extend(o.nc, j*len(s.net0))
	if t := s.tap; t != nil {
		t.bWaited = extend(t.bWaited, j)
		t.bResp = extend(t.bResp, j)
		t.bOver = extend(t.bOver, j*len(t.above))
	}
	o.n = j
	o.holes = true
}

// extend returns x with length n ≥ len(x); the elements beyond len(x) are
// unspecified.
func extend[T any](x []T, n int) []T {
	if n <= cap(x) {
		return x[:n]
	}
	return append(x, make([]T, n-len(x))...)
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

// events is the number of events run since time 0, counting one per
// window a plan skipped.
func (s *Sim) events() uint64 { return s.env.Steps() + s.obs.skipped }
