// Package network describes queueing networks — customer classes,
// stations, routing — in a YAML file or in Go, and simulates them customer
// by customer on the des engine, one des.Station per station. The
// vocabulary follows LINE and JMT: open and closed classes, stations with
// servers and a scheduling discipline (fcfs, lcfs-pr, ps, siro, priority,
// preemptive-priority), delay (infinite-server) stations, routing
// probabilities with class switching.
//
// # The file
//
//	name: central-server
//	time_unit: s                  # optional: ms | s | min | h (default s); every time and rate uses it
//	classes:                      # optional: without it, top-level arrivals: {to, rate} make one open class "job"
//	  - name: batch
//	    population: 20            # a closed class: 20 customers …
//	    start: terminals          # … placed at this station at time 0
//	  - name: web
//	    arrivals: {to: cpu, rate: 5}           # open: Poisson arrivals, 5 per time unit
//	    # or arrivals: {to: cpu, interarrival: {dist: erlang, mean: 0.2, k: 2}}
//	stations:
//	  - name: terminals
//	    servers: inf              # a delay station
//	    service: {dist: exp, mean: 5}
//	  - name: cpu
//	    servers: 1                # default 1; a whole number ≥ 1, or inf
//	    discipline: ps            # default fcfs
//	    service: {batch: {dist: exp, mean: 0.05}, web: {dist: det, mean: 0.02}}   # or one law for all
//	    capacity: 50              # optional: at most 50 present; an arrival finding it full is lost
//	    patience: {dist: det, mean: 2}         # optional: a waiting customer leaves after this
//	routing:                      # after service: next station → probability; the rest leaves
//	  cpu: {batch: {disk: 0.9, terminals: 0.1}, web: {disk: 0.5}}   # per class where they differ
//	  disk: {cpu: 1}
//	  terminals: {cpu: 1}
//
// Classes are listed in priority order, first highest (for the priority
// disciplines). A closed class's routing rows must sum to 1 wherever its
// customers can go, and its customers may not meet a capacity or a
// patience (they could never leave). A class with no row at a station
// leaves the network there.
//
// Class switching: a routing target written station/class sends the
// customer to station as that class, e.g. cpu: {disk: 0.8, "disk/io": 0.2}.
// Open classes switch only to open classes, closed ones to closed ones.
// Network (end-to-end) figures are filed under the class a customer
// entered with.
//
// Fork/join: a station of kind: fork splits each job into tasks, its
// routing row giving the tasks per branch, f: {split: {a: 1, b: 2}}; a
// station of kind: join releases the job when all its tasks have arrived
// (see StationKind for the rules and the measures).
//
// Distributions are the families of package dist (dist.Table), each
// given by its mean where it has one: exp (mean), det (mean), uniform
// (min, max), erlang (mean, k), hyperexp (mean, cv > 1: balanced
// two-phase; or p and means: k phases), gamma (mean, cv), lognormal
// (mean, cv), weibull (mean, cv), pareto (mean, and cv or alpha > 1),
// empirical (values: a list, resampled uniformly), ph (alpha, T: a
// general phase-type law, rates per time unit), coxian (rates, p).
//
// Station features beyond product form (features.go, each documented on
// Station): buffer: K with blocking: after-service | before-service (upstream
// stations hold their customers while it is full; deadlock stops the run
// with a DeadlockError), kind: router with a routing row lb: {policy:
// random | round-robin | jsq | power-of-d, to: [STATION, …], d: D},
// rates: [r1, r2, …] (load-dependent service), join_probability: [p0, p1,
// …] (balking) and servers: [[time, servers], …] with period: (a server
// schedule).
//
// Every error names the file, the line, the element (station, class,
// routing row and field) and the valid values; files are limited to
// MaxFileSize, and YAML anchors and aliases are refused.
//
// # Simulation
//
// New builds a Sim; RunUntil advances it; Result returns the measurements
// since the last mark as batch sums (package validate turns them into
// confidence intervals and verdicts); Snapshot shows the customers at each
// station; SetArrivalRate, SetServers, SetService, SetRoute and SetRoutes
// change the network while it runs and mark the statistics. A customer's
// end-to-end response time runs from its arrival from outside to its
// departure from the network; for a closed class it is the cycle time
// between two arrivals at the class's start station.
package network
