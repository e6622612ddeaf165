package calculator

import "slices"

// registry lists the formulas in the order of the listing. A formula
// lives beside its family (queues.go, paymentswitch.go, webservice.go):
// its parameters, its entry and its evaluation; adding one is those there
// and one row here.
var registry = []*Formula{
	&erlangB,
	&erlangC,
	&mmc,
	&mmcPatience,
	&erlangA,
	&mmck,
	&little,
	&timeoutLatency,
	&holdingTime,
	&roc,
	&optimalThreshold,
	&lognormal,
	&goodput,
	&diurnalRate,
	&ttlCache,
	&dbQueryTime,
	&serviceTime,
	&p99,
	&burnRate,
	&autoscaler,
	&costRate,
}

// formulas returns every formula, in listing order, each with its own
// copy of its parameter list.
func formulas() []Formula {
	out := make([]Formula, len(registry))
	for i, f := range registry {
		out[i] = *f
		out[i].Params = slices.Clone(f.Params)
	}
	return out
}

// All returns every formula, in the order of the listing.
func All() []Formula { return formulas() }

// Lookup returns the formula called name.
func Lookup(name string) (Formula, bool) {
	for _, f := range registry {
		if f.Name == name {
			g := *f
			g.Params = slices.Clone(f.Params)
			return g, true
		}
	}
	return Formula{}, false
}
