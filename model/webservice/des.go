package webservice

import (
	"queuelab/des"
	"queuelab/model/fleet"
	"queuelab/model/scenario"
)

// DES is the per-request engine: every request and every cached object is
// an entity, each instance's 16 workers are a des.Station (or all workers
// one pooled queue), and the database has 20 lanes (see database). It is
// made of named components, each declared in the file of its noun, that
// own their state and are passed what else they need: the shared core,
// the load balancer and its workers (lb), the database (db), the object
// cache (cache), the app work (app), the meter, the picture's dots and
// gauges. The request's path through them is in request.go.
type DES struct {
	core *core
	env  *des.Env
	kind kinds
	rng  rngs

	reqs   des.Slab[request] // requests in flight
	lb     balancer
	db     *database
	cache  objectCache
	app    appWork
	meter  meter
	dots   dotSampler
	gauges gauges

	timeout, dbMax des.Time // worker wait and query-time limits
	minuteEnd      des.Time
	arrH, jobH     des.Handle // the next arrival and warm-up job query
}

// kinds are the des engine's event kinds.
type kinds struct {
	arrive, appDone, job, boot des.Kind
}

// rngs are the des engine's random streams, one per source of chance
// (the app work's is appWork's, the cache's warm order the cache's).
type rngs struct {
	arr, class, shed, obj, bad, db, job, build, lane *des.Stream
}

// NewDES returns the per-request engine for cfg.
func NewDES(cfg Config) (*DES, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	p := cfg.Params
	e := &DES{core: newCore(cfg), env: des.NewEnv()}
	ss := des.Streams{Seed: cfg.Seed, Gen: cfg.Gen}
	e.rng = rngs{arr: ss.Stream("arrivals"), class: ss.Stream("class"), shed: ss.Stream("shed"),
		obj: ss.Stream("objects"), bad: ss.Stream("bad-build"), db: ss.Stream("db"),
		job: ss.Stream("warmup-job"), build: ss.Stream("pooled-build"), lane: ss.Stream("db-lanes")}
	e.app = newAppWork(p.Workers.AppCV, ss.Stream("app"))
	e.kind.arrive = e.env.Register("arrive", e.arrive)
	e.kind.appDone = e.env.Register("app-done", e.appDone)
	e.kind.job = e.env.Register("job-query", e.jobArrive)
	e.kind.boot = e.env.Register("boot", e.boot)
	e.timeout = des.Seconds(p.Workers.Timeout)
	e.dbMax = des.Seconds(p.DB.MaxTime)

	e.db = e.newDatabase()
	e.lb.workers = []*des.Station{e.newWorkers("pooled", -1, 0)}

	e.cache = newObjectCache(p.Cache, ss.Stream("warm-order"))
	e.cache.prefill(p.Cache, cfg.baseRate(0), e.core.ctl.ttl, ss.Stream("cache-init"))
	e.meter = newMeter(p.Meter)
	e.dots = newDotSampler(p.Meter.DotsPerMinute)

	c := e.core
	c.fleet.Hooks = fleet.Hooks{OnBoot: e.hookBoot, OnServe: e.hookServe, OnDrain: e.hookDrain}
	c.onFlush = e.cache.flush
	c.fleet.Open(c.ctl.minInst, c.deploy.currentBuild)
	return e, nil
}

// Columns implements scenario.Engine.
func (e *DES) Columns() []scenario.Column { return Columns() }

// Minute implements scenario.Engine.
func (e *DES) Minute() int { return e.core.minute }

// Apply implements scenario.Engine. The db control (the database's
// layout) can only be set before the first minute.
func (e *DES) Apply(a scenario.Action) error {
	if a.Control != ctlDB.Name {
		return e.core.apply(a)
	}
	if e.core.minute > 0 {
		return errDBLayoutLate
	}
	if err := e.core.apply(a); err != nil {
		return err
	}
	// Rebuild the (still empty) database with the new layout.
	e.db = e.newDatabase()
	return nil
}

// Totals implements scenario.Engine.
func (e *DES) Totals() scenario.Row { return e.core.totals(e.meter.latAll.Quantile(0.99)) }

// Goals implements scenario.Engine.
func (e *DES) Goals() []scenario.Goal { return e.core.goals(e.Totals()) }

// Events implements scenario.Evented.
func (e *DES) Events() []scenario.Mark { return e.core.events() }

// Requests returns the number of requests that arrived so far.
func (e *DES) Requests() float64 { return e.core.ledger.sum.arrivals }

// restartSources redraws, at the start of a minute, the next arrival at
// the minute's rate and the warm-up job's next query if it runs: both are
// Poisson processes, memoryless, so redrawing the next gap at the minute
// boundary is exact.
func (e *DES) restartSources() {
	c := e.core
	e.env.Cancel(e.arrH)
	if c.rate > 0 {
		e.scheduleArrival()
	}
	e.env.Cancel(e.jobH)
	if c.warmth.warmupLeft > 0 {
		e.scheduleJob()
	}
}

// Step implements scenario.Engine: it simulates the next minute.
func (e *DES) Step() scenario.Row {
	c := e.core
	c.begin()
	now := e.env.Now()
	e.minuteEnd = now + des.Minute
	e.cache.setWarm(c.warmth.warm)
	e.restartSources()

	e.meter.open(now, c.fleet.Serving(), c.fleet.Booting())
	e.db.mark(now)
	e.dots.open(now)

	if err := e.env.RunUntil(e.minuteEnd); err != nil {
		panic(err) // the clock only moves forward here
	}
	end := e.env.Now()
	e.meter.close(end, c.p.Workers.PerInstance, e.db.utilisation(end))
	e.dots.close()
	row := c.finish(&e.meter.ms)
	e.gauges = gauges{hit: row[colHit], util: row[colUtil], db: row[colDBUtil]}
	return row
}

var (
	_ scenario.Stationed = (*DES)(nil)
	_ scenario.Evented   = (*DES)(nil)
	_ scenario.Pictured  = (*DES)(nil)
)
