package validate

import (
	"math"
	"sort"

	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/model/network"
	"queuelab/validate/estimate"
)

// The station experiment is a one-station network: Station builds it
// (Config.Network) and runs it on the network simulator, model/network,
// with the same observation windows and batches as `queuelab net run`.
// Its random streams are those of the network's class and station:
// "arrivals/job", "service/station", "patience/station".
const (
	// StationName is the name of the network's one station.
	StationName = "station"
	// ClassName is the name of its one open class: the class a network
	// file's top-level arrivals define.
	ClassName = network.DefaultClass
)

// Network returns c's station as a one-station network: open class
// ClassName with Poisson arrivals at rate ArrivalRate into StationName, a
// FCFS station with c's servers, service law, capacity and patience, and
// no routes (every customer leaves after its service). `queuelab net run`
// of this network with c's seed, generator, warm-up and length measures
// the same numbers as Station.
func (c Config) Network() *network.Network {
	service := c.Service
	if c.serviceScale != 0 {
		service = service.WithMean(service.MeanValue() * c.serviceScale)
	}
	st := network.Station{Name: StationName, Servers: c.Servers, Discipline: des.FCFS, Service: service, Capacity: c.Capacity}
	switch c.Patience.Kind {
	case PatienceDet:
		st.Patience = network.Deterministic(c.Patience.Value)
	case PatienceExp:
		st.Patience = network.Exponential(c.Patience.Value)
	}
	return &network.Network{
		Name:     "station",
		Classes:  []network.Class{{Name: ClassName, Arrivals: network.PoissonArrivals(StationName, c.ArrivalRate)}},
		Stations: []network.Station{st},
	}
}

// Station simulates the station described by cfg and returns its
// measurements, each with a batch-means 95 % interval. The same Config
// (seed included) always gives the same Result.
func Station(cfg Config) (*Result, error) { return StationProgress(cfg, nil) }

// StationMeans is Station for a caller that keeps only point estimates (a
// sweep over replications): every metric's Mean is Station's, to the
// last bit, but no interval is formed (HalfWidth and SE are NaN, Batch is
// nil), and with a warm-up in seconds the run takes only the observation
// windows its batches read (network.Sim.PlanResult), so Events counts
// fewer events than Station's. A precision-driven run (cfg.Precision > 0)
// needs its intervals and gets Station's result.
func StationMeans(cfg Config) (*Result, error) {
	if cfg.Precision > 0 {
		return Station(cfg)
	}
	return stationRun(cfg, nil, meanOnly, true)
}

// meanOnly is estimate.Ratio without the interval.
func meanOnly(name string, num, den []float64) estimate.Estimate {
	return estimate.Estimate{Name: name, Mean: estimate.RatioMean(num, den), K: len(num), HalfWidth: math.NaN(), SE: math.NaN()}
}

// StationProgress is Station that also calls progress, if not nil, at the
// end of every observation window of the first length (about 1200 times
// per run length) with the simulated seconds so far and the most the run
// will simulate (for a precision-driven run: its MaxDuration plus
// warm-up).
func StationProgress(cfg Config, progress func(simulated, planned float64)) (*Result, error) {
	return stationRun(cfg, progress, estimate.Ratio, false)
}

// stationRun runs the station experiment, forming each metric's estimate
// from its batch sums with ratio; plan takes only the windows a fixed
// warm-up's batches read. Station does not plan, so that the events it
// reports are those an event profile counts, every window included.
func stationRun(cfg Config, progress func(simulated, planned float64), ratio func(name string, num, den []float64) estimate.Estimate, plan bool) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	planned := cfg.Duration
	total := cfg.Duration
	if cfg.Precision > 0 {
		planned, total = cfg.MaxDuration, cfg.MinDuration
	}
	planned += max(cfg.Warmup, 0)
	total += max(cfg.Warmup, 0)
	width := total / windowsPerRun
	s, err := network.New(cfg.Network(), network.Options{Seed: cfg.Seed, Generator: cfg.Generator, Window: width})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	err = s.Tap(network.TapConfig{Station: StationName, WaitAbove: cfg.WaitThresholds, Responses: len(cfg.ResponseQuantiles) > 0})
	if err != nil {
		return nil, err
	}
	if plan && cfg.Precision <= 0 && cfg.Warmup >= 0 {
		// One result at the end: take only the window boundaries it reads.
		if err := s.PlanResult(total, cfg.Warmup, cfg.batches()); err != nil {
			return nil, err
		}
	}
	// Run window by window so that progress can be shown; the events run
	// are those of one RunUntil(end).
	runTo := func(end float64) error {
		if progress == nil {
			return s.RunUntil(end)
		}
		for t := s.Now(); t < end; {
			t = min(end, t+width)
			if err := s.RunUntil(t); err != nil {
				return err
			}
			if progress != nil {
				progress(t, planned)
			}
		}
		return nil
	}
	end := total
	if err := runTo(end); err != nil {
		return nil, err
	}
	res, err := stationResult(s, cfg, ratio)
	if err != nil || cfg.Precision <= 0 {
		return res, err
	}
	maxEnd := cfg.MaxDuration + max(cfg.Warmup, 0)
	for !res.precise() && end < maxEnd {
		// Grow by a quarter of the run so the number of checks stays
		// logarithmic in the final length.
		end = min(maxEnd, end+max(end/4, width))
		if err := runTo(end); err != nil {
			return nil, err
		}
		if res, err = stationResult(s, cfg, ratio); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// stationResult turns the simulation's batches into estimates by ratio
// (estimate.Ratio, or meanOnly).
func stationResult(s *network.Sim, cfg Config, ratio func(name string, num, den []float64) estimate.Estimate) (*Result, error) {
	nr := s.Result(cfg.Warmup, cfg.batches())
	snaps, taps, err := s.StationBatches(nr, StationName)
	if err != nil {
		return nil, err
	}
	res := &Result{Config: cfg, Warmup: nr.Warmup, Measured: nr.Measured, WarmupByMSER: nr.WarmupByMSER, Events: nr.Events}
	for i := range snaps {
		d := &snaps[i]
		res.Customers += d.Arrivals
		res.Completed += d.Departures + d.Abandons + d.Losses
	}
	k := len(snaps)
	num, den := make([]float64, k), make([]float64, k)
	for _, def := range stationDefs {
		if m, ok := nr.Metric(StationName, "", def.network); ok && def.network != "" {
			// The network simulator's own metric: the numbers of net run.
			res.Metrics = append(res.Metrics, ratio(string(def.name), m.Num, m.Den))
			continue
		}
		for b := range snaps {
			num[b], den[b] = def.terms(&snaps[b], &taps[b])
		}
		res.Metrics = append(res.Metrics, ratio(string(def.name), num, den))
	}
	for j, t := range cfg.WaitThresholds {
		for b := range snaps {
			num[b], den[b] = float64(taps[b].Above[j]), float64(snaps[b].Starts+snaps[b].Abandons)
		}
		res.Metrics = append(res.Metrics, ratio(string(WaitMetricName(t)), num, den))
	}
	res.Metrics = append(res.Metrics, quantileEstimates(cfg.ResponseQuantiles, taps)...)
	return res, nil
}

// stationDef is one metric of MetricNames as a ratio of batch sums: the
// network simulator's metric of that name when it has one (network), else
// terms over the batch's station statistics and tap counts.
type stationDef struct {
	name    queueing.Metric
	network queueing.Metric
	terms   func(d *des.StationSnapshot, t *network.TapBatch) (num, den float64)
}

// stationDefs are the metrics of MetricNames, in its order. A customer's
// wait is filed when it becomes known (at the start of service, or on
// abandoning), its response when it departs.
var stationDefs = [...]stationDef{
	{queueing.PWait, "", func(d *des.StationSnapshot, t *network.TapBatch) (float64, float64) {
		return float64(t.Waited), float64(d.Arrivals - d.Losses)
	}},
	{queueing.MeanWait, queueing.MeanWait, func(d *des.StationSnapshot, _ *network.TapBatch) (float64, float64) {
		return d.WaitSum + d.AbandonedSum, float64(d.Starts + d.Abandons)
	}},
	{queueing.MeanWaitServed, "", func(d *des.StationSnapshot, _ *network.TapBatch) (float64, float64) {
		return d.WaitSum, float64(d.Starts)
	}},
	{queueing.PAbandon, queueing.PAbandon, func(d *des.StationSnapshot, _ *network.TapBatch) (float64, float64) {
		return float64(d.Abandons), float64(d.Arrivals - d.Losses)
	}},
	{queueing.PBlock, queueing.PLoss, func(d *des.StationSnapshot, _ *network.TapBatch) (float64, float64) {
		return float64(d.Losses), float64(d.Arrivals)
	}},
	{queueing.Utilization, queueing.Utilization, nil}, // always measured at a station with servers
	{queueing.MeanInQueue, queueing.MeanInQueue, perSecond(func(d *des.StationSnapshot) float64 { return d.InQueueArea })},
	{queueing.MeanInSystem, queueing.MeanInSystem, perSecond(func(d *des.StationSnapshot) float64 { return d.InSystemArea })},
	{queueing.Throughput, queueing.Throughput, perSecond(func(d *des.StationSnapshot) float64 { return float64(d.Departures) })},
	{queueing.ArrivalRate, "", perSecond(func(d *des.StationSnapshot) float64 { return float64(d.Arrivals) })},
	{queueing.AdmittedRate, "", perSecond(func(d *des.StationSnapshot) float64 { return float64(d.Arrivals - d.Losses) })},
	{queueing.MeanResponse, queueing.MeanResponse, func(d *des.StationSnapshot, _ *network.TapBatch) (float64, float64) {
		return d.SojournSum, float64(d.Departures)
	}},
	{queueing.MeanSojourn, "", func(d *des.StationSnapshot, _ *network.TapBatch) (float64, float64) {
		return d.SojournSum + d.AbandonedSum, float64(d.Departures + d.Abandons)
	}},
	{queueing.LittleGap, "", perSecond(func(d *des.StationSnapshot) float64 { return d.InSystemArea - d.SojournSum - d.AbandonedSum })},
}

// perSecond is the time average of a batch quantity: it over the batch's
// length.
func perSecond(f func(d *des.StationSnapshot) float64) func(*des.StationSnapshot, *network.TapBatch) (float64, float64) {
	return func(d *des.StationSnapshot, _ *network.TapBatch) (float64, float64) { return f(d), d.At.Seconds() }
}

// quantileEstimates returns the response-time quantile estimates: each
// quantile computed exactly per batch, with a batch-means interval.
func quantileEstimates(ps []float64, taps []network.TapBatch) []estimate.Estimate {
	if len(ps) == 0 {
		return nil
	}
	qs := make([][]float64, len(ps))
	var buf []float64
	for _, t := range taps {
		buf = append(buf[:0], t.Responses...)
		sort.Float64s(buf)
		for j, p := range ps {
			qs[j] = append(qs[j], estimate.SortedQuantile(buf, p))
		}
	}
	out := make([]estimate.Estimate, len(ps))
	for j, p := range ps {
		out[j] = estimate.Mean(string(QuantileMetricName(p)), qs[j])
	}
	return out
}
