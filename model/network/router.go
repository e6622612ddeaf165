package network

import "math"

// router holds the routing as cumulative tables, one row per (class,
// station): after service at station i a class-r customer draws one
// uniform u and goes to the first branch of row r·M+i whose cumulative
// probability exceeds u, or leaves the network past the last. No maps, one
// draw per routing decision.
type router struct {
	M     int
	R     int
	start []int32   // row k spans [start[k], start[k+1])
	cum   []float64 // cumulative probabilities
	dest  []int32   // j·R + s: station j as class s
}

// leave is what next returns for a customer that leaves the network.
const leave = -1

func newRouter(t *topology) router {
	rt := router{M: t.M, R: t.R, start: make([]int32, t.R*t.M+1)}
	for k, row := range t.rows {
		rt.start[k] = int32(len(rt.cum))
		c := 0.0
		for _, tg := range row {
			if tg.prob <= 0 {
				continue
			}
			c += tg.prob
			rt.cum = append(rt.cum, c)
			rt.dest = append(rt.dest, int32(tg.station*t.R+tg.class))
		}
		// A row that sums to 1 within rounding never leaves: make its
		// last cumulative exactly 1 so that no u < 1 falls past it.
		if n := len(rt.cum); n > int(rt.start[k]) && math.Abs(c-1) <= rowTolerance {
			rt.cum[n-1] = 1
		}
	}
	rt.start[len(t.rows)] = int32(len(rt.cum))
	return rt
}

// next returns j·R+s for the customer of class r leaving station i, given
// a uniform u in [0, 1), or leave.
func (rt *router) next(r, i int, u float64) int32 {
	k := r*rt.M + i
	for b := rt.start[k]; b < rt.start[k+1]; b++ {
		if u < rt.cum[b] {
			return rt.dest[b]
		}
	}
	return leave
}

// exitOnly reports whether every customer served at station i leaves the
// network, whatever its class: no row of i has a branch, so the routing
// decision needs no draw (and skipping it changes no other draw: the
// routing stream of a station is its own).
func (rt *router) exitOnly(i int) bool {
	for r := 0; r < rt.R; r++ {
		if k := r*rt.M + i; rt.start[k] != rt.start[k+1] {
			return false
		}
	}
	return true
}
