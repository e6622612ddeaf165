package analytic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCTMCJoinRow: a join whose jobs go on (to a station d, one server of
// mean 1) reaches the chain as Class.Join, the join's own row emptied;
// jobs that come back to the fork after the join, or change class there,
// are refused with the reason.
func TestCTMCJoinRow(t *testing.T) {
	withD := func() Network {
		n := forkNet(2, 0.4, 1)
		for k := range n.Routing {
			n.Routing[k] = append(n.Routing[k], 0)
		}
		n.Routing = append(n.Routing, make([]float64, 5))
		n.Stations = append(n.Stations, NetStation{Name: "d", Servers: 1, Mean: []float64{1}})
		n.Forks[0].Tasks = append(n.Forks[0].Tasks, 0)
		n.Routing[1][4] = 1 // join → d
		return n
	}
	m, err := withD().CTMCModel()
	require.NoError(t, err)
	assert.Equal(t, []float64{0, 0, 0, 0, 1}, m.Classes[0].Join)
	assert.Equal(t, []float64{0, 0, 0, 0, 0}, m.Routing[1])

	back := withD()
	back.Routing[4][0] = 0.5 // d → the fork again
	_, err = back.CTMCModel()
	assert.ErrorContains(t, err, `class "job"'s jobs reach fork "f" again after join "j"`)

	two := withD()
	two.Classes = append(two.Classes, NetClass{Name: "other", Rate: 0.1, ArrivalSCV: 1, Source: 4})
	for i := range two.Stations {
		two.Stations[i].Mean = append(two.Stations[i].Mean, two.Stations[i].Mean[0])
		if i < 4 {
			two.Stations[i].Mean[1] = 0
		}
	}
	big := make([][]float64, 10)
	for x := range big {
		big[x] = make([]float64, 10)
		if x < 5 {
			copy(big[x], two.Routing[x])
		}
	}
	big[1][4], big[1][9] = 0, 1 // join → d as class "other"
	two.Routing = big
	_, err = two.CTMCModel()
	assert.ErrorContains(t, err, `switch to class "other" at "d" after join "j"`)
}
