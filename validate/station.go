package validate

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"queuelab/des"
)

// ServiceKind names the law of the service time.
type ServiceKind uint8

const (
	// ServiceExp is exponential service (the "M" of M/M/c).
	ServiceExp ServiceKind = iota
	// ServiceDet is deterministic service (M/D/c).
	ServiceDet
	// ServiceLogNormal is lognormal service with coefficient of variation CV.
	ServiceLogNormal
	// ServiceErlang is Erlang-K service (squared CV 1/K).
	ServiceErlang
	// ServiceHyperExp is two-phase balanced hyperexponential service with
	// coefficient of variation CV > 1.
	ServiceHyperExp
)

var serviceNames = [...]string{"exp", "det", "lognormal", "erlang-k", "hyperexp"}

// String returns the name accepted by ParseServiceKind.
func (k ServiceKind) String() string {
	if int(k) < len(serviceNames) {
		return serviceNames[k]
	}
	return fmt.Sprintf("service(%d)", uint8(k))
}

// ParseServiceKind parses exp, det, lognormal, erlang-k or hyperexp.
func ParseServiceKind(s string) (ServiceKind, error) {
	for i, n := range serviceNames {
		if s == n {
			return ServiceKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown service distribution %q (valid: exp, det, lognormal, erlang-k, hyperexp)", s)
}

// Service is the service-time law of a station, parameterised by its mean
// so that changing the shape keeps the offered load.
type Service struct {
	Kind ServiceKind
	Mean float64 // mean service time S in seconds, > 0
	CV   float64 // coefficient of variation: lognormal (> 0; default 1) and hyperexp (> 1; default 2)
	K    int     // phases of ServiceErlang (≥ 1; default 2)
}

// SCV returns the squared coefficient of variation of the service time.
func (s Service) SCV() float64 {
	switch s.Kind {
	case ServiceExp:
		return 1
	case ServiceDet:
		return 0
	case ServiceErlang:
		return 1 / float64(s.k())
	}
	return s.cv() * s.cv()
}

func (s Service) cv() float64 {
	if s.CV == 0 {
		if s.Kind == ServiceHyperExp {
			return 2
		}
		return 1
	}
	return s.CV
}

func (s Service) k() int {
	if s.K == 0 {
		return 2
	}
	return s.K
}

// sampler is the service law resolved to des distributions. It is a plain
// struct with a switch, not an interface, so drawing does not box.
type sampler struct {
	kind ServiceKind
	exp  des.Exponential
	det  des.Deterministic
	logn des.LogNormal
	erl  des.Erlang
	hyp  des.HyperExponential
}

func (s Service) sampler(scale float64) sampler {
	m := s.Mean * scale
	sp := sampler{kind: s.Kind}
	switch s.Kind {
	case ServiceExp:
		sp.exp = des.Exponential{Rate: 1 / m}
	case ServiceDet:
		sp.det = des.Deterministic{Value: m}
	case ServiceLogNormal:
		sp.logn = des.LogNormalFromMean(m, s.cv())
	case ServiceErlang:
		sp.erl = des.Erlang{K: s.k(), Rate: float64(s.k()) / m}
	case ServiceHyperExp:
		sp.hyp = des.HyperExponentialBalanced(m, s.cv()*s.cv())
	}
	return sp
}

func (sp *sampler) rand(st *des.Stream) float64 {
	switch sp.kind {
	case ServiceDet:
		return sp.det.Value
	case ServiceLogNormal:
		return sp.logn.Rand(st)
	case ServiceErlang:
		return sp.erl.Rand(st)
	case ServiceHyperExp:
		return sp.hyp.Rand(st)
	}
	return sp.exp.Rand(st)
}

// PatienceKind names how long customers are willing to wait.
type PatienceKind uint8

const (
	// PatienceNone: customers wait for ever.
	PatienceNone PatienceKind = iota
	// PatienceDet: every customer waits at most Value seconds (M/M/c+D).
	PatienceDet
	// PatienceExp: patience is exponential with mean Value (Erlang-A).
	PatienceExp
)

// Patience is the customers' patience law; a customer still waiting when
// its patience runs out leaves the queue (reneges, abandons).
type Patience struct {
	Kind  PatienceKind
	Value float64 // seconds: the deadline (PatienceDet) or the mean (PatienceExp)
}

// AutoWarmup asks Station to choose the warm-up by MSER-5.
const AutoWarmup = -1.0

// Default run-length settings.
const (
	// DefaultBatches is the number of batches of every interval (≥ 20 as
	// the batch-means literature advises; Law 2015, §9.5.3).
	DefaultBatches = 30
	// windowsPerRun is the number of observation windows of a fixed-length
	// run: the series MSER-5 works on and the bricks batches are built of.
	windowsPerRun = 1200
	// maxWindows bounds the windows a precision-driven run keeps: when
	// they reach it, neighbours merge pairwise and the window doubles in
	// length, so memory stays O(1) in the run length (about 5 MB) while
	// every batch is still a run of whole windows. Catalogue runs, at most
	// 16 times their minimum length, never merge.
	maxWindows = 32 * windowsPerRun
)

// Config describes one single-station experiment: a G/G/c-type queue with
// Poisson arrivals, c servers, a FIFO queue, optional patience and an
// optional system-size limit.
type Config struct {
	Servers     int     // c ≥ 1
	ArrivalRate float64 // λ > 0, per second
	Service     Service
	Patience    Patience
	// Capacity is the most customers in the system (in service + waiting);
	// arrivals finding Capacity present are blocked (balk). 0 = unlimited;
	// otherwise Capacity ≥ Servers (Capacity = Servers is a loss system).
	Capacity int

	// Warmup is the simulated time in seconds discarded before measuring;
	// AutoWarmup (any negative value) lets MSER-5 choose it from the run,
	// capped at half the run. MSER-5 works on the per-window mean number
	// in system; on short runs its data-driven truncation lowers interval
	// coverage by a few points (see the package documentation), so give a
	// warm-up when you know one.
	Warmup float64
	// Duration is the measured length in seconds (after an explicit
	// warm-up; with AutoWarmup the whole run, of which MSER-5 discards a
	// part). Ignored when Precision > 0.
	Duration float64
	// Precision > 0 runs until the 95 % relative half-width of the main
	// metric is at most Precision, between MinDuration and MaxDuration
	// seconds of simulated time (as JMT stops a simulation).
	Precision                float64
	MinDuration, MaxDuration float64
	// Main names the metric Precision applies to (default: "mean_wait" when
	// customers can wait, "p_block" for a loss system).
	Main string
	// PrecisionAlso lists further metrics that must reach Precision too
	// before a precision-driven run stops.
	PrecisionAlso []string

	Seed      uint64
	Generator des.Generator
	Batches   int // number of batches (default DefaultBatches, minimum 20)

	// WaitThresholds are the t of the P(W > t) metrics; ResponseQuantiles
	// are the p of measured response-time quantiles (e.g. 0.99), computed
	// exactly per batch, which keeps every response time of the run in
	// memory (8 bytes per served customer).
	WaitThresholds    []float64
	ResponseQuantiles []float64

	// serviceScale multiplies every service time (0 means 1). It exists
	// only to break the model on purpose in tests: a 10 % error here must
	// make the catalogue fail.
	serviceScale float64
}

// Offered returns the offered load a = λS in erlangs.
func (c Config) Offered() float64 { return c.ArrivalRate * c.Service.Mean }

// Rho returns the utilisation a/c the station would have without losses.
func (c Config) Rho() float64 { return c.Offered() / float64(c.Servers) }

// ErrUnstable is wrapped by Validate for an overloaded queue that nothing
// bounds.
var ErrUnstable = errors.New("unstable queue")

func finitePos(x float64) bool { return x > 0 && !math.IsInf(x, 1) }

// Validate reports what is wrong with the configuration, naming the field
// and its valid range, or nil.
func (c Config) Validate() error {
	switch {
	case c.Servers < 1 || c.Servers > 1_000_000:
		return fmt.Errorf("servers: must be between 1 and 1000000, got %d", c.Servers)
	case !finitePos(c.ArrivalRate):
		return fmt.Errorf("arrival rate: must be a finite number > 0 per second, got %v", c.ArrivalRate)
	case !finitePos(c.Service.Mean):
		return fmt.Errorf("service mean: must be a finite number of seconds > 0, got %v", c.Service.Mean)
	case int(c.Service.Kind) >= len(serviceNames):
		return fmt.Errorf("service: unknown distribution %v", c.Service.Kind)
	case c.Service.Kind == ServiceLogNormal && !(c.Service.CV >= 0 && c.Service.CV <= 20):
		return fmt.Errorf("service CV: lognormal needs 0 < CV ≤ 20, got %v", c.Service.CV)
	case c.Service.Kind == ServiceHyperExp && c.Service.CV != 0 && !(c.Service.CV > 1 && c.Service.CV <= 20):
		return fmt.Errorf("service CV: hyperexp needs 1 < CV ≤ 20, got %v", c.Service.CV)
	case c.Service.Kind == ServiceErlang && (c.Service.K < 0 || c.Service.K > 1000):
		return fmt.Errorf("erlang k: must be between 1 and 1000, got %d", c.Service.K)
	case c.Patience.Kind > PatienceExp:
		return fmt.Errorf("patience: unknown kind %d", c.Patience.Kind)
	case c.Patience.Kind != PatienceNone && !(c.Patience.Value >= 0 && c.Patience.Value < 1e9):
		return fmt.Errorf("patience: must be between 0 and 1e9 seconds, got %v", c.Patience.Value)
	case c.Patience.Kind == PatienceExp && c.Patience.Value == 0:
		return fmt.Errorf("patience mean: must be > 0 seconds, got 0")
	case c.Capacity != 0 && (c.Capacity < c.Servers || c.Capacity > 100_000_000):
		return fmt.Errorf("capacity: must be 0 (unlimited) or between servers (%d) and 100000000, got %d", c.Servers, c.Capacity)
	case math.IsNaN(c.Warmup) || c.Warmup > 1e9:
		return fmt.Errorf("warmup: must be at most 1e9 seconds (or negative for MSER-5), got %v", c.Warmup)
	case c.Batches != 0 && (c.Batches < 20 || c.Batches > 1000):
		return fmt.Errorf("batches: must be between 20 and 1000, got %d", c.Batches)
	}
	if c.Precision > 0 {
		switch {
		case !(c.Precision < 1):
			return fmt.Errorf("precision: relative half-width must be in (0, 1), got %v", c.Precision)
		case !finitePos(c.MinDuration) || !finitePos(c.MaxDuration) || c.MaxDuration < c.MinDuration || c.MaxDuration > 1e9:
			return fmt.Errorf("precision run length: need 0 < min duration (%v s) ≤ max duration (%v s) ≤ 1e9 s", c.MinDuration, c.MaxDuration)
		}
	} else if !finitePos(c.Duration) || c.Duration > 1e9 {
		return fmt.Errorf("duration: must be between 0 and 1e9 seconds (exclusive of 0), got %v", c.Duration)
	}
	if c.Main != "" && !c.hasMetric(c.Main) {
		return fmt.Errorf("main metric: unknown name %q", c.Main)
	}
	for _, m := range c.PrecisionAlso {
		if !c.hasMetric(m) {
			return fmt.Errorf("precision metric: unknown name %q", m)
		}
	}
	for _, t := range c.WaitThresholds {
		if !(t >= 0) || math.IsInf(t, 1) {
			return fmt.Errorf("wait threshold: must be a finite number ≥ 0, got %v", t)
		}
	}
	for _, p := range c.ResponseQuantiles {
		if !(p > 0 && p < 1) {
			return fmt.Errorf("response quantile: must be in (0, 1), got %v", p)
		}
	}
	if c.Patience.Kind == PatienceNone && c.Capacity == 0 && c.Offered() >= float64(c.Servers) {
		return fmt.Errorf("%w: offered load λS = %g·%g = %.4g erlangs is not below the %d servers, so the queue grows without bound and no steady state exists; lower the arrival rate or service mean, add servers, or bound the queue with a patience or a capacity",
			ErrUnstable, c.ArrivalRate, c.Service.Mean, c.Offered(), c.Servers)
	}
	// A run must not need more memory than a laptop has: customers in the
	// system are bounded by the capacity or by the arrivals of the run.
	return nil
}

func (c Config) main() string {
	if c.Main != "" {
		return c.Main
	}
	if c.Capacity == c.Servers {
		return "p_block"
	}
	return "mean_wait"
}

func (c Config) batches() int {
	if c.Batches == 0 {
		return DefaultBatches
	}
	return c.Batches
}

// Result is what Station measured.
type Result struct {
	Config Config
	// Warmup is the simulated time discarded (seconds), Measured the time
	// measured after it.
	Warmup, Measured float64
	// WarmupByMSER tells whether MSER-5 chose Warmup.
	WarmupByMSER bool
	// Customers is the number of arrivals in the measured period;
	// Completed the number of customers who left it (served, abandoned or
	// blocked).
	Customers, Completed int64
	// Metrics holds one Estimate per metric, in a fixed order: see
	// MetricNames, then p_wait_gt_<t> per wait threshold and
	// response_p<q> per response quantile.
	Metrics []Estimate
	// Events is the number of events the run executed.
	Events uint64
}

// Metric returns the estimate named name.
func (r *Result) Metric(name string) (Estimate, bool) {
	for _, m := range r.Metrics {
		if m.Name == name {
			return m, true
		}
	}
	return Estimate{}, false
}

// precise reports whether the main metric and every PrecisionAlso metric
// reached the precision target.
func (r *Result) precise() bool {
	for _, name := range append([]string{r.Config.main()}, r.Config.PrecisionAlso...) {
		m, _ := r.Metric(name)
		if !(m.RelativeHalfWidth() <= r.Config.Precision) {
			return false
		}
	}
	return true
}

// MetricNames are the metrics every Result has, in order:
//
//	p_wait            share of admitted customers who found every server busy
//	mean_wait         mean wait in queue of admitted customers, served or not
//	                  (an abandoning customer counts its wait until it left)
//	mean_wait_served  mean wait of customers who were served
//	p_abandon         share of admitted customers who abandoned (reneged)
//	p_block           share of arrivals turned away by the capacity
//	utilization       time-average share of busy servers
//	mean_in_queue     time-average number waiting (Lq, measured directly)
//	mean_in_system    time-average number in the system (L, measured directly)
//	throughput        service completions per second
//	arrival_rate      arrivals per second (admitted or not)
//	admitted_rate     admitted arrivals per second
//	mean_response     mean time in system of served customers (wait + service)
//	mean_sojourn      mean time in system of admitted customers (served or not)
//	little_gap        L − λ_admitted·W_sojourn per unit time (0 by Little's law)
var MetricNames = []string{
	"p_wait", "mean_wait", "mean_wait_served", "p_abandon", "p_block",
	"utilization", "mean_in_queue", "mean_in_system", "throughput",
	"arrival_rate", "admitted_rate", "mean_response", "mean_sojourn", "little_gap",
}

// hasMetric reports whether a Result of c has the metric name.
func (c Config) hasMetric(name string) bool {
	for _, n := range MetricNames {
		if n == name {
			return true
		}
	}
	for _, t := range c.WaitThresholds {
		if WaitMetricName(t) == name {
			return true
		}
	}
	for _, p := range c.ResponseQuantiles {
		if QuantileMetricName(p) == name {
			return true
		}
	}
	return false
}

// WaitMetricName is the name of the P(W > t) metric.
func WaitMetricName(t float64) string { return fmt.Sprintf("p_wait_gt_%g", t) }

// QuantileMetricName is the name of the response-time p-quantile metric.
func QuantileMetricName(p float64) string { return fmt.Sprintf("response_p%g", 100*p) }

// window accumulates what happened during one observation window. Every
// customer-based observation is filed in the window where it became known:
// blocking and P(wait) at arrival, waits at the start of service or at
// abandonment, response times at departure.
type window struct {
	length                       float64 // seconds
	arrivals, blocked, queued    float64
	resolved, started, reneged   float64
	sumWait, sumWaitServed       float64
	departures                   float64
	sumResponse, sumSojourn      float64
	busyArea, queueArea, sysArea float64 // value·seconds
	respStart                    int     // index of the first response sample
}

type sim struct {
	cfg    Config
	env    *des.Env
	pool   *des.Pool
	arr    *des.Stream
	svc    *des.Stream
	pat    *des.Stream
	inter  des.Exponential
	serv   sampler
	patExp des.Exponential

	arrivalKind, departKind, windowKind des.Kind

	// customers are int32 ids into arrived; free ids are reused.
	arrived []des.Time
	free    []int32

	width   des.Time
	windows []window
	cur     window
	over    []float64 // per window, per threshold: count of waits > t
	curOver []float64
	resp    []float64 // response samples (only when quantiles are asked)
	areas   [3]float64

	progress func(simulated, planned float64)
	planned  float64
}

// Station simulates the station described by cfg and returns its
// measurements, each with a batch-means 95 % interval. The same Config
// (seed included) always gives the same Result.
func Station(cfg Config) (*Result, error) { return StationProgress(cfg, nil) }

// StationProgress is Station that also calls progress, if not nil, at the
// end of every observation window (about 1200 times per run length) with
// the simulated seconds so far and the most the run will simulate (for a
// precision-driven run: its MaxDuration plus warm-up). It is called from
// the simulation loop, so it must be quick.
func StationProgress(cfg Config, progress func(simulated, planned float64)) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	s := newSim(cfg)
	s.progress = progress
	s.planned = cfg.Duration
	if cfg.Precision > 0 {
		s.planned = cfg.MaxDuration
	}
	s.planned += max(cfg.Warmup, 0)
	total := cfg.Duration
	if cfg.Precision > 0 {
		total = cfg.MinDuration
	}
	if cfg.Warmup > 0 {
		total += cfg.Warmup
	}
	s.width = des.Seconds(total / windowsPerRun)
	if s.width <= 0 {
		s.width = 1
	}
	s.env.MustAfter(s.width, des.PriorityMonitor, des.Event{Kind: s.windowKind})
	s.env.MustAfter(des.Seconds(s.inter.Rand(s.arr)), des.PriorityDefault, des.Event{Kind: s.arrivalKind})

	end := des.Seconds(total)
	if err := s.env.RunUntil(end); err != nil {
		return nil, err
	}
	res := s.result()
	if cfg.Precision > 0 {
		maxEnd := des.Seconds(cfg.MaxDuration)
		if cfg.Warmup > 0 {
			maxEnd += des.Seconds(cfg.Warmup)
		}
		for {
			if res.precise() || end >= maxEnd {
				break
			}
			// Grow by a quarter of the run so the number of checks stays
			// logarithmic in the final length.
			end = min(maxEnd, end+max(end/4, s.width))
			if err := s.env.RunUntil(end); err != nil {
				return nil, err
			}
			res = s.result()
		}
	}
	return res, nil
}

func newSim(cfg Config) *sim {
	st := des.Streams{Seed: cfg.Seed, Gen: cfg.Generator}
	scale := cfg.serviceScale
	if scale == 0 {
		scale = 1
	}
	s := &sim{
		cfg:   cfg,
		env:   des.NewEnv(),
		arr:   st.Stream("arrivals"),
		svc:   st.Stream("service"),
		pat:   st.Stream("patience"),
		inter: des.Exponential{Rate: cfg.ArrivalRate},
		serv:  cfg.Service.sampler(scale),
	}
	if cfg.Patience.Kind == PatienceExp {
		s.patExp = des.Exponential{Rate: 1 / cfg.Patience.Value}
	}
	s.arrivalKind = s.env.Register("arrival", s.onArrival)
	s.departKind = s.env.Register("departure", s.onDeparture)
	s.windowKind = s.env.Register("window", s.onWindow)
	s.pool = des.NewPool(s.env, "servers", cfg.Servers)
	if cfg.Capacity > 0 {
		s.pool.SetLimit(cfg.Capacity)
	}
	s.pool.OnStart = s.onStart
	s.pool.OnRenege = s.onRenege
	s.curOver = make([]float64, len(cfg.WaitThresholds))
	return s
}

func (s *sim) onArrival(des.Event) {
	s.env.MustAfter(des.Seconds(s.inter.Rand(s.arr)), des.PriorityDefault, des.Event{Kind: s.arrivalKind})
	s.cur.arrivals++
	var id int32
	if n := len(s.free); n > 0 {
		id = s.free[n-1]
		s.free = s.free[:n-1]
	} else {
		id = int32(len(s.arrived))
		s.arrived = append(s.arrived, 0)
	}
	s.arrived[id] = s.env.Now()
	patience := des.NoPatience
	switch s.cfg.Patience.Kind {
	case PatienceDet:
		patience = des.Seconds(s.cfg.Patience.Value)
	case PatienceExp:
		patience = des.Seconds(s.patExp.Rand(s.pat))
	}
	switch s.pool.Request(id, patience) {
	case des.Balked:
		s.cur.blocked++
		s.free = append(s.free, id)
	case des.Queued:
		s.cur.queued++
	}
}

func (s *sim) recordWait(w float64) {
	s.cur.resolved++
	s.cur.sumWait += w
	for i, t := range s.cfg.WaitThresholds {
		if w > t {
			s.curOver[i]++
		}
	}
}

func (s *sim) onStart(id int32, waited des.Time) {
	w := waited.Seconds()
	s.recordWait(w)
	s.cur.started++
	s.cur.sumWaitServed += w
	s.env.MustAfter(des.Seconds(s.serv.rand(s.svc)), des.PriorityRelease, des.Event{Kind: s.departKind, Ref: id})
}

func (s *sim) onRenege(id int32, waited des.Time) {
	w := waited.Seconds()
	s.recordWait(w)
	s.cur.reneged++
	s.cur.sumSojourn += w
	s.free = append(s.free, id)
}

func (s *sim) onDeparture(ev des.Event) {
	s.pool.Release()
	r := (s.env.Now() - s.arrived[ev.Ref]).Seconds()
	s.cur.departures++
	s.cur.sumResponse += r
	s.cur.sumSojourn += r
	if len(s.cfg.ResponseQuantiles) > 0 {
		s.resp = append(s.resp, r)
	}
	s.free = append(s.free, ev.Ref)
}

func (s *sim) onWindow(des.Event) {
	now := s.env.Now()
	a := [3]float64{s.pool.Busy.Area(now), s.pool.QueueLength.Area(now), s.pool.InSystemArea(now)}
	s.cur.busyArea = a[0] - s.areas[0]
	s.cur.queueArea = a[1] - s.areas[1]
	s.cur.sysArea = a[2] - s.areas[2]
	s.areas = a
	s.cur.length = s.width.Seconds()
	s.windows = append(s.windows, s.cur)
	s.over = append(s.over, s.curOver...)
	s.cur = window{respStart: len(s.resp)}
	clear(s.curOver)
	if len(s.windows) >= maxWindows {
		s.mergeWindows()
	}
	if s.progress != nil {
		s.progress(now.Seconds(), s.planned)
	}
	s.env.MustAfter(s.width, des.PriorityMonitor, des.Event{Kind: s.windowKind})
}

// result turns the closed windows into estimates.
func (s *sim) result() *Result {
	cfg := s.cfg
	ws := s.windows
	nt := len(cfg.WaitThresholds)
	res := &Result{Config: cfg, Events: s.env.Steps()}
	// Warm-up: explicit, or MSER-5 on the per-window mean number in
	// system (White, Cobb & Spratt 2000), capped at half the run.
	skip := 0
	if cfg.Warmup >= 0 {
		skip = int(math.Ceil(cfg.Warmup/s.width.Seconds() - 1e-9))
	} else {
		series := make([]float64, len(ws))
		for i, w := range ws {
			series[i] = w.sysArea / w.length
		}
		skip = des.MSER5(series)
		res.WarmupByMSER = true
	}
	skip = min(skip, len(ws))
	k := cfg.batches()
	n := len(ws) - skip
	size := n / k
	// Drop the leading remainder so batches are equal in length.
	skip += n - size*k
	res.Warmup = float64(skip) * s.width.Seconds()
	res.Measured = float64(size*k) * s.width.Seconds()
	for _, w := range ws[skip:] {
		res.Customers += int64(w.arrivals)
		res.Completed += int64(w.departures + w.reneged + w.blocked)
	}

	type ratio struct{ num, den func(w *window) float64 }
	c := float64(cfg.Servers)
	length := func(w *window) float64 { return w.length }
	admitted := func(w *window) float64 { return w.arrivals - w.blocked }
	defs := []ratio{
		{func(w *window) float64 { return w.queued }, admitted},
		{func(w *window) float64 { return w.sumWait }, func(w *window) float64 { return w.resolved }},
		{func(w *window) float64 { return w.sumWaitServed }, func(w *window) float64 { return w.started }},
		{func(w *window) float64 { return w.reneged }, func(w *window) float64 { return w.resolved }},
		{func(w *window) float64 { return w.blocked }, func(w *window) float64 { return w.arrivals }},
		{func(w *window) float64 { return w.busyArea / c }, length},
		{func(w *window) float64 { return w.queueArea }, length},
		{func(w *window) float64 { return w.sysArea }, length},
		{func(w *window) float64 { return w.departures }, length},
		{func(w *window) float64 { return w.arrivals }, length},
		{admitted, length},
		{func(w *window) float64 { return w.sumResponse }, func(w *window) float64 { return w.departures }},
		{func(w *window) float64 { return w.sumSojourn }, func(w *window) float64 { return w.departures + w.reneged }},
		{func(w *window) float64 { return w.sysArea - w.sumSojourn }, length},
	}
	num := make([]float64, k)
	den := make([]float64, k)
	for mi, d := range defs {
		for b := 0; b < k; b++ {
			num[b], den[b] = 0, 0
			for i := skip + b*size; i < skip+(b+1)*size; i++ {
				num[b] += d.num(&ws[i])
				den[b] += d.den(&ws[i])
			}
		}
		res.Metrics = append(res.Metrics, RatioEstimate(MetricNames[mi], num, den))
	}
	for j, t := range cfg.WaitThresholds {
		for b := 0; b < k; b++ {
			num[b], den[b] = 0, 0
			for i := skip + b*size; i < skip+(b+1)*size; i++ {
				num[b] += s.over[i*nt+j]
				den[b] += ws[i].resolved
			}
		}
		res.Metrics = append(res.Metrics, RatioEstimate(WaitMetricName(t), num, den))
	}
	if len(cfg.ResponseQuantiles) > 0 {
		qs := make([][]float64, len(cfg.ResponseQuantiles))
		var buf []float64
		for b := 0; b < k; b++ {
			lo := skip + b*size
			hi := lo + size
			from := len(s.resp)
			if lo < len(ws) {
				from = ws[lo].respStart
			}
			to := len(s.resp)
			if hi < len(ws) {
				to = ws[hi].respStart
			}
			buf = append(buf[:0], s.resp[from:to]...)
			sort.Float64s(buf)
			for j, p := range cfg.ResponseQuantiles {
				qs[j] = append(qs[j], sortedQuantile(buf, p))
			}
		}
		for j, p := range cfg.ResponseQuantiles {
			res.Metrics = append(res.Metrics, MeanEstimate(QuantileMetricName(p), qs[j]))
		}
	}
	return res
}

// sortedQuantile returns the p-quantile of sorted xs as the observation of
// rank ⌈p·n⌉ (NaN when xs is empty).
func sortedQuantile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	i := int(math.Ceil(p*float64(len(xs)))) - 1
	return xs[max(i, 0)]
}
