package webservice

import (
	"fmt"

	"queuelab/des"
	"queuelab/model/scenario"
)

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
