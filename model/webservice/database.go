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
// lanes holds one des.Station per lane (per lane) or a single station of
// c servers (pooled). A query arrives with work des.UntilRelease: its
// service time is drawn when it starts (the station's OnStart) and set
// there with SetWork, cut short by the 250 ms limit; the station then
// ends it itself and calls OnDepart.
type database struct {
	lanes []*des.Station
	c     int         // lanes in all
	pick  *des.Stream // per lane: which lane a query joins
}

// newDatabase builds the station with the given layout. start, depart and
// renege are the stations' OnStart, OnDepart and OnAbandon; start is told
// the lane's station, for SetWork.
func newDatabase(env *des.Env, c int, layout dbLayout, pick *des.Stream,
	start func(st *des.Station, id int32, waited des.Time, t des.Ticket), depart, renege func(id int32, class int)) *database {
	d := &database{c: c, pick: pick}
	n, servers := c, 1
	if layout == dbPooled {
		n, servers = 1, c
	}
	for range n {
		st, err := des.NewStation(env, des.StationConfig{Name: "db", Servers: servers})
		if err != nil {
			panic(err) // unreachable: dbLanes() ≥ 1
		}
		st.OnStart = func(id int32, _ int, w des.Time, t des.Ticket) { start(st, id, w, t) }
		st.OnDepart = depart
		st.OnAbandon = renege
		d.lanes = append(d.lanes, st)
	}
	return d
}

// submit sends query id (a request, or jobQuery) to the database with
// the given patience.
func (d *database) submit(id int32, patience des.Time) {
	i := 0
	if len(d.lanes) > 1 {
		i = d.pick.IntN(len(d.lanes))
	}
	d.lanes[i].Arrive(id, 0, des.UntilRelease, patience)
}

// mark starts a new window of the busy-lane averages at now.
func (d *database) mark(now des.Time) {
	for _, st := range d.lanes {
		st.Stats.Total.Busy.Mark(now)
	}
}

// utilisation returns the time-averaged share of busy lanes since the
// last mark.
func (d *database) utilisation(now des.Time) float64 {
	busy := 0.0
	for _, st := range d.lanes {
		busy += st.Stats.Total.Busy.WindowMean(now)
	}
	return min(1, busy/float64(d.c))
}

// station returns the database's cumulative Little's-law data, summed over
// its lanes: a query leaves when it is served, fails at 250 ms or reneges.
func (d *database) station(now des.Time) scenario.StationStats {
	out := scenario.StationStats{Name: "database", Time: now.Seconds()}
	for _, st := range d.lanes {
		out = addStation(out, now, st)
	}
	return out
}

// errDBLayoutLate is Apply's answer to a db change after the first minute.
var errDBLayoutLate = errors.New("control db: the database's layout is fixed once the run has started (set it at 0m)")
