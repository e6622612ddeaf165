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
// (what a mass ε of unaccounted probability can change it by). On large
// chains the two halves of the states are summed side by side.
func (c *chain) measures(pi []float64) (res, most []StationResult) {
	dep := make([][][]float64, c.M) // by station, local id: departure rates by class
	ab := make([][][]float64, c.M)
	for i, tb := range c.tabs {
		dep[i], ab[i] = make([][]float64, len(tb.lists)), make([][]float64, len(tb.lists))
		for x := range tb.lists {
			dep[i][x], ab[i][x] = tb.rates(int32(x))
		}
	}
	n := len(pi)
	var parts [2][2][]StationResult
	halves(n, n/2, n >= parallelFrom, func(part, lo, hi int) {
		parts[part][0], parts[part][1] = c.measureStates(pi, lo, hi, dep, ab)
	})
	res, most = parts[0][0], parts[0][1]
	if parts[1][0] != nil {
		for i := range res {
			r0, r1 := res[i].fields(), parts[1][0][i].fields()
			m0, m1 := most[i].fields(), parts[1][1][i].fields()
			for k := range r0 {
				for r := range r0[k] {
					r0[k][r] += r1[k][r]
					m0[k][r] = math.Max(m0[k][r], m1[k][r])
				}
			}
		}
	}
	return res, most
}

// measureStates is measures over the states [lo, hi), with the departure
// and abandonment rates of every local state (by station) in dep and ab.
func (c *chain) measureStates(pi []float64, lo, hi int, dep, ab [][][]float64) (res, most []StationResult) {
	M, R := c.M, c.R
	res, most = make([]StationResult, M), make([]StationResult, M)
	for i := range M {
		res[i], most[i] = newResult(R), newResult(R)
	}
	cur := make([]StationResult, M)
	var curF, resF, mostF [][][]float64 // the fields of each, taken once
	for i := range M {
		cur[i] = newResult(R)
		curF, resF, mostF = append(curF, cur[i].fields()), append(resF, res[i].fields()), append(mostF, most[i].fields())
	}
	for x := lo; x < hi; x++ {
		p := pi[x]
		t := c.tuple(x)
		for i := range M {
			for _, f := range curF[i] {
				clear(f)
			}
		}
		c.offered(t, cur)
		for i := range c.tabs {
			c.stateMeasures(t, i, dep[i][t[i]], ab[i][t[i]], cur)
		}
		if c.jf != nil {
			c.joinOffers(t, cur)
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

// stateMeasures adds to cur what station i does in state tuple t, its
// departure and abandonment rates by class being d and a.
func (c *chain) stateMeasures(t []int32, i int, d, a []float64, cur []StationResult) {
	tb := c.tabs[i]
	in := &tb.info[t[i]]
	for r := range c.R {
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
		if tb.g.draw != nil && tb.g.draw[r] != nil {
			c.drawnFlows(t, i, r, cur)
			continue
		}
		for _, rt := range c.routes[r*c.M+i] {
			rb := 0.0
			if rt.station == i {
				rb = c.rebalk(tb, t[i], r, rt)
			}
			c.flow(t, i, r, rt, d[r]*rt.p, rb, cur)
		}
	}
}

// flow adds to cur a flow of class-r customers finishing at station i in
// state tuple t and going by route rt at rate f (rebalk: the part that
// balks on coming back to i).
func (c *chain) flow(t []int32, i, r int, rt route, f, rebalk float64, cur []StationResult) {
	j, to := rt.station, c.tabs[rt.station]
	if fk := c.forkAt(j, rt.class); fk != nil {
		fk.offer(cur, f) // a closed class's job at its fork: a task at each branch
		return
	}
	cur[j].Offered[rt.class] += f
	switch {
	case to.st.Router:
		c.routerFlow(t, j, rt.class, f, cur)
	case j == i:
		cur[j].Balked[rt.class] += rebalk
	case to.full(t[j]):
		if b := to.st.Blocking; b != AfterService && b != BeforeStart {
			cur[j].Lost[rt.class] += f
		}
	default:
		cur[j].Balked[rt.class] += f * (1 - to.st.join(len(to.lists[t[j]])))
	}
}

// drawnFlows is flow for a class whose customers drew their next
// station at their start (draws.go): each route at the rate of the
// departures that drew it, summed in one pass over the departures (a
// class has fewer routes than a state has classes: drawBudget).
func (c *chain) drawnFlows(t []int32, i, r int, cur []StationResult) {
	tb, routes := c.tabs[i], c.routes[r*c.M+i]
	var f, balk [maxClasses]float64 // by route: the departures, and those that balk coming back to i
	for _, mv := range tb.movesOf(t[i]) {
		if k := int(mv.dest); mv.kind == depart && int(mv.class) == r && k >= 0 && k < len(routes) {
			f[k] += mv.rate
			if tb.st.JoinProb != nil && routes[k].station == i {
				balk[k] += mv.rate * (1 - tb.st.join(len(tb.lists[mv.to])))
			}
		}
	}
	for k, rt := range routes {
		if f[k] != 0 {
			c.flow(t, i, r, rt, f[k], balk[k], cur)
		}
	}
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
		if tb := c.tabs[j]; tb.st.Router {
			c.routerFlow(t, j, r, rate, cur)
		} else if tb.full(t[j]) {
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
