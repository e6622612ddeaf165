package scenario

import (
	"fmt"

	"queuelab/des"
)

// minuteCost is what one simulated minute of a system's per-entity engine
// costs at most, and the fixed memory of a whole scenario run.
type minuteCost struct{ eventsPerMinute, baseBytes float64 }

// systemCost is measured on seed 1 over each system's busiest scenario
// (switch sale-surge: 1.0·10⁵ events a minute, web viral-link: 3.3·10⁵),
// with a 20 % margin — so the longest run, a week of the web service
// (4·10⁹ events, about 10 minutes), fits des.DefaultBudget; the peak
// memory of a whole scenario run (about 40 MB measured) grows only by one
// row a minute.
var systemCost = map[string]minuteCost{
	"switch": {eventsPerMinute: 1.2e5, baseBytes: 64 << 20},
	"web":    {eventsPerMinute: 4e5, baseBytes: 64 << 20},
}

// RunWork estimates the work of running the named system for minutes on
// its per-entity engine with columns indicators a minute (the formula
// twin costs next to nothing). An unknown system is costed as the web
// service, the dearer of the two.
func RunWork(system string, minutes, columns int) des.Work {
	c, ok := systemCost[system]
	if !ok {
		c = systemCost["web"]
	}
	return des.Work{
		Events: float64(minutes) * c.eventsPerMinute,
		Bytes:  c.baseBytes + float64(minutes*columns*8*4),
		Basis:  fmt.Sprintf("%d minutes of the %s at up to %.2g events a minute", minutes, system, c.eventsPerMinute),
	}
}
