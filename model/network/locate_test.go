package network

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStationLine: a station's item, its routing row's key (the item
// where it has no row), and 0 for a name not there or data that does not
// parse.
func TestStationLine(t *testing.T) {
	data := []byte(`name: line
arrivals: {to: f, rate: 0.5}
stations:
  - {name: f, service: {dist: exp, mean: 0.4}}
  - name: c
    service: {dist: exp, mean: 1.2}
routing:
  f: {c: 0.7}
`)
	for _, tc := range []struct {
		station string
		routing bool
		want    int
	}{{"f", false, 4}, {"c", false, 5}, {"f", true, 8}, {"c", true, 5}, {"x", false, 0}, {"x", true, 0}} {
		assert.Equal(t, tc.want, StationLine(data, tc.station, tc.routing), "%s %v", tc.station, tc.routing)
	}
	assert.Zero(t, StationLine([]byte("stations: [\n"), "f", false))
	assert.Zero(t, StationLine(nil, "f", true))
}
