package webservice

import (
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
	obj := e.object(e.sObj)
	pi := e.route(e.ctl.lb)
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
	if age, hit := e.lookup(r.obj, now, des.Seconds(e.ctl.ttl)); hit {
		e.ms.hits++
		e.ms.ageSum += age.Seconds()
		e.release(id, outHit)
		return
	}
	q := e.p.Queries
	if r.recs {
		q += e.p.RecsQueries
	}
	r.qLeft = int8(q)
	e.submit(id, now)
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

// jobQuery is the customer id of a warm-up job query in the DB pool.
const jobQuery int32 = -1

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
	e.store(r.obj, now)
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
