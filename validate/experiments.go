package validate

import (
	"fmt"
	"math"

	"queuelab/analytic"
	"queuelab/des/queueing"
	"queuelab/model/dist"
	"queuelab/model/network"
	"queuelab/validate/estimate"
)

// The station-level catalogue's experiments: the textbook stations, the
// patience and timeout cases of the payment switch, the p99 quantiles and
// the web service's database layouts. catalogue.go runs and judges them.

// Catalogue returns every experiment of the station-level catalogue.
// Durations are those of the quick run (the full run multiplies them by
// FullFactor); each was chosen so that every check has power under
// DefaultRule at that length.
func Catalogue() []Experiment {
	var cat []Experiment
	queueMetrics := []queueing.Metric{queueing.PWait, queueing.MeanWait, queueing.MeanInQueue, queueing.MeanInSystem, queueing.Utilization, queueing.Throughput}
	mm := func(name string, c int, lam, mu, dur, full float64, quick bool) Experiment {
		q := analytic.MMc{Servers: c, Lambda: lam, Mu: mu}
		t := 1 / (float64(c)*mu - lam) // P(W > t) = C/e
		t = math.Round(t*1000) / 1000
		return Experiment{
			Name:         name,
			Quick:        quick,
			FullDuration: full,
			Main:         queueing.MeanInQueue,
			Also:         []queueing.Metric{queueing.MeanWait, WaitMetricName(t)},
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
			return append(StationChecks(r, queueing.Utilization, queueing.MeanInSystem, queueing.Throughput), LittleCheck(r))
		},
	})
	// Erlang B insensitivity: the same blocking for three service laws.
	for _, s := range []network.Dist{network.Exponential(1), network.Deterministic(1), dist.Of(dist.LogNormal{Mean: 1, CV: 2})} {
		name := fmt.Sprintf("M/G/10/10 loss, %s service (a=8)", ServiceName(s))
		if _, ok := s.Family().(dist.LogNormal); ok {
			name = "M/G/10/10 loss, lognormal CV=2 service (a=8)"
		}
		cat = append(cat, Experiment{
			Name: name, Quick: true, Main: queueing.PBlock,
			Config: Config{Servers: 10, ArrivalRate: 8, Service: s, Capacity: 10, Duration: 6e4, Warmup: AutoWarmup},
			Checks: func(r *Result) []Check {
				return append(StationChecks(r, queueing.PBlock, queueing.Utilization, queueing.MeanInSystem), LittleCheck(r))
			},
		})
	}
	cat = append(cat, Experiment{
		Name: "M/M/3/10 (λ=2.7, μ=1)", Quick: true, Main: queueing.PBlock, Also: []queueing.Metric{queueing.MeanInQueue},
		Config: Config{Servers: 3, ArrivalRate: 2.7, Service: network.Exponential(1), Capacity: 10, Duration: 2.5e5, Warmup: AutoWarmup},
		Checks: func(r *Result) []Check {
			return append(StationChecks(r, queueing.PBlock, queueing.PWait, queueing.MeanWait, queueing.MeanInQueue, queueing.MeanInSystem, queueing.Throughput), LittleCheck(r))
		},
	})
	// Pollaczek–Khinchine: M/G/1 with the service law's second moment.
	for _, s := range []network.Dist{network.Deterministic(1), dist.Of(dist.HyperExp{Mean: 1, CV: 2}), network.ErlangK(1, 4)} {
		dur := 3e5
		if _, ok := s.Family().(dist.HyperExp); ok {
			dur = 1.4e6
		}
		cat = append(cat, Experiment{
			Name: fmt.Sprintf("M/G/1 ρ=0.7, %s service (Pollaczek–Khinchine)", ServiceName(s)), Quick: !isErlang(s), Main: queueing.MeanWait,
			Config: Config{Servers: 1, ArrivalRate: 0.7, Service: s, Duration: dur, Warmup: AutoWarmup},
			Checks: func(r *Result) []Check {
				return append(StationChecks(r, queueing.PWait, queueing.MeanWait, queueing.MeanInSystem), LittleCheck(r))
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
			Main: queueing.PAbandon, Also: []queueing.Metric{queueing.MeanInQueue, WaitMetricName(1)},
			Checks: func(r *Result) []Check {
				cs := StationChecks(r, queueing.PAbandon, queueing.PWait, queueing.MeanWait, queueing.MeanWaitServed, queueing.Throughput, queueing.Utilization, queueing.MeanInQueue, WaitMetricName(1))
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
			return append(StationChecks(r, queueing.PAbandon, queueing.MeanWait, queueing.MeanWaitServed, queueing.Throughput, queueing.MeanInQueue), LittleCheck(r))
		},
	})
	cat = append(cat, Experiment{
		Name: "Erlang-A M/M/10+M (λ=10, μ=1, mean patience 2 s)", Quick: true,
		Main: queueing.MeanInQueue, Also: []queueing.Metric{queueing.PAbandon, queueing.MeanWait},
		Config: Config{Servers: 10, ArrivalRate: 10, Service: network.Exponential(1), Patience: Patience{PatienceExp, 2},
			Duration: 4e4, Warmup: AutoWarmup},
		Checks: func(r *Result) []Check {
			return append(StationChecks(r, queueing.PWait, queueing.PAbandon, queueing.MeanWait, queueing.Throughput, queueing.MeanInQueue, queueing.MeanInSystem), LittleCheck(r))
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
	pa, _ := r.Metric(queueing.PAbandon)
	rho := cfg.Rho()
	ratio := pa
	ratio.Mean = est / pa.Mean
	ratio.SE = est * pa.SE / (pa.Mean * pa.Mean) // delta method
	ratio.HalfWidth = ratio.HalfWidthAt(estimate.Level95)
	ratio.Batch = nil
	return []Check{
		{Name: "P(abandon) by the original's C·e^(−(N/S−λ)·2 s)", Sim: pa, Formula: est, Source: "original (M/M/c tail, no abandonment)",
			Approx: true, Tol: rho, Expected: math.NaN(),
			Note: fmt.Sprintf("documented: overstates by up to 1/(1−ρ) = %.3g×", 1/(1-rho))},
		{Name: "original's overstatement factor vs 1/(1−ρ)", Sim: ratio, Formula: 1 / (1 - rho), Source: "heavy-traffic M/M/n+D tail",
			Approx: true, Tol: 0.35, Expected: math.NaN(),
			Note: fmt.Sprintf("factor = original's estimate ÷ simulated P(abandon); exact M/M/c+D factor %.3g; tolerance: within 35 %% of 1/(1−ρ)",
				est/Formulas(cfg)[queueing.PAbandon].Value)},
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
				cs := StationChecks(r, QuantileMetricName(0.99), queueing.MeanResponse)
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
			Main: queueing.MeanResponse, Also: []queueing.Metric{queueing.Utilization},
			Checks: func(r *Result) []Check {
				cs := StationChecks(r, queueing.MeanResponse, queueing.Utilization)
				if r.Config.Servers == 1 {
					cs[0].Name = "query time vs 5 ms/(1−ρ)"
					return append(cs, LittleCheck(r))
				}
				rho := r.Config.Rho()
				e, _ := r.Metric(queueing.MeanResponse)
				cs = append(cs, Check{Name: "query time vs the original's 5 ms/(1−ρ)", Sim: e, Formula: 0.005 / (1 - rho),
					Source: "original (M/M/1 formula)", Approx: true, Tol: rho, Expected: math.NaN(),
					Note: "one queue for 20 lanes: a query waits only when all are busy; the M/M/1 law overstates the wait up to ρ·formula"})
				return append(cs, LittleCheck(r))
			},
		})
	}
	return cat
}

func isErlang(d network.Dist) bool {
	_, ok := d.Family().(dist.Erlang)
	return ok
}
