package webservice

import (
	"math"

	"queuelab/des"
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
	worker  des.Ticket // its worker, at its station
	pool    int16      // its worker station, index into balancer.workers: 0 = the pooled queue, 1+i = instance slot i
	qLeft   int8
	dot     int8 // picture slot, −1 if not sampled
	low     bool
	qFail   bool // the current query is cut at 250 ms and fails
	bad     bool
	recs    bool
}

// arrive is one request at the load balancer: it may be shed, find no
// serving instance, or join a worker queue.
func (e *DES) arrive(des.Event) {
	c := e.core
	now := e.env.Now()
	e.scheduleArrival()
	e.meter.arrival()
	low := e.rng.class.Float64() < c.p.Traffic.LowShare
	dot := e.dots.sample(now, e.minuteEnd-des.Minute, low)
	if low && c.ctl.shedLow > 0 && e.rng.shed.Float64() < c.ctl.shedLow {
		e.meter.shed()
		e.dots.mark(dot, outShed)
		return
	}
	obj := e.cache.object(e.rng.obj)
	pi := e.lb.route(c.ctl.lb)
	if pi < 0 {
		e.meter.unavailable()
		e.dots.mark(dot, outUnavailable)
		return
	}
	id := e.reqs.Get()
	*e.reqs.At(id) = request{arrived: now, obj: obj, pool: int16(pi), dot: dot, low: low}
	e.lb.workers[pi].Arrive(id, 0, des.UntilRelease, e.timeout)
}

// workerStart: request id got a worker of instance slot (−1: pooled).
func (e *DES) workerStart(id int32, slot int) {
	c := e.core
	r := e.reqs.At(id)
	if slot >= 0 {
		r.bad = c.fleet.At(slot).Tag == badBuild
	} else if bad := c.fleet.ServingTagged(badBuild); bad > 0 {
		r.bad = e.rng.build.Float64()*float64(c.fleet.Serving()) < float64(bad)
	}
	r.recs = c.ctl.recs
	e.meter.started(e.env.Now(), r.recs, r.bad)
	w := c.p.Workers
	mean := w.AppTime
	if r.recs {
		mean += w.RecsAppTime
	}
	if r.bad {
		mean *= c.p.Builds.BadCPU
	}
	e.env.MustAfter(des.Seconds(mean*e.app.factor()), des.PriorityDefault, des.Event{Kind: e.kind.appDone, Ref: id})
}

// appWork draws the app time of a request, of mean 1 (the caller scales
// it) with coefficient of variation cv: exponential for 1, constant for
// 0, lognormal otherwise.
type appWork struct {
	cv    float64
	sigma float64 // lognormal σ for cv ∉ {0, 1}
	s     *des.Stream
}

func newAppWork(cv float64, s *des.Stream) appWork {
	a := appWork{cv: cv, s: s}
	if cv != 0 && cv != 1 {
		a.sigma = math.Sqrt(math.Log1p(cv * cv))
	}
	return a
}

// factor draws an app time of mean 1.
func (a *appWork) factor() float64 {
	switch a.cv {
	case 1:
		return exp1(a.s)
	case 0:
		return 1
	}
	s := a.sigma
	return math.Exp(-s*s/2 + s*des.Normal{Mu: 0, Sigma: 1}.Rand(a.s))
}

// workerRenege: request id waited 2 s for a worker and times out.
func (e *DES) workerRenege(id int32, _ int) {
	e.lb.freeIfDrained(int(e.reqs.At(id).pool), e.core.fleet)
	e.done(id, outTimeout)
}

// appDone: the app work is over; the bad build may fail the request,
// otherwise the cache is looked up.
func (e *DES) appDone(ev des.Event) {
	c := e.core
	id := ev.Ref
	r := e.reqs.At(id)
	if r.bad && e.rng.bad.Float64() < c.p.Builds.BadErrors {
		e.release(id, outBuildErr)
		return
	}
	now := e.env.Now()
	age, hit := e.cache.lookup(r.obj, now, des.Seconds(c.ctl.ttl))
	e.meter.lookup(age, hit)
	if hit {
		e.release(id, outHit)
		return
	}
	q := c.p.DB.Queries
	if r.recs {
		q += c.p.DB.RecsQueries
	}
	r.qLeft = int8(q)
	e.submit(id, now)
}

// release frees the worker of request id and ends the request.
func (e *DES) release(id int32, o outcome) {
	r := e.reqs.At(id)
	e.lb.workers[r.pool].Release(r.worker)
	e.meter.released(e.env.Now())
	e.lb.freeIfDrained(int(r.pool), e.core.fleet)
	e.done(id, o)
}

// done records the outcome of request id and recycles it.
func (e *DES) done(id int32, o outcome) {
	r := e.reqs.At(id)
	e.meter.record(o, (e.env.Now() - r.arrived).Seconds())
	e.dots.mark(r.dot, o)
	e.reqs.Put(id)
}

// jobQuery is the customer id of a warm-up job query at the database.
const jobQuery int32 = -1

// newDatabase builds the database in the current layout.
func (e *DES) newDatabase() *database {
	return newDatabase(e.env, e.core.p.DB.lanes(), e.core.ctl.db, e.rng.lane, e.queryStart, e.queryDone, e.queryRenege)
}

// submit sends request id's next query to the database.
func (e *DES) submit(id int32, now des.Time) {
	e.reqs.At(id).qAt = now
	e.meter.offered()
	e.db.submit(id, e.dbMax)
}

// queryStart (the lanes' OnStart): a query got a lane of st after waiting
// w; its service time x is drawn now. A request's query that would end
// past 250 ms after its submission (w + x > 250 ms) holds its lane only
// until then and fails its request.
func (e *DES) queryStart(st *des.Station, id int32, w des.Time, t des.Ticket) {
	x := des.Seconds(e.core.p.DB.BaseTime * exp1(e.rng.db))
	if id != jobQuery {
		r := e.reqs.At(id)
		r.qFail = w+x > e.dbMax
		if r.qFail {
			x = e.dbMax - w
		}
	}
	st.SetWork(t, x)
}

// queryRenege (the lanes' OnAbandon): a query waited 250 ms for a lane;
// a request's fails it.
func (e *DES) queryRenege(id int32, _ int) {
	if id == jobQuery {
		return
	}
	e.meter.query(e.dbMax.Seconds())
	e.release(id, outDBFail)
}

// queryDone (the lanes' OnDepart): a query left its lane, served or cut
// at 250 ms. A served request's next query goes out, or after the last
// the object is cached and the request ends.
func (e *DES) queryDone(id int32, _ int) {
	if id == jobQuery {
		return
	}
	r := e.reqs.At(id)
	if r.qFail {
		e.meter.query(e.dbMax.Seconds())
		e.release(id, outDBFail)
		return
	}
	now := e.env.Now()
	e.meter.query((now - r.qAt).Seconds())
	r.qLeft--
	if r.qLeft > 0 {
		e.submit(id, now)
		return
	}
	e.cache.store(r.obj, now)
	e.release(id, outOK)
}

// scheduleArrival schedules the next arrival at the minute's rate.
func (e *DES) scheduleArrival() {
	e.arrH = e.env.MustAfter(des.Seconds(exp1(e.rng.arr)/e.core.rate), des.PriorityDefault, des.Event{Kind: e.kind.arrive})
}

// scheduleJob schedules the warm-up job's next query.
func (e *DES) scheduleJob() {
	e.jobH = e.env.MustAfter(des.Seconds(exp1(e.rng.job)/e.core.p.Cache.WarmupQueries), des.PriorityDefault, des.Event{Kind: e.kind.job})
}

// jobArrive is the warm-up job's next query, while it runs.
func (e *DES) jobArrive(des.Event) {
	if e.env.Now() >= e.minuteEnd || e.core.warmth.warmupLeft <= 0 {
		return
	}
	e.scheduleJob()
	e.meter.offered()
	e.db.submit(jobQuery, e.dbMax)
}
