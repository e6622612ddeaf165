package serve

import (
	"fmt"
	"math"
	"sort"
	"sync"
	"time"
)

// Limits of a network session.
const (
	// maxNetPoints bounds the chart points kept per session; older points
	// are thinned to every other one when it is reached.
	maxNetPoints = 240
	// maxNetCustomers is a session's memory budget, counted in customers
	// (each a few hundred bytes of simulation state: some 10-20 MB in all,
	// so that MaxSessions of them fit in a small machine). A run whose
	// network holds more stops within the step that passes it (runTo
	// checks between chunks of a few milliseconds) and takes no further
	// step until a change or a restart empties it: an unstable station's
	// queue grows without bound, and one session must never take the
	// server's memory. A network that starts with more (a closed
	// population) is refused.
	maxNetCustomers = 50_000
	// netTick is the wall-clock time between two published steps.
	netTick = 100 * time.Millisecond
	// maxPlanned bounds the changes a replay link may carry.
	maxPlanned = 1000
	// maxSingleStep bounds the computing time of one "+1 unit" step.
	maxSingleStep = time.Second
	// minChunk is the shortest simulated time runTo runs at once (s).
	minChunk = 1e-6
)

// netSession is one browser tab's network simulation. engMu serialises
// every use of live (the stepping goroutine and restart); mu (in
// sessionCore) guards the published fields from epoch on, which HTTP
// handlers copy. Speeds are in time units (Graph.Unit) per second.
type netSession struct {
	sessionCore
	open   NetOpener
	file   string // the network file's name
	src    []byte // the network file as opened (before any change)
	origin string // catalogue example name, or "" for an uploaded file

	engMu sync.Mutex
	live  NetLive
	chunk float64 // simulated seconds runTo runs at once, adapted to the event rate

	epoch    int
	seed     uint64
	graph    NetGraph
	snap     NetSnapshot
	ests     []NetEstimate
	analytic NetAnalytic
	points   []netPoint
	marks    []netMark
	plan     []NetTimed  // changes still to apply, by time
	pending  []NetChange // live changes waiting for the next step
	taken    []NetTimed  // changes applied, with their time
	avgT     []float64   // the run's running time averages (nettransient.go)
	avgV     [][]float64
}

// netPoint is the charts' sample at simulated time T: per station (Graph
// order) and, within a station, per slot (see slots) the running estimates of L, W, utilisation, loss and abandonment
// with their
// half-widths, the number at the station now, and the reference formula
// of each measure then (so that a change moves the reference line).
type netPoint struct {
	T float64
	V [][netSeries]float64
}

// The values of a netPoint per station, in order.
const (
	serN      = 10 // the number at the station; the means and half-widths are 0 to 9
	serF      = 11 // serF+i: the reference formula of measure i
	netSeries = serF + 5
)

// netMeasures are the per-station measures charted, with the estimate name
// behind each; their series indices are 2i (mean) and 2i+1 (half-width).
var netMeasures = []string{"mean_in_system", "mean_response", "utilization", "p_loss", "p_abandon"}

// netMark is a point where the statistics restarted (a change) or the run
// began.
type netMark struct {
	T    float64 `json:"t"`
	Text string  `json:"text"`
}

// start opens the network afresh with seed and the planned changes. It is
// also the restart.
func (s *netSession) start(seed uint64, plan []NetTimed) error {
	live, err := s.open(s.file, s.src, seed)
	if err != nil {
		return err
	}
	sorted := append([]NetTimed(nil), plan...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].At < sorted[j].At })
	s.engMu.Lock()
	defer s.engMu.Unlock()
	s.live, s.chunk = live, minChunk
	var pub netPublish
	err = guard(func() { pub = observe(live) })
	s.mu.Lock()
	defer s.mu.Unlock()
	s.epoch++
	s.seed = seed
	s.graph = live.Graph()
	s.points, s.taken, s.pending, s.messages = nil, nil, nil, nil
	s.avgT, s.avgV = nil, nil
	s.marks = []netMark{{T: live.Now(), Text: "start"}}
	s.plan = sorted
	s.speed, s.steps = 0, 0
	if err != nil {
		s.note(err.Error())
		return nil
	}
	s.publish(pub)
	return nil
}

// speeds: time units (Graph.Unit) per second.
func (s *netSession) speeds() speedRule {
	return speedRule{most: 10000, units: "time units", usual: "1 to 10000 time units"}
}

// ended is false: a network runs on in simulated time.
func (s *netSession) ended() bool { return false }

// loop steps the simulation while the session runs: one step per netTick
// at a set speed, back to back at SpeedMax, one per requested step when
// paused. It ends when ctx is cancelled.
func (s *netSession) loop() {
	defer close(s.done)
	for {
		speed, steps := s.pace()
		if steps == 0 && speed == 0 {
			if alive, _ := s.wait(0); !alive {
				return
			}
			continue
		}
		began := time.Now()
		s.stepOnce()
		if steps > 0 || speed == 0 {
			continue
		}
		if alive, _ := s.wait(max(netTick-time.Since(began), time.Millisecond)); !alive {
			return
		}
	}
}

// stepOnce advances the simulation by one step: a tenth of speed units of
// simulated time, one unit for a single step, or as far as netTick of
// computing allows at SpeedMax. Pending and planned changes are applied
// at their times on the way.
func (s *netSession) stepOnce() {
	s.engMu.Lock()
	defer s.engMu.Unlock()
	s.mu.Lock()
	unit := s.graph.Unit
	if !(unit > 0) {
		unit = 1
	}
	single := s.steps > 0
	if single {
		s.steps--
	}
	speed := s.speed
	pending := s.pending
	s.pending = nil
	s.busy = true
	last := 0.0
	if n := len(s.avgT); n > 0 {
		last = s.avgT[n-1]
	}
	s.mu.Unlock()

	var pub netPublish
	var applied []NetTimed
	var notes []string
	err := guard(func() {
		now := s.live.Now()
		for _, c := range pending {
			applied, notes = s.apply(NetTimed{At: now, Change: c}, applied, notes)
		}
		deadline := time.Now().Add(netTick * 8 / 10)
		switch {
		case s.crowded(): // over the budget already: no step until a change or a restart empties it
		case single || speed == 0:
			applied, notes = s.advance(now+unit, time.Now().Add(maxSingleStep), applied, notes)
		case speed == SpeedMax:
			for time.Now().Before(deadline) && !s.crowded() {
				applied, notes = s.advance(s.live.Now()+20*unit, deadline, applied, notes)
			}
		default:
			applied, notes = s.advance(now+float64(speed)*unit*netTick.Seconds(), deadline, applied, notes)
		}
		pub = observe(s.live)
		pub.avgT, pub.avgV = s.recordAverages(last, unit)
	})

	s.mu.Lock()
	defer s.mu.Unlock()
	s.busy = false
	for _, n := range notes {
		s.note(n)
	}
	for _, a := range applied {
		s.taken = append(s.taken, a)
		s.marks = append(s.marks, netMark{T: a.At, Text: a.Change.String()})
	}
	if len(applied) > 0 {
		s.graph = s.live.Graph()
	}
	if err != nil {
		s.speed, s.steps = 0, 0
		s.note(err.Error())
		return
	}
	s.publish(pub)
	if n := pub.customers(); n > maxNetCustomers {
		s.speed, s.steps = 0, 0
		s.note(fmt.Sprintf("paused at t = %.4g s: %d customers in the network (more than %d, this session's memory budget) — a queue is growing without bound; restart, or change the network, to run on",
			pub.snap.Time, n, maxNetCustomers))
	}
}

// advance runs the simulation toward time t, applying the planned changes
// due on the way at their exact times (engMu held). It stops early at
// deadline: a network whose events are too many for the speed asked runs
// slower than asked rather than hold the session.
func (s *netSession) advance(t float64, deadline time.Time, applied []NetTimed, notes []string) ([]NetTimed, []string) {
	for {
		target, due := t, false
		s.mu.Lock()
		// A change planned at t itself waits for the next step, as a live
		// change made when a step ends does: the chart point at t shows
		// the statistics before it in both runs.
		if len(s.plan) > 0 && s.plan[0].At < t {
			target, due = s.plan[0].At, true
		}
		s.mu.Unlock()
		if !s.runTo(target, deadline) || !due {
			return applied, notes
		}
		s.mu.Lock()
		c := s.plan[0]
		s.plan = s.plan[1:]
		s.mu.Unlock()
		applied, notes = s.apply(c, applied, notes)
	}
}

// runTo runs the simulation to time t in chunks of simulated time sized
// so that each takes a few milliseconds whatever the network's event rate
// (the size is learnt and kept: s.chunk), and reports whether t was
// reached before deadline (engMu held).
func (s *netSession) runTo(t float64, deadline time.Time) bool {
	for {
		before := s.live.Now()
		if before >= t {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		next := min(t, before+s.chunk)
		began := time.Now()
		if err := s.live.RunUntil(next); err != nil {
			panic(err)
		}
		if s.crowded() { // the memory budget: stop within this step, not after it
			return false
		}
		switch took := time.Since(began); {
		case s.live.Now() <= before && next >= t:
			return true // t is below the clock's resolution from here
		case took < 2*time.Millisecond:
			s.chunk *= 2
		case took > 10*time.Millisecond:
			s.chunk = max(s.chunk/2, minChunk)
		}
	}
}

// apply applies one change now (engMu held); a refused change becomes a note.
func (s *netSession) apply(c NetTimed, applied []NetTimed, notes []string) ([]NetTimed, []string) {
	c.At = s.live.Now()
	if err := s.live.Apply(c.Change); err != nil {
		return applied, append(notes, fmt.Sprintf("t = %.4g s: %s not applied: %v", c.At, c.Change, err))
	}
	// The chunk learnt so far fits the old event rate; a change may raise
	// it a billionfold (rate 1e9), and one stale chunk would then make
	// billions of customers before the budget is looked at. Learn afresh.
	s.chunk = minChunk
	return append(applied, c), notes
}

// crowded reports whether the network holds more customers than
// maxNetCustomers (engMu held).
func (s *netSession) crowded() bool {
	snap := s.live.Snapshot()
	return netPublish{snap: snap}.customers() > maxNetCustomers
}

// guard runs f, turning a panic (a model error or an error raised by
// advance) into an error so that one bad step cannot take the server down.
func guard(f func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(error); ok {
				err = fmt.Errorf("simulation stopped: %w", e)
				return
			}
			err = fmt.Errorf("simulation stopped: internal error in the model: %v", p)
		}
	}()
	f()
	return nil
}

// netPublish is what one step observed.
type netPublish struct {
	snap     NetSnapshot
	ests     []NetEstimate
	analytic NetAnalytic
	avgT     []float64 // the run's running time averages, when new ones were read
	avgV     [][]float64
}

func observe(live NetLive) netPublish {
	return netPublish{snap: live.Snapshot(), ests: live.Estimates(), analytic: live.Analytic()}
}

func (p netPublish) customers() int {
	n := 0
	for _, st := range p.snap.Stations {
		n += st.Count
	}
	return n
}

// publish stores an observation and adds its chart point (mu held).
func (s *netSession) publish(p netPublish) {
	s.snap, s.ests, s.analytic = p.snap, p.ests, p.analytic
	if p.avgT != nil {
		s.avgT, s.avgV = p.avgT, p.avgV
	}
	slots := s.slots()
	pt := netPoint{T: p.snap.Time, V: make([][netSeries]float64, len(s.graph.Stations)*len(slots))}
	for i, st := range s.graph.Stations {
		for k, class := range slots {
			v := &pt.V[i*len(slots)+k]
			s.sample(v, p, st.Name, class)
			if i < len(p.snap.Stations) {
				v[serN] = float64(p.snap.Stations[i].Count)
				if pc := p.snap.Stations[i].PerClass; k > 0 && k-1 < len(pc) {
					v[serN] = float64(pc[k-1])
				}
			}
		}
	}
	if n := len(s.points); n > 0 && s.points[n-1].T == pt.T {
		s.points[n-1] = pt
		return
	}
	s.points = append(s.points, pt)
	if len(s.points) > maxNetPoints {
		thin := s.points[:0]
		for i, q := range s.points {
			if i%2 == 0 || i == len(s.points)-1 {
				thin = append(thin, q)
			}
		}
		s.points = thin
	}
}

// slots are the classes charted apart: "" (all classes together), then
// each class when there are several (mu held).
func (s *netSession) slots() []string {
	out := []string{""}
	if len(s.graph.Classes) > 1 {
		for _, c := range s.graph.Classes {
			out = append(out, c.Name)
		}
	}
	return out
}

// sample fills v with the estimates and reference formulas of station and
// class (NaN where there is none).
func (s *netSession) sample(v *[netSeries]float64, p netPublish, station, class string) {
	for j := range v {
		v[j] = math.NaN()
	}
	for m, name := range netMeasures {
		if e, ok := findEstimate(p.ests, station, class, name); ok && e.K > 0 {
			v[2*m] = e.Mean
			if e.K >= 2 {
				v[2*m+1] = e.HalfWidth
			}
		}
		if f, ok := refFormula(p.analytic.Formulas, station, class, name); ok {
			v[serF+m] = f.Value
		}
	}
}

// refFormula is the formula a verdict is judged against: the first exact
// one for station, class and name, else the first.
func refFormula(fs []NetFormula, station, class, name string) (NetFormula, bool) {
	var first NetFormula
	found := false
	for _, f := range fs {
		if f.Station != station || f.Class != class || f.Name != name {
			continue
		}
		if f.Exact {
			return f, true
		}
		if !found {
			first, found = f, true
		}
	}
	return first, found
}

func findEstimate(es []NetEstimate, station, class, name string) (NetEstimate, bool) {
	for _, e := range es {
		if e.Station == station && e.Class == class && e.Name == name {
			return e, true
		}
	}
	return NetEstimate{}, false
}
