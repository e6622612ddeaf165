package network

import (
	"sync"

	"queuelab/des"
)

// observer takes the cumulative statistics of every station and class and
// of the network at the boundaries of equal observation windows since the
// mark. The statistics of any stretch of windows are then differences of
// two boundaries: warm-up deletion and batch means need nothing else.
type observer struct {
	s      *Sim
	kind   des.Kind
	width  des.Time
	next   des.Handle
	markAt des.Time
	n      int // boundaries kept

	// Per boundary b: st[b·per : (b+1)·per] with per = M·(R+1) (station i,
	// class r at i·(R+1)+r; all classes at r = R), srv[b·M+i] the area
	// under station i's number of servers, nc[b·(R+1)+r] the network's.
	at  []des.Time
	st  []des.StationSnapshot
	srv []float64
	nc  []netSnap

	// Under a result plan (PlanResult, plan.go): whether there is one
	// since the mark; the boundaries still to take, from plan[planAt];
	// the boundary the pending window closes; the plan's batch bounds;
	// and the number of the boundary kept in each slot.
	planned    bool
	plan       []int
	planAt     int
	pending    int
	planBounds []int
	idx        []int

	spare *obsBuf // what came from obsBufs: its tap slices wait for Tap
}

// netSnap is netCounts at one instant.
type netSnap struct {
	entered, exits, lost, abandoned int64
	respSum, area                   float64
}

func (o *observer) init(s *Sim, width des.Time) {
	o.s = s
	if b, ok := obsBufs.Get().(*obsBuf); ok {
		o.at, o.st, o.srv, o.nc = b.at, b.st, b.srv, b.nc
		o.spare = b
	}
	o.width = max(width, 1)
	o.kind = s.env.Register("window", o.onWindow)
	o.mark()
}

// mark forgets every boundary and starts the windows afresh now.
func (o *observer) mark() {
	o.s.env.Cancel(o.next)
	o.n = 0
	o.planned, o.plan, o.planBounds = false, nil, nil
	o.at, o.st, o.srv, o.nc = o.at[:0], o.st[:0], o.srv[:0], o.nc[:0]
	o.markAt = o.s.env.Now()
	o.s.tapMark()
	if o.s.pct != nil {
		o.s.pct.reset()
	}
	o.take()
	o.next = o.s.env.MustAfter(o.width, des.PriorityMonitor, des.Event{Kind: o.kind})
}

func (o *observer) take() {
	s := o.s
	now := s.env.Now()
	o.at = append(o.at, now)
	for _, stn := range s.stations {
		for r := 0; r < s.top.R; r++ {
			o.st = append(o.st, stn.Stats.Class(r).Snapshot(now))
		}
		o.st = append(o.st, stn.Stats.Total.Snapshot(now))
		o.srv = append(o.srv, stn.Stats.Servers.Area(now))
	}
	for r := range s.net0 {
		c := &s.net0[r]
		o.nc = append(o.nc, netSnap{c.entered, c.exits, c.lost, c.abandoned, c.respSum, c.inNet.Area(now)})
	}
	s.tapTake()
	if s.pct != nil {
		s.pct.take()
	}
	o.n++
}

func (o *observer) onWindow(des.Event) {
	if o.planned {
		o.onPlanned()
		return
	}
	o.take()
	if w := o.n - 1; w >= MaxWindows && w%2 == 0 {
		o.halve()
	}
	o.next = o.s.env.MustAfter(o.width, des.PriorityMonitor, des.Event{Kind: o.kind})
}

// halve keeps every other boundary, doubling the window length.
func (o *observer) halve() {
	if o.s.pct != nil {
		o.s.pct.halve(o.n)
	}
	per, m, nr := len(o.st)/o.n, len(o.srv)/o.n, len(o.nc)/o.n
	k := 0
	for b := 0; b < o.n; b += 2 {
		o.at[k] = o.at[b]
		copy(o.st[k*per:(k+1)*per], o.st[b*per:(b+1)*per])
		copy(o.srv[k*m:(k+1)*m], o.srv[b*m:(b+1)*m])
		copy(o.nc[k*nr:(k+1)*nr], o.nc[b*nr:(b+1)*nr])
		k++
	}
	o.n = k
	o.at, o.st, o.srv, o.nc = o.at[:k], o.st[:k*per], o.srv[:k*m], o.nc[:k*nr]
	o.s.tapHalve()
	o.width *= 2
}

// obsBufs recycles the boundary slices of closed Sims (Sim.Close). Many
// short replications would otherwise grow them from nothing each time,
// and the copying and the collector's scans of the old arrays were a
// large share of `queuelab net run --replications` (BENCHMARKS.md).
var obsBufs sync.Pool // of *obsBuf

type obsBuf struct {
	at  []des.Time
	st  []des.StationSnapshot
	srv []float64
	nc  []netSnap
	// a tap's boundaries (stationTap)
	waited, over []int64
	resp         []int
}

// release hands the observer's slices, and the tap's, to obsBufs; the
// observer holds none afterwards.
func (o *observer) release() {
	b := &obsBuf{at: o.at[:0], st: o.st[:0], srv: o.srv[:0], nc: o.nc[:0]}
	if t := o.s.tap; t != nil {
		b.waited, b.over, b.resp = t.bWaited[:0], t.bOver[:0], t.bResp[:0]
		t.bWaited, t.bOver, t.bResp = nil, nil, nil
	} else if o.spare != nil {
		b.waited, b.over, b.resp = o.spare.waited, o.spare.over, o.spare.resp
	}
	obsBufs.Put(b)
	o.at, o.st, o.srv, o.nc, o.n, o.spare = nil, nil, nil, nil, 0, nil
}
