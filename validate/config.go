package validate

import (
	"errors"
	"fmt"
	"math"

	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/model/dist"
	"queuelab/model/network"
)

// PatienceKind names how long customers are willing to wait.
type PatienceKind uint8

const (
	// PatienceNone: customers wait for ever.
	PatienceNone PatienceKind = iota
	// PatienceDet: every customer waits at most Value seconds (M/M/c+D).
	PatienceDet
	// PatienceExp: patience is exponential with mean Value (Erlang-A).
	PatienceExp
)

// Patience is the customers' patience law; a customer still waiting when
// its patience runs out leaves the queue (reneges, abandons).
type Patience struct {
	Kind  PatienceKind
	Value float64 // seconds: the deadline (PatienceDet) or the mean (PatienceExp)
}

// AutoWarmup asks Station to choose the warm-up by MSER-5.
const AutoWarmup = -1.0

// Default run-length settings.
const (
	// DefaultBatches is the number of batches of every interval (≥ 20 as
	// the batch-means literature advises; Law 2015, §9.5.3).
	DefaultBatches = 30
	// windowsPerRun is the number of observation windows of a fixed-length
	// run (network.Options.Window is its length over this): the series
	// MSER-5 works on and the bricks batches are built of. A longer run
	// (precision-driven) keeps at most network.MaxWindows of them, merging
	// neighbours as it grows.
	windowsPerRun = 1200
)

// Config describes one single-station experiment: a G/G/c-type queue with
// Poisson arrivals, c servers, a FIFO queue, optional patience and an
// optional system-size limit.
type Config struct {
	Servers     int     // c ≥ 1
	ArrivalRate float64 // λ > 0, per second
	// Service is the service-time law: any family of the network file
	// format (network.Dist), e.g. network.Exponential(0.33). Its mean is
	// the S of the offered load λS.
	Service  network.Dist
	Patience Patience
	// Capacity is the most customers in the system (in service + waiting);
	// arrivals finding Capacity present are blocked (balk). 0 = unlimited;
	// otherwise Capacity ≥ Servers (Capacity = Servers is a loss system).
	Capacity int

	// Warmup is the simulated time in seconds discarded before measuring;
	// AutoWarmup (any negative value) lets MSER-5 choose it from the run,
	// capped at half the run. MSER-5 works on the per-window mean number
	// in system; on short runs its data-driven truncation lowers interval
	// coverage by a few points (see the package documentation), so give a
	// warm-up when you know one.
	Warmup float64
	// Duration is the measured length in seconds (after an explicit
	// warm-up; with AutoWarmup the whole run, of which MSER-5 discards a
	// part). Ignored when Precision > 0.
	Duration float64
	// Precision > 0 runs until the 95 % relative half-width of the main
	// metric is at most Precision, between MinDuration and MaxDuration
	// seconds of simulated time (as JMT stops a simulation).
	Precision                float64
	MinDuration, MaxDuration float64
	// Main names the metric Precision applies to (default: "mean_wait" when
	// customers can wait, "p_block" for a loss system).
	Main queueing.Metric
	// PrecisionAlso lists further metrics that must reach Precision too
	// before a precision-driven run stops.
	PrecisionAlso []queueing.Metric

	Seed      uint64
	Generator des.Generator
	Batches   int // number of batches (default DefaultBatches, minimum 20)

	// WaitThresholds are the t of the P(W > t) metrics; ResponseQuantiles
	// are the p of measured response-time quantiles (e.g. 0.99), computed
	// exactly per batch, which keeps every response time of the run in
	// memory (8 bytes per served customer).
	WaitThresholds    []float64
	ResponseQuantiles []float64

	// serviceScale multiplies every service time (0 means 1). It exists
	// only to break the model on purpose in tests: a 10 % error here must
	// make the catalogue fail.
	serviceScale float64
}

// Offered returns the offered load a = λS in erlangs.
func (c Config) Offered() float64 { return c.ArrivalRate * c.ServiceMean() }

// ServiceMean returns the mean service time S in seconds.
func (c Config) ServiceMean() float64 { return c.Service.MeanValue() }

// Rho returns the utilisation a/c the station would have without losses.
func (c Config) Rho() float64 { return c.Offered() / float64(c.Servers) }

// ErrUnstable is wrapped by Validate for an overloaded queue that nothing
// bounds.
var ErrUnstable = errors.New("unstable queue")

func finitePos(x float64) bool { return x > 0 && !math.IsInf(x, 1) }

// Validate reports what is wrong with the configuration, naming the field
// and its valid range, or nil.
func (c Config) Validate() error {
	switch {
	case c.Servers < 1 || c.Servers > 1_000_000:
		return fmt.Errorf("servers: must be between 1 and 1000000, got %d", c.Servers)
	case !finitePos(c.ArrivalRate):
		return fmt.Errorf("arrival rate: must be a finite number > 0 per second, got %v", c.ArrivalRate)
	case !c.Service.Given():
		return fmt.Errorf("service: no distribution given (valid: %s)", dist.Names())
	case c.Patience.Kind > PatienceExp:
		return fmt.Errorf("patience: unknown kind %d", c.Patience.Kind)
	case c.Patience.Kind != PatienceNone && !(c.Patience.Value >= 0 && c.Patience.Value < 1e9):
		return fmt.Errorf("patience: must be between 0 and 1e9 seconds, got %v", c.Patience.Value)
	case c.Patience.Kind == PatienceExp && c.Patience.Value < 1e-9:
		return fmt.Errorf("patience mean: must be at least 1e-9 seconds (the clock's resolution), got %v", c.Patience.Value)
	case c.Patience.Kind == PatienceDet && c.Patience.Value < 1e-9:
		return fmt.Errorf("patience: must be at least 1e-9 seconds (the clock's resolution; a patience of 0 is a loss system: give a capacity equal to the servers), got %v", c.Patience.Value)
	case c.Capacity != 0 && (c.Capacity < c.Servers || c.Capacity > 100_000_000):
		return fmt.Errorf("capacity: must be 0 (unlimited) or between servers (%d) and 100000000, got %d", c.Servers, c.Capacity)
	case math.IsNaN(c.Warmup) || c.Warmup > 1e9:
		return fmt.Errorf("warmup: must be at most 1e9 seconds (or negative for MSER-5), got %v", c.Warmup)
	case c.Batches != 0 && (c.Batches < 20 || c.Batches > 1000):
		return fmt.Errorf("batches: must be between 20 and 1000, got %d", c.Batches)
	}
	if err := c.Service.Validate(); err != nil {
		return fmt.Errorf("service %v", err)
	}
	if c.Precision > 0 {
		switch {
		case !(c.Precision < 1):
			return fmt.Errorf("precision: relative half-width must be in (0, 1), got %v", c.Precision)
		case !finitePos(c.MinDuration) || !finitePos(c.MaxDuration) || c.MaxDuration < c.MinDuration || c.MaxDuration > 1e9:
			return fmt.Errorf("precision run length: need 0 < min duration (%v s) ≤ max duration (%v s) ≤ 1e9 s", c.MinDuration, c.MaxDuration)
		}
	} else if !finitePos(c.Duration) || c.Duration > 1e9 {
		return fmt.Errorf("duration: must be between 0 and 1e9 seconds (exclusive of 0), got %v", c.Duration)
	}
	if c.Main != "" && !c.hasMetric(c.Main) {
		return fmt.Errorf("main metric: unknown name %q", c.Main)
	}
	for _, m := range c.PrecisionAlso {
		if !c.hasMetric(m) {
			return fmt.Errorf("precision metric: unknown name %q", m)
		}
	}
	for _, t := range c.WaitThresholds {
		if !(t >= 0) || math.IsInf(t, 1) {
			return fmt.Errorf("wait threshold: must be a finite number ≥ 0, got %v", t)
		}
	}
	for _, p := range c.ResponseQuantiles {
		if !(p > 0 && p < 1) {
			return fmt.Errorf("response quantile: must be in (0, 1), got %v", p)
		}
	}
	if c.Patience.Kind == PatienceNone && c.Capacity == 0 && c.Offered() >= float64(c.Servers) {
		return fmt.Errorf("%w: offered load λS = %g·%g = %.4g erlangs is not below the %d servers, so the queue grows without bound and no steady state exists; lower the arrival rate or service mean, add servers, or bound the queue with a patience or a capacity",
			ErrUnstable, c.ArrivalRate, c.ServiceMean(), c.Offered(), c.Servers)
	}
	// A run must not need more memory than a laptop has: customers in the
	// system are bounded by the capacity or by the arrivals of the run.
	return nil
}

func (c Config) main() queueing.Metric {
	if c.Main != "" {
		return c.Main
	}
	if c.Capacity == c.Servers {
		return queueing.PBlock
	}
	return queueing.MeanWait
}

func (c Config) batches() int {
	if c.Batches == 0 {
		return DefaultBatches
	}
	return c.Batches
}
