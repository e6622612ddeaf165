package network

import (
	"math"

	"queuelab/des"
)

// DefaultDuration is a run length for n in seconds: 200 000 times the longest mean interarrival time
// or service time at a station with finitely many servers (delay stations
// count only if nothing else does), at most 10⁸ s: long enough for
// intervals of a few per cent at moderate loads.
func DefaultDuration(n *Network) float64 {
	longest, delay := 0.0, 0.0
	consider := func(d Dist, into *float64) {
		if m := d.MeanValue(); m > *into {
			*into = m
		}
	}
	for _, c := range n.Classes {
		if c.Arrivals != nil {
			if d := c.Arrivals.Interarrival; d.Given() {
				consider(d, &longest)
			} else {
				consider(Deterministic(1/c.Arrivals.EventRate()), &longest)
			}
		}
	}
	for _, s := range n.Stations {
		into := &longest
		if s.Servers == des.Infinite {
			into = &delay
		}
		consider(s.Service, into)
		for _, d := range s.ServiceByClass {
			consider(d, into)
		}
	}
	if longest == 0 {
		longest = delay
	}
	return math.Min(200_000*longest, 1e8)
}
