package analytic

import (
	"queuelab/analytic/ctmc"
	"queuelab/des/queueing"
)

// CTMCTransient returns the measures of n at each of the times (s) from
// its initial state — NetClass.Initial where a class sets one, else no
// open customer and every closed one just arrived at its start station —
// by uniformization on n's chain: per time, the
// station throughputs (departure rates at t), utilisations, mean numbers
// in system and in queue and loss shares, each with its error bound
// (Snapshot.Bound times the measure's largest value over the states) in
// the same order.
func CTMCTransient(n Network, times []float64) (values, bounds [][]NetMetric, err error) {
	return CTMCTransientWith(n, times, CTMCOptions)
}

// CTMCTransientWith is CTMCTransient with the solver's options (a caller
// that must answer soon, such as the live page, gives a lower MaxStates).
func CTMCTransientWith(n Network, times []float64, opt ctmc.Options) (values, bounds [][]NetMetric, err error) {
	model, err := n.CTMCModel()
	if err != nil {
		return nil, nil, err
	}
	if model.Initial = n.ctmcInitial(); model.Initial != nil {
		for i := range model.Initial { // the copies of ctmcsplit.go start empty
			model.Initial[i] = append(model.Initial[i], make([]int, len(model.Classes)-len(n.Classes))...)
		}
	}
	sol, err := ctmc.Solve(model, opt)
	if err != nil {
		return nil, nil, err
	}
	snaps, err := sol.Transient(times)
	if err != nil {
		return nil, nil, err
	}
	for _, sn := range snaps {
		foldCopies(model, len(n.Classes), sn.Stations)
		foldCopies(model, len(n.Classes), sn.Most)
		v := &netSolver{n: n, m: len(n.Stations), r: len(n.Classes)}
		b := &netSolver{n: n, m: v.m, r: v.r}
		v.emitTransient(sn.Stations)
		most := make([]ctmc.StationResult, len(sn.Most))
		for i, st := range sn.Most {
			most[i] = st
			for _, f := range [][]float64{st.Throughput, st.Busy, st.InSystem, st.InQueue, st.Blocked} {
				for k := range f {
					f[k] *= sn.Bound
				}
			}
		}
		b.emitTransient(most)
		for k := range b.out { // a loss share is a probability: off by at most the mass
			if b.out[k].Name == queueing.PLoss || b.out[k].Name == queueing.PBalk {
				b.out[k].Value = sn.Bound
			}
		}
		values, bounds = append(values, v.out), append(bounds, b.out)
	}
	return values, bounds, nil
}

// emitTransient adds the time-t rows of every station and class; a
// router that holds customers in front of a buffer (bufferRouter) has
// rows of its own, as at steady state (emitCTMC).
func (s *netSolver) emitTransient(res []ctmc.StationResult) {
	br := s.n.bufferRouters()
	for i, st := range s.n.Stations {
		var all ctmcNode
		for k, c := range s.n.Classes {
			if st.Mean[k] == 0 && !br[i] {
				continue
			}
			nd := ctmcNodeOf(res[i], k)
			s.transientRow(st, c.Name, nd)
			all.plus(nd)
		}
		s.transientRow(st, "", all)
	}
}

// transientRow adds the time-t rows of one station and class.
func (s *netSolver) transientRow(st NetStation, class string, nd ctmcNode) {
	add := s.ctmcFirstRows(st, class, nd)
	if !st.delay() && st.Discipline != queueing.PS {
		add(queueing.MeanInQueue, nd.lq)
	}
	if (st.Capacity > 0 || st.Buffer > 0) && nd.offered > 0 {
		add(queueing.PLoss, nd.lost/nd.offered)
	}
	if st.JoinProbability != nil && nd.offered > 0 {
		add(queueing.PBalk, nd.balked/nd.offered)
	}
}
