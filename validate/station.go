package validate

import (
	"math"
	"sort"

	"queuelab/des"
	"queuelab/model/network"
)

// window accumulates what happened during one observation window. Every
// customer-based observation is filed in the window where it became known:
// blocking and P(wait) at arrival, the wait and response time of a served
// customer at its departure, the wait of an abandoning customer when it
// abandons. The areas are those of the station's statistics.
type window struct {
	length                       float64 // seconds
	arrivals, blocked, queued    float64
	reneged, departures          float64
	sumWait, sumWaitServed       float64
	sumResponse, sumSojourn      float64
	busyArea, queueArea, sysArea float64 // value·seconds
	respStart                    int     // index of the first response sample
}

// resolved is the number of admitted customers whose wait became known:
// those served and those who abandoned.
func (w *window) resolved() float64 { return w.departures + w.reneged }

// customer is one admitted (or blocked) customer of the station.
type customer struct {
	arrived des.Time
	work    des.Time // its service time
}

// sim is one run of a Config: Poisson arrivals into a des.Station (FCFS,
// Config.Servers servers, Config.Capacity, patience leaving the queue),
// with the observation windows of batch means.
type sim struct {
	cfg    Config
	env    *des.Env
	st     *des.Station
	arr    *des.Stream
	svc    *des.Stream
	pat    *des.Stream
	inter  des.Exponential
	serv   network.Sampler
	patExp des.Exponential

	arrivalKind, windowKind des.Kind

	customers des.Slab[customer]

	width   des.Time
	windows []window
	cur     window
	over    []float64 // per window, per threshold: count of waits > t
	curOver []float64
	resp    []float64 // response samples (only when quantiles are asked)
	last    des.StationSnapshot

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
	s, err := newSim(cfg)
	if err != nil {
		return nil, err
	}
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

	s.takeBufs()
	defer s.releaseBufs()
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

func newSim(cfg Config) (*sim, error) {
	st := des.Streams{Seed: cfg.Seed, Gen: cfg.Generator}
	service := cfg.Service
	if cfg.serviceScale != 0 {
		service = service.WithMean(service.MeanValue() * cfg.serviceScale)
	}
	s := &sim{
		cfg:   cfg,
		env:   des.NewEnv(),
		arr:   st.Stream("arrivals"),
		svc:   st.Stream("service"),
		pat:   st.Stream("patience"),
		inter: des.Exponential{Rate: cfg.ArrivalRate},
		serv:  service.Sampler(),
	}
	if cfg.Patience.Kind == PatienceExp {
		s.patExp = des.Exponential{Rate: 1 / cfg.Patience.Value}
	}
	s.arrivalKind = s.env.Register("arrival", s.onArrival)
	s.windowKind = s.env.Register("window", s.onWindow)
	station, err := des.NewStation(s.env, des.StationConfig{Name: "servers", Servers: cfg.Servers, Capacity: cfg.Capacity})
	if err != nil {
		return nil, err
	}
	s.st = station
	s.st.OnDepart = s.onDepart
	s.st.OnAbandon = s.onAbandon
	s.curOver = make([]float64, len(cfg.WaitThresholds))
	return s, nil
}

// onArrival brings a customer with its service time, drawn now, and its
// patience to the station, and schedules the next arrival.
func (s *sim) onArrival(des.Event) {
	s.env.MustAfter(des.Seconds(s.inter.Rand(s.arr)), des.PriorityDefault, des.Event{Kind: s.arrivalKind})
	s.cur.arrivals++
	id := s.customers.Get()
	c := s.customers.At(id)
	c.arrived = s.env.Now()
	c.work = des.Seconds(s.serv.Rand(s.svc))
	patience := des.NoPatience
	switch s.cfg.Patience.Kind {
	case PatienceDet:
		patience = des.Seconds(s.cfg.Patience.Value)
	case PatienceExp:
		patience = des.Seconds(s.patExp.Rand(s.pat))
	}
	switch s.st.Arrive(id, 0, c.work, patience) {
	case des.Balked:
		s.cur.blocked++
		s.customers.Put(id)
	case des.Queued:
		s.cur.queued++
	}
}

func (s *sim) recordWait(w float64) {
	s.cur.sumWait += w
	for i, t := range s.cfg.WaitThresholds {
		if w > t {
			s.curOver[i]++
		}
	}
}

// onDepart files a served customer: under FCFS its service ran
// uninterrupted, so its wait is its response time less its work, exactly
// (integer des.Time).
func (s *sim) onDepart(id int32, _ int) {
	c := s.customers.At(id)
	r := s.env.Now() - c.arrived
	w := (r - c.work).Seconds()
	s.recordWait(w)
	s.cur.sumWaitServed += w
	s.cur.departures++
	s.cur.sumResponse += r.Seconds()
	s.cur.sumSojourn += r.Seconds()
	if len(s.cfg.ResponseQuantiles) > 0 {
		s.resp = append(s.resp, r.Seconds())
	}
	s.customers.Put(id)
}

// onAbandon files a customer whose patience ran out: it waited until now.
func (s *sim) onAbandon(id int32, _ int) {
	w := (s.env.Now() - s.customers.At(id).arrived).Seconds()
	s.recordWait(w)
	s.cur.reneged++
	s.cur.sumSojourn += w
	s.customers.Put(id)
}

// onWindow closes the current observation window.
func (s *sim) onWindow(des.Event) {
	now := s.env.Now()
	snap := s.st.Stats.Total.Snapshot(now)
	d := snap.Sub(s.last)
	s.last = snap
	s.cur.busyArea, s.cur.queueArea, s.cur.sysArea = d.BusyArea, d.InQueueArea, d.InSystemArea
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

	// Every metric's batch sums in one pass over the windows: each sum
	// adds its window terms in window order, as a pass per metric would.
	c := float64(cfg.Servers)
	sums := make([][2][len(ratioNames)]float64, k) // per batch: numerators, denominators
	for b := range sums {
		for i := skip + b*size; i < skip+(b+1)*size; i++ {
			addTerms(&sums[b][0], &sums[b][1], &ws[i], c)
		}
	}
	num := make([]float64, k)
	den := make([]float64, k)
	for mi, name := range ratioNames {
		for b := range sums {
			num[b], den[b] = sums[b][0][mi], sums[b][1][mi]
		}
		res.Metrics = append(res.Metrics, RatioEstimate(name, num, den))
	}
	for j, t := range cfg.WaitThresholds {
		for b := 0; b < k; b++ {
			num[b], den[b] = 0, 0
			for i := skip + b*size; i < skip+(b+1)*size; i++ {
				num[b] += s.over[i*nt+j]
				den[b] += ws[i].resolved()
			}
		}
		res.Metrics = append(res.Metrics, RatioEstimate(WaitMetricName(t), num, den))
	}
	if len(cfg.ResponseQuantiles) > 0 {
		res.Metrics = append(res.Metrics, s.quantileEstimates(skip, size, k)...)
	}
	return res
}

// ratioNames are the metrics of addTerms, in its order: MetricNames.
var ratioNames = [...]string{
	"p_wait", "mean_wait", "mean_wait_served", "p_abandon", "p_block",
	"utilization", "mean_in_queue", "mean_in_system", "throughput",
	"arrival_rate", "admitted_rate", "mean_response", "mean_sojourn", "little_gap",
}

// addTerms adds window w's term of the numerator and of the denominator
// of each metric of ratioNames to num and den, for c servers.
func addTerms(num, den *[len(ratioNames)]float64, w *window, c float64) {
	admitted, resolved := w.arrivals-w.blocked, w.resolved()
	num[0] += w.queued
	den[0] += admitted
	num[1] += w.sumWait
	den[1] += resolved
	num[2] += w.sumWaitServed
	den[2] += w.departures
	num[3] += w.reneged
	den[3] += resolved
	num[4] += w.blocked
	den[4] += w.arrivals
	num[5] += w.busyArea / c
	num[6] += w.queueArea
	num[7] += w.sysArea
	num[8] += w.departures
	num[9] += w.arrivals
	num[10] += admitted
	for m := 5; m <= 10; m++ {
		den[m] += w.length
	}
	num[11] += w.sumResponse
	den[11] += w.departures
	num[12] += w.sumSojourn
	den[12] += w.departures + w.reneged
	num[13] += w.sysArea - w.sumSojourn
	den[13] += w.length
}

// quantileEstimates returns the response-time quantile estimates: each
// quantile computed exactly per batch of size windows (k batches after
// skip), with a batch-means interval.
func (s *sim) quantileEstimates(skip, size, k int) []Estimate {
	cfg := s.cfg
	ws := s.windows
	var out []Estimate
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
		out = append(out, MeanEstimate(QuantileMetricName(p), qs[j]))
	}
	return out
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
