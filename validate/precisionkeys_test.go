package validate

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"queuelab/analytic"
	"queuelab/des/queueing"
	"queuelab/model/network"
)

// TestPrecisionKeysSkipZeroValues: net run's default aims every metric
// with a finite analytic value at a relative half-width, except those
// whose value is exactly 0 (a blocking station's p_loss): 0 ± 0 has no
// relative half-width, and aiming at it made every such run grow to its
// longest length.
func TestPrecisionKeysSkipZeroValues(t *testing.T) {
	n := &network.Network{Classes: []network.Class{{Name: "job"}}}
	fs := []analytic.NetMetric{
		{Station: "a", Class: "job", Name: queueing.MeanWait, Value: 1.5},
		{Station: "b", Class: "job", Name: queueing.PLoss, Value: 0},
		{Station: "c", Class: "job", Name: queueing.MeanWait, Value: math.Inf(1)},
	}
	keys := precisionKeys(NetworkConfig{Network: n, PrecisionAll: true}, fs)
	assert.Equal(t, map[metricKey]bool{{"a", "", queueing.MeanWait}: true}, keys)
}
