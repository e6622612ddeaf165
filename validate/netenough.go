package validate

import (
	"math"

	"queuelab/model/network"
)

// MinCustomers returns the fewest customers (network departures; cycles
// for closed classes) a network run must measure for its results to be
// judged: MinPerBatch per batch of one run, or per replication, whichever
// is more (300 with the default 30 batches).
func (c NetworkConfig) MinCustomers() int64 {
	k := c.Batches
	if k == 0 {
		k = network.DefaultBatches
	}
	return int64(MinPerBatch * max(k, c.Replications))
}

// ExpectedCustomers returns the customers an open network's run is
// expected to measure, before it starts: the total external arrival rate
// of its open classes times Duration, per replication times their number
// (an automatic warm-up may take up to half of it). It returns +Inf when
// the network has a closed class, whose cycles cannot be counted before
// solving it.
func (c NetworkConfig) ExpectedCustomers() float64 {
	rate := 0.0
	for i := range c.Network.Classes {
		cl := &c.Network.Classes[i]
		if !cl.Open() {
			return math.Inf(1)
		}
		rate += cl.Arrivals.Rate()
	}
	return rate * c.Duration * float64(max(c.Replications, 1))
}

// EnoughData returns a *NotEnoughDataError when the run measured fewer
// than MinCustomers customers, else nil. With so few, the batch values are
// ratios of a handful of observations (or undefined): a zero interval or
// an infinite one says nothing about the formulas, so every check is
// "not enough data" (MarkNoData) rather than a verdict.
func (r *NetworkReport) EnoughData() error {
	if need := r.Config.MinCustomers(); r.Customers < need {
		return &NotEnoughDataError{Customers: float64(r.Customers), Need: need, Left: -1}
	}
	return nil
}

// MarkNetworkNoData gives every check of cs the verdict NoData, with a
// note saying why (see MarkNoData).
func MarkNetworkNoData(cs []NetworkCheck, why error) {
	for i := range cs {
		cs[i].markNoData(why)
	}
}
