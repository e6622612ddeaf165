package validate

import (
	"fmt"
	"math"
	"time"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/model/network"
)

// Experiment is one simulation run of the catalogue and the checks made
// on its result.
type Experiment struct {
	Name   string
	Config Config
	// Quick experiments are part of the --quick catalogue; the full run
	// has every experiment, each FullFactor times longer.
	Quick bool
	// FullDuration is the measured length of the full run (0: FullFactor
	// times Config.Duration, the quick length).
	FullDuration float64
	// Main, if set, makes the run precision-driven: it stops when the 95 %
	// relative half-width of Main reaches QuickPrecision (FullPrecision),
	// between a quarter and four times the nominal duration. Main is the
	// slowest-converging metric of the experiment, so the others have
	// their power too.
	Main string
	Also []string // further metrics the precision target applies to
	// Checks turns the run's result into checks (not yet judged).
	Checks func(r *Result) []Check
}

// Precision targets of precision-driven experiments. The power part of
// DefaultRule needs h_α ≤ 5 % of the value at α = 10⁻⁴, that is a 95 %
// relative half-width ≤ 5 %·t(0.975, 29)/t(0.99995, 29) ≈ 2.3 %; the quick
// target leaves a margin for the noise of the half-width itself, and the
// full run halves it (four times the run length).
const (
	QuickPrecision = 0.018
	FullPrecision  = 0.009
)

// WarmupShare is the share of the nominal run length deleted as warm-up in
// catalogue runs, which start empty. The catalogue uses this fixed
// deletion rather than MSER-5 because the coverage meta-test measured that
// MSER-5's data-driven truncation costs interval coverage: on 800 short
// M/M/1 runs (ρ = 0.5, 20 000 s, seed 2024) nominal 95 % intervals for L
// covered the truth in 91.9 % of runs with MSER-5 and 93.9 % with no
// deletion at all — MSER tends to cut off runs' early high excursions,
// biasing the mean down. 5 % of every catalogue run is hundreds of
// relaxation times of its station, so the start-up bias is negligible.
const WarmupShare = 0.05

// FullFactor is how much longer each experiment runs in the full
// catalogue than in the quick one.
const FullFactor = 4

// Options controls a catalogue run.
type Options struct {
	Quick   bool
	Seed    uint64 // base seed; experiment i runs with des.ReplicationSeed(Seed, i)
	Workers int    // parallel runs (default GOMAXPROCS)
	Rule    Rule   // zero value: DefaultRule
	// Progress, if not nil, is called after each experiment with the
	// number done and the total (from the worker goroutines, serialised).
	Progress func(done, total int)

	// NoModels leaves out the model-level experiments (ModelCatalogue and
	// ProbeCatalogue).
	NoModels bool

	serviceScale float64 // test-only: break the model on purpose
	breaks       breaks  // test-only: break the models' mechanisms on purpose
}

// Report is the outcome of a catalogue run.
type Report struct {
	Quick       bool
	Seed        uint64
	Rule        Rule
	Experiments []ExperimentResult
	Checks      []Check
	Elapsed     time.Duration
	// Failed counts checks that DISAGREE or are inconclusive.
	Failed int
}

// ExperimentResult records one run.
type ExperimentResult struct {
	Name      string
	Seed      uint64
	Warmup    float64
	Measured  float64
	Customers int64
	Err       error
}

// FamilyWise returns the Bonferroni bound on the probability that at
// least one exact check fails by chance: min(1, m·α).
func (r *Report) FamilyWise() float64 {
	m := 0
	for _, c := range r.Checks {
		if c.Verdict != Info {
			m++
		}
	}
	return math.Min(1, float64(m)*r.Rule.Alpha)
}

// Run runs the catalogue (the quick subset if opts.Quick) and judges every
// check.
func Run(opts Options) (*Report, error) {
	start := time.Now()
	rule := opts.Rule
	if rule == (Rule{}) {
		rule = DefaultRule
	}
	var exps []Experiment
	for _, e := range Catalogue() {
		if opts.Quick && !e.Quick {
			continue
		}
		exps = append(exps, e)
	}
	var models []ModelExperiment
	if !opts.NoModels {
		for _, e := range ModelCatalogue() {
			if opts.Quick && !e.Quick {
				continue
			}
			models = append(models, e)
		}
	}
	var all, probes []ProbeExperiment
	if !opts.NoModels {
		all = probeCatalogue(opts.breaks)
	}
	for _, e := range append(all, networkProbes()...) {
		if opts.Quick && !e.Quick {
			continue
		}
		probes = append(probes, e)
	}
	type out struct {
		res      *Result
		model    *ModelResult
		probe    []Check
		measured float64
		err      error
	}
	total := len(exps) + len(models) + len(probes)
	results := des.Replicate(total, opts.Workers, func(i int) out {
		seed := des.ReplicationSeed(opts.Seed, i)
		if i >= len(exps)+len(models) {
			cs, measured, err := probes[i-len(exps)-len(models)].Run(seed, opts.Quick)
			return out{probe: cs, measured: measured, err: err}
		}
		if i >= len(exps) {
			m, err := runModel(models[i-len(exps)], seed, opts.Quick)
			return out{model: m, err: err}
		}
		r, err := Station(exps[i].runConfig(opts, seed))
		return out{res: r, err: err}
	}, func(finished int) {
		if opts.Progress != nil {
			opts.Progress(finished, total)
		}
	})
	rep := &Report{Quick: opts.Quick, Seed: opts.Seed, Rule: rule}
	add := func(group string, cs []Check) {
		for _, c := range cs {
			c.Group = group
			c.Judge(rule)
			if c.Verdict.Failed() {
				rep.Failed++
			}
			rep.Checks = append(rep.Checks, c)
		}
	}
	for i := 0; i < total; i++ {
		o := results[i]
		name := ""
		switch {
		case i < len(exps):
			name = exps[i].Name
		case i < len(exps)+len(models):
			name = models[i-len(exps)].Name
		default:
			name = probes[i-len(exps)-len(models)].Name
		}
		er := ExperimentResult{Name: name, Seed: des.ReplicationSeed(opts.Seed, i), Err: o.err}
		if o.err != nil {
			rep.Experiments = append(rep.Experiments, er)
			return rep, fmt.Errorf("experiment %q: %w", name, o.err)
		}
		if o.res != nil {
			er.Warmup, er.Measured, er.Customers = o.res.Warmup, o.res.Measured, o.res.Customers
			rep.Experiments = append(rep.Experiments, er)
			add(name, exps[i].Checks(o.res))
			continue
		}
		if o.model == nil {
			er.Measured = o.measured
			rep.Experiments = append(rep.Experiments, er)
			add(name, o.probe)
			continue
		}
		er.Measured = 60 * float64(len(o.model.DES.Minutes))
		rep.Experiments = append(rep.Experiments, er)
		add(name, models[i-len(exps)].Checks(o.model.DES, o.model.Twin, opts.Quick))
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// runConfig is the configuration experiment e runs with under opts.
func (e Experiment) runConfig(opts Options, seed uint64) Config {
	cfg := e.Config
	cfg.Seed = seed
	cfg.serviceScale = opts.serviceScale
	if !opts.Quick {
		if e.FullDuration > 0 {
			cfg.Duration = e.FullDuration
		} else {
			cfg.Duration *= FullFactor
		}
	}
	// A fixed deletion instead of MSER-5; see WarmupShare.
	cfg.Warmup = WarmupShare * cfg.Duration
	if e.Main != "" {
		cfg.Main = e.Main
		cfg.PrecisionAlso = e.Also
		cfg.Precision = QuickPrecision
		if !opts.Quick {
			cfg.Precision = FullPrecision
		}
		cfg.MinDuration, cfg.MaxDuration = cfg.Duration/4, 4*cfg.Duration
	}
	return cfg
}

// labels are the human names of the station metrics.
var labels = map[string]string{
	"p_wait":           "P(wait)",
	"mean_wait":        "mean wait (all)",
	"mean_wait_served": "mean wait (served)",
	"p_abandon":        "P(abandon)",
	"p_block":          "P(block)",
	"p_loss":           "P(loss)",
	"utilization":      "utilisation",
	"mean_in_queue":    "Lq",
	"mean_in_system":   "L",
	"throughput":       "throughput",
	"mean_response":    "mean response",
	"mean_sojourn":     "mean sojourn (all)",
}

// Label returns the human name of metric name.
func Label(name string) string {
	if l, ok := labels[name]; ok {
		return l
	}
	var t float64
	if _, err := fmt.Sscanf(name, "p_wait_gt_%g", &t); err == nil {
		return fmt.Sprintf("P(W > %g s)", t)
	}
	var p float64
	if _, err := fmt.Sscanf(name, "response_p%g", &p); err == nil {
		return fmt.Sprintf("response p%g", p)
	}
	return name
}

// StationChecks compares the named metrics of r with the station's exact
// formulas (Formulas); metrics without a formula are skipped.
func StationChecks(r *Result, names ...string) []Check {
	f := Formulas(r.Config)
	var out []Check
	for _, n := range names {
		e, ok := r.Metric(n)
		fv, ok2 := f[n]
		if !ok || !ok2 {
			continue
		}
		out = append(out, Check{
			Name: Label(n), Sim: e, Formula: fv.Value, Source: fv.Source,
			Approx: fv.Approx, Tol: fv.Tol, Expected: expectedEvents(r, f, n),
		})
	}
	return out
}

// expectedEvents is the number of events the formula expects behind a
// probability or a waiting metric over the measured run, for judging runs
// that saw none.
func expectedEvents(r *Result, f map[string]Formula, name string) float64 {
	base := name
	switch name {
	case "mean_wait", "mean_wait_served", "mean_in_queue":
		base = "p_wait"
	}
	if len(base) > 2 && base[:2] == "p_" {
		if fv, ok := f[base]; ok {
			return fv.Value * float64(r.Customers)
		}
	}
	return math.NaN()
}

// LittleCheck checks Little's law L = λW on r with the three quantities
// measured independently: L is the time-average number in the system, λ
// the rate of customers leaving (served or abandoning) and W their mean
// time in the system. The decision uses the batch-means interval of the
// per-batch gap L − λW, which is 0 up to the customers present at the
// batch edges.
func LittleCheck(r *Result) Check {
	l, _ := r.Metric("mean_in_system")
	gap, _ := r.Metric("little_gap")
	sim := l
	sim.SE = gap.SE
	sim.HalfWidth = gap.HalfWidth
	return Check{
		Name: "Little L = λW", Sim: sim, Formula: l.Mean - gap.Mean,
		Source: "Little's law, λ·W measured", Expected: math.NaN(),
		Note: "L time-averaged; λ and W measured per customer; interval of the gap L − λW",
	}
}

// Catalogue returns every experiment of the station-level catalogue.
// Durations are those of the quick run (the full run multiplies them by
// FullFactor); each was chosen so that every check has power under
// DefaultRule at that length.
func Catalogue() []Experiment {
	var cat []Experiment
	queueMetrics := []string{"p_wait", "mean_wait", "mean_in_queue", "mean_in_system", "utilization", "throughput"}
	mm := func(name string, c int, lam, mu, dur, full float64, quick bool) Experiment {
		q := analytic.MMc{Servers: c, Lambda: lam, Mu: mu}
		t := 1 / (float64(c)*mu - lam) // P(W > t) = C/e
		t = math.Round(t*1000) / 1000
		return Experiment{
			Name:         name,
			Quick:        quick,
			FullDuration: full,
			Main:         "mean_in_queue",
			Also:         []string{"mean_wait", WaitMetricName(t)},
			Config: Config{Servers: c, ArrivalRate: lam, Service: network.Exponential(1 / mu),
				Duration: dur, Warmup: AutoWarmup, WaitThresholds: []float64{t}},
			Checks: func(r *Result) []Check {
				cs := StationChecks(r, append(queueMetrics, WaitMetricName(t))...)
				_ = q
				return append(cs, LittleCheck(r))
			},
		}
	}
	cat = append(cat,
		mm("M/M/1 ρ=0.5", 1, 0.5, 1, 2.5e5, 0, true),
		mm("M/M/1 ρ=0.8", 1, 0.8, 1, 1e6, 0, true),
		mm("M/M/1 ρ=0.95", 1, 0.95, 1, 0, 2e7, false),
		mm("M/M/10 ρ=0.5", 10, 5, 1, 6.4e5, 0, true),
		mm("M/M/10 ρ=0.8", 10, 8, 1, 3.2e5, 0, true),
		mm("M/M/10 ρ=0.95", 10, 9.5, 1, 1.5e6, 0, true),
		mm("M/M/192 slot pool ρ=0.95 (λ=400/s, S=0.456 s)", 192, 400, 1/0.456, 0, 1.5e5, false),
	)
	// The switch's normal day: waiting is too rare to test (C ≈ 6·10⁻⁷),
	// so only the load quantities are checked.
	cat = append(cat, Experiment{
		Name: "M/M/192 slot pool, normal day (λ=400/s, S=0.33 s)", Quick: true,
		Config: Config{Servers: 192, ArrivalRate: 400, Service: network.Exponential(0.33), Duration: 200, Warmup: AutoWarmup},
		Checks: func(r *Result) []Check {
			return append(StationChecks(r, "utilization", "mean_in_system", "throughput"), LittleCheck(r))
		},
	})
	// Erlang B insensitivity: the same blocking for three service laws.
	for _, s := range []network.Dist{network.Exponential(1), network.Deterministic(1), network.Shaped(network.LogNormal, 1, 2)} {
		name := fmt.Sprintf("M/G/10/10 loss, %s service (a=8)", ServiceName(s.Kind))
		if s.Kind == network.LogNormal {
			name = "M/G/10/10 loss, lognormal CV=2 service (a=8)"
		}
		cat = append(cat, Experiment{
			Name: name, Quick: true, Main: "p_block",
			Config: Config{Servers: 10, ArrivalRate: 8, Service: s, Capacity: 10, Duration: 6e4, Warmup: AutoWarmup},
			Checks: func(r *Result) []Check {
				return append(StationChecks(r, "p_block", "utilization", "mean_in_system"), LittleCheck(r))
			},
		})
	}
	cat = append(cat, Experiment{
		Name: "M/M/3/10 (λ=2.7, μ=1)", Quick: true, Main: "p_block", Also: []string{"mean_in_queue"},
		Config: Config{Servers: 3, ArrivalRate: 2.7, Service: network.Exponential(1), Capacity: 10, Duration: 2.5e5, Warmup: AutoWarmup},
		Checks: func(r *Result) []Check {
			return append(StationChecks(r, "p_block", "p_wait", "mean_wait", "mean_in_queue", "mean_in_system", "throughput"), LittleCheck(r))
		},
	})
	// Pollaczek–Khinchine: M/G/1 with the service law's second moment.
	for _, s := range []network.Dist{network.Deterministic(1), network.Shaped(network.HyperExp, 1, 2), network.ErlangK(1, 4)} {
		dur := 3e5
		if s.Kind == network.HyperExp {
			dur = 1.4e6
		}
		cat = append(cat, Experiment{
			Name: fmt.Sprintf("M/G/1 ρ=0.7, %s service (Pollaczek–Khinchine)", ServiceName(s.Kind)), Quick: s.Kind != network.Erlang, Main: "mean_wait",
			Config: Config{Servers: 1, ArrivalRate: 0.7, Service: s, Duration: dur, Warmup: AutoWarmup},
			Checks: func(r *Result) []Check {
				return append(StationChecks(r, "p_wait", "mean_wait", "mean_in_system"), LittleCheck(r))
			},
		})
	}
	cat = append(cat, patienceExperiments()...)
	cat = append(cat, p99Experiments()...)
	cat = append(cat, dbExperiments()...)
	return cat
}

func patienceExperiments() []Experiment {
	var cat []Experiment
	for _, x := range []struct {
		c     int
		lam   float64
		dur   float64
		quick bool
	}{{10, 9.5, 5e5, true}, {10, 9, 0, false}, {10, 12, 4e4, true}} {
		cfg := Config{Servers: x.c, ArrivalRate: x.lam, Service: network.Exponential(1), Patience: Patience{PatienceDet, 2},
			Duration: x.dur, Warmup: AutoWarmup, WaitThresholds: []float64{1}}
		full := 0.0
		if !x.quick {
			full = 2e6
		}
		cat = append(cat, Experiment{
			Name: fmt.Sprintf("M/M/%d+D, D=2 s, ρ=%.2f", x.c, cfg.Rho()), Quick: x.quick, Config: cfg, FullDuration: full,
			Main: "p_abandon", Also: []string{"mean_in_queue", WaitMetricName(1)},
			Checks: func(r *Result) []Check {
				cs := StationChecks(r, "p_abandon", "p_wait", "mean_wait", "mean_wait_served", "throughput", "utilization", "mean_in_queue", WaitMetricName(1))
				cs = append(cs, LittleCheck(r))
				return append(cs, originalTimeoutChecks(r, 2)...)
			},
		})
	}
	// The switch's slot pool in the sale surge: 800 tx/s against 192 slots
	// of 0.33 s (a = 264 erlangs), 2 s queue timeout.
	cat = append(cat, Experiment{
		Name: "M/M/192+D slot pool in the sale surge (λ=800/s, S=0.33 s, D=2 s)", Quick: true,
		Config: Config{Servers: 192, ArrivalRate: 800, Service: network.Exponential(0.33), Patience: Patience{PatienceDet, 2},
			Duration: 300, Warmup: AutoWarmup},
		Checks: func(r *Result) []Check {
			return append(StationChecks(r, "p_abandon", "mean_wait", "mean_wait_served", "throughput", "mean_in_queue"), LittleCheck(r))
		},
	})
	cat = append(cat, Experiment{
		Name: "Erlang-A M/M/10+M (λ=10, μ=1, mean patience 2 s)", Quick: true,
		Main: "mean_in_queue", Also: []string{"p_abandon", "mean_wait"},
		Config: Config{Servers: 10, ArrivalRate: 10, Service: network.Exponential(1), Patience: Patience{PatienceExp, 2},
			Duration: 4e4, Warmup: AutoWarmup},
		Checks: func(r *Result) []Check {
			return append(StationChecks(r, "p_wait", "p_abandon", "mean_wait", "throughput", "mean_in_queue", "mean_in_system"), LittleCheck(r))
		},
	})
	return cat
}

// originalTimeoutChecks compares the payment-switch original's timeout
// estimate C·e^(−(N/S − λ)·D) with the simulated M/M/c+D abandonment.
//
// The estimate is the tail P(W > D) of an M/M/c queue whose customers never
// leave; with patience they do, the queue is shorter, and the estimate
// overstates. When cμD ≫ 1 the exact abandonment is about (1 − ρ) times
// the estimate (Zeltyn & Mandelbaum 2005, the M/M/n+D tail), so the
// estimate is too high by a factor of about 1/(1 − ρ); for the small
// stations here the factor is 70–100 % of 1/(1 − ρ). Documented
// tolerances: the estimate is within a factor 1/(1 − ρ) of the truth
// (|sim − est| ≤ ρ·est), and the factor is within 35 % of 1/(1 − ρ).
func originalTimeoutChecks(r *Result, d float64) []Check {
	cfg := r.Config
	est := OriginalTimeoutEstimate(cfg, d)
	if math.IsNaN(est) {
		return nil
	}
	pa, _ := r.Metric("p_abandon")
	rho := cfg.Rho()
	ratio := pa
	ratio.Mean = est / pa.Mean
	ratio.SE = est * pa.SE / (pa.Mean * pa.Mean) // delta method
	ratio.HalfWidth = ratio.HalfWidthAt(Level95)
	ratio.Batch = nil
	return []Check{
		{Name: "P(abandon) by the original's C·e^(−(N/S−λ)·2 s)", Sim: pa, Formula: est, Source: "original (M/M/c tail, no abandonment)",
			Approx: true, Tol: rho, Expected: math.NaN(),
			Note: fmt.Sprintf("documented: overstates by up to 1/(1−ρ) = %.3g×", 1/(1-rho))},
		{Name: "original's overstatement factor vs 1/(1−ρ)", Sim: ratio, Formula: 1 / (1 - rho), Source: "heavy-traffic M/M/n+D tail",
			Approx: true, Tol: 0.35, Expected: math.NaN(),
			Note: fmt.Sprintf("factor = original's estimate ÷ simulated P(abandon); exact M/M/c+D factor %.3g; tolerance: within 35 %% of 1/(1−ρ)",
				est/Formulas(cfg)["p_abandon"].Value)},
	}
}

// p99Experiments compare measured 99th percentiles of the response time
// with the exact M/M/c sojourn quantile and with the web-service
// original's approximation S·ln 100 + ln(C/0.01)/(N/S − λ), which adds the
// service and waiting quantiles. The exact quantile shows it overstates
// the p99 by 8–32 % on these stations; documented tolerance 35 %.
func p99Experiments() []Experiment {
	var cat []Experiment
	for _, x := range []struct {
		c         int
		lam, mu   float64
		dur, full float64
		quick     bool
	}{{10, 8, 1, 1e5, 0, true}, {1, 0.8, 1, 0, 5e6, false}, {160, 144, 10, 0, 2e4, false}} {
		cfg := Config{Servers: x.c, ArrivalRate: x.lam, Service: network.Exponential(1 / x.mu), Duration: x.dur,
			Warmup: AutoWarmup, ResponseQuantiles: []float64{0.99}}
		cat = append(cat, Experiment{
			Name: fmt.Sprintf("p99 of M/M/%d ρ=%.2g", x.c, cfg.Rho()), Quick: x.quick, Config: cfg, FullDuration: x.full,
			Main: QuantileMetricName(0.99),
			Checks: func(r *Result) []Check {
				cs := StationChecks(r, QuantileMetricName(0.99), "mean_response")
				q := analytic.MMc{Servers: r.Config.Servers, Lambda: r.Config.ArrivalRate, Mu: 1 / r.Config.ServiceMean()}
				e, _ := r.Metric(QuantileMetricName(0.99))
				return append(cs, Check{Name: "p99 by the original's S·ln 100 + ln(C/0.01)/(N/S−λ)", Sim: e,
					Formula: q.ResponseTimeQuantileApprox(0.99), Source: "original (sum of quantiles)", Approx: true, Tol: 0.35,
					Expected: math.NaN(), Note: "adding quantiles overstates the quantile of the sum"})
			},
		})
	}
	return cat
}

// dbExperiments check the web service's database query time against the
// original's 5 ms/(1 − ρ), for both layouts of the model's db control
// (the model's own database is checked at model level, webNormalChecks).
//
// Per lane (the default): each of the 20 lanes is a FIFO server with its
// own queue and a query joins a lane at random, so each lane is an M/M/1
// queue at the database's ρ, and 5 ms/(1 − ρ) is its exact mean response
// time (Kleinrock 1975, §3.2): checked as exact at ρ = 0.19 (the normal
// morning) and 0.85 (after a cache flush).
//
// Pooled: the 20 lanes share one queue, an M/M/20 queue whose mean
// response time lies between the 5 ms service and 5 ms/(1 − ρ): checked
// exactly against Erlang C, and the original's formula reported as an
// approximation off by at most ρ of its value (at ρ = 0.94: 8 ms
// measured against 83 ms — the pooled database has no cliff until ρ is
// within a few percent of 1).
func dbExperiments() []Experiment {
	var cat []Experiment
	for _, x := range []struct {
		lanes    int
		rho, dur float64
		quick    bool
	}{{1, 0.19, 400, true}, {1, 0.85, 6000, true}, {20, 0.94, 300, false}} {
		cfg := Config{Servers: x.lanes, ArrivalRate: float64(x.lanes) * x.rho / 0.005, Service: network.Exponential(0.005),
			Duration: x.dur, Warmup: AutoWarmup}
		name := fmt.Sprintf("DB per lane (M/M/1), 5 ms queries, ρ=%.2f", x.rho)
		if x.lanes > 1 {
			name = fmt.Sprintf("DB pooled (M/M/%d), 5 ms queries, ρ=%.2f", x.lanes, x.rho)
		}
		cat = append(cat, Experiment{
			Name: name, Quick: x.quick, Config: cfg,
			Main: "mean_response", Also: []string{"utilization"},
			Checks: func(r *Result) []Check {
				cs := StationChecks(r, "mean_response", "utilization")
				if r.Config.Servers == 1 {
					cs[0].Name = "query time vs 5 ms/(1−ρ)"
					return append(cs, LittleCheck(r))
				}
				rho := r.Config.Rho()
				e, _ := r.Metric("mean_response")
				cs = append(cs, Check{Name: "query time vs the original's 5 ms/(1−ρ)", Sim: e, Formula: 0.005 / (1 - rho),
					Source: "original (M/M/1 formula)", Approx: true, Tol: rho, Expected: math.NaN(),
					Note: "one queue for 20 lanes: a query waits only when all are busy; the M/M/1 law overstates the wait up to ρ·formula"})
				return append(cs, LittleCheck(r))
			},
		})
	}
	return cat
}
