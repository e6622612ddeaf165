package queueing

// Infinite is the server count of a delay (infinite-server) station, where
// every customer is served at once and nobody waits. It is the one
// convention for "infinitely many servers" in queuelab, in the simulator
// and in the formulas alike. A server count is otherwise c ≥ 1; 0 is not
// a delay but a station with no server at the moment (as a servers
// schedule may set it), and the formulas refuse it.
const Infinite = -1

// IsDelay reports whether a station with servers servers is a delay
// station (servers == Infinite).
func IsDelay(servers int) bool { return servers == Infinite }
