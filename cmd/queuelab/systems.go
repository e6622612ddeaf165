package main

import (
	"fmt"

	"queuelab/des"
	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// systems returns every simulated system, in the order they are listed.
func systems() []scenario.System {
	return []scenario.System{paymentswitch.System, webservice.System}
}

// systemCost is what one simulated minute of a system's per-entity engine
// costs at most, measured on seed 1 over each system's busiest scenario
// (switch sale-surge: 1.0·10⁵ events a minute, web viral-link:
// 3.3·10⁵), with a 20 % margin — so the longest run, a week of the web
// service (4·10⁹ events, about 10 minutes), fits the default budget; and
// the peak memory of a whole scenario run
// (about 40 MB measured), which grows only by one row a minute.
var systemCost = map[string]struct{ eventsPerMinute, baseBytes float64 }{
	"switch": {eventsPerMinute: 1.2e5, baseBytes: 64 << 20},
	"web":    {eventsPerMinute: 4e5, baseBytes: 64 << 20},
}

// runWork estimates the work of running a system for minutes on the
// per-entity engine (the formula twin costs next to nothing).
func runWork(system string, minutes, columns int) des.Work {
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
