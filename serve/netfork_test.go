package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLiveNetForkJoin: the fork-join example's graph marks the fork and
// the join, draws the fork's branches as routes with their tasks (and
// nothing leaving the fork), and its snapshots show the join's tasks as
// waiting and the fork as empty.
func TestLiveNetForkJoin(t *testing.T) {
	l := openExample(t, "fork-join.yaml", 3)
	g := l.Graph()
	require.Len(t, g.Stations, 4)
	assert.Equal(t, NetStation{Name: "split", Servers: -1, Capacity: -1, Discipline: "fork", NetStationFeatures: NetStationFeatures{Kind: "fork"}}, g.Stations[0])
	assert.Equal(t, "join", g.Stations[3].Kind)
	assert.Empty(t, g.Stations[1].Kind)
	assert.Contains(t, g.Routes, NetRoute{From: "split", To: "left", P: 1, Tasks: 1})
	assert.Contains(t, g.Routes, NetRoute{From: "split", To: "right", P: 1, Tasks: 1})
	assert.Contains(t, g.Routes, NetRoute{From: "merge", P: 1}, "jobs leave from the join")
	for _, r := range g.Routes {
		assert.False(t, r.From == "split" && r.To == "", "nothing leaves from the fork")
	}
	live, ok := l.(*liveNet)
	require.True(t, ok)
	sawWaiting := false
	for step := 1; step <= 200; step++ {
		require.NoError(t, live.sim.RunUntil(float64(step)))
		snap := l.Snapshot()
		fork, join := snap.Stations[0], snap.Stations[3]
		assert.Zero(t, fork.Count)
		assert.Empty(t, join.InService, "tasks at the join are waiting, not served")
		assert.Len(t, join.Waiting, join.Count)
		sawWaiting = sawWaiting || join.Count > 0
	}
	assert.True(t, sawWaiting, "some task waited at the join in 200 s")
}

// TestLiveNetForkJoinUnstable: past ρ = 1 on the branches the page's
// analytic side names the unstable branch and gives nothing it cannot
// justify (no cut-down network without the fork's branches).
func TestLiveNetForkJoinUnstable(t *testing.T) {
	l := openExample(t, "fork-join.yaml", 3)
	require.NoError(t, l.Apply(NetChange{Kind: "rate", Class: "job", Value: "1.5"}))
	a := l.Analytic()
	require.NotNil(t, a)
	var names []string
	for _, u := range a.Unstable {
		names = append(names, u.Station)
	}
	assert.Contains(t, names, "left")
	for _, f := range a.Formulas {
		assert.NotEqual(t, "merge", f.Station, "%+v", f)
		assert.NotEqual(t, "split", f.Station, "%+v", f)
	}
}
