package des

import (
	"errors"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// Profiler records the engine's own view of every Env created while it is
// running: per event kind, how many events ran, how large the pending-event
// set was when each ran, and an estimate of the time each kind took. Like
// runtime/pprof's CPU profile it is process-wide: StartProfile installs it,
// NewEnv attaches every new Env to it, and Stop detaches it. So a command
// can profile any model — a network file, a scenario, a whole sweep —
// without the model knowing.
//
// A kind is named as the model registered it (Env.Register) or named its
// Source (Source.Name); kinds of one name in several Envs are added up.
// Counts and pending-set sizes depend only on the events run, so the same
// seed gives the same ones. Times are measured on the wall clock: an event
// is timed from taking it off the pending set to its handler's return and
// the pending set's repair (a popped root that the handler did not replace
// is removed). Only sampled events are timed, about one in
// ProfileOptions.SampleEvery, at strides drawn at random (so a model whose
// events come in a fixed cycle cannot alias with the stride). A kind's
// time is its mean sampled time times its count.
//
// An Env created while no Profiler runs pays nothing but one nil check
// per event (BENCHMARKS.md measures it).
type Profiler struct {
	every int
	limit time.Duration // MaxSample
	clock time.Duration // what an empty interval measures, subtracted from samples
	mu    sync.Mutex
	envs  []*envProfile
	start time.Time
	wall  time.Duration // set by Stop
}

// ProfileOptions configure StartProfile.
type ProfileOptions struct {
	// SampleEvery is the mean stride between timed events; 0 times none
	// (counts and pending-set sizes only). DefaultSampleEvery keeps the
	// timing's cost under 1 % (BENCHMARKS.md).
	SampleEvery int
	// MaxSample is the longest a timed event may take to count: a longer
	// one was most likely interrupted (its goroutine descheduled on a busy
	// machine, a stop-the-world pause) and would add milliseconds to one
	// kind's mean. It is counted apart (Interrupted). 0 means
	// DefaultMaxSample.
	MaxSample time.Duration
}

// DefaultMaxSample is the default ProfileOptions.MaxSample: fifty times
// the slowest event kind of queuelab's models on our machine (a network's
// statistics window, about 2 µs; the others take 0.1–0.5 µs).
const DefaultMaxSample = 100 * time.Microsecond

// DefaultSampleEvery is the sampling stride commands use: one event in 128
// is timed on average. A timed event costs two readings of the clock,
// which on our machine cost about as much as an event of the M/M/c
// benchmark; one in 128 keeps that under 1 % (BENCHMARKS.md, issue 26).
const DefaultSampleEvery = 128

// active is the running Profiler, or nil.
var active atomic.Pointer[Profiler]

// ErrProfiling is returned by StartProfile when a Profiler already runs.
var ErrProfiling = errors.New("des: an event profile is already running")

// StartProfile starts a Profiler that every Env created from now on until
// Stop reports to. Only one runs at a time.
func StartProfile(o ProfileOptions) (*Profiler, error) {
	if o.SampleEvery < 0 {
		return nil, errors.New("des: ProfileOptions.SampleEvery must not be negative")
	}
	if o.MaxSample < 0 {
		return nil, errors.New("des: ProfileOptions.MaxSample must not be negative")
	}
	if o.MaxSample == 0 {
		o.MaxSample = DefaultMaxSample
	}
	p := &Profiler{every: o.SampleEvery, limit: o.MaxSample, clock: clockCost(), start: time.Now()}
	if !active.CompareAndSwap(nil, p) {
		return nil, ErrProfiling
	}
	return p, nil
}

// Stop detaches the Profiler: Envs created afterwards are not profiled
// (those attached go on recording until they are dropped). It notes the
// wall time since StartProfile and may be called more than once.
func (p *Profiler) Stop() {
	if active.CompareAndSwap(p, nil) {
		p.mu.Lock()
		p.wall = time.Since(p.start)
		p.mu.Unlock()
	}
}

// clockCost measures what timing an empty interval gives: the median of
// back-to-back readings of the monotonic clock.
func clockCost() time.Duration {
	d := make([]time.Duration, 255)
	for i := range d {
		t := time.Now()
		d[i] = time.Since(t)
	}
	slices.Sort(d)
	return d[len(d)/2]
}

// attach gives a new Env its recorder if a Profiler runs.
func attach() *envProfile {
	p := active.Load()
	if p == nil {
		return nil
	}
	ep := &envProfile{every: p.every, rng: 0x9e3779b97f4a7c15 ^ uint64(p.every), clock: p.clock, limit: p.limit, lineEvery: 1, lineLeft: 1}
	ep.countdown = ep.stride()
	p.mu.Lock()
	p.envs = append(p.envs, ep)
	p.mu.Unlock()
	return ep
}

// kindStats are one kind's figures in one Env.
type kindStats struct {
	name       string
	count      uint64
	pendingSum uint64
	pendingMax int
	sampled    uint64
	sampledNs  int64
	dropped    uint64 // timed but longer than the limit
}

// envProfile is one Env's recorder. It refers to nothing of the Env, so a
// profiled model is freed as usual when it is done. It takes no lock: the
// Env's goroutine writes it, and Profile reads it only when no profiled
// Env runs events.
type envProfile struct {
	kinds     []kindStats
	sources   []*kindStats
	every     int
	countdown int
	rng       uint64
	clock     time.Duration
	limit     time.Duration
	busy      time.Duration
	events    uint64
	line      []PendingPoint
	lineEvery int64
	lineLeft  int64 // events until the next point
}

// maxLine is the most points of the pending-set size kept per Env: when
// the line is full every other point is dropped and the stride doubles.
const maxLine = 512

// stride draws the number of events until the next timed one, uniform on
// 1 … 2·every−1 (mean every), by xorshift: the model's own streams are
// not touched. With every = 0 it returns −1, which never counts down to a
// sample.
func (p *envProfile) stride() int {
	if p.every == 0 {
		return -1
	}
	p.rng ^= p.rng << 13
	p.rng ^= p.rng >> 7
	p.rng ^= p.rng << 17
	return 1 + int(p.rng%uint64(2*p.every-1))
}

// register notes a new kind.
func (p *envProfile) register(name string) {
	p.kinds = append(p.kinds, kindStats{name: name})
}

// note records one event of s that ran with pending other events live,
// at simulated time now.
func (p *envProfile) note(s *kindStats, pending int, now Time) {
	s.count++
	s.pendingSum += uint64(pending)
	s.pendingMax = max(s.pendingMax, pending)
	p.events++
	p.lineLeft--
	if p.lineLeft <= 0 {
		p.addPoint(pending, now)
	}
}

// addPoint adds a point to the line of pending-set sizes, one every
// lineEvery events; when the line is full every other point is dropped
// and the stride doubles.
func (p *envProfile) addPoint(pending int, now Time) {
	if len(p.line) == maxLine {
		for i := range maxLine / 2 {
			p.line[i] = p.line[2*i+1]
		}
		p.line = p.line[:maxLine/2]
		p.lineEvery *= 2
	}
	p.line = append(p.line, PendingPoint{At: now, Pending: pending})
	p.lineLeft = p.lineEvery
}

// sample adds the time since t0 to s's samples, unless it is over the
// limit, and draws the next stride.
func (p *envProfile) sample(s *kindStats, t0 time.Time) {
	d := time.Since(t0) - p.clock
	p.countdown = p.stride()
	if d > p.limit {
		s.dropped++
		return
	}
	s.sampled++
	s.sampledNs += int64(max(d, 0))
}

// stepProfiled is Env.Step with the event recorded.
func (e *Env) stepProfiled() bool {
	p := e.prof
	p.countdown--
	var t0 time.Time
	timed := p.countdown == 0
	if timed {
		t0 = time.Now()
	}
	_, ev, ok := e.sched.Pop()
	if !ok {
		p.countdown++
		return false
	}
	e.steps++
	s := &p.kinds[ev.Kind]
	p.note(s, e.sched.Len(), e.sched.now)
	e.handlers[ev.Kind](ev)
	// If the handler scheduled nothing, the popped root is still a hole
	// that the next Peek or Pop would remove; removing it now charges
	// that sift to this event, whose doing it is. The heap and so the
	// order of events are the same either way.
	e.sched.fillHole()
	if timed {
		p.sample(s, t0)
	}
	return true
}

// fireProfiled runs src's event at time at with the event recorded under
// the source's name.
func (e *Env) fireProfiled(src *Source, at Time) {
	p := e.prof
	if src.stats == nil {
		name := src.name
		if name == "" {
			name = "source"
		}
		src.stats = &kindStats{name: name}
		p.sources = append(p.sources, src.stats)
	}
	p.countdown--
	var t0 time.Time
	timed := p.countdown == 0
	if timed {
		t0 = time.Now()
	}
	p.note(src.stats, e.sched.Len(), at)
	src.fire(at)
	if timed {
		p.sample(src.stats, t0)
	}
}

// timeRun adds the wall time since start to the time the Env spent
// running events.
func (p *envProfile) timeRun(start time.Time) {
	p.busy += time.Since(start)
}

// PendingPoint is the pending-set size when an event ran at At.
type PendingPoint struct {
	At      Time
	Pending int
}

// KindProfile is one event kind's line of an EventProfile. Kinds of the
// same name in several Envs (replications, sweep tasks) are added up;
// kinds that never ran are left out.
type KindProfile struct {
	Name  string
	Count uint64
	// Share is Count over all events.
	Share float64
	// MeanPending and MaxPending are the number of other live events in
	// the pending set when events of this kind were taken from it.
	MeanPending float64
	MaxPending  int
	// Sampled events were timed; Time estimates the kind's total time as
	// their mean time times Count (0 if none was sampled), TimeShare its
	// share of all kinds' estimated time. Interrupted events were timed
	// but took longer than ProfileOptions.MaxSample and are left out.
	Sampled     uint64
	Interrupted uint64
	Time        time.Duration
	TimeShare   float64
}

// EventProfile is what a Profiler recorded, added up over its Envs.
type EventProfile struct {
	Envs   int
	Events uint64
	Kinds  []KindProfile // by count, largest first, then by name
	// Busy is the wall time Envs spent in Run, RunUntil and
	// RunUntilSources, added up over Envs (so over cores, when Envs ran in
	// parallel); Wall is the time from StartProfile to Stop (or to now).
	Busy, Wall time.Duration
	// SampleEvery is the mean sampling stride, MaxSample the longest
	// sample counted.
	SampleEvery int
	MaxSample   time.Duration
	// Pending is the pending-set size over simulated time of the Env that
	// ran the most events (the first attached of those tied), at most 512
	// points evenly spaced in events.
	Pending []PendingPoint
}

// EventsPerSecond is Events over Busy: the engine's speed on one core.
func (ep *EventProfile) EventsPerSecond() float64 {
	if ep.Busy <= 0 {
		return 0
	}
	return float64(ep.Events) / ep.Busy.Seconds()
}

// Profile returns what the Profiler recorded so far. Call it when no
// profiled Env is running events (after the run, or between two steps of
// the goroutine that runs the only one): the recorders take no lock, so
// that recording costs as little as it can.
func (p *Profiler) Profile() *EventProfile {
	p.mu.Lock()
	envs := slices.Clone(p.envs)
	out := &EventProfile{Envs: len(envs), Wall: p.wall, SampleEvery: p.every, MaxSample: p.limit}
	if active.Load() == p {
		out.Wall = time.Since(p.start)
	}
	p.mu.Unlock()
	byName := map[string]*kindStats{}
	var order []string
	var most uint64
	for i, ep := range envs {
		all := make([]*kindStats, 0, len(ep.kinds)+len(ep.sources))
		for k := range ep.kinds {
			all = append(all, &ep.kinds[k])
		}
		all = append(all, ep.sources...)
		for _, s := range all {
			t := byName[s.name]
			if t == nil {
				t = &kindStats{name: s.name}
				byName[s.name] = t
				order = append(order, s.name)
			}
			t.count += s.count
			t.pendingSum += s.pendingSum
			t.pendingMax = max(t.pendingMax, s.pendingMax)
			t.sampled += s.sampled
			t.sampledNs += s.sampledNs
			t.dropped += s.dropped
		}
		out.Events += ep.events
		out.Busy += ep.busy
		if i == 0 || ep.events > most {
			most = ep.events
			out.Pending = slices.Clone(ep.line)
		}
	}
	var timeSum time.Duration
	for _, name := range order {
		s := byName[name]
		if s.count == 0 {
			continue // registered, never ran
		}
		k := KindProfile{Name: name, Count: s.count, MaxPending: s.pendingMax, Sampled: s.sampled, Interrupted: s.dropped}
		if s.count > 0 {
			k.MeanPending = float64(s.pendingSum) / float64(s.count)
		}
		if out.Events > 0 {
			k.Share = float64(s.count) / float64(out.Events)
		}
		if s.sampled > 0 {
			k.Time = time.Duration(float64(s.sampledNs) / float64(s.sampled) * float64(s.count))
		}
		timeSum += k.Time
		out.Kinds = append(out.Kinds, k)
	}
	for i := range out.Kinds {
		if timeSum > 0 {
			out.Kinds[i].TimeShare = float64(out.Kinds[i].Time) / float64(timeSum)
		}
	}
	sort.SliceStable(out.Kinds, func(i, j int) bool {
		a, b := out.Kinds[i], out.Kinds[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Name < b.Name
	})
	return out
}
