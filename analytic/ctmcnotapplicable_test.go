package analytic

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetworkCTMCModelRefusal: a network the chain's own model checks
// refuse (more classes than a state code holds) is a
// *CTMCNotApplicableError from NetworkCTMC with the check's message,
// now that the checks run once, inside ctmc.Solve; a chain that applies
// still solves.
func TestNetworkCTMCModelRefusal(t *testing.T) {
	ring := func(classes int) Network {
		n := Network{Stations: []NetStation{{Name: "a", Servers: 1}, {Name: "b", Servers: 1}}}
		for r := range classes {
			n.Classes = append(n.Classes, NetClass{Name: fmt.Sprintf("c%d", r), Population: 1})
		}
		n.Routing = make([][]float64, 2*classes) // (class, station) → (class, station): each class a → b → a
		for r := range classes {
			n.Routing[2*r], n.Routing[2*r+1] = make([]float64, 2*classes), make([]float64, 2*classes)
			n.Routing[2*r][2*r+1], n.Routing[2*r+1][2*r] = 1, 1
		}
		for i := range n.Stations {
			n.Stations[i].Mean = make([]float64, classes)
			for r := range classes {
				n.Stations[i].Mean[r] = 0.5
			}
		}
		return n
	}
	_, err := NetworkCTMC(ring(64))
	var na *CTMCNotApplicableError
	require.ErrorAs(t, err, &na)
	assert.EqualError(t, err, "64 classes; the CTMC solver handles at most 63")
	sol, err := NetworkCTMC(ring(2))
	require.NoError(t, err)
	assert.Equal(t, 6, sol.States) // apart (2 ways), or together at a or b in either FCFS order
}
