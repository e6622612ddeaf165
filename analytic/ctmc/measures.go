package ctmc

import "math"

func newResult(R int) StationResult {
	f := func() []float64 { return make([]float64, R) }
	return StationResult{f(), f(), f(), f(), f(), f(), f(), f()}
}

// fields lists a result's vectors in a fixed order, for loops over all.
func (s *StationResult) fields() [][]float64 {
	return [][]float64{s.Throughput, s.Busy, s.InSystem, s.InQueue, s.Waiting, s.Offered, s.Lost, s.Abandoned}
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
		open := c.level == 0 || c.openCount(t) < c.level
		for r, cl := range c.m.Classes {
			if cl.Open() && open {
				j := cl.Source
				cur[j].Offered[r] += cl.Rate
				if c.tabs[j].full(t[j]) {
					cur[j].Lost[r] += cl.Rate
				}
			}
		}
		for i, tb := range c.tabs {
			in := &tb.info[t[i]]
			d, a := dep[i][t[i]], ab[i][t[i]]
			for r := range R {
				cur[i].Throughput[r] += d[r]
				cur[i].Busy[r] += in.busy[r]
				cur[i].InSystem[r] += in.count[r]
				cur[i].InQueue[r] += in.queue[r]
				cur[i].Waiting[r] += in.fresh[r]
				cur[i].Abandoned[r] += a[r]
				if d[r] == 0 {
					continue
				}
				for _, rt := range c.routes[r*M+i] {
					f := d[r] * rt.p
					cur[rt.station].Offered[rt.class] += f
					if rt.station != i && c.tabs[rt.station].full(t[rt.station]) {
						cur[rt.station].Lost[rt.class] += f
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
