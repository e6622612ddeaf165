package webservice

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
	"queuelab/model/fleet"
)

// TestDeployRollsOutAndRollsBack: a rolling deploy over 5 minutes retags
// ⌈fleet × (k+1)/5⌉ instances by minute k; a rollback pressed at minute 2
// switches the whole fleet back 5 minutes later and ends the deploy.
func TestDeployRollsOutAndRollsBack(t *testing.T) {
	f, err := fleet.New(fleet.Config{BootDelay: des.Minute, KeepServing: 1})
	require.NoError(t, err)
	f.Open(10, goodBuild)
	d := newDeploy()
	want := []int{2, 4, 6, 8, 10, 10, 10, 0, 0, 0}
	for m := range want {
		if m == 2 {
			d.press(m, 5, f.Size())
			assert.Equal(t, 10, d.prepSize, "the prepared fleet is as large as the fleet")
		}
		d.step(m, f, 0, 5)
		assert.Equal(t, want[m], f.ServingTagged(badBuild), "minute %d", m)
	}
	assert.Equal(t, goodBuild, d.currentBuild)
	assert.True(t, d.deployOff)
	assert.Equal(t, -1, d.rollbackAt)
	assert.Equal(t, 0, d.prepSize)
}

// TestSLORecord: the burn rate is the error rate over the budget rate
// 1 − SLO; minute 0 fills the window; the budget falls by burn / minutes
// of the month; errorRateFrom pools the counts.
func TestSLORecord(t *testing.T) {
	p := Defaults().SLO
	s := newSLO(p, 0.5)
	burn, window := s.record(0, minuteLoad{charged: 1000, errors: 2})
	assert.InDelta(t, 0.002/(1-p.Target), burn, 1e-9)
	assert.InDelta(t, burn, window, 1e-9, "minute 0 pre-fills the window")
	assert.InDelta(t, 0.5-burn/p.Minutes, s.budget, 1e-12)
	burn, window = s.record(1, minuteLoad{charged: 1000})
	assert.Equal(t, 0.0, burn)
	assert.Less(t, window, 0.002/(1-p.Target))
	assert.InDelta(t, 0.001, s.errorRateFrom(0), 1e-12)
	assert.Equal(t, 0.0, s.errorRateFrom(1))
	assert.True(t, s.errorRateFrom(5) != s.errorRateFrom(5), "no minute: NaN")
}
