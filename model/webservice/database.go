package webservice

import (
	"errors"

	"queuelab/des"
	"queuelab/model/scenario"
)

// dbLayout is the database's layout (the db control's choices,
// Params.DBPooled).
type dbLayout uint8

// Database layouts.
const (
	dbPerLane dbLayout = iota
	dbPooled
)

var dbChoices = []string{"per-lane", "pooled"}

// database is the des engine's database station: c = capacity × 5 ms
// lanes, each serving one query at a time. Per lane (the default), each
// lane keeps its own FIFO queue and a query joins a lane chosen uniformly
// at random: a random split of a Poisson stream is Poisson, so every lane
// is an M/M/1 queue at the database's utilisation ρ and the mean query
// time is exactly 5 ms/(1 − ρ), the original's formula (Kleinrock,
// Queueing Systems vol. 1, 1975, §3.2). It is how shards, or connections
// that each keep their own queue, behave. Pooled, the lanes share one
// FIFO queue (M/M/c): a query waits only when all c lanes are busy, so
// the query time stays near 5 ms until ρ is close to 1 (Erlang C).
//
// lanes holds one des.Pool per lane (per lane) or a single pool of c
// servers (pooled); a query remembers its pool's index.
type database struct {
	lanes []*des.Pool
	c     int         // lanes in all
	pick  *des.Stream // per lane: which lane a query joins
}

// newDatabase builds the station with the given layout. start and renege
// are the pools' OnStart and OnRenege, told which pool the query is in.
func newDatabase(env *des.Env, c int, layout dbLayout, pick *des.Stream,
	start func(id int32, waited des.Time, pool int), renege func(id int32, waited des.Time)) *database {
	d := &database{c: c, pick: pick}
	n, servers := c, 1
	if layout == dbPooled {
		n, servers = 1, c
	}
	for i := range n {
		pl := des.NewPool(env, "db", servers)
		pl.OnStart = func(id int32, w des.Time) { start(id, w, i) }
		pl.OnRenege = renege
		d.lanes = append(d.lanes, pl)
	}
	return d
}

// submit sends query id (a request, or jobQuery) to the database with
// the given patience and returns the index of the pool it joined.
func (d *database) submit(id int32, patience des.Time) int {
	i := 0
	if len(d.lanes) > 1 {
		i = d.pick.IntN(len(d.lanes))
	}
	d.lanes[i].Request(id, patience)
	return i
}

// release ends a query's service on pool i.
func (d *database) release(i int) { d.lanes[i].Release() }

// mark starts a new window of the busy-lane averages at now.
func (d *database) mark(now des.Time) {
	for _, pl := range d.lanes {
		pl.Busy.Mark(now)
	}
}

// utilisation returns the time-averaged share of busy lanes since the
// last mark.
func (d *database) utilisation(now des.Time) float64 {
	busy := 0.0
	for _, pl := range d.lanes {
		busy += pl.Busy.WindowMean(now)
	}
	return min(1, busy/float64(d.c))
}

// station returns the database's cumulative Little's-law data: the number
// in the station integrated over time and the arrivals, summed over its
// pools; departures and sojourns are counted by the engine.
func (d *database) station(now des.Time, out stationOut) scenario.StationStats {
	var area, arrivals float64
	for _, pl := range d.lanes {
		area += pl.InSystemArea(now)
		arrivals += float64(pl.Arrivals)
	}
	return scenario.StationStats{Name: "database", Time: now.Seconds(), Area: area, Arrivals: arrivals,
		Departures: out.departures, Sojourn: out.sojourn}
}

// errDBLayoutLate is Apply's answer to a db change after the first minute.
var errDBLayoutLate = errors.New("control db: the database's layout is fixed once the run has started (set it at 0m)")
