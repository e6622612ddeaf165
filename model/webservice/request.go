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
