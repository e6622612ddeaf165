// Package systems is the one registry of the systems queuelab simulates
// scenario by scenario (the payment switch, the web service): run,
// scenarios, indicators, serve, sweep and validate all read the list here,
// so adding a system is one entry in All.
package systems

import (
	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// All returns every system, in the order they are listed (switch, web).
// The slice is new on every call; the systems are shared.
func All() []scenario.System {
	return []scenario.System{paymentswitch.System, webservice.System}
}

// Names returns the systems' names, in the order of All.
func Names() []string {
	all := All()
	names := make([]string, len(all))
	for i, s := range all {
		names[i] = s.Name
	}
	return names
}

// Find returns the system called name, or an error that quotes name and
// lists the valid ones: unknown system "x" (valid: switch, web).
func Find(name string) (scenario.System, error) { return scenario.FindSystem(All(), name) }
