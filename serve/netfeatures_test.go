package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetFeaturesLive: the page sees routers, buffers and balking
// stations, a blocked server in the snapshot, and changes them live.
func TestNetFeaturesLive(t *testing.T) {
	l, err := OpenNetwork("jsq-vs-random.yaml", catalogueSource(t, "jsq-vs-random.yaml"), 1)
	require.NoError(t, err)
	g := l.Graph()
	assert.Equal(t, "router", g.Stations[0].Kind)
	assert.Equal(t, "jsq", g.Stations[0].Policy)
	var policies []string
	for _, r := range g.Routes {
		if r.From == "balancer" {
			policies = append(policies, r.To+":"+r.Policy)
		}
	}
	assert.Equal(t, []string{"left:jsq", "right:jsq"}, policies)
	require.NoError(t, l.RunUntil(100))
	require.NoError(t, l.Apply(mustChange(t, "policy balancer=power-of-d:2")))
	assert.Equal(t, "power-of-d:2", l.Graph().Stations[0].Policy)
	assert.ErrorContains(t, l.Apply(mustChange(t, "policy balancer=fastest")), "valid: random, round-robin, jsq, power-of-d")
	require.NoError(t, l.RunUntil(200))

	l, err = OpenNetwork("blocking-tandem.yaml", catalogueSource(t, "blocking-tandem.yaml"), 1)
	require.NoError(t, err)
	assert.Equal(t, 2, l.Graph().Stations[1].Buffer)
	assert.Equal(t, "after-service", l.Graph().Stations[1].Blocking)
	seen := false
	for k := 1; k <= 3000 && !seen; k++ {
		require.NoError(t, l.RunUntil(float64(k)))
		seen = l.Snapshot().Stations[0].Blocked > 0
	}
	assert.True(t, seen, "the first station was never seen blocked")
	require.NoError(t, l.Apply(mustChange(t, "buffer second=5")))
	assert.Equal(t, 5, l.Graph().Stations[1].Buffer)
	assert.Contains(t, string(l.File()), "buffer: 5")

	l, err = OpenNetwork("balking.yaml", catalogueSource(t, "balking.yaml"), 1)
	require.NoError(t, err)
	require.NoError(t, l.Apply(mustChange(t, "join stall=1, 0.5, 0")))
	assert.Equal(t, []float64{1, 0.5, 0}, l.Graph().Stations[0].JoinProbability)
	require.NoError(t, l.Apply(mustChange(t, "rates stall=1,2")))
	assert.Equal(t, []float64{1, 2}, l.Graph().Stations[0].Rates)
	assert.ErrorContains(t, l.Apply(mustChange(t, "join stall=1,x")), `"x" is not a number`)
	require.NoError(t, l.RunUntil(100))
	assert.NotEmpty(t, l.Analytic().Formulas, "birth–death values after the change")
}

func mustChange(t *testing.T, s string) NetChange {
	t.Helper()
	c, err := ParseNetChange(s)
	require.NoError(t, err)
	back, err := ParseNetChange(c.String())
	require.NoError(t, err)
	require.Equal(t, c, back)
	return c
}
