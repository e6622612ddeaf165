package webservice

import (
	"math"

	"queuelab/des"
	"queuelab/model/fleet"
	"queuelab/model/scenario"
)

// DES is the per-request engine: every request and every cached object is
// an entity, each instance's 16 workers are a des.Station (or all workers
// one pooled queue), and the database has 20 lanes (see database). Its state
// is grouped by noun; each group is declared in the file of its noun.
type DES struct {
	*core
	env *des.Env
	kinds
	rngs

	reqs des.Slab[request] // requests in flight
	balancer
	db *database
	objectCache
	meter
	dotSampler

	timeout, dbMax des.Time // worker wait and query-time limits
	appSigma       float64  // lognormal σ for AppCV ∉ {0, 1}
	minuteEnd      des.Time
	arrH, jobH     des.Handle // the next arrival and warm-up job query
}

// kinds are the des engine's event kinds.
type kinds struct {
	kArrive, kAppDone, kJob, kBoot des.Kind
}

// rngs are the des engine's random streams, one per source of chance.
type rngs struct {
	sArr, sClass, sShed, sObj, sApp, sBad, sDB, sJob, sBuild, sLane *des.Stream
}

// meter is what the des engine measures in the current minute (ms and
// the time averages) and over the run (the whole-run latency sketch).
type meter struct {
	ms                         mstats
	busy, servingTW, bootingTW des.TimeWeighted
	lat, latAll                *des.Sketch
	dbOffered                  float64
}

// NewDES returns the per-request engine for cfg.
func NewDES(cfg Config) (*DES, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	p := cfg.Params
	e := &DES{core: newCore(cfg), env: des.NewEnv()}
	ss := des.Streams{Seed: cfg.Seed, Gen: cfg.Gen}
	e.sArr, e.sClass, e.sShed = ss.Stream("arrivals"), ss.Stream("class"), ss.Stream("shed")
	e.sObj, e.sApp, e.sBad = ss.Stream("objects"), ss.Stream("app"), ss.Stream("bad-build")
	e.sDB, e.sJob, e.sBuild = ss.Stream("db"), ss.Stream("warmup-job"), ss.Stream("pooled-build")
	e.kArrive = e.env.Register("arrive", e.arrive)
	e.kAppDone = e.env.Register("app-done", e.appDone)
	e.kJob = e.env.Register("job-query", e.jobArrive)
	e.kBoot = e.env.Register("boot", e.boot)
	e.timeout = des.Seconds(p.Timeout)
	e.dbMax = des.Seconds(p.DBMaxTime)

	e.sLane = ss.Stream("db-lanes")
	e.db = e.newDatabase()
	e.workers = []*des.Station{e.newWorkers("pooled", -1, 0)}

	e.objectCache = newObjectCache(p, ss.Stream("warm-order"))
	e.prefill(p, cfg.baseRate(0), e.ctl.ttl, ss.Stream("cache-init"))
	if p.AppCV != 0 && p.AppCV != 1 {
		e.appSigma = math.Sqrt(math.Log1p(p.AppCV * p.AppCV))
	}
	e.lat = des.MustSketch(p.LatencyAlpha, 1e-4, 1e3)
	e.latAll = des.MustSketch(p.LatencyAlpha, 1e-4, 1e3)
	e.dots = make([]scenario.Dot, 0, max(p.DotsPerMinute, 0))
	if p.DotsPerMinute > 0 {
		e.dotEvery = des.Minute / des.Time(p.DotsPerMinute)
	}

	e.fleet.Hooks = fleet.Hooks{OnBoot: e.hookBoot, OnServe: e.hookServe, OnDrain: e.hookDrain}
	e.onFlush = e.objectCache.flush
	e.fleet.Open(e.ctl.minInst, e.currentBuild)
	return e, nil
}

// Columns implements scenario.Engine.
func (e *DES) Columns() []scenario.Column { return Columns() }

// Minute implements scenario.Engine.
func (e *DES) Minute() int { return e.minute }

// Apply implements scenario.Engine. The db control (the database's
// layout) can only be set before the first minute.
func (e *DES) Apply(a scenario.Action) error {
	if a.Control != ctlDB.Name {
		return e.apply(a)
	}
	if e.minute > 0 {
		return errDBLayoutLate
	}
	if err := e.apply(a); err != nil {
		return err
	}
	// Rebuild the (still empty) database with the new layout.
	e.db = e.newDatabase()
	return nil
}

// Totals implements scenario.Engine.
func (e *DES) Totals() scenario.Row { return e.totals(e.latAll.Quantile(0.99)) }

// Goals implements scenario.Engine.
func (e *DES) Goals() []scenario.Goal { return e.goals(e.Totals()) }

// Requests returns the number of requests that arrived so far.
func (e *DES) Requests() float64 { return e.sum.arrivals }

// Step implements scenario.Engine: it simulates the next minute.
func (e *DES) Step() scenario.Row {
	e.begin()
	now := e.env.Now()
	e.minuteEnd = now + des.Minute
	e.warmCount = int32(math.Floor(e.warm * float64(len(e.rank))))

	// Arrivals: a Poisson process at this minute's rate (memoryless, so
	// redrawing the next gap at the minute boundary is exact).
	e.env.Cancel(e.arrH)
	if e.rate > 0 {
		e.arrH = e.env.MustAfter(des.Seconds(exp1(e.sArr)/e.rate), des.PriorityDefault, des.Event{Kind: e.kArrive})
	}
	e.env.Cancel(e.jobH)
	if e.warmupLeft > 0 {
		e.jobH = e.env.MustAfter(des.Seconds(exp1(e.sJob)/e.p.WarmupQueries), des.PriorityDefault, des.Event{Kind: e.kJob})
	}

	e.ms = mstats{}
	e.dbOffered = 0
	e.busy.Mark(now)
	e.servingTW.Set(now, float64(e.fleet.Serving()))
	e.servingTW.Mark(now)
	e.bootingTW.Set(now, float64(e.fleet.Booting()))
	e.bootingTW.Mark(now)
	e.db.mark(now)
	e.lat.Reset()
	e.dots = e.dots[:0]
	e.nextDot = now

	if err := e.env.RunUntil(e.minuteEnd); err != nil {
		panic(err) // the clock only moves forward here
	}
	end := e.env.Now()
	e.ms.serving = e.servingTW.WindowMean(end)
	e.ms.booting = e.bootingTW.WindowMean(end)
	e.ms.dbUtil = e.db.utilisation(end)
	e.ms.dbLoad = e.dbOffered / 60
	capacity := e.ms.serving * float64(e.p.Workers)
	switch {
	case capacity > 0:
		e.ms.util = min(1, e.busy.WindowMean(end)/capacity)
	case e.ms.arrivals > 0:
		e.ms.util = 1
	}
	e.ms.latP99 = e.lat.Quantile(0.99)
	if err := e.latAll.Merge(e.lat); err != nil {
		panic(err)
	}
	e.lastDots = e.lastDots[:0]
	for _, d := range e.dots {
		if d.Outcome != "" {
			e.lastDots = append(e.lastDots, d)
		}
	}
	row := e.finish(&e.ms)
	e.hitLast, e.utilLast, e.dbLast = row[colHit], row[colUtil], row[colDBUtil]
	return row
}

var _ scenario.Stationed = (*DES)(nil)
