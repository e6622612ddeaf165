package main

import (
	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// systems returns every simulated system, in the order they are listed.
func systems() []scenario.System {
	return []scenario.System{paymentswitch.System, webservice.System}
}
