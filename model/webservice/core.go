package webservice

import (
	"fmt"
	"math"
	"sort"

	"queuelab/des"
	"queuelab/model/fleet"
	"queuelab/model/scenario"
)

// controls are the operator's current settings (the autoscaler's target
// and the boot delay live in core.scaler and core.fleet).
type controls struct {
	minInst   int
	autoscale bool
	ttl       float64 // s
	shedLow   float64 // share of the low-priority class rejected
	recs      bool
	lb        lbPolicy
	db        dbLayout // fixed once the run has started
}

// core is the state both engines share, one named component each: the
// controls, the fleet and its autoscaler, the builds (deploy), the
// cache's warm share (warmth), the SLO and the indicator rows (ledger).
// An engine calls begin before it simulates a minute and finish with what
// it measured.
type core struct {
	cfg Config
	p   Params
	ctl controls
	def *scenarioDef

	minute int
	now    des.Time // start of the current minute

	fleet  *fleet.Fleet     // instances tagged with their build
	scaler fleet.Autoscaler // used while ctl.autoscale is on
	deploy deploy
	warmth warmth
	slo    slo
	ledger ledger

	lastUtil, lastServing float64 // the last minute's, for the autoscaler

	costRate float64     // this minute's, $/h
	rate     float64     // this minute's arrival rate with its wobble, req/s
	wobble   *des.Stream // the rate's per-minute wobble

	onFlush func() // the des engine's hook (nil in the formula engine)
}

func newCore(cfg Config) *core {
	p := cfg.Params
	c := &core{
		cfg: cfg, p: p,
		ctl: controls{minInst: p.Fleet.DefaultMin, ttl: p.Cache.TTL, recs: true, lb: lbLeastConnections},
		scaler: fleet.Autoscaler{Target: p.Fleet.DefaultTarget, Max: p.Fleet.MaxInstances,
			QuietMinutes: p.Fleet.ScaleInQuiet, ScaleInShare: p.Fleet.ScaleInShare},
		deploy: newDeploy(),
		warmth: warmth{warm: 1},
		slo:    newSLO(p.SLO, cfg.BudgetLeft),
		wobble: des.Streams{Seed: cfg.Seed, Gen: cfg.Gen}.Stream("wobble"),
	}
	if p.DB.Pooled {
		c.ctl.db = dbPooled
	}
	boot := p.Fleet.BootDelay
	if cfg.BootDelay >= 0 {
		boot = cfg.BootDelay
	}
	// The parameters were validated: the fleet's config is valid.
	c.fleet, _ = fleet.New(fleet.Config{BootDelay: des.Seconds(boot), PricePerHour: p.Fleet.PricePerHour, KeepServing: 1})
	return c
}

// apply changes a control through the control table.
func (c *core) apply(a scenario.Action) error { return controlTable.Apply(c, a) }

// pressRollback is the rollback control.
func (c *core) pressRollback() {
	c.deploy.press(c.minute, c.p.Builds.RollbackMinutes, c.fleet.Size())
}

// begin prepares minute c.minute: the rollback switch, the deploy, the
// fleet, the scenario's events, the cost rate and the arrival rate.
func (c *core) begin() {
	m := c.minute
	c.now = des.Time(m) * des.Minute
	c.deploy.step(m, c.fleet, c.cfg.DeployAt, c.p.Builds.DeployMinutes)
	c.scale()
	if c.cfg.FlushAt == m {
		c.warmth.warm = 0
		if c.onFlush != nil {
			c.onFlush()
		}
	}
	c.costRate = c.fleet.Rate(c.deploy.prepSize)
	c.rate = c.cfg.baseRate(m) * max(0, des.Normal{Mu: 1, Sigma: c.p.Traffic.Wobble}.Rand(c.wobble))
}

// scale applies the minimum, or the autoscaler (the shared target
// tracker of model/fleet) when it is on.
func (c *core) scale() {
	if !c.ctl.autoscale {
		c.scaler.Hold(c.fleet, c.ctl.minInst, c.deploy.currentBuild, c.now)
		return
	}
	c.scaler.Step(c.fleet, c.ctl.minInst, c.lastServing, c.lastUtil, c.minute > 0, c.deploy.currentBuild, c.now)
}

// finish closes minute c.minute with the engine's measurements s and
// returns its row.
func (c *core) finish(s *mstats) scenario.Row {
	charged := s.ok + s.errors()
	burn, burn1h := c.slo.record(c.minute, minuteLoad{arrivals: s.arrivals, shed: s.shed, charged: charged, errors: s.errors()})
	c.fleet.BillMinute(c.costRate)
	c.warmth.refill(c.p.Cache, s.dbUtil)
	c.lastUtil, c.lastServing = s.util, s.serving

	row := make(scenario.Row, numCols)
	s.fill(row, 1, c.p.DB)
	row[colLatP99] = 1000 * s.latP99
	row[colBurn1h] = burn1h
	row[colBurn] = burn
	row[colCostRate] = c.costRate
	row[colCost] = c.fleet.Cost()
	row[colBudget] = c.slo.budget
	row[colWarm] = c.warmth.warm
	c.ledger.add(row, s)
	c.minute++
	return row
}

// totals returns the run's totals; p99 is the engine's whole-run p99 (s).
func (c *core) totals(p99 float64) scenario.Row {
	t := make(scenario.Row, numCols)
	rows := c.ledger.rows
	n := float64(len(rows))
	if n == 0 {
		for i := range t {
			t[i] = math.NaN()
		}
		return t
	}
	c.ledger.sum.fill(t, n, c.p.DB)
	var costRate, warm, burn float64
	for _, r := range rows {
		costRate += r[colCostRate]
		warm += r[colWarm]
		burn += r[colBurn]
	}
	t[colLatP99] = 1000 * p99
	t[colBurn1h] = rows[len(rows)-1][colBurn1h]
	t[colBurn] = burn / n
	t[colCostRate] = costRate / n
	t[colCost] = c.fleet.Cost()
	t[colBudget] = c.slo.budget
	t[colWarm] = warm / n
	return t
}

// Events returns the scenario events of the minutes simulated so far (the
// deploy of the bad build, the cache flush, the start of a viral surge),
// for charts; a surge still to come stays hidden, as it is from the
// operator; both engines' Events return it.
func (c *core) events() []scenario.Mark {
	var out []scenario.Mark
	add := func(at int, label string) {
		if at >= 0 && at < c.minute {
			out = append(out, scenario.Mark{Minute: at, Label: label})
		}
	}
	add(c.cfg.DeployAt, "deploy of v2 (bad build) starts")
	add(c.cfg.SurgeAt, fmt.Sprintf("viral surge starts (×%.1f)", c.cfg.SurgeSize))
	add(c.cfg.FlushAt, "cache flushed")
	sort.SliceStable(out, func(i, j int) bool { return out[i].Minute < out[j].Minute })
	return out
}
