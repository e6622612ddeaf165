package webservice

import "queuelab/des"

// meter is what the des engine measures in the current minute (ms and
// the time averages) and over the run (the whole-run latency sketch).
type meter struct {
	ms                         mstats
	busy, servingTW, bootingTW des.TimeWeighted
	lat, latAll                *des.Sketch
	dbOffered                  float64 // queries sent to the database this minute
}

func newMeter(p MeterParams) meter {
	return meter{lat: des.MustSketch(p.LatencyAlpha, 1e-4, 1e3), latAll: des.MustSketch(p.LatencyAlpha, 1e-4, 1e3)}
}

// open starts a minute at now with the fleet's serving and booting
// instances.
func (m *meter) open(now des.Time, serving, booting int) {
	m.ms = mstats{}
	m.dbOffered = 0
	m.busy.Mark(now)
	m.servingTW.Set(now, float64(serving))
	m.servingTW.Mark(now)
	m.bootingTW.Set(now, float64(booting))
	m.bootingTW.Mark(now)
	m.lat.Reset()
}

// fleetChanged records the fleet's serving and booting instances at now.
func (m *meter) fleetChanged(now des.Time, serving, booting int) {
	m.servingTW.Set(now, float64(serving))
	m.bootingTW.Set(now, float64(booting))
}

// close ends the minute at end: the time averages of the fleet, the
// workers' utilisation (workers per instance), the database's utilisation
// dbUtil, its load and the minute's p99, merged into the run's sketch.
func (m *meter) close(end des.Time, workers int, dbUtil float64) {
	ms := &m.ms
	ms.serving = m.servingTW.WindowMean(end)
	ms.booting = m.bootingTW.WindowMean(end)
	ms.dbUtil = dbUtil
	ms.dbLoad = m.dbOffered / 60
	capacity := ms.serving * float64(workers)
	switch {
	case capacity > 0:
		ms.util = min(1, m.busy.WindowMean(end)/capacity)
	case ms.arrivals > 0:
		ms.util = 1
	}
	ms.latP99 = m.lat.Quantile(0.99)
	if err := m.latAll.Merge(m.lat); err != nil {
		panic(err) // unreachable: both sketches have the same accuracy
	}
}

// arrival books a request at the load balancer; shed, one it rejected.
func (m *meter) arrival() { m.ms.arrivals++ }
func (m *meter) shed()    { m.ms.shed++ }

// started books a request that got a worker at now: with the
// recommendations feature on (recs), on the bad build (bad).
func (m *meter) started(now des.Time, recs, bad bool) {
	m.busy.Add(now, 1)
	m.ms.served++
	if recs {
		m.ms.recsServed++
	}
	if bad {
		m.ms.badServed++
	}
}

// released books a worker freed at now.
func (m *meter) released(now des.Time) { m.busy.Add(now, -1) }

// lookup books a cache lookup: a hit with the entry's age, or a miss.
func (m *meter) lookup(age des.Time, hit bool) {
	m.ms.lookups++
	if hit {
		m.ms.hits++
		m.ms.ageSum += age.Seconds()
	}
}

// offered books a query sent to the database.
func (m *meter) offered() { m.dbOffered++ }

// record books a request that ended with outcome o after lat seconds.
func (m *meter) record(o outcome, lat float64) {
	ms := &m.ms
	switch o {
	case outOK, outHit:
		ms.ok++
	case outTimeout:
		ms.timeouts++
	case outDBFail:
		ms.dbFail++
	case outBuildErr:
		ms.buildErr++
	}
	ms.latSum += lat
	ms.latN++
	m.lat.Add(lat)
}

// unavailable books a request that found no serving instance: an error
// of latency 0.
func (m *meter) unavailable() {
	m.ms.unavailable++
	m.ms.latN++
	m.lat.Add(0)
}

// query books a query's time in the database, served or cut at the limit.
func (m *meter) query(seconds float64) {
	m.ms.qtSum += seconds
	m.ms.qtN++
}
