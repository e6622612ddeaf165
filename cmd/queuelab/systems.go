package main

import (
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// systems returns every simulated system, in the order they are listed.
func systems() []scenario.System {
	return []scenario.System{webservice.System}
}
