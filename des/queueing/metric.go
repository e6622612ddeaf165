package queueing

// Metric names a measure of a station or of a network, as every output
// prints it (JSON keys, CSV columns, table rows) and as the simulator, the
// formulas and the checks look it up. The constants are the one spelling
// of each name; a misspelled constant fails to compile.
type Metric string

// The measures of a station or a network. A mean is over the customers or
// over time as its doc says; a probability is a share of arrivals.
const (
	// Throughput is departures per second.
	Throughput Metric = "throughput"
	// Utilization is the mean share of the servers busy (busy server-time
	// over servers × time).
	Utilization Metric = "utilization"
	// MeanInSystem is the time-average number of customers present,
	// waiting and in service.
	MeanInSystem Metric = "mean_in_system"
	// MeanInQueue is the time-average number of customers waiting.
	MeanInQueue Metric = "mean_in_queue"
	// MeanResponse is the mean time from arrival to departure of the
	// customers served (per visit at a station; end to end for a network).
	MeanResponse Metric = "mean_response"
	// MeanWait is the mean time waiting before service, over the customers
	// that started service or abandoned.
	MeanWait Metric = "mean_wait"
	// MeanWaitServed is the mean wait of the customers that were served.
	MeanWaitServed Metric = "mean_wait_served"
	// MeanSojourn is the mean time in the system over every admitted
	// customer, served or abandoned.
	MeanSojourn Metric = "mean_sojourn"
	// PWait is the probability that an arrival waits.
	PWait Metric = "p_wait"
	// PBlock is the probability that an arrival is blocked (finds the
	// station full), as the single-station formulas name it.
	PBlock Metric = "p_block"
	// PLoss is the share of arrivals lost to a full station, as the
	// network simulator and solver name it.
	PLoss Metric = "p_loss"
	// PAbandon is the share of admitted customers that abandon.
	PAbandon Metric = "p_abandon"
	// PBalk is the share of arrivals that balk: finding n present, they
	// decline to join (a station's join probabilities).
	PBalk Metric = "p_balk"
	// ArrivalRate is arrivals per second.
	ArrivalRate Metric = "arrival_rate"
	// AdmittedRate is admitted (not blocked) arrivals per second.
	AdmittedRate Metric = "admitted_rate"
	// LittleGap is the relative gap between the two sides of Little's law.
	LittleGap Metric = "little_gap"
	// MeanSyncDelay is the mean time a task waits at a join for its
	// job's other tasks (arrival at the join to the job's release).
	MeanSyncDelay Metric = "mean_sync_delay"
)

// The bounds of a closed network (asymptotic and balanced job bounds).
const (
	ThroughputLower   Metric = "throughput_lower"
	ThroughputUpper   Metric = "throughput_upper"
	MeanResponseLower Metric = "mean_response_lower"
	MeanResponseUpper Metric = "mean_response_upper"
)

// String returns the name.
func (m Metric) String() string { return string(m) }
