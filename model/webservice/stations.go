package webservice

import (
	"fmt"

	"queuelab/des"
	"queuelab/model/scenario"
)

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
	out := make([]scenario.StationStats, 0, len(e.lb.workers)+1)
	for i, st := range e.lb.workers {
		name := "workers, pooled"
		if i > 0 {
			name = fmt.Sprintf("workers, instance %d", i)
		}
		out = append(out, addStation(scenario.StationStats{Name: name, Time: now.Seconds()}, now, st))
	}
	return append(out, e.db.station(now))
}

// addStation adds station st's statistics at now to out: its time-
// integrated number present and arrivals, and as departures every customer
// that left, served or after its patience ran out, with its sojourn.
func addStation(out scenario.StationStats, now des.Time, st *des.Station) scenario.StationStats {
	tot := &st.Stats.Total
	out.Area += tot.InSystem.Area(now)
	out.Arrivals += float64(tot.Arrivals)
	out.Departures += float64(tot.Departures + tot.Abandons)
	out.Sojourn += tot.Sojourn.Sum() + tot.Abandoned.Sum()
	return out
}
