package queueing

import (
	"fmt"
	"strings"
)

// PercentileOf is the time a percentile metric is of: a customer's wait
// before service or its response (arrival to departure).
type PercentileOf string

// The times percentile metrics are of.
const (
	OfWait     PercentileOf = "wait"
	OfResponse PercentileOf = "response"
)

// Percentile names the p-quantile (0 < p < 1) of the time of: p50_wait,
// p99_response (the percentage printed as %g, so 0.999 gives p99.9_…).
func Percentile(p float64, of PercentileOf) Metric {
	return Metric(fmt.Sprintf("p%g_%s", 100*p, of))
}

// IsPercentile reports whether m names a percentile (p50_wait,
// p99_response, …): a p, a digit, then _wait or _response.
func IsPercentile(m Metric) bool {
	name := string(m)
	if len(name) < 3 || name[0] != 'p' || name[1] < '0' || name[1] > '9' {
		return false
	}
	_, rest, ok := strings.Cut(name, "_")
	return ok && (PercentileOf(rest) == OfWait || PercentileOf(rest) == OfResponse)
}
