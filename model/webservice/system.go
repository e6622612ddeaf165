package webservice

import (
	"fmt"
	"strings"

	"queuelab/des"
	"queuelab/model/scenario"
)

// scenarioDef is a scenario with its setting. Its goals state what they
// read (scenario.Goal's Indicator, Reduce, From, Minutes) and are
// evaluated by scenario.Evaluate, except those with a custom value: a
// ratio of sums over part of the run, which no single indicator holds.
type scenarioDef struct {
	Scenario scenario.Scenario
	setup    func(cfg *Config)
	custom   map[int]func(c *core) float64 // goal index → its value
}

// cacheFlushAt is the minute of the cache-flush scenario's flush (12:00).
const cacheFlushAt = 10

var scenarioDefs = []scenarioDef{
	{
		Scenario: scenario.Scenario{
			Name: "normal", Title: "A normal morning", Clock: "08:00", Minutes: 60,
			Story:  "08:00, 1125 req/s on 10 instances, the cache warm, the database at a fifth of its capacity. Nothing is wrong: this is the original's reference state.",
			Lesson: "A healthy service has slack everywhere: workers about half busy, 77 % of requests answered from the cache, the database at 19 %. Queueing delay is negligible until utilisation approaches 100 %, which is why the alarms below watch burn rate, not averages.",
			Goals: []scenario.Goal{
				{Name: "errors ≤ 0.1 % of requests (burn ≤ 1×)", Op: "<=", Target: 0.001, Unit: "%", Indicator: ErrorRate},
				{Name: "fleet cost ≤ $4.10", Op: "<=", Target: 4.10, Unit: "$", Indicator: Cost},
			},
		},
		setup: func(*Config) {},
	},
	{
		Scenario: scenario.Scenario{
			Name: "bad-build", Title: "Bad build", Clock: "09:00", Minutes: 40,
			Story:  "09:00. At 09:10 a new build (v2) rolls out, a fifth of the fleet per minute. The month has been hard: only 20 % of the error budget is left. A few minutes after the deploy the burn-rate alert fires. Save the budget.",
			Lesson: "A bad build burns the budget at 50× while it serves all traffic: every minute it stays costs 0.12 % of the month's budget. The rollback takes 5 minutes whatever you do, so the only lever is how soon you press it; scaling out, shedding or degrading features do nothing against errors that come from the code. Pressing again restarts the 5 minutes.",
			Goals: []scenario.Goal{
				{Name: "error budget left at the end ≥ 18 %", Op: ">=", Target: 0.18, Unit: "%", Indicator: BudgetLeft},
				{Name: "burn rate (1 h) at the end ≤ 10×", Op: "<=", Target: 10, Unit: "×", Indicator: Burn1h},
				{Name: "fleet cost ≤ $3.20 (one rollback)", Op: "<=", Target: 3.20, Unit: "$", Indicator: Cost},
			},
		},
		setup: func(c *Config) {
			c.Clock = 9 * 3600
			c.BudgetLeft = 0.20
			c.DeployAt = 10
		},
	},
	{
		Scenario: scenario.Scenario{
			Name: "viral-link", Title: "Viral link", Clock: "08:30", Minutes: 75,
			Story:  "08:30. A link to the service is spreading: traffic will rise some time this hour, by a factor nobody knows (both drawn from the seed: it starts between 08:35 and 08:50, grows over 5 minutes to ×2.0–2.6, holds for 15 minutes and fades over 10). New instances now take 8 minutes to boot. Keep errors and latency low — without refusing users or switching off features, and without paying for idle capacity.",
			Lesson: "With 8-minute boots and a surge that peaks in 5, capacity has to exist before the surge: an autoscaler, at any target, reacts after the fact and then waits 8 minutes for its first instances (at 60 % it fails on most seeds). Hold a floor sized for the largest surge you expect while it can come and give it back once it has passed; a fixed fleet that big all morning pays for idle capacity. Shedding low-priority traffic or turning off recommendations also keeps latency down, but users pay for it: the goals count both.",
			Start:  []scenario.Setting{{Control: "boot-delay", Value: "8m"}},
			Goals: []scenario.Goal{
				{Name: "errors ≤ 0.1 % of requests", Op: "<=", Target: 0.001, Unit: "%", Indicator: ErrorRate},
				{Name: "p99 latency of the run ≤ 500 ms", Op: "<=", Target: 500, Unit: "ms", Indicator: LatencyP99},
				{Name: "requests refused or degraded ≤ 1 %", Op: "<=", Target: 0.01, Unit: "%"},
				{Name: "fleet cost ≤ $7.50", Op: "<=", Target: 7.50, Unit: "$", Indicator: Cost},
			},
		},
		setup: func(c *Config) {
			c.Clock = 8*3600 + 30*60
			c.BootDelay = 8 * 60
			s := des.Streams{Seed: c.Seed, Gen: c.Gen}.Stream("surge")
			c.SurgeAt = 5 + s.IntN(16)
			c.SurgeSize = 2.0 + 0.6*s.Float64()
			c.SurgeRamp, c.SurgeHold, c.SurgeFade = 5, 15, 10
		},
		custom: map[int]func(*core) float64{2: (*core).degradedShare},
	},
	{
		Scenario: scenario.Scenario{
			Name: "cache-flush", Title: "Cache flush", Clock: "11:50", Minutes: 35,
			Story:  "11:50. At 12:00, the midday peak, a maintenance script flushes the whole cache: every request now goes to a database sized for the usual hit share (85 % in the original's story; its normal morning, and ours, shows 77 %). The cache refills by itself with τ = 30 minutes, slower while the database is saturated. Restore service without overloading the database.",
			Lesson: "After a flush every request misses: the database goes from a fifth of its capacity to most of it, and a database near 100 % is a cliff: each query takes 5 ms/(1 − ρ) — 25 ms at 80 %, 100 ms at 95 % — and holds its request's worker that long, until the workers are all busy and requests time out. The warm-up job restores the cache in minutes, but its 600 extra queries/s push the database further up the cliff unless load is taken off first: turn off the heavy feature (one query less per request) or shed low-priority traffic, warm up, then turn the feature back on.",
			Goals: []scenario.Goal{
				{Name: "DB utilisation ≤ 90 % in every minute from 12:01", Op: "<=", Target: 0.90, Unit: "%", Indicator: DBUtil, Reduce: scenario.MaxOver, From: cacheFlushAt + 1},
				{Name: "cache hits in the 20 minutes after the flush ≥ 40 %", Op: ">=", Target: 0.40, Unit: "%", Indicator: CacheHit, Reduce: scenario.MeanOver, From: cacheFlushAt, Minutes: 20},
				{Name: "errors from 12:01 on ≤ 0.1 % of requests", Op: "<=", Target: 0.001, Unit: "%"},
				{Name: "recommendations available ≥ 80 % of requests", Op: ">=", Target: 0.80, Unit: "%", Indicator: Recommendations},
			},
		},
		setup: func(c *Config) {
			c.Clock = 11*3600 + 50*60
			c.FlushAt = cacheFlushAt
		},
		custom: map[int]func(*core) float64{2: func(c *core) float64 { return c.slo.errorRateFrom(c.cfg.FlushAt + 1) }},
	},
}

// degradedShare returns the share of the requests that arrived so far
// that were refused by the load balancer (shed) or served without the
// recommendations feature.
func (c *core) degradedShare() float64 {
	s := &c.ledger.sum
	return scenario.Ratio(s.shed+s.served-s.recsServed, s.arrivals)
}

func findDef(name string) (*scenarioDef, error) {
	for i := range scenarioDefs {
		if scenarioDefs[i].Scenario.Name == name {
			return &scenarioDefs[i], nil
		}
	}
	names := make([]string, len(scenarioDefs))
	for i, d := range scenarioDefs {
		names[i] = d.Scenario.Name
	}
	return nil, fmt.Errorf("%w %q for web (valid: %s)", scenario.ErrUnknownScenario, name, strings.Join(names, ", "))
}

// NewConfig returns the configuration of the named scenario with the
// default parameters.
func NewConfig(scenarioName string, seed uint64) (Config, error) {
	d, err := findDef(scenarioName)
	if err != nil {
		return Config{}, err
	}
	cfg := Config{
		Params: Defaults(), Clock: 8 * 3600, BudgetLeft: 1,
		DeployAt: -1, FlushAt: -1, SurgeAt: -1, BootDelay: -1, Seed: seed,
	}
	d.setup(&cfg)
	return cfg, nil
}

// New returns an engine of the given kind for the named scenario, with the
// default parameters.
func New(kind scenario.EngineKind, scenarioName string, seed uint64) (scenario.Engine, error) {
	cfg, err := NewConfig(scenarioName, seed)
	if err != nil {
		return nil, err
	}
	return NewEngine(kind, scenarioName, cfg)
}

// NewWithGenerator is New with the random generator of the engine's
// streams: des.Mulberry32 (New's, the original's) or des.PCG, whose period
// suits long runs and many replications (see des.Generator).
func NewWithGenerator(kind scenario.EngineKind, scenarioName string, seed uint64, gen des.Generator) (scenario.Engine, error) {
	cfg, err := NewConfig(scenarioName, seed)
	if err != nil {
		return nil, err
	}
	cfg.Gen = gen
	return NewEngine(kind, scenarioName, cfg)
}

// NewEngine is New with an explicit configuration (parameters changed for
// a study); scenarioName selects the goals.
func NewEngine(kind scenario.EngineKind, scenarioName string, cfg Config) (scenario.Engine, error) {
	d, err := findDef(scenarioName)
	if err != nil {
		return nil, err
	}
	switch kind {
	case scenario.DES:
		e, err := NewDES(cfg)
		if err != nil {
			return nil, err
		}
		e.core.def = d
		return e, nil
	case scenario.Formula:
		f, err := NewFormula(cfg)
		if err != nil {
			return nil, err
		}
		f.core.def = d
		return f, nil
	}
	return nil, fmt.Errorf("unknown engine %q (valid: des, formula)", kind)
}

// goals evaluates the scenario's goals on the run so far.
func (c *core) goals(totals scenario.Row) []scenario.Goal {
	if c.def == nil {
		return nil
	}
	out := scenario.Evaluate(c.def.Scenario.Goals, columns[:], c.ledger.rows, totals)
	for i, value := range c.def.custom {
		out[i] = c.def.Scenario.Goals[i].Check(value(c))
	}
	return out
}

// System is the web service for the queuelab command line.
var System = scenario.System{
	Name:     "web",
	Title:    "Web service on call: fleet, cache, database and SLO",
	Controls: Controls,
	New:      New,

	NewWithGenerator: NewWithGenerator,
	// The requests and the database queries: one entity each.
	CostColumns: []string{"requests", "db_load"},
}

func init() {
	for _, d := range scenarioDefs {
		System.Scenarios = append(System.Scenarios, d.Scenario)
	}
}
