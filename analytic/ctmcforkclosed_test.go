package analytic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
	"queuelab/des/queueing"
)

// closedForkNet is forkNet's two-way fork for a closed class of 3 jobs
// that think at station d (one server, mean 1.5) before each fork and go
// back there after the join.
func closedForkNet() Network {
	n := forkNet(2, 1, 1)
	n.Classes[0] = NetClass{Name: "job", Population: 3, Start: 4}
	for k := range n.Routing {
		n.Routing[k] = append(n.Routing[k], 0)
	}
	n.Routing = append(n.Routing, make([]float64, 5))
	n.Stations = append(n.Stations, NetStation{Name: "d", Servers: 1, Mean: []float64{1.5}})
	n.Forks[0].Tasks = append(n.Forks[0].Tasks, 0)
	n.Routing[1][4], n.Routing[4][0] = 1, 1 // join → d → fork
	return n
}

// TestCTMCClosedFork: a closed class routed to a fork reaches the chain
// as a forking closed class (its fork as Source, the join's row as
// Class.Join), and net solve's values keep its jobs: those at the fork
// and at d add up to the population, and the jobs' rate through the fork
// is d's throughput and the network's, whose response is N/X; a class
// switch into the forking class, or one that leaves no class forking in
// its own class, is refused naming the station.
func TestCTMCClosedFork(t *testing.T) {
	m, err := closedForkNet().CTMCModel()
	require.NoError(t, err)
	c := m.Classes[0]
	assert.Equal(t, 0, c.Source)
	assert.Equal(t, []int{2, 3}, c.Fork)
	assert.Equal(t, []float64{0, 0, 0, 0, 1}, c.Join)
	ms, err := SolveNetwork(closedForkNet())
	require.NoError(t, err)
	v := map[string]float64{}
	for _, x := range ms {
		if x.Method == MethodCTMC {
			v[x.Station+"/"+x.Class+"/"+string(x.Name)] = x.Value
		}
	}
	X := v["f//"+string(queueing.Throughput)]
	require.Greater(t, X, 0.0)
	assert.InDelta(t, 3, v["f//"+string(queueing.MeanInSystem)]+v["d//"+string(queueing.MeanInSystem)], 1e-9)
	assert.InEpsilon(t, X, v["d//"+string(queueing.Throughput)], 1e-9)
	assert.InEpsilon(t, X, v["network/job/"+string(queueing.Throughput)], 1e-9)
	assert.InEpsilon(t, 3/X, v["network/job/"+string(queueing.MeanResponse)], 1e-9)
	assert.InEpsilon(t, 2*X, v["j//"+string(queueing.Throughput)], 1e-9)

	two := closedForkNet()
	two.Classes = append(two.Classes, NetClass{Name: "other", Population: 1, Start: 4})
	for i := range two.Stations {
		two.Stations[i].Mean = append(two.Stations[i].Mean, two.Stations[i].Mean[0])
	}
	big := make([][]float64, 10)
	for x := range big {
		big[x] = make([]float64, 10)
		if x < 5 {
			copy(big[x], two.Routing[x])
		}
	}
	big[9][0] = 1 // "other" from d to the fork as class "job"
	two.Routing = big
	_, err = two.CTMCModel()
	var at *ctmc.AtError
	require.ErrorAs(t, err, &at)
	assert.Equal(t, "d", at.Station)
	assert.ErrorContains(t, err, `class "other" switches to class "job" at "f"`)

	big[9][0], big[4][0], big[4][5] = 0, 0, 1 // "job" from d to the fork as "other"
	big[9][4] = 1
	_, err = two.CTMCModel()
	require.ErrorAs(t, err, &at)
	assert.Equal(t, "f", at.Station)
	assert.ErrorContains(t, err, `no class's jobs reach fork "f" as the exact CTMC models them`)
}
