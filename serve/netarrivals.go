package serve

import "queuelab/model/network"

// describeArrivals fills the fields of nc that say how a class arrives
// when it is not a Poisson stream of single customers: the page shows a
// MAP's phases, a time-varying rate's steps and period, a batch's mean.
func describeArrivals(nc *NetClass, a *network.Arrivals) {
	if a.MAP != nil {
		nc.Phases = len(a.MAP.D0)
	}
	for _, st := range a.Rates {
		nc.Steps = append(nc.Steps, [2]float64{st.At, st.Rate})
	}
	nc.Period = a.Period
	if a.Batch != nil {
		nc.Batch = a.Batch.MeanSize()
	}
}
