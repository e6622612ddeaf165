package webservice

import (
	"fmt"
	"math"
	"sort"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/model/fleet"
	"queuelab/model/scenario"
)

// Build versions. The last good build is v1; the deploy of the bad-build
// scenario rolls out v2.
const (
	goodBuild uint8 = 1
	badBuild  uint8 = 2
)

// lbPolicy is the load balancer's routing (the lb control's choices).
type lbPolicy uint8

// Routing policies of the load balancer.
const (
	lbPooled lbPolicy = iota
	lbRoundRobin
	lbLeastConnections
)

var lbChoices = []string{"pooled", "round-robin", "least-connections"}

// controls are the operator's current settings.
type controls struct {
	minInst   int
	autoscale bool
	ttl       float64 // s
	shedLow   float64 // share of the low-priority class rejected
	recs      bool
	lb        lbPolicy
	db        dbLayout // fixed once the run has started
}

// mstats is what an engine measured (DES) or computed (formula) over one
// minute. Counts are per minute; the formula engine's are expected values.
type mstats struct {
	arrivals, shed                              float64
	ok, timeouts, dbFail, buildErr, unavailable float64
	lookups, hits, ageSum                       float64
	served, badServed, recsServed               float64
	latSum, latN, latP99                        float64
	dbUtil, dbLoad, qtSum, qtN                  float64
	util, serving, booting                      float64
}

func (s *mstats) errors() float64 { return s.timeouts + s.dbFail + s.buildErr + s.unavailable }

// core is the state both engines share: controls, the fleet and its
// builds, deploys and rollbacks, the autoscaler, the cache's warm share,
// the SLO and cost accounting, and the indicator rows. An engine calls
// begin before it simulates a minute and finish with what it measured.
type core struct {
	cfg Config
	p   Params
	ctl controls
	def *scenarioDef

	minute int
	now    des.Time // start of the current minute

	fleet  *fleet.Fleet     // instances tagged with their build
	scaler fleet.Autoscaler // used while ctl.autoscale is on

	currentBuild uint8
	deployOff    bool
	rollbackAt   int // minute the prepared fleet takes the traffic (−1: none)
	prepSize     int // instances of the prepared fleet, billed alongside

	warm       float64
	warmupLeft int // minutes of the warm-up job still to run

	lastUtil    float64
	lastServing float64

	burnWin    []float64
	budget     float64
	costRate   float64
	rate       float64 // this minute's arrival rate with its wobble, req/s
	wobble     *des.Stream
	lastErrors float64

	rows []scenario.Row
	load []minuteLoad // per minute, for goals over part of the run
	sum  mstats       // sums over the run (latP99 unused)
	peak struct{ dbUtil, p99 float64 }

	onFlush func() // the des engine's hook (nil in the formula engine)
}

func newCore(cfg Config) *core {
	p := cfg.Params
	c := &core{
		cfg: cfg, p: p,
		ctl: controls{
			minInst: p.DefaultMin, ttl: p.DefaultTTL,
			recs: true, lb: lbLeastConnections,
		},
		scaler: fleet.Autoscaler{Target: p.DefaultTarget, Max: p.MaxInstances,
			QuietMinutes: p.ScaleInQuiet, ScaleInShare: p.ScaleInShare},
		currentBuild: goodBuild,
		rollbackAt:   -1,
		warm:         1,
		budget:       cfg.BudgetLeft,
		burnWin:      make([]float64, p.BurnWindow),
		wobble:       des.Streams{Seed: cfg.Seed, Gen: cfg.Gen}.Stream("wobble"),
	}
	if p.DBPooled {
		c.ctl.db = dbPooled
	}
	boot := p.BootDelay
	if cfg.BootDelay >= 0 {
		boot = cfg.BootDelay
	}
	// The parameters were validated: the fleet's config is valid.
	c.fleet, _ = fleet.New(fleet.Config{BootDelay: des.Seconds(boot), PricePerHour: p.PricePerHour, KeepServing: 1})
	return c
}

// apply changes a control through the control table.
func (c *core) apply(a scenario.Action) error { return controlTable.Apply(c, a) }

// pressRollback (re)starts the preparation of a fresh fleet of the last
// good build, as large as the fleet is now; it takes the traffic
// RollbackMinutes later.
func (c *core) pressRollback() {
	c.rollbackAt = c.minute + c.p.RollbackMinutes
	c.prepSize = c.fleet.Size()
}

// begin prepares minute c.minute: the rollback switch, the deploy, the
// fleet, the scenario's events, the cost rate and the arrival rate.
func (c *core) begin() {
	m := c.minute
	c.now = des.Time(m) * des.Minute
	if c.rollbackAt == m {
		c.currentBuild = goodBuild
		c.fleet.Retag(goodBuild, c.fleet.Slots())
		c.rollbackAt, c.prepSize = -1, 0
		if c.cfg.DeployAt >= 0 && m >= c.cfg.DeployAt {
			c.deployOff = true // a rollback ends a deploy in progress
		}
	}
	if d := c.cfg.DeployAt; d >= 0 && m >= d && m < d+c.p.DeployMinutes && !c.deployOff {
		// Rolling deploy: by the end of minute d+k, (k+1)/D of the fleet
		// runs the new build; new instances start on it from minute d.
		c.currentBuild = badBuild
		want := int(math.Ceil(float64(c.fleet.Size()) * float64(m-d+1) / float64(c.p.DeployMinutes)))
		c.fleet.Retag(badBuild, want-c.fleet.CountTag(badBuild))
	}
	c.scale()
	if c.cfg.FlushAt == m {
		c.warm = 0
		if c.onFlush != nil {
			c.onFlush()
		}
	}
	c.costRate = c.fleet.Rate(c.prepSize)
	c.rate = c.cfg.baseRate(m) * max(0, des.Normal{Mu: 1, Sigma: c.p.Wobble}.Rand(c.wobble))
}

// scale applies the minimum and the autoscaler of the original.
func (c *core) scale() {
	if !c.ctl.autoscale {
		c.scaler.Hold(c.fleet, c.ctl.minInst, c.currentBuild, c.now)
		return
	}
	c.scaler.Step(c.fleet, c.ctl.minInst, c.lastServing, c.lastUtil, c.minute > 0, c.currentBuild, c.now)
}

// finish closes minute c.minute with the engine's measurements and
// returns its row.
func (c *core) finish(s *mstats) scenario.Row {
	p := c.p
	charged := s.ok + s.errors()
	errRate := 0.0
	if charged > 0 {
		errRate = s.errors() / charged
	}
	burn := errRate / (1 - p.SLO)
	if c.minute == 0 {
		for i := range c.burnWin {
			c.burnWin[i] = errRate
		}
	} else {
		c.burnWin[c.minute%len(c.burnWin)] = errRate
	}
	burn1h := analytic.WindowBurnRate(c.burnWin, p.SLO)
	c.budget -= burn / p.SLOMinutes
	c.fleet.BillMinute(c.costRate)

	// Warm share: refills toward 1 with τ, slowed linearly to a standstill
	// as DB utilisation goes from RefillSlowFrom to 100 % (refilling needs
	// spare database reads); the warm-up job adds its share on top.
	slow := 1.0
	if s.dbUtil > p.RefillSlowFrom {
		slow = max(0, (1-s.dbUtil)/(1-p.RefillSlowFrom))
	}
	c.warm += (1 - c.warm) * (-math.Expm1(-60 / p.RefillTau)) * slow
	if c.warmupLeft > 0 {
		c.warm += p.WarmupRate
		c.warmupLeft--
	}
	c.warm = min(c.warm, 1)
	c.lastUtil, c.lastServing = s.util, s.serving

	row := make(scenario.Row, numCols)
	row[colBurn1h] = burn1h
	row[colRequests] = s.arrivals / 60
	row[colServing] = s.serving
	row[colBooting] = s.booting
	row[colHit] = ratio(s.hits, s.lookups)
	row[colDBUtil] = s.dbUtil
	row[colShed] = ratio(s.shed, s.arrivals)
	row[colCostRate] = c.costRate
	row[colCost] = c.fleet.Cost()
	row[colAge] = ratio(s.ageSum, s.hits)
	row[colBadTraffic] = ratio(s.badServed, s.served)
	row[colRecs] = ratio(s.recsServed, s.served)
	row[colErrorRate] = ratio(s.errors(), charged)
	row[colLatMean] = 1000 * ratio(s.latSum, s.latN)
	row[colLatP99] = 1000 * s.latP99
	row[colTimeouts] = s.timeouts
	row[colBudget] = c.budget
	row[colDBQuery] = 1000 * ratio(s.qtSum, s.qtN)
	row[colDBQueryFormula] = 1000 * analytic.DBQueryTime(p.DBBaseTime, s.dbUtil*p.DBCapacity, p.DBCapacity, p.DBMaxTime)
	row[colDBLoad] = s.dbLoad
	row[colUtil] = s.util
	row[colWarm] = c.warm
	row[colDBFail] = s.dbFail
	row[colBuildErr] = s.buildErr
	row[colUnavailable] = s.unavailable
	row[colBurn] = burn

	c.sum.arrivals += s.arrivals
	c.sum.shed += s.shed
	c.sum.ok += s.ok
	c.sum.timeouts += s.timeouts
	c.sum.dbFail += s.dbFail
	c.sum.buildErr += s.buildErr
	c.sum.unavailable += s.unavailable
	c.sum.lookups += s.lookups
	c.sum.hits += s.hits
	c.sum.ageSum += s.ageSum
	c.sum.served += s.served
	c.sum.badServed += s.badServed
	c.sum.recsServed += s.recsServed
	c.sum.latSum += s.latSum
	c.sum.latN += s.latN
	c.sum.dbUtil += s.dbUtil
	c.sum.dbLoad += s.dbLoad
	c.sum.qtSum += s.qtSum
	c.sum.qtN += s.qtN
	c.sum.util += s.util
	c.sum.serving += s.serving
	c.sum.booting += s.booting
	c.peak.dbUtil = max(c.peak.dbUtil, s.dbUtil)
	c.peak.p99 = max(c.peak.p99, s.latP99)

	c.rows = append(c.rows, row)
	c.load = append(c.load, minuteLoad{arrivals: s.arrivals, shed: s.shed, charged: charged, errors: s.errors()})
	c.minute++
	return row
}

// minuteLoad are a minute's request counts that goals over part of the
// run need: arrivals, shed, charged to the SLO (answers + errors) and
// errors.
type minuteLoad struct{ arrivals, shed, charged, errors float64 }

// errorRateFrom returns errors / charged requests over the minutes from
// minute from on (NaN if none).
func (c *core) errorRateFrom(from int) float64 {
	var errs, charged float64
	for _, l := range c.load[min(max(from, 0), len(c.load)):] {
		errs += l.errors
		charged += l.charged
	}
	return ratio(errs, charged)
}

// totals returns the run's totals; p99 is the engine's whole-run p99 (s).
func (c *core) totals(p99 float64) scenario.Row {
	t := make(scenario.Row, numCols)
	n := float64(len(c.rows))
	if n == 0 {
		for i := range t {
			t[i] = math.NaN()
		}
		return t
	}
	s := &c.sum
	charged := s.ok + s.errors()
	var costRate, warm, burn float64
	for _, r := range c.rows {
		costRate += r[colCostRate]
		warm += r[colWarm]
		burn += r[colBurn]
	}
	last := c.rows[len(c.rows)-1]
	t[colBurn1h] = last[colBurn1h]
	t[colRequests] = s.arrivals / (60 * n)
	t[colServing] = s.serving / n
	t[colBooting] = s.booting / n
	t[colHit] = ratio(s.hits, s.lookups)
	t[colDBUtil] = s.dbUtil / n
	t[colShed] = ratio(s.shed, s.arrivals)
	t[colCostRate] = costRate / n
	t[colCost] = c.fleet.Cost()
	t[colAge] = ratio(s.ageSum, s.hits)
	t[colBadTraffic] = ratio(s.badServed, s.served)
	t[colRecs] = ratio(s.recsServed, s.served)
	t[colErrorRate] = ratio(s.errors(), charged)
	t[colLatMean] = 1000 * ratio(s.latSum, s.latN)
	t[colLatP99] = 1000 * p99
	t[colTimeouts] = s.timeouts
	t[colBudget] = c.budget
	t[colDBQuery] = 1000 * ratio(s.qtSum, s.qtN)
	t[colDBQueryFormula] = 1000 * analytic.DBQueryTime(c.p.DBBaseTime, t[colDBUtil]*c.p.DBCapacity, c.p.DBCapacity, c.p.DBMaxTime)
	t[colDBLoad] = s.dbLoad / n
	t[colUtil] = s.util / n
	t[colWarm] = warm / n
	t[colDBFail] = s.dbFail
	t[colBuildErr] = s.buildErr
	t[colUnavailable] = s.unavailable
	t[colBurn] = burn / n
	return t
}

func ratio(a, b float64) float64 {
	if b <= 0 {
		return math.NaN()
	}
	return a / b
}

// Events returns the scenario events of the minutes simulated so far (the
// deploy of the bad build, the cache flush, the start of a viral surge),
// for charts; a surge still to come stays hidden, as it is from the
// operator. It implements scenario.Evented for both engines.
func (c *core) Events() []scenario.Mark {
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
