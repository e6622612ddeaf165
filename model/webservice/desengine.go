package webservice

import (
	"fmt"
	"math"

	"queuelab/des"
	"queuelab/model/fleet"
	"queuelab/model/scenario"
)

// outcome of a request, for the counts and the picture's dots.
type outcome uint8

const (
	outOK outcome = iota
	outHit
	outTimeout
	outDBFail
	outBuildErr
	outUnavailable
	outShed
)

var outcomeWords = [...]string{"ok", "hit", "timeout", "db-failure", "build-error", "unavailable", "shed"}

// request is one request in flight. Requests live in the slab DES.reqs,
// so steady state allocates nothing.
type request struct {
	arrived des.Time
	qAt     des.Time // when the current DB query was submitted
	obj     int32
	pool    int16 // index into DES.pools: 0 = the pooled queue, 1+i = instance slot i
	dbPool  int16 // the database pool of its current query (see database)
	qLeft   int8
	dot     int8 // picture slot, −1 if not sampled
	low     bool
	bad     bool
	recs    bool
}

// jobQuery is the customer id of a warm-up job query in the DB pool.
const jobQuery int32 = -1

// DES is the per-request engine: every request and every cached object is
// an entity, the fleet is one des.Pool of 16 workers per instance (or one
// pooled queue), and the database has 20 lanes (see database).
type DES struct {
	*core
	env *des.Env

	reqs des.Slab[request]

	pools    []*des.Pool // [0] pooled, [1+i] instance slot i
	db       *database
	serveIdx []int32 // serving instance slots, in slot order
	rr       int

	kArrive, kAppDone, kQueryDone, kQueryFail, kJob, kJobDone, kBoot des.Kind
	arrH, jobH                                                       des.Handle

	sArr, sClass, sShed, sObj, sApp, sBad, sDB, sJob, sBuild, sLane *des.Stream

	fill      []des.Time // per object: when its entry was filled (MinInt64 = none)
	rank      []int32    // per object: position in the warm order
	warmCount int32
	alias     alias
	zipf      bool
	appSigma  float64 // lognormal σ for AppCV ∉ {0, 1}

	ms                         mstats
	busy, servingTW, bootingTW des.TimeWeighted
	lat, latAll                *des.Sketch
	dbOffered                  float64
	minuteEnd                  des.Time
	timeout, dbMax, dbMean     des.Time
	dots, lastDots             []scenario.Dot
	dotEvery, nextDot          des.Time
	hitLast, utilLast, dbLast  float64

	// Departures and Σ sojourn (s) per worker pool (index as pools) and of
	// the database, for Stations.
	poolOut []stationOut
	dbOut   stationOut
}

type stationOut struct{ departures, sojourn float64 }

// Stations returns the cumulative measurements of every station the run
// has had, in a fixed order: the pooled worker queue ("workers, pooled";
// used with lb = pooled), each instance slot's workers ("workers,
// instance i", i from 1, in slot order; a slot is reused by a later
// instance) and the database ("database": request queries and the
// warm-up job's). A worker station's customers are requests, from routing
// to the release of the worker or the 2 s timeout; the database's are
// queries, from submission to the end of service, the 250 ms failure or
// the renege.
func (e *DES) Stations() []scenario.StationStats {
	now := e.env.Now()
	out := make([]scenario.StationStats, 0, len(e.pools)+1)
	for i, pl := range e.pools {
		name := "workers, pooled"
		if i > 0 {
			name = fmt.Sprintf("workers, instance %d", i)
		}
		out = append(out, scenario.StationStats{Name: name, Time: now.Seconds(), Area: pl.InSystemArea(now),
			Arrivals: float64(pl.Arrivals), Departures: e.poolOut[i].departures, Sojourn: e.poolOut[i].sojourn})
	}
	return append(out, e.db.station(now, e.dbOut))
}

// leftPool records that request id left its worker pool now.
func (e *DES) leftPool(id int32) {
	r := e.reqs.At(id)
	o := &e.poolOut[r.pool]
	o.departures++
	o.sojourn += (e.env.Now() - r.arrived).Seconds()
}

// leftDB records a query that left the database after sojourn.
func (e *DES) leftDB(sojourn des.Time) {
	e.dbOut.departures++
	e.dbOut.sojourn += sojourn.Seconds()
}

const noFill = des.Time(math.MinInt64)

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
	e.kQueryDone = e.env.Register("query-done", e.queryDone)
	e.kQueryFail = e.env.Register("query-fail", e.queryFail)
	e.kJob = e.env.Register("job-query", e.jobArrive)
	e.kJobDone = e.env.Register("job-query-done", e.jobDone)
	e.kBoot = e.env.Register("boot", e.boot)
	e.timeout = des.Seconds(p.Timeout)
	e.dbMax = des.Seconds(p.DBMaxTime)

	e.sLane = ss.Stream("db-lanes")
	e.db = newDatabase(e.env, p.dbLanes(), e.ctl.db, e.sLane, e.queryStart, e.queryRenege)
	pooled := des.NewPool(e.env, "pooled", 0)
	pooled.OnStart = func(id int32, _ des.Time) { e.workerStart(id, -1) }
	pooled.OnRenege = e.workerRenege
	e.pools = []*des.Pool{pooled}
	e.poolOut = []stationOut{{}}

	e.fill = make([]des.Time, p.Objects)
	e.rank = make([]int32, p.Objects)
	order := ss.Stream("warm-order")
	for i := range e.rank {
		e.rank[i] = int32(i)
		e.fill[i] = noFill
	}
	for i := len(e.rank) - 1; i > 0; i-- { // Fisher–Yates
		j := order.IntN(i + 1)
		e.rank[i], e.rank[j] = e.rank[j], e.rank[i]
	}
	if p.ZipfS > 0 {
		e.zipf = true
		e.alias = newZipfAlias(p.Objects, p.ZipfS)
	}
	e.prefill(ss.Stream("cache-init"))
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
	e.onFlush = e.hookFlush
	e.fleet.Open(e.ctl.minInst, e.currentBuild)
	return e, nil
}

// prefill puts the cache in its stationary state for the opening rate,
// so that minute 0 is not a cold start: each object's TTL cycle is a fresh
// period of length T followed by an expired wait of mean 1/r, so at a
// random instant the entry is fresh with probability rT/(1 + rT) and its
// age is then uniform on [0, T).
func (e *DES) prefill(s *des.Stream) {
	p := e.p
	lam := e.cfg.baseRate(0)
	n := len(e.fill)
	var norm float64
	if p.ZipfS > 0 {
		for i := n; i >= 1; i-- {
			norm += math.Pow(float64(i), -p.ZipfS)
		}
	}
	T := e.ctl.ttl
	for i := range e.fill {
		r := lam / float64(n)
		if p.ZipfS > 0 {
			r = lam * math.Pow(float64(i+1), -p.ZipfS) / norm
		}
		if s.Float64()*(1+r*T) < r*T {
			e.fill[i] = -des.Seconds(s.Float64() * T)
		}
	}
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
	e.db = newDatabase(e.env, e.p.dbLanes(), e.ctl.db, e.sLane, e.queryStart, e.queryRenege)
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

func (e *DES) object() int32 {
	if e.zipf {
		return e.alias.sample(e.sObj)
	}
	return int32(e.sObj.IntN(len(e.fill)))
}

// arrive is one request at the load balancer.
func (e *DES) arrive(des.Event) {
	now := e.env.Now()
	e.arrH = e.env.MustAfter(des.Seconds(exp1(e.sArr)/e.rate), des.PriorityDefault, des.Event{Kind: e.kArrive})
	e.ms.arrivals++
	low := e.sClass.Float64() < e.p.LowShare
	dot := int8(-1)
	if e.dotEvery > 0 && now >= e.nextDot && len(e.dots) < cap(e.dots) {
		dot = int8(len(e.dots))
		class := "high"
		if low {
			class = "low"
		}
		e.dots = append(e.dots, scenario.Dot{At: (now - (e.minuteEnd - des.Minute)).Seconds(), Class: class})
		e.nextDot += e.dotEvery
		for e.nextDot <= now {
			e.nextDot += e.dotEvery
		}
	}
	if low && e.ctl.shedLow > 0 && e.sShed.Float64() < e.ctl.shedLow {
		e.ms.shed++
		e.markDot(dot, outShed)
		return
	}
	obj := e.object()
	pi := e.route()
	if pi < 0 {
		e.ms.unavailable++
		e.ms.latN++
		e.lat.Add(0)
		e.markDot(dot, outUnavailable)
		return
	}
	id := e.reqs.Get()
	*e.reqs.At(id) = request{arrived: now, obj: obj, pool: int16(pi), dot: dot, low: low}
	e.pools[pi].Request(id, e.timeout)
}

func (e *DES) markDot(dot int8, o outcome) {
	if dot >= 0 && int(dot) < len(e.dots) {
		e.dots[dot].Outcome = outcomeWords[o]
	}
}

// route picks the queue of a new request: −1 if no instance serves.
func (e *DES) route() int {
	n := len(e.serveIdx)
	if n == 0 {
		return -1
	}
	switch e.ctl.lb {
	case lbPooled:
		return 0
	case lbRoundRobin:
		e.rr++
		if e.rr >= n {
			e.rr = 0
		}
		return 1 + int(e.serveIdx[e.rr])
	}
	// Least connections: fewest requests in the instance (in service or
	// waiting); ties go to the first found from a rotating start.
	e.rr++
	if e.rr >= n {
		e.rr = 0
	}
	best, bestLoad := -1, math.MaxInt
	for k := 0; k < n; k++ {
		j := e.rr + k
		if j >= n {
			j -= n
		}
		pl := e.pools[1+e.serveIdx[j]]
		if l := pl.BusyServers() + pl.Queued(); l < bestLoad {
			best, bestLoad = j, l
			if l == 0 {
				break
			}
		}
	}
	return 1 + int(e.serveIdx[best])
}

// workerStart: request id got a worker of instance slot (−1: pooled).
func (e *DES) workerStart(id int32, slot int) {
	r := e.reqs.At(id)
	e.busy.Add(e.env.Now(), 1)
	if slot >= 0 {
		r.bad = e.fleet.At(slot).Tag == badBuild
	} else if bad := e.fleet.ServingTagged(badBuild); bad > 0 {
		r.bad = e.sBuild.Float64()*float64(e.fleet.Serving()) < float64(bad)
	}
	r.recs = e.ctl.recs
	e.ms.served++
	mean := e.p.AppTime
	if r.recs {
		e.ms.recsServed++
		mean += e.p.RecsAppTime
	}
	if r.bad {
		e.ms.badServed++
		mean *= e.p.BadCPU
	}
	e.env.MustAfter(des.Seconds(mean*e.appFactor()), des.PriorityDefault, des.Event{Kind: e.kAppDone, Ref: id})
}

// appFactor draws an app time of mean 1 with the configured CV.
func (e *DES) appFactor() float64 {
	switch e.p.AppCV {
	case 1:
		return exp1(e.sApp)
	case 0:
		return 1
	}
	s := e.appSigma
	return math.Exp(-s*s/2 + s*des.Normal{Mu: 0, Sigma: 1}.Rand(e.sApp))
}

func (e *DES) workerRenege(id int32, _ des.Time) {
	e.leftPool(id)
	e.done(id, outTimeout)
}

// appDone: the app work is over; the bad build may fail the request,
// otherwise the cache is looked up.
func (e *DES) appDone(ev des.Event) {
	id := ev.Ref
	r := e.reqs.At(id)
	if r.bad && e.sBad.Float64() < e.p.BadErrors {
		e.release(id, outBuildErr)
		return
	}
	now := e.env.Now()
	e.ms.lookups++
	o := r.obj
	if e.rank[o] < e.warmCount {
		if f := e.fill[o]; f != noFill && now-f < des.Seconds(e.ctl.ttl) {
			e.ms.hits++
			e.ms.ageSum += (now - f).Seconds()
			e.release(id, outHit)
			return
		}
	}
	q := e.p.Queries
	if r.recs {
		q += e.p.RecsQueries
	}
	r.qLeft = int8(q)
	e.submit(id, now)
}

func (e *DES) submit(id int32, now des.Time) {
	e.reqs.At(id).qAt = now
	e.dbOffered++
	e.reqs.At(id).dbPool = int16(e.db.submit(id, e.dbMax))
}

// queryStart: a query got a DB lane after waiting w. One that would end
// past 250 ms is abandoned at 250 ms and fails its request.
func (e *DES) queryStart(id int32, w des.Time, pool int) {
	x := des.Seconds(e.p.DBBaseTime * exp1(e.sDB))
	if id == jobQuery {
		// Ref: its database pool; Aux: when it was submitted, for its sojourn.
		e.env.MustAfter(x, des.PriorityDefault, des.Event{Kind: e.kJobDone, Ref: int32(pool), Aux: int64(e.env.Now() - w)})
		return
	}
	if w+x > e.dbMax {
		e.env.MustAfter(e.dbMax-w, des.PriorityDefault, des.Event{Kind: e.kQueryFail, Ref: id})
		return
	}
	e.env.MustAfter(x, des.PriorityDefault, des.Event{Kind: e.kQueryDone, Ref: id})
}

func (e *DES) queryRenege(id int32, waited des.Time) {
	e.leftDB(waited)
	if id == jobQuery {
		return
	}
	e.ms.qtSum += e.dbMax.Seconds()
	e.ms.qtN++
	e.release(id, outDBFail)
}

func (e *DES) queryDone(ev des.Event) {
	id := ev.Ref
	r := e.reqs.At(id)
	e.db.release(int(r.dbPool))
	now := e.env.Now()
	e.leftDB(now - r.qAt)
	e.ms.qtSum += (now - r.qAt).Seconds()
	e.ms.qtN++
	r.qLeft--
	if r.qLeft > 0 {
		e.submit(id, now)
		return
	}
	if e.rank[r.obj] < e.warmCount {
		e.fill[r.obj] = now
	}
	e.release(id, outOK)
}

func (e *DES) queryFail(ev des.Event) {
	e.db.release(int(e.reqs.At(ev.Ref).dbPool))
	e.leftDB(e.env.Now() - e.reqs.At(ev.Ref).qAt)
	e.ms.qtSum += e.dbMax.Seconds()
	e.ms.qtN++
	e.release(ev.Ref, outDBFail)
}

func (e *DES) jobArrive(des.Event) {
	if e.env.Now() >= e.minuteEnd || e.warmupLeft <= 0 {
		return
	}
	e.jobH = e.env.MustAfter(des.Seconds(exp1(e.sJob)/e.p.WarmupQueries), des.PriorityDefault, des.Event{Kind: e.kJob})
	e.dbOffered++
	e.db.submit(jobQuery, e.dbMax)
}

func (e *DES) jobDone(ev des.Event) {
	e.db.release(int(ev.Ref))
	e.leftDB(e.env.Now() - des.Time(ev.Aux))
}

// release frees the worker of request id and ends the request.
func (e *DES) release(id int32, o outcome) {
	pi := e.reqs.At(id).pool
	pl := e.pools[pi]
	pl.Release()
	e.leftPool(id)
	e.busy.Add(e.env.Now(), -1)
	if pi > 0 {
		slot := int(pi) - 1
		if e.fleet.At(slot).State == fleet.Draining && pl.BusyServers()+pl.Queued() == 0 {
			e.fleet.Drained(slot)
		}
	}
	e.done(id, o)
}

// done records the outcome of request id and recycles it.
func (e *DES) done(id int32, o outcome) {
	r := e.reqs.At(id)
	lat := (e.env.Now() - r.arrived).Seconds()
	switch o {
	case outOK, outHit:
		e.ms.ok++
	case outTimeout:
		e.ms.timeouts++
		if pi := r.pool; pi > 0 {
			slot := int(pi) - 1
			pl := e.pools[pi]
			if e.fleet.At(slot).State == fleet.Draining && pl.BusyServers()+pl.Queued() == 0 {
				e.fleet.Drained(slot)
			}
		}
	case outDBFail:
		e.ms.dbFail++
	case outBuildErr:
		e.ms.buildErr++
	}
	e.ms.latSum += lat
	e.ms.latN++
	e.lat.Add(lat)
	e.markDot(r.dot, o)
	e.reqs.Put(id)
}

func (e *DES) hookBoot(i int) {
	in := e.fleet.At(i)
	e.bootingTW.Set(e.env.Now(), float64(e.fleet.Booting()))
	if _, err := e.env.At(max(in.BootAt, e.env.Now()), des.PriorityControl, des.Event{Kind: e.kBoot, Ref: int32(i), Aux: in.Gen}); err != nil {
		panic(err)
	}
}

func (e *DES) boot(ev des.Event) {
	i := int(ev.Ref)
	if e.fleet.BootDue(i, ev.Aux) {
		e.fleet.Serve(i)
	}
}

func (e *DES) poolOf(i int) *des.Pool {
	for len(e.pools) <= 1+i {
		slot := len(e.pools) - 1
		pl := des.NewPool(e.env, "instance", e.p.Workers)
		pl.OnStart = func(id int32, _ des.Time) { e.workerStart(id, slot) }
		pl.OnRenege = e.workerRenege
		e.pools = append(e.pools, pl)
		e.poolOut = append(e.poolOut, stationOut{})
	}
	return e.pools[1+i]
}

func (e *DES) hookServe(i int) {
	e.poolOf(i).SetServers(e.p.Workers)
	e.rebuildServing()
}

func (e *DES) hookDrain(i int) {
	pl := e.poolOf(i)
	e.rebuildServing()
	if pl.BusyServers()+pl.Queued() == 0 {
		e.fleet.Drained(i)
	}
}

func (e *DES) rebuildServing() {
	e.serveIdx = e.serveIdx[:0]
	for i := range e.fleet.Slots() {
		if e.fleet.At(i).State == fleet.Serving {
			e.serveIdx = append(e.serveIdx, int32(i))
		}
	}
	now := e.env.Now()
	e.pools[0].SetServers(e.p.Workers * e.fleet.Serving())
	e.servingTW.Set(now, float64(e.fleet.Serving()))
	e.bootingTW.Set(now, float64(e.fleet.Booting()))
}

func (e *DES) hookFlush() {
	for i := range e.fill {
		e.fill[i] = noFill
	}
}

// Picture implements scenario.Pictured.
func (e *DES) Picture() scenario.Picture {
	var inst scenario.Group
	inst.Name = "instances"
	for i := range e.fleet.Slots() {
		in := e.fleet.At(i)
		if in.State == fleet.Free {
			continue
		}
		inst.Items = append(inst.Items, in.State.String())
		inst.Label = append(inst.Label, buildLabel(in.Tag))
	}
	pic := scenario.Picture{Groups: []scenario.Group{inst}}
	if e.prepSize > 0 {
		g := scenario.Group{Name: "rollback fleet"}
		for range e.prepSize {
			g.Items = append(g.Items, "preparing")
			g.Label = append(g.Label, buildLabel(goodBuild))
		}
		pic.Groups = append(pic.Groups, g)
	}
	gauge := func(name string, v float64) scenario.Gauge {
		if v != v {
			v = 0
		}
		return scenario.Gauge{Name: name, Value: min(max(v, 0), 1)}
	}
	pic.Gauges = []scenario.Gauge{
		gauge("cache warmth", e.warm), gauge("cache hits", e.hitLast),
		gauge("DB load", e.dbLast), gauge("workers busy", e.utilLast),
	}
	pic.Dots = append([]scenario.Dot(nil), e.lastDots...)
	return pic
}

var _ scenario.Stationed = (*DES)(nil)
