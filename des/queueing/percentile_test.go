package queueing

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPercentile pins the percentile names as outputs print them and
// checks that IsPercentile tells them from the other metrics.
func TestPercentile(t *testing.T) {
	for _, tc := range []struct {
		p    float64
		of   PercentileOf
		want Metric
	}{
		{0.5, OfWait, "p50_wait"},
		{0.9, OfResponse, "p90_response"},
		{0.99, OfResponse, "p99_response"},
		{0.999, OfWait, "p99.9_wait"},
	} {
		got := Percentile(tc.p, tc.of)
		assert.Equal(t, tc.want, got)
		assert.True(t, IsPercentile(got), got)
	}
	for _, m := range []Metric{PLoss, PWait, MeanWait, MeanResponse, "p", "p9", "p50_sojourn", "px_wait"} {
		assert.False(t, IsPercentile(m), m)
	}
}
