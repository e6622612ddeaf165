package network

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStationLine: a station's item, its routing row's key (the item
// where it has no row), and 0 for a name not there or a network built in
// Go rather than parsed.
func TestStationLine(t *testing.T) {
	n, err := Parse("line.yaml", []byte(`name: line
arrivals: {to: f, rate: 0.5}
stations:
  - {name: f, service: {dist: exp, mean: 0.4}}
  - name: c
    service: {dist: exp, mean: 1.2}
routing:
  f: {c: 0.7}
`))
	require.NoError(t, err)
	for _, tc := range []struct {
		station string
		routing bool
		want    int
	}{{"f", false, 4}, {"c", false, 5}, {"f", true, 8}, {"c", true, 5}, {"x", false, 0}, {"x", true, 0}} {
		assert.Equal(t, tc.want, n.StationLine(tc.station, tc.routing), "%s %v", tc.station, tc.routing)
	}
	built := &Network{Stations: n.Stations, Routes: n.Routes, Classes: n.Classes}
	assert.Zero(t, built.StationLine("f", false))
	assert.Zero(t, built.StationLine("f", true))
}

// noLines is n without the lines Parse recorded: a network written out
// and parsed back is the same network, its elements on other lines.
func noLines(n *Network) Network {
	c := *n
	c.lines = nil
	return c
}
