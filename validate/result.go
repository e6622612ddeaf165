package validate

import (
	"fmt"

	"queuelab/des/queueing"
	"queuelab/validate/estimate"
)

// Result is what Station measured.
type Result struct {
	Config Config
	// Warmup is the simulated time discarded (seconds), Measured the time
	// measured after it.
	Warmup, Measured float64
	// WarmupByMSER tells whether MSER-5 chose Warmup.
	WarmupByMSER bool
	// Customers is the number of arrivals in the measured period;
	// Completed the number of customers who left it (served, abandoned or
	// blocked).
	Customers, Completed int64
	// Metrics holds one Estimate per metric, in a fixed order: see
	// MetricNames, then p_wait_gt_<t> per wait threshold and
	// response_p<q> per response quantile.
	Metrics []estimate.Estimate
	// Events is the number of events the run executed.
	Events uint64
}

// Metric returns the estimate named name.
func (r *Result) Metric(name queueing.Metric) (estimate.Estimate, bool) {
	for _, m := range r.Metrics {
		if m.Name == string(name) {
			return m, true
		}
	}
	return estimate.Estimate{}, false
}

// precise reports whether the main metric and every PrecisionAlso metric
// reached the precision target.
func (r *Result) precise() bool {
	for _, name := range append([]queueing.Metric{r.Config.main()}, r.Config.PrecisionAlso...) {
		m, _ := r.Metric(name)
		if !(m.RelativeHalfWidth() <= r.Config.Precision) {
			return false
		}
	}
	return true
}

// MetricNames are the metrics every Result has, in order:
//
//	p_wait            share of admitted customers who found every server busy
//	mean_wait         mean wait in queue of admitted customers, served or not
//	                  (an abandoning customer counts its wait until it left)
//	mean_wait_served  mean wait of customers who were served
//	p_abandon         share of admitted customers who abandoned (reneged)
//	p_block           share of arrivals turned away by the capacity
//	utilization       time-average share of busy servers
//	mean_in_queue     time-average number waiting (Lq, measured directly)
//	mean_in_system    time-average number in the system (L, measured directly)
//	throughput        service completions per second
//	arrival_rate      arrivals per second (admitted or not)
//	admitted_rate     admitted arrivals per second
//	mean_response     mean time in system of served customers (wait + service)
//	mean_sojourn      mean time in system of admitted customers (served or not)
//	little_gap        L − λ_admitted·W_sojourn per unit time (0 by Little's law)
var MetricNames = func() []queueing.Metric {
	out := make([]queueing.Metric, len(stationDefs))
	for i := range stationDefs {
		out[i] = stationDefs[i].name
	}
	return out
}()

// hasMetric reports whether a Result of c has the metric name.
func (c Config) hasMetric(name queueing.Metric) bool {
	for _, n := range MetricNames {
		if n == name {
			return true
		}
	}
	for _, t := range c.WaitThresholds {
		if WaitMetricName(t) == name {
			return true
		}
	}
	for _, p := range c.ResponseQuantiles {
		if QuantileMetricName(p) == name {
			return true
		}
	}
	return false
}

// WaitMetricName is the name of the P(W > t) metric.
func WaitMetricName(t float64) queueing.Metric {
	return queueing.Metric(fmt.Sprintf("p_wait_gt_%g", t))
}

// QuantileMetricName is the name of the response-time p-quantile metric.
func QuantileMetricName(p float64) queueing.Metric {
	return queueing.Metric(fmt.Sprintf("response_p%g", 100*p))
}
