package serve

import (
	"crypto/sha256"
	"math"

	"queuelab/analytic"
	"queuelab/des/queueing"
	"queuelab/model/network"
)

// TransientKey is the SHA-256 of the network's file, kept until the next
// change (Apply, restart) (netTransienter).
func (l *liveNet) TransientKey() [32]byte {
	if l.fileKey == nil {
		k := sha256.Sum256(l.File())
		l.fileKey = &k
	}
	return *l.fileKey
}

// TransientModel returns the network as it is now, as the analytic
// package takes it, and its time unit (netTransienter).
func (l *liveNet) TransientModel() (analytic.Network, float64, error) {
	an, err := l.sim.Network().Analytic()
	return an, l.unit, err
}

// RunAverages reads the run's running time averages from the Sim's
// observation windows (one unit wide from time 0, until network.MaxWindows
// of them make the Sim merge pairs): Result with no warm-up and one batch
// per window gives each window's area under each station's number and its
// length, whose running sums are ∫₀ᵀ N(s) ds and T (netTransienter). It
// returns the boundaries up to transientUnits units, when the last of
// them is later than after. A change restarts the statistics (Sim.Mark)
// and a new discipline or population a new Sim: from then on the run is
// no longer the current network's from its initial state, and ok is
// false.
func (l *liveNet) RunAverages(after float64) ([]float64, [][]float64, bool) {
	if l.offset != 0 || l.sim.MarkedAt() != 0 {
		return nil, nil, false
	}
	window := transientUnits * l.unit
	if end := l.sim.Result(0, 1).Measured; end <= after || end == 0 {
		return nil, nil, true
	}
	res := l.sim.Result(0, network.MaxWindows)
	if res.Warmup != 0 || res.Batches == 0 {
		return nil, nil, true // not one batch per window from 0: nothing to add
	}
	S := len(l.names)
	var ts []float64
	var v [][]float64
	area := make([]float64, S)
	metrics := make([]network.Metric, S)
	have := make([]bool, S)
	for i, name := range l.names {
		metrics[i], have[i] = res.Metric(name, "", queueing.MeanInSystem)
	}
	span := 0.0
	for b := range res.Batches {
		row := make([]float64, S)
		var d float64
		for i := range row {
			row[i] = math.NaN()
			if have[i] {
				area[i] += metrics[i].Num[b]
				d = metrics[i].Den[b]
			}
		}
		if d == 0 {
			break
		}
		span += d
		if span > window*(1+1e-9) {
			break
		}
		for i := range row {
			if have[i] {
				row[i] = area[i] / span
			}
		}
		ts, v = append(ts, span), append(v, row)
	}
	if len(ts) == 0 || ts[len(ts)-1] <= after {
		return nil, nil, true
	}
	return ts, v, true
}
