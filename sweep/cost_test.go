package sweep

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/scenario"
	"queuelab/model/systems"
)

// partCoster is a System whose own costs fail for the points with a
// setting of value fail: the rest cost 10⁹ each.
type partCoster struct {
	System
	fail float64
}

func (p partCoster) cost(settings []Setting) (float64, bool) {
	for _, s := range settings {
		if s.Value.Num == p.fail {
			return 0, false
		}
	}
	return 1e9, true
}

// TestPointCostsOneUnit: where the system's own cost fails for a point,
// every point is costed by its Work events, not that point alone (a
// count of events beside counts of entities would order the tasks by
// units, not by cost).
func TestPointCostsOneUnit(t *testing.T) {
	d := mustParse(t, switchDesign("[8, 10]"))
	var work []float64
	for _, pt := range d.Points {
		work = append(work, d.sys.Work(d.Settings(pt)).Events)
	}
	sys := d.sys
	for _, tc := range []struct {
		name string
		fail float64
		want []float64
	}{
		{"every point costed", -1, []float64{1e9, 1e9}},
		{"the first fails", 8, work},
		{"the last fails", 10, work},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d.sys = partCoster{System: sys, fail: tc.fail}
			assert.Equal(t, tc.want, pointCosts(d))
		})
	}
}

// TestCostColumnsExist: every cost column a system names is a column of
// its formula engine (a renamed column would cost every point nothing,
// and the sweep would order by Work without a word).
func TestCostColumnsExist(t *testing.T) {
	for _, sys := range systems.All() {
		t.Run(sys.Name, func(t *testing.T) {
			require.NotEmpty(t, sys.CostColumns)
			e, err := sys.New(scenario.Formula, sys.Scenarios[0].Name, 0)
			require.NoError(t, err)
			var keys []string
			for _, c := range e.Columns() {
				keys = append(keys, c.Key)
			}
			assert.Subset(t, keys, sys.CostColumns)
		})
	}
}
