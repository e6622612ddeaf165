package ctmc_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
)

// TestBlockingRefusalsSayWhere: a refusal about blocking names the station
// to change and whether its routing row is what to change, so that the
// command line can point at the file's line.
func TestBlockingRefusalsSayWhere(t *testing.T) {
	for name, tc := range map[string]struct {
		mod     func(m *ctmc.Model)
		station string
		routing bool
	}{
		"discipline":   {func(m *ctmc.Model) { m.Stations[0].Discipline = ctmc.PS }, "a", false},
		"back to self": {func(m *ctmc.Model) { m.Routing[1][1] = 0.5 }, "b", true},
	} {
		m := tandem(1, 2, 1.5, 3, 2, ctmc.BeforeStart)
		tc.mod(m)
		_, err := ctmc.Solve(m, ctmc.Options{})
		var at *ctmc.AtError
		require.True(t, errors.As(err, &at), "%s: %v", name, err)
		assert.Equal(t, tc.station, at.Station, name)
		assert.Equal(t, tc.routing, at.Routing, name)
	}
}
