package validate

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/model/network"
	"queuelab/validate/estimate"
)

// NetworkConfig describes a simulation of a queueing network file and its
// comparison with analytic.SolveNetwork.
type NetworkConfig struct {
	Network   *network.Network
	Seed      uint64
	Generator des.Generator
	// Duration is the simulated length in seconds after the warm-up (with
	// Precision: the first length tried).
	Duration float64
	// Warmup is discarded first (seconds); AutoWarmup (negative) discards
	// NetworkWarmupShare of Duration instead, out of Duration (see
	// NetworkWarmupShare for why not MSER-5).
	Warmup float64
	// Precision > 0 grows the run (by quarters, as Station does) until the
	// 95 % relative half-width of every metric named in PrecisionNames
	// that has an analytic value (at every station and class) is at most
	// Precision, or MaxDuration. Without PrecisionNames it applies to the
	// network's mean end-to-end response time, all classes together.
	Precision, MaxDuration float64
	PrecisionNames         []queueing.Metric
	// PrecisionAll applies Precision to every metric that has a finite
	// analytic value instead (PrecisionNames is then ignored): net run's
	// default, so that its checks have the power to give a verdict.
	PrecisionAll bool
	// Replications ≥ 2 runs independent replications on all cores through
	// des.Replicate (seeds des.ReplicationSeed(Seed, i)) and builds every
	// interval across their means; 0 or 1: one run, batch means.
	Replications int
	Batches      int // batches of one run (0: DefaultBatches)
	// Trace, if set, receives the visits of the first replication's run
	// (warm-up included; net run --trace).
	Trace *network.Trace
	// Percentiles adds the p50/p90/p99 response and wait metrics
	// (network.Options.Percentiles), checked against the exact values
	// where analytic gives them.
	Percentiles bool
	// PercentileBudget bounds the observations the percentiles keep
	// (network.Options.PercentileBudget; 0: network.PercentileBudget).
	PercentileBudget int
	// Formulas, if not nil, are taken as the analytic values instead of
	// solving the network again: a study that runs one stable network
	// many times (TestNetworkCoverage: 200 seeds per model) solves it once
	// with analytic.SolveNetwork of Network.Analytic(). They must be that
	// network's own; nil: RunNetwork solves it.
	Formulas []analytic.NetMetric
}

// Simulated is the longest simulated time one replication of c can run, in
// seconds: Duration (MaxDuration with Precision) plus a fixed warm-up.
func (c NetworkConfig) Simulated() float64 {
	d := c.Duration
	if c.Precision > 0 {
		d = math.Max(d, c.MaxDuration)
	}
	return d + max(c.Warmup, 0)
}

// NetworkApproxTol is the relative tolerance given to an approximate
// method (QNA, Kingman, Allen–Cunneen, AMVA, bounds): the verdict reports
// how far the formula is off, (formula − sim)/|sim|, and is DISAGREES only
// when that error is beyond ±50 % by more than noise explains:
// |sim − formula| > 0.5·|sim| + 1.5·h_α (Check.SimRelative). The rule is
// symmetric in the printed error: +60 % and −60 % both fail, +40 % and
// −40 % both pass.
const NetworkApproxTol = 0.5

// NetworkCheck is one simulated metric of a station (or "network") and
// class ("" for all) beside one analytic value (Check.Formula NaN when no
// method applies; Check.Source is the method).
type NetworkCheck struct {
	Station, Class string
	Check
}

// NetworkReport is the outcome of RunNetwork.
type NetworkReport struct {
	Config           NetworkConfig
	Result           *network.Result // the (first) run's result
	Warmup, Measured float64         // s, per replication
	Customers        int64           // customers measured, over all replications
	Checks           []NetworkCheck
	// SolveErr is why SolveNetwork gave nothing (nil when it did);
	// Unstable is set when an open station is overloaded: then the
	// simulation has no steady state, no checks are made and the report
	// names the station.
	SolveErr error
	Unstable *analytic.UnstableError
	// ShortOfPrecision counts the replications of a precision run that
	// stopped at MaxDuration before reaching the target (see
	// PrecisionShortfall).
	ShortOfPrecision int
	// ShortMetric names the first metric that fell short in the first
	// such replication ("mean_wait at q1, class a"); empty when none did.
	ShortMetric string
}

// Validate reports what is wrong with the run settings.
func (c NetworkConfig) Validate() error {
	switch {
	case c.Network == nil:
		return errors.New("network: none given")
	case !finitePos(c.Duration) || c.Duration > 1e9:
		return fmt.Errorf("duration: must be between 0 and 1e9 seconds (exclusive of 0), got %v", c.Duration)
	case math.IsNaN(c.Warmup) || c.Warmup > 1e9:
		return fmt.Errorf("warmup: must be at most 1e9 seconds (or negative for MSER-5), got %v", c.Warmup)
	case c.Precision < 0 || c.Precision >= 1:
		return fmt.Errorf("precision: relative half-width must be in (0, 1), got %v", c.Precision)
	case c.Precision > 0 && !(c.MaxDuration >= c.Duration && c.MaxDuration <= 1e9):
		return fmt.Errorf("max duration: must be between the duration (%v s) and 1e9 s, got %v", c.Duration, c.MaxDuration)
	case c.Replications < 0 || c.Replications > 10_000:
		return fmt.Errorf("replications: must be between 1 and 10000, got %d", c.Replications)
	case c.Batches != 0 && (c.Batches < 2 || c.Batches > 1000):
		return fmt.Errorf("batches: must be between 2 and 1000, got %d", c.Batches)
	}
	return c.Network.Validate()
}

// RunNetwork solves the network analytically, simulates it and judges
// every simulated metric against every analytic value of the same
// station, class and name with DefaultRule. An unstable open network is
// not simulated: the report's Unstable names the station. An open network
// whose customers can never leave is not simulated either: the error is
// analytic.ErrNoExit.
func RunNetwork(cfg NetworkConfig) (*NetworkReport, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	rep := &NetworkReport{Config: cfg}
	an, err := cfg.Network.Analytic()
	if err != nil {
		return nil, err
	}
	formulas, err := cfg.Formulas, error(nil)
	if formulas == nil {
		formulas, err = analytic.SolveNetwork(an)
	}
	if err != nil {
		var u *analytic.UnstableError
		if errors.As(err, &u) {
			rep.Unstable = u
			return rep, nil
		}
		if errors.Is(err, analytic.ErrNoExit) {
			return nil, err // no steady state, and a run would only grow
		}
		rep.SolveErr = err
	}
	reps := max(cfg.Replications, 1)
	keys := precisionKeys(cfg, formulas)
	type run struct {
		res *network.Result
		err error
	}
	runs := des.Replicate(reps, 0, func(i int) run {
		seed, c := cfg.Seed, cfg
		if reps > 1 {
			seed = des.ReplicationSeed(cfg.Seed, i)
		}
		if i > 0 {
			c.Trace = nil
		}
		r, err := simulateNetwork(c, seed, keys)
		return run{r, err}
	}, nil)
	results := make([]*network.Result, reps)
	for i, r := range runs {
		if r.err != nil {
			return nil, r.err
		}
		results[i] = r.res
		rep.Customers += r.res.Customers
		if cfg.Precision > 0 {
			if short := imprecise(r.res, cfg.Precision, keys); short != "" {
				if rep.ShortOfPrecision == 0 {
					rep.ShortMetric = short
				}
				rep.ShortOfPrecision++
			}
		}
	}
	rep.Result = results[0]
	rep.Warmup, rep.Measured = results[0].Warmup, results[0].Measured
	rep.Checks = NetworkChecks(cfg.Network, results, formulas)
	return rep, nil
}

// metricKey identifies a metric of a station (or "network") and class.
type metricKey struct {
	station, class string
	name           queueing.Metric
}

// simClass is the class under which the simulation of n reports the
// metric of formula f: with one class only the total (class ""), which
// is that class's.
func simClass(f analytic.NetMetric, n *network.Network) string {
	if len(n.Classes) == 1 {
		return ""
	}
	return f.Class
}

// precisionKeys lists the metrics the precision target applies to.
func precisionKeys(cfg NetworkConfig, formulas []analytic.NetMetric) map[metricKey]bool {
	keys := map[metricKey]bool{}
	if cfg.PrecisionAll {
		for _, f := range formulas {
			// Percentiles (net run --percentiles) are reported at the
			// precision the means reach: a p50_wait of 0 has no relative
			// half-width to reach.
			// A metric whose exact value is 0 (no loss where nothing can
			// be lost) has no relative half-width to reach; its check
			// still judges it.
			if !math.IsInf(f.Value, 1) && f.Value != 0 && !queueing.IsPercentile(f.Name) {
				keys[metricKey{f.Station, simClass(f, cfg.Network), f.Name}] = true
			}
		}
		return keys
	}
	if len(cfg.PrecisionNames) == 0 {
		keys[metricKey{network.NetworkStation, "", queueing.MeanResponse}] = true
		return keys
	}
	for _, f := range formulas {
		class := simClass(f, cfg.Network)
		for _, n := range cfg.PrecisionNames {
			if f.Name == n {
				keys[metricKey{f.Station, class, n}] = true
			}
		}
	}
	return keys
}

// NetworkWarmupShare is the share of the run RunNetwork discards as
// warm-up when none is given (NetworkConfig.Warmup < 0). A fixed share,
// not a data-driven rule: MSER-5 on the number in the network deletes the
// stretch that minimises the remaining variance, which on heavy-tailed
// service is a stretch with a long excursion, so it biases means low
// (over 400 seeds, −1.2 % ≈ −5 SE on an M/H2/1 LCFS-PR queue length,
// deleting up to half the run) and lowers coverage; a fixed share cannot
// select. At the default run lengths (200 000 mean times) 5 % is 10⁴ mean
// times, beyond the relaxation time of a queue up to ρ ≈ 0.99. The
// measured bias of both rules is in TestNetworkWarmupBias
// (warmup_long_test.go) and the README.
const NetworkWarmupShare = 0.05

// simulateNetwork runs one replication.
func simulateNetwork(cfg NetworkConfig, seed uint64, keys map[metricKey]bool) (*network.Result, error) {
	if cfg.Warmup < 0 {
		cfg.Warmup = NetworkWarmupShare * cfg.Duration
		cfg.Duration -= cfg.Warmup
	}
	total := cfg.Duration + max(cfg.Warmup, 0)
	s, err := network.New(cfg.Network, network.Options{Seed: seed, Generator: cfg.Generator, Window: total / windowsPerRun, Trace: cfg.Trace, Percentiles: cfg.Percentiles, PercentileBudget: cfg.PercentileBudget})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	end := total
	if cfg.Precision <= 0 {
		// One result at the end: take only the window boundaries it reads.
		if err := s.PlanResult(end, cfg.Warmup, cfg.Batches); err != nil {
			return nil, err
		}
	}
	if err := s.RunUntil(end); err != nil {
		return nil, err
	}
	res := s.Result(cfg.Warmup, cfg.Batches)
	if cfg.Precision <= 0 {
		return res, nil
	}
	maxEnd := cfg.MaxDuration + max(cfg.Warmup, 0)
	for end < maxEnd && !networkPrecise(res, cfg.Precision, keys) {
		end = min(maxEnd, end+end/4)
		if err := s.RunUntil(end); err != nil {
			return nil, err
		}
		res = s.Result(cfg.Warmup, cfg.Batches)
	}
	return res, nil
}

func networkPrecise(res *network.Result, p float64, keys map[metricKey]bool) bool {
	return imprecise(res, p, keys) == ""
}

// imprecise names the first metric of res (in its order) among keys whose
// 95 % relative half-width exceeds p; "" when there is none.
func imprecise(res *network.Result, p float64, keys map[metricKey]bool) string {
	for _, m := range res.Metrics {
		if keys[metricKey{m.Station, m.Class, m.Name}] && !(estimate.Ratio(string(m.Name), m.Num, m.Den).RelativeHalfWidth() <= p) {
			what := fmt.Sprintf("%s at %s", m.Name, m.Station)
			if m.Station == network.NetworkStation {
				what = fmt.Sprintf("the network's %s", m.Name)
			}
			if m.Class != "" {
				what += fmt.Sprintf(", class %s", m.Class)
			}
			return what
		}
	}
	return ""
}

// metricEstimate is the interval of one metric: batch means of one run,
// or across replications.
func metricEstimate(results []*network.Result, m network.Metric) estimate.Estimate {
	if len(results) == 1 {
		return estimate.Ratio(string(m.Name), m.Num, m.Den)
	}
	xs := make([]float64, len(results))
	for i, r := range results {
		mi, _ := r.Metric(m.Station, m.Class, m.Name)
		xs[i] = mi.Value()
	}
	return estimate.Mean(string(m.Name), xs)
}

// NetworkChecks judges every metric of results (one run: batch means;
// several replications: across them) against every analytic value of the
// same station, class and name, with DefaultRule. Exact methods must
// agree; approximate ones get NetworkApproxTol. A metric no method covers
// gets one check with a NaN formula (verdict Info). A live page calls it
// on a running Sim's Result.
func NetworkChecks(n *network.Network, results []*network.Result, formulas []analytic.NetMetric) []NetworkCheck {
	var out []NetworkCheck
	for _, m := range results[0].Metrics {
		est := metricEstimate(results, m)
		base := Check{Group: n.Name, Name: string(m.Name), Sim: est, Formula: math.NaN(), Expected: math.NaN()}
		var matched []analytic.NetMetric
		seen := map[string]bool{}
		for _, f := range formulas {
			if f.Station == m.Station && simClass(f, n) == m.Class && f.Name == m.Name && !seen[f.Method] {
				seen[f.Method] = true
				f.Class = m.Class // one group: PreferClosedForms compares within it
				matched = append(matched, f)
			}
		}
		matched = analytic.PreferClosedForms(matched)
		if len(matched) == 0 {
			c := NetworkCheck{m.Station, m.Class, base}
			c.Judge(DefaultRule)
			out = append(out, c)
			continue
		}
		for _, f := range matched {
			c := NetworkCheck{m.Station, m.Class, base}
			c.Formula, c.Source, c.Approx = f.Value, f.Method, !f.Exact
			if c.Approx {
				c.Tol, c.SimRelative = NetworkApproxTol, true
			}
			if strings.HasPrefix(string(m.Name), "p_") {
				var cust int64
				for _, r := range results {
					cust += r.Customers
				}
				c.Expected = f.Value * float64(cust)
			}
			if m.Name == queueing.MeanWait || m.Name == queueing.MeanInQueue {
				c.Expected = expectedWaiters(results, m, formulas)
			}
			c.Judge(DefaultRule)
			out = append(out, c)
		}
	}
	return out
}

// expectedWaiters returns about how many customers the formulas expect to
// have waited at m's station (and class) in results: its departures
// times its utilisation, which is P(wait) for one server (any M/G/1) and
// more than it for several, so a run that saw nobody wait is called too
// short to test (Check.Expected) only when even this generous figure is
// small. NaN when the station has no utilisation value.
func expectedWaiters(results []*network.Result, m network.Metric, formulas []analytic.NetMetric) float64 {
	rho := math.NaN()
	for _, f := range formulas {
		if f.Station == m.Station && f.Class == "" && f.Name == queueing.Utilization {
			rho = f.Value
		}
	}
	departures := 0.0
	for _, r := range results {
		if x, ok := r.Metric(m.Station, m.Class, queueing.Throughput); ok {
			for _, y := range x.Num {
				departures += y
			}
		}
	}
	return rho * departures
}
