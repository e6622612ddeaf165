package calculator

// registry lists the formulas in the order of the listing, each by the
// function that builds it. A formula lives beside its family (queues.go,
// paymentswitch.go, webservice.go) with its parameters; adding one is its
// function there and one row here.
var registry = []func() Formula{
	erlangBFormula,
	erlangCFormula,
	mmcFormula,
	mmcPatienceFormula,
	erlangAFormula,
	mmckFormula,
	littleFormula,
	timeoutLatencyFormula,
	holdingTimeFormula,
	rocFormula,
	optimalThresholdFormula,
	lognormalFormula,
	goodputFormula,
	diurnalRateFormula,
	ttlCacheFormula,
	dbQueryTimeFormula,
	serviceTimeFormula,
	p99Formula,
	burnRateFormula,
	autoscalerFormula,
	costRateFormula,
}

// formulas builds every formula, in listing order.
func formulas() []Formula {
	out := make([]Formula, len(registry))
	for i, build := range registry {
		out[i] = build()
	}
	return out
}

// All returns every formula, in the order of the listing.
func All() []Formula { return formulas() }

// Lookup returns the formula called name.
func Lookup(name string) (Formula, bool) {
	for _, f := range formulas() {
		if f.Name == name {
			return f, true
		}
	}
	return Formula{}, false
}
