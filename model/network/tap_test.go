package network

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

// TestTapAgreesWithStationStatistics runs an M/M/1 queue with a patience
// long past the point where its windows halve (12 000 windows of 0.01 s)
// and checks, batch by batch, the tap against the station's own
// statistics: one response time per departure summing to the sojourn
// total, the waits above 0 are exactly the customers who waited, and
// these are at least the abandons. A tap whose boundaries were halved out
// of step with the observer's would fail every batch.
func TestTapAgreesWithStationStatistics(t *testing.T) {
	for _, window := range []float64{0.01, 1} {
		n := &Network{
			Classes:  []Class{{Name: "c", Arrivals: PoissonArrivals("q", 0.9)}},
			Stations: []Station{{Name: "q", Servers: 1, Discipline: des.FCFS, Service: Exponential(1), Patience: Exponential(20)}},
		}
		s, err := New(n, Options{Seed: 3, Generator: des.PCG, Window: window})
		require.NoError(t, err)
		require.NoError(t, s.Tap(TapConfig{Station: "q", WaitAbove: []float64{0, 1}, Responses: true}))
		require.Error(t, s.Tap(TapConfig{Station: "q"}), "one tap per simulation")
		require.NoError(t, s.RunUntil(120))
		r := s.Result(10, 0)
		snaps, taps, err := s.StationBatches(r, "q")
		require.NoError(t, err)
		require.Len(t, taps, DefaultBatches)
		for b, d := range snaps {
			tb := taps[b]
			require.Len(t, tb.Responses, int(d.Departures), "window %g batch %d", window, b)
			sum := 0.0
			for _, x := range tb.Responses {
				sum += x
			}
			assert.InDelta(t, d.SojournSum, sum, 1e-9*max(1, sum), "window %g batch %d", window, b)
			assert.Equal(t, tb.Waited, tb.Above[0], "a positive wait is a wait above 0")
			assert.GreaterOrEqual(t, tb.Waited, d.Abandons)
			assert.LessOrEqual(t, tb.Above[1], tb.Above[0])
			assert.LessOrEqual(t, tb.Waited, d.Starts+d.Abandons)
		}
		require.NoError(t, s.RunUntil(121))
		_, _, err = s.StationBatches(r, "q")
		assert.Error(t, err, "a result older than the simulation's state")
		_, _, err = s.StationBatches(s.Result(10, 0), "nowhere")
		assert.Error(t, err)
	}
}
