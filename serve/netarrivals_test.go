package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/network"
)

func TestDescribeArrivals(t *testing.T) {
	src := `classes:
  - {name: m, arrivals: {to: q, map: {D0: [[-2, 1], [1, -3]], D1: [[1, 0], [0, 2]]}}}
  - {name: v, arrivals: {to: q, rate: [[0, 2], [50, 6]], period: 100, batch: {dist: det, mean: 3}}}
  - {name: p, arrivals: {to: q, rate: 1}}
stations: [{name: q, servers: inf, service: {dist: exp, mean: 1}}]
`
	n, err := network.Parse("a.yaml", []byte(src))
	require.NoError(t, err)
	var got []NetClass
	for _, c := range n.Classes {
		nc := NetClass{Name: c.Name}
		describeArrivals(&nc, c.Arrivals)
		got = append(got, nc)
	}
	assert.Equal(t, []NetClass{
		{Name: "m", Phases: 2},
		{Name: "v", Steps: [][2]float64{{0, 2}, {50, 6}}, Period: 100, Batch: 3},
		{Name: "p"},
	}, got)
}
