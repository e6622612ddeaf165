package analytic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenStationRates: the traffic equations per station, all open
// classes together; a fork's branches get its tasks, the fork and the
// join nothing; a loop with no exit is ErrNoExit.
func TestOpenStationRates(t *testing.T) {
	feedback := Network{Classes: []NetClass{{Name: "a", Rate: 1, ArrivalSCV: 1, Source: 0}, {Name: "b", Rate: 0.5, ArrivalSCV: 1, Source: 1}},
		Stations: []NetStation{{Name: "x", Servers: 1, Mean: []float64{0.1, 0.1}}, {Name: "y", Servers: 1, Mean: []float64{0.1, 0.1}}}, Routing: matrix(4)}
	feedback.Routing[0][1] = 1   // class a: x → y
	feedback.Routing[1][0] = 0.5 // … and back to x half the time
	twoTasks := forkNet(2, 0.4, 1)
	twoTasks.Forks[0].Tasks[2] = 2 // branch a gets two tasks of each job
	noExit := feedback
	noExit.Routing = matrix(4)
	noExit.Routing[0][1], noExit.Routing[1][0] = 1, 1
	for _, tc := range []struct {
		name string
		n    Network
		want []float64
	}{
		{"two classes, feedback", feedback, []float64{2, 2 + 0.5}}, // a: λ_x = 1 + λ_y/2, λ_y = λ_x → 2 each; b: 0.5 at y
		{"fork", forkNet(3, 0.5, 1), []float64{0, 0, 0.5, 0.5, 0.5}},
		{"fork, two tasks at a branch", twoTasks, []float64{0, 0, 0.8, 0.4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := OpenStationRates(tc.n)
			require.NoError(t, err)
			assert.InDeltaSlice(t, tc.want, got, 1e-12)
		})
	}
	_, err := OpenStationRates(noExit)
	assert.ErrorIs(t, err, ErrNoExit)
}
