package queueing

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMetricNames pins every name as outputs print it (JSON keys, CSV
// columns, table rows): a constant respelled would change those bytes.
func TestMetricNames(t *testing.T) {
	for _, tc := range []struct {
		m    Metric
		want string
	}{
		{Throughput, "throughput"},
		{Utilization, "utilization"},
		{MeanInSystem, "mean_in_system"},
		{MeanInQueue, "mean_in_queue"},
		{MeanResponse, "mean_response"},
		{MeanWait, "mean_wait"},
		{MeanWaitServed, "mean_wait_served"},
		{MeanSojourn, "mean_sojourn"},
		{PWait, "p_wait"},
		{PBlock, "p_block"},
		{PLoss, "p_loss"},
		{PAbandon, "p_abandon"},
		{ArrivalRate, "arrival_rate"},
		{AdmittedRate, "admitted_rate"},
		{LittleGap, "little_gap"},
		{ThroughputLower, "throughput_lower"},
		{ThroughputUpper, "throughput_upper"},
		{MeanResponseLower, "mean_response_lower"},
		{MeanResponseUpper, "mean_response_upper"},
	} {
		assert.Equal(t, tc.want, string(tc.m))
		assert.Equal(t, tc.want, tc.m.String())
	}
}
