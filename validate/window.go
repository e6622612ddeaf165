package validate

import "sync"

// mergeWindows merges windows 2i and 2i+1 into window i and doubles the
// window width (maxWindows is even, so no window is left alone). Batches
// stay runs of whole windows, and every sum is kept, so estimates are
// those of the same run cut into coarser windows.
func (s *sim) mergeWindows() {
	nt := len(s.cfg.WaitThresholds)
	n := len(s.windows) / 2
	for i := 0; i < n; i++ {
		a, b := &s.windows[2*i], &s.windows[2*i+1]
		s.windows[i] = window{
			length: a.length + b.length, arrivals: a.arrivals + b.arrivals, blocked: a.blocked + b.blocked,
			queued: a.queued + b.queued, reneged: a.reneged + b.reneged, sumWait: a.sumWait + b.sumWait, sumWaitServed: a.sumWaitServed + b.sumWaitServed,
			departures: a.departures + b.departures, sumResponse: a.sumResponse + b.sumResponse, sumSojourn: a.sumSojourn + b.sumSojourn,
			busyArea: a.busyArea + b.busyArea, queueArea: a.queueArea + b.queueArea, sysArea: a.sysArea + b.sysArea,
			respStart: a.respStart,
		}
		for j := 0; j < nt; j++ {
			s.over[i*nt+j] = s.over[2*i*nt+j] + s.over[(2*i+1)*nt+j]
		}
	}
	s.windows = s.windows[:n]
	s.over = s.over[:n*nt]
	s.width *= 2
}

// windowBufs recycles the window slices of finished runs. A sweep of
// short replications runs thousands of sims of 1200 windows each;
// allocating and growing those slices anew every time, and the collector
// scanning them, cost a measurable share of such a sweep (BENCHMARKS.md).
var windowBufs = sync.Pool{New: func() any {
	return &simBufs{windows: make([]window, 0, windowsPerRun+1)}
}}

// simBufs are a sim's growing slices, lent by windowBufs.
type simBufs struct {
	windows []window
	over    []float64
}

// takeBufs gives s empty window slices from the pool.
func (s *sim) takeBufs() {
	b := windowBufs.Get().(*simBufs)
	s.windows, s.over = b.windows[:0], b.over[:0]
}

// releaseBufs returns s's window slices to the pool; s must not use them
// afterwards (the Result holds none of them).
func (s *sim) releaseBufs() {
	windowBufs.Put(&simBufs{windows: s.windows[:0], over: s.over[:0]})
	s.windows, s.over = nil, nil
}
