// Package des is queuelab's discrete-event simulation engine: a clock and a
// pending-event set (Scheduler, Env; Source merges an ordered stream of
// event times, such as arrivals, with it), seeded random streams and
// distributions (Stream, Exponential, Normal, ...), the one queueing
// station networks, models and experiments share (Station: FCFS, LCFS-PR, PS, SIRO and priority disciplines,
// capacity, patience, customers held until Release or given their work
// when they start, per-class statistics), a free-list allocator for
// per-entity records (Slab), the statistics a simulation study needs
// (Tally, TimeWeighted, Sketch, BatchMeans, MSER5), and the repository's one
// runner of independent replications on all cores (Replicate, RunTasks,
// ReplicationSeed: results by index, seeds by replication, the same whatever
// the number of workers).
//
// The design follows SimPy's core: a tiny environment with a clock, a way to
// schedule, a step and a run; everything else is built on it. Unlike SimPy
// there are no processes or goroutines: an entity is an index into the
// model's own arrays and an event is a small value (a Kind and two integers)
// dispatched to the handler registered for its Kind. This keeps the event
// loop free of allocation and interface boxing.
//
// # Time
//
// Simulated time is a Time: an int64 count of nanoseconds since the start of
// the run. Integer time is exact: sums of durations do not drift, equal times
// compare equal, and the order of simultaneous events depends only on the
// tie rules below, never on floating-point rounding. The range is about ±292
// years; a sampled duration is rounded to the nearest nanosecond, a bias
// below 0.5 ns per draw (5·10⁻⁹ relative for a 0.1 s service time), far
// below any statistical error of a run. Durations outside the range, NaN
// and ±Inf are refused by FromSeconds with an error.
//
// # Tie rules
//
// Events are ordered by (time, priority, sequence). At equal times the
// lower Priority runs first; at equal time and priority, the event scheduled
// first runs first (FIFO). The named priorities, in the order they run:
//
//	PriorityControl  operator actions and scenario changes take effect
//	                 before anything else happens at that instant
//	PriorityRelease  departures free their server before simultaneous
//	                 arrivals look for one
//	PriorityDefault  arrivals and everything else
//	PriorityTimeout  a deadline that falls exactly when a server frees
//	                 loses: the customer is served, not timed out
//	PriorityMonitor  observations see the state after every change at
//	                 that instant
package des
