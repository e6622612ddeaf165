package serve

import (
	"math"

	"queuelab/analytic"
	"queuelab/des/queueing"
)

// TransientModel returns the network as it is now, as the analytic
// package takes it, and its time unit (netTransienter).
func (l *liveNet) TransientModel() (analytic.Network, float64, error) {
	an, err := l.sim.Network().Analytic()
	return an, l.unit, err
}

// RunAverages reads the run's running time averages from the Sim's
// observation windows (one unit wide, from time 0): Result with no warm-up
// and one batch per window gives each window's area under each station's
// number and its length, whose running sums are ∫₀ᵀ N(s) ds and T
// (netTransienter). A change restarts the statistics (Sim.Mark) and a new
// discipline or population a new Sim: from then on the run is no longer
// the current network's from its initial state, and ok is false.
func (l *liveNet) RunAverages(have int) ([]float64, [][]float64, bool) {
	if l.offset != 0 || l.sim.MarkedAt() != 0 {
		return nil, nil, false
	}
	w := int(math.Round(l.sim.Result(0, 1).Measured / l.unit))
	if w <= have || w == 0 {
		return nil, nil, true
	}
	res := l.sim.Result(0, w)
	if res.Batches != w || res.Warmup != 0 {
		return nil, nil, true // not one batch per window: nothing to add
	}
	k := min(w, transientUnits)
	n := l.sim.Network()
	ts := make([]float64, k)
	v := make([][]float64, k)
	for b := range v {
		v[b] = make([]float64, len(n.Stations))
	}
	for i, st := range n.Stations {
		m, ok := res.Metric(st.Name, "", queueing.MeanInSystem)
		area, span := 0.0, 0.0
		for b := range k {
			if !ok {
				v[b][i] = math.NaN()
				continue
			}
			area, span = area+m.Num[b], span+m.Den[b]
			v[b][i], ts[b] = area/span, span
		}
	}
	return ts, v, true
}
