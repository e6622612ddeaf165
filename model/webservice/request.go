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
	worker  des.Ticket // its worker, at its station
	pool    int16      // its worker station, index into DES.workers: 0 = the pooled queue, 1+i = instance slot i
	qLeft   int8
	dot     int8 // picture slot, −1 if not sampled
	low     bool
	qFail   bool // the current query is cut at 250 ms and fails
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
	e.workers[pi].Arrive(id, 0, des.UntilRelease, e.timeout)
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

// workerRenege: request id waited 2 s for a worker and times out.
func (e *DES) workerRenege(id int32, _ int) {
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
	r := e.reqs.At(id)
	pi := r.pool
	st := e.workers[pi]
	st.Release(r.worker)
	e.busy.Add(e.env.Now(), -1)
	if pi > 0 {
		slot := int(pi) - 1
		if e.fleet.At(slot).State == fleet.Draining && st.InSystem() == 0 {
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
			if e.fleet.At(slot).State == fleet.Draining && e.workers[pi].InSystem() == 0 {
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

// jobQuery is the customer id of a warm-up job query at the database.
const jobQuery int32 = -1

// newDatabase builds the database in the current layout.
func (e *DES) newDatabase() *database {
	return newDatabase(e.env, e.p.dbLanes(), e.ctl.db, e.sLane, e.queryStart, e.queryDone, e.queryRenege)
}

// submit sends request id's next query to the database.
func (e *DES) submit(id int32, now des.Time) {
	e.reqs.At(id).qAt = now
	e.dbOffered++
	e.db.submit(id, e.dbMax)
}

// queryStart (the lanes' OnStart): a query got a lane of st after waiting
// w; its service time x is drawn now. A request's query that would end
// past 250 ms after its submission (w + x > 250 ms) holds its lane only
// until then and fails its request.
func (e *DES) queryStart(st *des.Station, id int32, w des.Time, t des.Ticket) {
	x := des.Seconds(e.p.DBBaseTime * exp1(e.sDB))
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
	e.ms.qtSum += e.dbMax.Seconds()
	e.ms.qtN++
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
		e.ms.qtSum += e.dbMax.Seconds()
		e.ms.qtN++
		e.release(id, outDBFail)
		return
	}
	now := e.env.Now()
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

// jobArrive is the warm-up job's next query, while it runs.
func (e *DES) jobArrive(des.Event) {
	if e.env.Now() >= e.minuteEnd || e.warmupLeft <= 0 {
		return
	}
	e.jobH = e.env.MustAfter(des.Seconds(exp1(e.sJob)/e.p.WarmupQueries), des.PriorityDefault, des.Event{Kind: e.kJob})
	e.dbOffered++
	e.db.submit(jobQuery, e.dbMax)
}
