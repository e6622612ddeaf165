package ctmc

import "math"

func newResult(R int) StationResult {
	f := func() []float64 { return make([]float64, R) }
	return StationResult{f(), f(), f(), f(), f(), f(), f(), f(), f(), f()}
}

// fields lists a result's vectors in a fixed order, for loops over all.
func (s *StationResult) fields() [][]float64 {
	return [][]float64{s.Throughput, s.Busy, s.InSystem, s.InQueue, s.Waiting, s.Offered, s.Lost, s.Abandoned, s.Blocked, s.Balked}
}

// rates returns, for local state x of station i, the departure and
// abandonment rates of each class.
func (t *table) rates(x int32) (dep, ab []float64) {
	dep, ab = make([]float64, t.classes), make([]float64, t.classes)
	for _, mv := range t.movesOf(x) {
		switch mv.kind {
		case depart:
			dep[mv.class] += mv.rate
		case abandon:
			ab[mv.class] += mv.rate
		}
	}
	return dep, ab
}

// measures returns the expected measures under the distribution pi (which
// need not sum to 1) and, for each, its largest value over the states
// (what a mass ε of unaccounted probability can change it by).
func (c *chain) measures(pi []float64) (res, most []StationResult) {
	M, R := c.M, c.R
	res, most = make([]StationResult, M), make([]StationResult, M)
	for i := range M {
		res[i], most[i] = newResult(R), newResult(R)
	}
	dep := make([][][]float64, M) // by station, local id: departure rates by class
	ab := make([][][]float64, M)
	for i, tb := range c.tabs {
		dep[i], ab[i] = make([][]float64, len(tb.lists)), make([][]float64, len(tb.lists))
		for x := range tb.lists {
			dep[i][x], ab[i][x] = tb.rates(int32(x))
		}
	}
	cur := make([]StationResult, M)
	var curF, resF, mostF [][][]float64 // the fields of each, taken once
	for i := range M {
		cur[i] = newResult(R)
		curF, resF, mostF = append(curF, cur[i].fields()), append(resF, res[i].fields()), append(mostF, most[i].fields())
	}
	for x, p := range pi {
		t := c.tuple(x)
		for i := range M {
			for _, f := range curF[i] {
				clear(f)
			}
		}
		c.offered(t, cur)
		for i, tb := range c.tabs {
			in := &tb.info[t[i]]
			d, a := dep[i][t[i]], ab[i][t[i]]
			for r := range R {
				cur[i].InSystem[r] += in.count[r]
				cur[i].InQueue[r] += in.queue[r]
				cur[i].Waiting[r] += in.fresh[r]
				cur[i].Abandoned[r] += a[r]
				cur[i].Blocked[r] += in.held[r]
				if c.suspended(t, i, r) { // blocked before service: no progress
					cur[i].Blocked[r] += in.busy[r]
					continue
				}
				cur[i].Throughput[r] += d[r]
				cur[i].Busy[r] += in.busy[r]
				if d[r] == 0 {
					continue
				}
				for _, rt := range c.routes[r*M+i] {
					f := d[r] * rt.p
					j, to := rt.station, c.tabs[rt.station]
					cur[j].Offered[rt.class] += f
					switch {
					case j == i:
						cur[j].Balked[rt.class] += c.rebalk(tb, t[i], r, rt)
					case to.full(t[j]):
						if to.st.Blocking != AfterService {
							cur[j].Lost[rt.class] += f
						}
					default:
						cur[j].Balked[rt.class] += f * (1 - to.st.join(len(to.lists[t[j]])))
					}
				}
			}
		}
		for i := range M {
			cf, rf, mf := curF[i], resF[i], mostF[i]
			for k := range cf {
				for r, v := range cf[k] {
					rf[k][r] += p * v
					mf[k][r] = math.Max(mf[k][r], v)
				}
			}
		}
	}
	return res, most
}

// offered adds to cur the arrivals from outside in state t: offered,
// lost (full) and balked, by station and class.
func (c *chain) offered(t []int32, cur []StationResult) {
	if c.level > 0 && c.openCount(t) >= c.level {
		return
	}
	for r, cl := range c.m.Classes {
		if !cl.Open() {
			continue
		}
		rate := cl.Rate
		if at := c.mapAt[r]; at >= 0 {
			rate = sum64(cl.MAP.D1[t[at]])
		}
		if cl.Fork != nil {
			for _, j := range cl.Fork {
				cur[j].Offered[r] += rate
			}
			continue
		}
		j := cl.Source
		cur[j].Offered[r] += rate
		if tb := c.tabs[j]; tb.full(t[j]) {
			cur[j].Lost[r] += rate
		} else {
			cur[j].Balked[r] += rate * (1 - tb.st.join(len(tb.lists[t[j]])))
		}
	}
}

// rebalk returns the rate at which class-r customers finishing at a
// station in local state x and routed back to it by rt balk there (they
// find the station without themselves).
func (c *chain) rebalk(tb *table, x int32, r int, rt route) float64 {
	if tb.st.JoinProb == nil {
		return 0
	}
	out := 0.0
	for _, mv := range tb.movesOf(x) {
		if mv.kind == depart && int(mv.class) == r {
			out += mv.rate * rt.p * (1 - tb.st.join(len(tb.lists[mv.to])))
		}
	}
	return out
}
