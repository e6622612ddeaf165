package webservice

import (
	"fmt"
	"math"
	"sort"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/model/scenario"
)

// Build versions. The last good build is v1; the deploy of the bad-build
// scenario rolls out v2.
const (
	goodBuild uint8 = 1
	badBuild  uint8 = 2
)

type instState uint8

const (
	instFree instState = iota
	instBooting
	instServing
	instDraining
)

// instance is one slot of the fleet. gen changes whenever the slot is
// reused, so that a stale boot event is recognised.
type instance struct {
	state  instState
	build  uint8
	gen    int64
	bootAt des.Time
}

// Routing policies of the load balancer (the lb control's choices).
const (
	lbPooled = iota
	lbRoundRobin
	lbLeastConnections
)

var lbChoices = []string{"pooled", "round-robin", "least-connections"}

// controls are the operator's current settings.
type controls struct {
	minInst   int
	autoscale bool
	target    float64
	ttl       float64 // s
	shedLow   float64 // share of the low-priority class rejected
	recs      bool
	lb        int
	bootDelay float64 // s
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

	inst       []instance
	serving    int
	servingBad int
	booting    int

	currentBuild uint8
	deployOff    bool
	rollbackAt   int // minute the prepared fleet takes the traffic (−1: none)
	prepSize     int // instances of the prepared fleet, billed alongside

	warm       float64
	warmupLeft int // minutes of the warm-up job still to run

	lastUtil    float64
	lastServing float64
	quiet       int

	burnWin    []float64
	budget     float64
	cost       float64
	costRate   float64
	rate       float64 // this minute's arrival rate with its wobble, req/s
	wobble     *des.Stream
	lastErrors float64

	rows []scenario.Row
	load []minuteLoad // per minute, for goals over part of the run
	sum  mstats       // sums over the run (latP99 unused)
	peak struct{ dbUtil, p99 float64 }

	// Hooks for the des engine (nil in the formula engine).
	onBoot  func(i int)
	onServe func(i int)
	onDrain func(i int)
	onFlush func()
}

func newCore(cfg Config) *core {
	p := cfg.Params
	c := &core{
		cfg: cfg, p: p,
		ctl: controls{
			minInst: p.DefaultMin, target: p.DefaultTarget, ttl: p.DefaultTTL,
			recs: true, lb: lbLeastConnections, bootDelay: p.BootDelay,
		},
		currentBuild: goodBuild,
		rollbackAt:   -1,
		warm:         1,
		budget:       cfg.BudgetLeft,
		burnWin:      make([]float64, p.BurnWindow),
		wobble:       des.Streams{Seed: cfg.Seed, Gen: cfg.Gen}.Stream("wobble"),
	}
	if cfg.BootDelay >= 0 {
		c.ctl.bootDelay = cfg.BootDelay
	}
	return c
}

// startFleet starts the opening fleet: min instances already serving.
func (c *core) startFleet() {
	for range c.ctl.minInst {
		i := c.newSlot()
		c.inst[i].state = instBooting
		c.inst[i].build = c.currentBuild
		c.booting++
		c.serve(i)
	}
}

func (c *core) newSlot() int {
	for i := range c.inst {
		if c.inst[i].state == instFree {
			c.inst[i].gen++
			return i
		}
	}
	c.inst = append(c.inst, instance{gen: 1})
	return len(c.inst) - 1
}

func (c *core) fleet() int { return c.serving + c.booting }

// start orders n new instances of the current build; they serve after the
// boot delay.
func (c *core) start(n int) {
	for range n {
		i := c.newSlot()
		in := &c.inst[i]
		in.state, in.build = instBooting, c.currentBuild
		in.bootAt = c.now + des.Seconds(c.ctl.bootDelay)
		c.booting++
		if c.onBoot != nil {
			c.onBoot(i)
		}
	}
}

// serve moves booting instance i into service.
func (c *core) serve(i int) {
	in := &c.inst[i]
	if in.state != instBooting {
		return
	}
	in.state = instServing
	c.booting--
	c.serving++
	if in.build == badBuild {
		c.servingBad++
	}
	if c.onServe != nil {
		c.onServe(i)
	}
}

// remove takes n instances out of the fleet: booting ones first (they
// are simply cancelled), then the newest serving ones, which drain. At
// least one serving instance is always kept.
func (c *core) remove(n int) {
	for i := len(c.inst) - 1; i >= 0 && n > 0; i-- {
		if c.inst[i].state == instBooting {
			c.inst[i].state = instFree
			c.booting--
			n--
		}
	}
	for i := len(c.inst) - 1; i >= 0 && n > 0 && c.serving > 1; i-- {
		in := &c.inst[i]
		if in.state != instServing {
			continue
		}
		in.state = instDraining
		c.serving--
		if in.build == badBuild {
			c.servingBad--
		}
		n--
		if c.onDrain != nil {
			c.onDrain(i)
		} else {
			in.state = instFree
		}
	}
}

// drained frees a draining slot whose last request has finished.
func (c *core) drained(i int) {
	if c.inst[i].state == instDraining {
		c.inst[i].state = instFree
	}
}

// retag switches up to n instances of the fleet to build b.
func (c *core) retag(b uint8, n int) {
	for i := range c.inst {
		if n <= 0 {
			return
		}
		in := &c.inst[i]
		if (in.state != instServing && in.state != instBooting) || in.build == b {
			continue
		}
		if in.state == instServing {
			if in.build == badBuild {
				c.servingBad--
			}
			if b == badBuild {
				c.servingBad++
			}
		}
		in.build = b
		n--
	}
}

func (c *core) countBuild(b uint8) int {
	n := 0
	for i := range c.inst {
		if s := c.inst[i].state; (s == instServing || s == instBooting) && c.inst[i].build == b {
			n++
		}
	}
	return n
}

// apply changes a control. The value was parsed against Controls.
func (c *core) apply(a scenario.Action) {
	v := a.Value.Num
	switch a.Control {
	case "min-instances":
		c.ctl.minInst = int(v)
	case "autoscale":
		c.ctl.autoscale = v != 0
	case "autoscale-target":
		c.ctl.target = v
	case "ttl":
		c.ctl.ttl = v
	case "warmup":
		c.warmupLeft = c.p.WarmupMinutes
	case "shed-low":
		c.ctl.shedLow = v
	case "recommendations":
		c.ctl.recs = v != 0
	case "rollback":
		// Pressing (again) (re)starts the preparation of a fresh fleet of
		// the last good build, as large as the fleet is now.
		c.rollbackAt = c.minute + c.p.RollbackMinutes
		c.prepSize = c.fleet()
	case "lb":
		c.ctl.lb = int(v)
	case "boot-delay":
		c.ctl.bootDelay = v
	}
}

// begin prepares minute c.minute: the rollback switch, the deploy, the
// fleet, the scenario's events, the cost rate and the arrival rate.
func (c *core) begin() {
	m := c.minute
	c.now = des.Time(m) * des.Minute
	if c.rollbackAt == m {
		c.currentBuild = goodBuild
		c.retag(goodBuild, len(c.inst))
		c.rollbackAt, c.prepSize = -1, 0
		if c.cfg.DeployAt >= 0 && m >= c.cfg.DeployAt {
			c.deployOff = true // a rollback ends a deploy in progress
		}
	}
	if d := c.cfg.DeployAt; d >= 0 && m >= d && m < d+c.p.DeployMinutes && !c.deployOff {
		// Rolling deploy: by the end of minute d+k, (k+1)/D of the fleet
		// runs the new build; new instances start on it from minute d.
		c.currentBuild = badBuild
		want := int(math.Ceil(float64(c.fleet()) * float64(m-d+1) / float64(c.p.DeployMinutes)))
		c.retag(badBuild, want-c.countBuild(badBuild))
	}
	c.scale()
	if c.cfg.FlushAt == m {
		c.warm = 0
		if c.onFlush != nil {
			c.onFlush()
		}
	}
	c.costRate = float64(c.fleet()+c.prepSize) * c.p.PricePerHour
	c.rate = c.cfg.baseRate(m) * max(0, des.Normal{Mu: 1, Sigma: c.p.Wobble}.Rand(c.wobble))
}

// scale applies the minimum and the autoscaler of the original.
func (c *core) scale() {
	fleet := c.fleet()
	if !c.ctl.autoscale {
		c.quiet = 0
		switch {
		case fleet < c.ctl.minInst:
			c.start(c.ctl.minInst - fleet)
		case fleet > c.ctl.minInst:
			c.remove(fleet - c.ctl.minInst)
		}
		return
	}
	if c.minute > 0 {
		// desired = ⌈serving × utilisation / target⌉ with serving and
		// utilisation measured over the same (last) minute: instances
		// that joined since then do not count twice.
		desired, err := analytic.DesiredInstances(int(math.Round(c.lastServing)), c.lastUtil, c.ctl.target, c.p.MaxInstances)
		if err == nil {
			desired = max(desired, c.ctl.minInst)
			switch {
			case desired > fleet:
				c.quiet = 0
				if c.booting == 0 {
					c.start(desired - fleet)
				}
			case desired < fleet:
				c.quiet++
				if c.quiet >= c.p.ScaleInQuiet {
					n := max(1, int(c.p.ScaleInShare*float64(fleet)))
					c.remove(min(n, fleet-desired))
					c.quiet = 0
				}
			default:
				c.quiet = 0
			}
		}
	}
	if f := c.fleet(); f < c.ctl.minInst {
		c.start(c.ctl.minInst - f)
	}
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
	c.cost += c.costRate / 60

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
	row[colCost] = c.cost
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
	t[colCost] = c.cost
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
