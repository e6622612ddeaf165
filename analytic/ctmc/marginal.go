package ctmc

// means returns the expected measures under pi, as measures does without
// the largest values. Where every measure of a state is a sum of what each
// station does in its own local state — no open class, no capacity, no
// blocking, no balking — it reads them from the stations' marginal laws
// (one pass over the states, then one evaluation per local state) instead
// of evaluating every state.
func (c *chain) means(pi []float64) []StationResult {
	if !c.separable() {
		res, _ := c.measures(pi)
		return res
	}
	n := len(pi)
	var parts [2][][]float64
	var reps [2][][]int32
	halves(n, n/2, n >= parallelFrom, func(part, lo, hi int) {
		marg, rep := make([][]float64, c.M), make([][]int32, c.M)
		for i, tb := range c.tabs {
			marg[i], rep[i] = make([]float64, len(tb.lists)), make([]int32, len(tb.lists))
			for l := range rep[i] {
				rep[i][l] = -1
			}
		}
		for x := lo; x < hi; x++ {
			for i, l := range c.tuple(x)[:c.M] {
				marg[i][l] += pi[x]
				if rep[i][l] < 0 {
					rep[i][l] = int32(x)
				}
			}
		}
		parts[part], reps[part] = marg, rep
	})
	marg, rep := parts[0], reps[0]
	if parts[1] != nil {
		for i := range marg {
			for l, p := range parts[1][i] {
				marg[i][l] += p
				if rep[i][l] < 0 {
					rep[i][l] = reps[1][i][l]
				}
			}
		}
	}
	res, cur := make([]StationResult, c.M), make([]StationResult, c.M)
	for i := range res {
		res[i], cur[i] = newResult(c.R), newResult(c.R)
	}
	for i, tb := range c.tabs {
		for l, x := range rep[i] {
			if x < 0 {
				continue // the local state occurs in no state of the chain
			}
			for j := range cur {
				for _, f := range cur[j].fields() {
					clear(f)
				}
			}
			d, a := tb.rates(int32(l))
			c.stateMeasures(c.tuple(int(x)), i, d, a, cur)
			for j := range cur {
				cf, rf := cur[j].fields(), res[j].fields()
				for k := range cf {
					for r, v := range cf[k] {
						rf[k][r] += marg[i][l] * v
					}
				}
			}
		}
	}
	return res
}

// separable reports whether every measure of a state is a sum over the
// stations of what each does in its own local state (see means): the
// arrivals from outside, a full or balking station, blocking and a fork's
// job list are what make a station's measures depend on another's state.
func (c *chain) separable() bool {
	if c.blocking() || c.jf != nil { // a fork's job list spans stations (joinOffers)
		return false
	}
	for _, cl := range c.m.Classes {
		if cl.Open() {
			return false
		}
	}
	for _, s := range c.m.Stations {
		if s.Capacity > 0 || len(s.JoinProb) > 0 {
			return false
		}
	}
	return true
}
