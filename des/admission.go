package des

import "fmt"

// Admission is what happened to a customer that arrived at a Station.
type Admission uint8

const (
	// Started: a server was free and the customer holds it now.
	Started Admission = iota
	// Queued: the customer waits in the station's waiting room.
	Queued
	// Balked: the station was full (its capacity reached); the customer
	// was turned away.
	Balked
)

func (a Admission) String() string {
	switch a {
	case Started:
		return "started"
	case Queued:
		return "queued"
	case Balked:
		return "balked"
	}
	return fmt.Sprintf("admission(%d)", uint8(a))
}

// NoPatience is the patience of a customer who never reneges.
const NoPatience Time = -1

// Unlimited is the capacity of a station that admits everyone.
const Unlimited = -1
