package network

import (
	"fmt"

	"queuelab/des"
)

// Options configures a simulation.
type Options struct {
	Seed      uint64
	Generator des.Generator // PCG is the right choice for long runs; the zero value is Mulberry32
	// Window is the length in seconds of an observation window, the brick
	// that warm-up deletion and batches are built of (0: 1 s). Windows
	// double in length (merging pairs) whenever more than MaxWindows have
	// accumulated, so memory stays bounded however long the run.
	Window float64
	// Trace, if set, receives one row per station visit (trace.go); the
	// caller flushes it. A run without a Trace pays one nil check per
	// visit.
	Trace *Trace
	// Percentiles adds the p50/p90/p99 response and wait metrics to
	// Result (percentile.go); without it they cost one nil check per
	// visit.
	Percentiles bool
	// PercentileBudget is the most observations the percentiles keep
	// before they thin (percentile.go); 0: PercentileBudget. The live
	// page sets a smaller one: its memory per request.
	PercentileBudget int
}

// MaxWindows is the most observation windows a Sim keeps since its mark.
const MaxWindows = 4096

// Sim simulates a network customer by customer on the des engine, with
// one des.Station per station. It can be advanced step by step (RunUntil),
// observed while running (Snapshot, Result) and changed while running
// (SetArrivalRate, SetServers, SetService, SetRoutes), each change
// restarting the statistics at a mark.
//
// Random numbers come from named streams of des.Streams, one per purpose:
// "arrivals/CLASS", "service/STATION", "patience/STATION",
// "routing/STATION" and "siro/STATION", so that changing one part of the
// network leaves the others' draws unchanged (common random numbers).
//
// A Sim is not safe for concurrent use: a live page serialises its calls.
type Sim struct {
	net      *Network // the current network (a private copy)
	top      *topology
	env      *des.Env
	stations []*des.Station
	route    router

	custs des.Slab[customer]

	// per class r
	inter     []Sampler
	arrStream []*des.Stream
	arrTo     []int
	arrNext   []des.Handle
	proc      []*arrProc      // nil for a renewal process (arrproc.go)
	batch     []*batchSampler // nil: one customer per arrival
	batchStr  []*des.Stream
	refStn    []int // closed: the station whose visits end a cycle; -1 for open
	open      []bool

	// per station i
	svc       []Sampler // [i·R+r]
	svcStream []*des.Stream
	pat       []Sampler
	patStream []*des.Stream
	rtStream  []*des.Stream

	arrivalKind des.Kind

	net0    []netCounts // per class, then all classes at index R (one class: only R is kept)
	netRows [][]int     // per class r: the rows of net0 its customers count in (both)
	obs     observer
	tap     *stationTap // nil unless Tap was called
	fj      *forkJoin   // nil without forks and joins
	x       *extras     // the features of features.go; nil when the network uses none
	tr      *Trace      // nil: no trace
	pct     *pctStore   // nil: no percentiles
	watch   bool        // tr or pct: the hot path checks this one flag
}

// customer is one customer's record, indexed by its id.
type customer struct {
	class   int32    // current class
	origin  int32    // the class it entered with (network figures are filed under it)
	entered des.Time // when it entered the network or last began a cycle
	arrived des.Time // when it arrived at the station it is at (for taps)
}

// netCounts are cumulative network-level counts of one class (or all).
type netCounts struct {
	entered, exits, lost, abandoned int64
	respSum                         float64 // Σ end-to-end (open) or cycle (closed) times, s
	inNet                           des.TimeWeighted
}

// New builds a simulation of n (validated first) at time 0: closed
// classes' customers are at their start stations and each open class's
// first arrival is scheduled. n is copied; later changes to n do not
// affect the simulation.
func New(n *Network, o Options) (*Sim, error) {
	top, err := compile(n)
	if err != nil {
		return nil, err
	}
	s := &Sim{net: n.clone(), env: des.NewEnv(), tr: o.Trace}
	top.net = s.net
	s.top = top
	if s.tr != nil {
		s.tr.attach(s)
	}
	if o.Percentiles {
		s.pct = newPctStore(top.M, top.R)
		if o.PercentileBudget > 0 {
			s.pct.budget = o.PercentileBudget
		}
	}
	s.watch = s.tr != nil || s.pct != nil
	st := des.Streams{Seed: o.Seed, Gen: o.Generator}
	R := top.R
	s.fj = newForkJoin(top)
	s.arrivalKind = s.env.Register("arrival", s.onArrival)
	for i := range s.net.Stations {
		if err := s.addStation(i, st); err != nil {
			return nil, err
		}
	}
	s.route = newRouter(top)
	s.x = newExtras(s, st)
	s.inter = make([]Sampler, R)
	s.arrStream = make([]*des.Stream, R)
	s.arrTo = make([]int, R)
	s.arrNext = make([]des.Handle, R)
	s.proc = make([]*arrProc, R)
	s.batch = make([]*batchSampler, R)
	s.batchStr = make([]*des.Stream, R)
	s.refStn = make([]int, R)
	s.open = make([]bool, R)
	s.net0 = make([]netCounts, R+1)
	for r := range s.net0 {
		s.net0[r].inNet.Set(0, 0)
	}
	s.netRows = make([][]int, R)
	for r := range s.netRows {
		s.netRows[r] = []int{r, R}
		if R == 1 {
			s.netRows[r] = []int{R} // the class is all classes: count once
		}
	}
	for r := range s.net.Classes {
		c := &s.net.Classes[r]
		s.open[r] = c.Open()
		s.refStn[r] = -1
		if c.Open() {
			s.inter[r] = c.Arrivals.Interarrival.Sampler()
			s.arrStream[r] = st.Stream("arrivals/" + c.Name)
			s.arrTo[r] = top.stationIdx[c.Arrivals.To]
			s.proc[r] = newArrProc(c.Arrivals, s.arrStream[r])
			if b := c.Arrivals.Batch; b != nil {
				s.batch[r], s.batchStr[r] = b.sampler(), st.Stream("batch/"+c.Name)
			}
			s.scheduleArrival(r)
		} else {
			s.refStn[r] = top.stationIdx[c.Start]
		}
		top.place(r, func(i int) { s.enter(r, i) })
	}
	width := o.Window
	if width <= 0 {
		width = 1
	}
	s.obs.init(s, des.Seconds(width))
	return s, nil
}

func (s *Sim) addStation(i int, st des.Streams) error {
	ns := &s.net.Stations[i]
	cfg := des.StationConfig{Name: ns.Name, Servers: ns.Servers, Discipline: ns.Discipline, Capacity: max(ns.Capacity, ns.Buffer), Classes: s.top.R}
	if ns.Servers == des.Infinite || ns.Kind != Queue {
		cfg.Servers, cfg.Discipline = des.Infinite, des.FCFS
	}
	if cfg.Discipline == des.SIRO {
		cfg.Random = st.Stream("siro/" + ns.Name)
	}
	if cfg.Capacity == 0 {
		cfg.Capacity = des.Unlimited
	}
	stn, err := des.NewStation(s.env, cfg)
	if err != nil {
		return fmt.Errorf("station %q: %w", ns.Name, err)
	}
	stn.OnDepart = func(cust int32, class int) { s.onDepart(i, cust, class) }
	stn.OnAbandon = func(cust int32, class int) { s.onAbandon(i, cust) }
	s.fj.hook(s, i, stn)
	s.watchStation(stn, i) // trace and percentiles: percentile.go
	s.stations = append(s.stations, stn)
	for r := 0; r < s.top.R; r++ {
		s.svc = append(s.svc, s.top.service[i*s.top.R+r].Sampler())
	}
	s.svcStream = append(s.svcStream, st.Stream("service/"+ns.Name))
	s.pat = append(s.pat, ns.Patience.Sampler())
	s.patStream = append(s.patStream, st.Stream("patience/"+ns.Name))
	s.rtStream = append(s.rtStream, st.Stream("routing/"+ns.Name))
	return nil
}

func (s *Sim) scheduleArrival(r int) {
	var d des.Time
	if p := s.proc[r]; p != nil {
		var ok bool
		if d, ok = s.procDelay(p, r); !ok {
			return
		}
	} else {
		d = des.Seconds(s.inter[r].Rand(s.arrStream[r]))
	}
	s.arrNext[r] = s.env.MustAfter(d, des.PriorityDefault, des.Event{Kind: s.arrivalKind, Ref: int32(r)})
}

func (s *Sim) onArrival(ev des.Event) {
	r := int(ev.Ref)
	s.scheduleArrival(r)
	if b := s.batch[r]; b != nil {
		s.enterBatch(r, b.draw(s.batchStr[r]))
		return
	}
	s.enter(r, s.arrTo[r])
}

// enter brings a new customer of class r into the network at station i.
func (s *Sim) enter(r, i int) {
	id := s.custs.Get()
	if s.watch && s.tr != nil {
		s.tr.enter(id)
	}
	c := s.custs.At(id)
	now := s.env.Now()
	c.class, c.origin, c.entered = int32(r), int32(r), now
	for _, k := range s.both(r) {
		n := &s.net0[k]
		n.entered++
		n.inNet.Add(now, 1)
	}
	s.visit(id, i, r)
}

// both returns the indices of class r's network counts and of all
// classes' (only the latter with one class: they are the same counts).
func (s *Sim) both(r int) []int { return s.netRows[r] }

// visit sends customer id to station i as class r.
func (s *Sim) visit(id int32, i, r int) {
	c := s.custs.At(id)
	now := s.env.Now()
	c.class, c.arrived = int32(r), now
	if o := int(c.origin); s.refStn[o] == i && now > c.entered {
		// A closed customer back at its reference station ends a cycle.
		cyc := (now - c.entered).Seconds()
		c.entered = now
		if s.pct != nil {
			s.pctNetwork(o, cyc)
		}
		for _, k := range s.both(o) {
			s.net0[k].exits++
			s.net0[k].respSum += cyc
		}
	}
	if s.fj != nil && s.fj.kind[i].forkOrJoin() {
		s.fj.arrive(s, id, i, r)
		return
	}
	if s.watch {
		s.watchArrive(id) // reads the clock itself: now stays out of registers here
	}
	if s.x != nil && s.x.special[i] {
		s.x.visit(id, i, r)
		return
	}
	work := des.Seconds(s.svc[i*s.top.R+r].Rand(s.svcStream[i]))
	patience := des.NoPatience
	if s.pat[i].Given() {
		patience = des.Seconds(s.pat[i].Rand(s.patStream[i]))
	}
	if s.stations[i].Arrive(id, r, work, patience) == des.Balked {
		s.lost(id, r, i)
	}
}

// lost removes customer id of class r, turned away at station i (full, or
// balking), from the network, ending its traced visit there.
func (s *Sim) lost(id int32, r, i int) {
	if s.tr != nil {
		s.tr.end(id, r, i, s.env.Now(), false)
	}
	s.leave(id, howLost, 0)
}

// done removes customer id from the network after its last service,
// filing its end-to-end response time.
func (s *Sim) done(id int32) {
	c := s.custs.At(id)
	resp := (s.env.Now() - c.entered).Seconds()
	if s.pct != nil {
		s.pctNetwork(int(c.origin), resp)
	}
	s.leave(id, howDone, resp)
}

// How a customer leaves the network.
const (
	howDone = iota
	howLost
	howAbandoned
)

// leave removes customer id from the network: done (after an end-to-end
// response time resp), lost at a full station or abandoned.
func (s *Sim) leave(id int32, how int, resp float64) {
	c := s.custs.At(id)
	now := s.env.Now()
	for _, k := range s.both(int(c.origin)) {
		n := &s.net0[k]
		switch how {
		case howDone:
			n.exits++
			n.respSum += resp
		case howLost:
			n.lost++
		case howAbandoned:
			n.abandoned++
		}
		n.inNet.Add(now, -1)
	}
	s.custs.Put(id)
}

func (s *Sim) onDepart(i int, id int32, class int) {
	if s.watch {
		s.watchDepart(i, id, class)
	}
	next := int32(leave)
	if !s.route.exitOnly(i) { // a station every class leaves from draws nothing
		next = s.route.next(class, i, s.rtStream[i].Float64())
	}
	if next == leave {
		s.done(id)
		return
	}
	s.visit(id, int(next)/s.top.R, int(next)%s.top.R)
}

func (s *Sim) onAbandon(i int, id int32) {
	s.leave(id, howAbandoned, 0)
	if s.x != nil && s.x.buffer[i] > 0 {
		s.x.freed(i)
	}
}

// RunUntil advances the simulation to t seconds (running every event at
// or before t). t must not be before Now.
func (s *Sim) RunUntil(t float64) error {
	at, err := des.FromSeconds(t)
	if err != nil {
		return fmt.Errorf("run until %v s: %w", t, err)
	}
	if s.x != nil && s.x.deadlock != nil {
		return s.x.deadlock // stopped for good
	}
	if err := s.env.RunUntil(at); err != nil {
		return err
	}
	if s.x != nil && s.x.deadlock != nil {
		return s.x.deadlock
	}
	return nil
}

// Now returns the simulated time in seconds.
func (s *Sim) Now() float64 { return s.env.Now().Seconds() }

// Events returns the number of events run so far.
func (s *Sim) Events() uint64 { return s.env.Steps() }

// Network returns a copy of the network as it is now, with every change
// made while running.
func (s *Sim) Network() *Network { return s.net.clone() }
