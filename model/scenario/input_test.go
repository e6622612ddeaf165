package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScaleGoals(t *testing.T) {
	gs := []Goal{
		Goal{Name: "server cost", Op: "<=", Target: 75, Unit: "u"}.Check(1000),
		Goal{Name: "approval", Op: ">=", Target: 0.95, Unit: "%"}.Check(0.97),
	}
	out := ScaleGoals(gs, 60, 1440)
	require.Len(t, out, 2)
	assert.InDelta(t, 1800, out[0].Target, 1e-9, "a total scales with the run")
	assert.True(t, out[0].Met, "1000 u over a day meets 1800 u")
	assert.Equal(t, "target scaled from 75.0 u for 60 minutes to 1440 minutes", out[0].Note)
	assert.Equal(t, gs[1], out[1], "a share holds as written")
	assert.False(t, gs[0].Met, "the input is not changed")
	assert.Equal(t, gs, ScaleGoals(gs, 60, 60))
}

// TestScaleGoalsRelabels: a goal whose label writes its target gets the
// scaled figure, with the decimals it was written with; other numbers in
// the label are left alone.
func TestScaleGoalsRelabels(t *testing.T) {
	for _, tt := range []struct {
		name   string
		target float64
		want   string
	}{
		{"fleet cost ≤ $7.50", 7.50, "fleet cost ≤ $12.00"},
		{"fleet cost ≤ $3.20 (one rollback)", 3.20, "fleet cost ≤ $5.12 (one rollback)"},
		{"cost of 2 regions ≤ 75 u", 75, "cost of 2 regions ≤ 120 u"},
		{"server cost", 75, "server cost"},
	} {
		g := Goal{Name: tt.name, Op: "<=", Target: tt.target, Unit: "$"}.Check(1)
		out := ScaleGoals([]Goal{g}, 75, 120)
		assert.Equal(t, tt.want, out[0].Name, tt.name)
	}
}

func TestPlaybookAfter(t *testing.T) {
	pb, err := ParseAt("5m:servers=10", testControls)
	require.NoError(t, err)
	late, err := ParseAt("90m:servers=3", testControls)
	require.NoError(t, err)
	all := pb.Merge(late)
	assert.Equal(t, late, all.After(60))
	assert.Empty(t, all.After(91))
	assert.Equal(t, all, all.After(0))
}
