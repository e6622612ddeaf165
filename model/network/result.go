package network

import (
	"math"

	"queuelab/des"
	"queuelab/des/queueing"
)

// Result is what a Sim measured since its mark, after the warm-up, as
// batch sums: each Metric is a ratio Σnum/Σden whose per-batch numerators
// and denominators give its batch-means confidence interval (package
// validate builds the intervals and verdicts from them).
type Result struct {
	Start            float64 // s: the mark the statistics start from
	Warmup, Measured float64 // s: discarded after Start, then measured
	WarmupByMSER     bool    // MSER-5 chose Warmup
	Batches          int
	Customers        int64  // customers that left the network (closed: cycles completed) while measured
	Events           uint64 // events run since time 0
	Metrics          []Metric

	bounds []int // the batches' boundaries, indices into the Sim's observer (StationBatches)
	// PercentileStride is 1 when every observation went into the
	// percentile metrics, k when only every k-th did (percentile.go).
	PercentileStride int64
}

// Metric is one measured quantity of a station and class (Class "" for all
// classes together), or of the network (Station "network": end to end),
// as per-batch sums.
//
// Names: throughput (departures per s), utilization (busy servers over
// servers; not at delay stations), mean_in_system, mean_in_queue
// (time-average numbers), mean_response (per visit: arrival to departure,
// or for "network" per customer end to end; closed classes: the cycle
// time between two arrivals at the class's start station), mean_wait
// (arrival to first start of service, or to abandonment for a customer
// whose patience ran out: the wait of every admitted customer, as in
// package validate), p_loss (share of arrivals lost to
// a full station), p_abandon (share of admitted customers whose patience
// ran out), p_balk (share of arrivals that balked, at a station with
// join_probability). mean_in_queue and mean_wait are absent where nobody
// waits (PS, delay stations), p_loss without a capacity or buffer,
// p_abandon without patience, p_balk without join probabilities. The
// network's p_balk is the share of customers who balked somewhere; in a
// network with both capacity and balking its p_loss counts both.
type Metric struct {
	Station, Class string
	Name           queueing.Metric
	Num, Den       []float64 // per batch
}

// Value returns the point estimate Σnum/Σden (NaN when Σden = 0).
func (m *Metric) Value() float64 {
	var y, x float64
	for b := range m.Num {
		y += m.Num[b]
		x += m.Den[b]
	}
	if x == 0 {
		return math.NaN()
	}
	return y / x
}

// Metric returns the metric of station, class and name.
func (r *Result) Metric(station, class string, name queueing.Metric) (Metric, bool) {
	for _, m := range r.Metrics {
		if m.Station == station && m.Class == class && m.Name == name {
			return m, true
		}
	}
	return Metric{}, false
}

// NetworkStation is the Station of end-to-end metrics.
const NetworkStation = "network"

// DefaultBatches is the number of batches of a Result (Law 2015, §9.5.3:
// 20 to 30).
const DefaultBatches = 30

// AutoWarmup (any negative warm-up) lets MSER-5 choose the warm-up.
const AutoWarmup = -1.0

// Result returns the measurements since the mark. warmup is the time in
// seconds after the mark to discard (negative: chosen by MSER-5 on the
// per-window number in the network, at most half of the windows; White,
// Cobb & Spratt, WSC 2000); batches the number of batches (0:
// DefaultBatches; fewer when fewer windows have closed).
func (s *Sim) Result(warmup float64, batches int) *Result {
	o := &s.obs
	w := o.n - 1
	res := &Result{Start: o.markAt.Seconds(), Events: s.env.Steps()}
	skip := 0
	if warmup >= 0 {
		skip = fixedSkip(warmup, o.width)
	} else if w > 0 && !o.planned {
		series := make([]float64, w)
		R := s.top.R
		for b := range series {
			a, z := o.nc[b*(R+1)+R], o.nc[(b+1)*(R+1)+R]
			series[b] = (z.area - a.area) / (o.at[b+1] - o.at[b]).Seconds()
		}
		skip = des.MSER5(series)
		res.WarmupByMSER = true
	}
	bounds := batchBounds(w, skip, batches)
	if o.planned && !o.planFits(warmup, bounds) {
		bounds = []int{w} // it would read boundaries a plan skipped (PlanResult)
	}
	for b := range bounds {
		bounds[b] = o.slot(bounds[b]) // from here on, where they are kept
	}
	k := len(bounds) - 1
	res.Batches = k
	res.Warmup = (o.at[bounds[0]] - o.markAt).Seconds()
	res.Measured = (o.at[bounds[k]] - o.at[bounds[0]]).Seconds()
	res.bounds = bounds
	R := s.top.R
	if k > 0 {
		res.Customers = o.nc[bounds[k]*(R+1)+R].exits - o.nc[bounds[0]*(R+1)+R].exits
	}
	res.Metrics = s.stationMetrics(bounds)
	res.Metrics = append(res.Metrics, s.networkMetrics(bounds)...)
	if s.pct != nil {
		res.Metrics = append(res.Metrics, s.pctMetrics(bounds)...)
		res.PercentileStride = s.pct.stride
	}
	return res
}

// metricDef is one ratio on the difference of two snapshots.
type metricDef struct {
	name     queueing.Metric
	num, den func(d *des.StationSnapshot, servers float64) float64
}

func length(d *des.StationSnapshot, _ float64) float64 { return d.At.Seconds() }

var stationDefs = []metricDef{
	{queueing.Throughput, func(d *des.StationSnapshot, _ float64) float64 { return float64(d.Departures) }, length},
	{queueing.Utilization, func(d *des.StationSnapshot, _ float64) float64 { return d.BusyArea }, func(_ *des.StationSnapshot, srv float64) float64 { return srv }},
	{queueing.MeanInSystem, func(d *des.StationSnapshot, _ float64) float64 { return d.InSystemArea }, length},
	{queueing.MeanInQueue, func(d *des.StationSnapshot, _ float64) float64 { return d.InQueueArea }, length},
	{queueing.MeanResponse, func(d *des.StationSnapshot, _ float64) float64 { return d.SojournSum },
		func(d *des.StationSnapshot, _ float64) float64 { return float64(d.Departures) }},
	{queueing.MeanWait, func(d *des.StationSnapshot, _ float64) float64 { return d.WaitSum + d.AbandonedSum },
		func(d *des.StationSnapshot, _ float64) float64 { return float64(d.Starts + d.Abandons) }},
	{queueing.PLoss, func(d *des.StationSnapshot, _ float64) float64 { return float64(d.Losses) },
		func(d *des.StationSnapshot, _ float64) float64 { return float64(d.Arrivals) }},
	{queueing.PAbandon, func(d *des.StationSnapshot, _ float64) float64 { return float64(d.Abandons) },
		func(d *des.StationSnapshot, _ float64) float64 { return float64(d.Arrivals - d.Losses) }},
	syncDelayDef, // joins only (forkjoin.go)
	// balks are filed as losses (countBalk); a balking station has no capacity
	{queueing.PBalk, func(d *des.StationSnapshot, _ float64) float64 { return float64(d.Losses) },
		func(d *des.StationSnapshot, _ float64) float64 { return float64(d.Arrivals) }},
}

// applies reports whether metric name is measured at station i.
func (s *Sim) applies(i int, name queueing.Metric) bool {
	st := &s.net.Stations[i]
	if st.Kind.forkOrJoin() || name == queueing.MeanSyncDelay {
		return forkMetric(st.Kind, name)
	}
	waits := st.Servers != des.Infinite && st.Discipline != des.PS
	switch name {
	case queueing.Utilization:
		return st.Servers != des.Infinite
	case queueing.MeanInQueue, queueing.MeanWait:
		return waits
	case queueing.PLoss:
		return st.Capacity > 0 || st.Buffer > 0
	case queueing.PBalk:
		return st.JoinProbability != nil
	case queueing.PAbandon:
		return st.Patience.Given()
	}
	return true
}

func (s *Sim) stationMetrics(bounds []int) []Metric {
	o := &s.obs
	R, M := s.top.R, s.top.M
	per := M * (R + 1)
	k := len(bounds) - 1
	var out []Metric
	var buf []float64                   // the metrics' Num and Den, cut from one array
	d := make([]des.StationSnapshot, k) // a row's batches, for every metric of the row
	srv := make([]float64, k)
	for i := 0; i < M; i++ {
		classes := []int{R} // all classes first
		if R > 1 {
			for r := 0; r < R; r++ {
				if s.top.reach[i*R+r] {
					classes = append(classes, r)
				}
			}
		}
		for _, r := range classes {
			for b := 0; b < k; b++ {
				a, z := bounds[b], bounds[b+1]
				d[b] = o.st[z*per+i*(R+1)+r].Sub(o.st[a*per+i*(R+1)+r])
				srv[b] = o.srv[z*M+i] - o.srv[a*M+i]
			}
			for _, def := range stationDefs {
				if !s.applies(i, def.name) {
					continue
				}
				if len(buf) < 2*k {
					buf = make([]float64, 2*k*len(stationDefs))
				}
				m := Metric{Station: s.net.Stations[i].Name, Class: s.className(r), Name: def.name, Num: buf[:k:k], Den: buf[k : 2*k : 2*k]}
				buf = buf[2*k:]
				for b := range d {
					m.Num[b], m.Den[b] = def.num(&d[b], srv[b]), def.den(&d[b], srv[b])
				}
				out = append(out, m)
			}
		}
	}
	return out
}

func (s *Sim) className(r int) string {
	if r == s.top.R {
		return ""
	}
	return s.net.Classes[r].Name
}

type netDef struct {
	name     queueing.Metric
	num, den func(d netSnap, length float64) float64
}

var networkDefs = []netDef{
	{queueing.Throughput, func(d netSnap, _ float64) float64 { return float64(d.exits) }, func(_ netSnap, l float64) float64 { return l }},
	{queueing.MeanInSystem, func(d netSnap, _ float64) float64 { return d.area }, func(_ netSnap, l float64) float64 { return l }},
	{queueing.MeanResponse, func(d netSnap, _ float64) float64 { return d.respSum }, func(d netSnap, _ float64) float64 { return float64(d.exits) }},
	{queueing.PLoss, func(d netSnap, _ float64) float64 { return float64(d.lost) }, func(d netSnap, _ float64) float64 { return float64(d.entered) }},
	{queueing.PAbandon, func(d netSnap, _ float64) float64 { return float64(d.abandoned) }, func(d netSnap, _ float64) float64 { return float64(d.entered) }},
	{queueing.PBalk, func(d netSnap, _ float64) float64 { return float64(d.lost) }, func(d netSnap, _ float64) float64 { return float64(d.entered) }},
}

func (s *Sim) networkMetrics(bounds []int) []Metric {
	o := &s.obs
	R := s.top.R
	anyCap, anyPat, anyBalk := false, false, false
	for _, st := range s.net.Stations {
		anyCap = anyCap || st.Capacity > 0 || (st.Buffer > 0 && s.anyOpen())
		anyPat = anyPat || st.Patience.Given()
		anyBalk = anyBalk || st.JoinProbability != nil
	}
	classes := []int{R}
	if R > 1 {
		for r := 0; r < R; r++ {
			classes = append(classes, r)
		}
	}
	k := len(bounds) - 1
	var out []Metric
	var buf []float64 // the metrics' Num and Den, cut from one array
	for _, r := range classes {
		for _, def := range networkDefs {
			if (def.name == queueing.PLoss && !anyCap) || (def.name == queueing.PAbandon && !anyPat) || (def.name == queueing.PBalk && (!anyBalk || anyCap)) {
				continue
			}
			if len(buf) < 2*k {
				buf = make([]float64, 2*k*len(networkDefs))
			}
			m := Metric{Station: NetworkStation, Class: s.className(r), Name: def.name, Num: buf[:k:k], Den: buf[k : 2*k : 2*k]}
			buf = buf[2*k:]
			for b := 0; b < k; b++ {
				a, z := o.nc[bounds[b]*(R+1)+r], o.nc[bounds[b+1]*(R+1)+r]
				d := netSnap{z.entered - a.entered, z.exits - a.exits, z.lost - a.lost, z.abandoned - a.abandoned, z.respSum - a.respSum, z.area - a.area}
				l := (o.at[bounds[b+1]] - o.at[bounds[b]]).Seconds()
				m.Num[b], m.Den[b] = def.num(d, l), def.den(d, l)
			}
			out = append(out, m)
		}
	}
	return out
}
