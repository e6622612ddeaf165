//go:build long

package des

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStationIntervalsAreCalibrated checks the method of the statistical
// tests itself: over 100 independent seeds of M/M/1 at ρ = 0.8 (the setup
// of TestStationMatchesMM1AndMMc), the 95 % batch-means interval of the
// mean sojourn must miss 1/(μ − λ) = 5 about 5 times. With a correct
// station and calibrated intervals the misses are Binomial(100, 0.05): at
// most 13 with probability 99.9 %. Too many misses would mean batches too
// short (correlated) or a biased station.
func TestStationIntervalsAreCalibrated(t *testing.T) {
	misses := 0
	for seed := uint64(1000); seed < 1100; seed++ {
		r := newOpenRun(t, StationConfig{Servers: 1}, []float64{0.8}, []workLaw{expWork(1)}, seed)
		ws := r.batches(2000*Second, 40000*Second, 30, -1)
		xs := make([]float64, len(ws))
		for i, w := range ws {
			xs[i] = w.MeanSojourn()
		}
		if !MeanCI(xs, 0.95).Contains(5) {
			misses++
		}
	}
	t.Logf("%d of 100 intervals missed", misses)
	assert.LessOrEqual(t, misses, 13)
}
