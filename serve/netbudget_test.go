package serve

import (
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetworkSessionMemoryBudget: a session whose network floods (a
// billion arrivals a second, within the rate's range) stops itself within
// the step that passes its budget, takes no further step however often
// asked, and keeps the process's live heap under a ceiling; the server
// and another session go on answering. On the code before the budget was
// checked inside a step, the first step held 3.6 million customers
// (1.2 GB) and the next killed the process.
func TestNetworkSessionMemoryBudget(t *testing.T) {
	const ceiling = 128 << 20 // live heap after GC, for the whole test process
	src, err := os.ReadFile("../examples/networks/tandem.yaml")
	require.NoError(t, err)
	srv := newTestServer(t, Options{Networks: []NetworkFile{{Name: "tandem.yaml", Source: src}}, OpenNetwork: OpenNetwork})
	flood := netCreate(t, srv, `{"example":"tandem","seed":1}`)
	other := netCreate(t, srv, `{"example":"tandem","seed":2}`)
	base := "/api/networks/sessions/" + flood.ID
	// A few ordinary steps first: the session learns a chunk of simulated
	// time fit for 0.8 arrivals a second, which a flood must not inherit
	// (checked on the chunk itself: inheriting it makes billions of
	// customers in one chunk, more than a test machine has).
	for i := range 3 {
		require.Equal(t, 202, call(t, srv, "POST", base+"/step", "", nil))
		netWait(t, srv, flood.ID, fmt.Sprintf("ordinary step %d", i+1), func(s netTestState) bool { return !s.Running && len(s.Pending) == 0 })
	}
	sess, ok := lookup[*netSession](srv.reg, flood.ID)
	require.True(t, ok)
	sess.engMu.Lock()
	learnt := sess.chunk
	sess.engMu.Unlock()
	require.Greater(t, learnt, 1000*minChunk, "the session has learnt a long chunk")
	require.Equal(t, 202, call(t, srv, "POST", base+"/change", `{"change":"rate job=1e9"}`, nil))
	customers := func(st netTestState) int {
		n := 0
		for _, s := range st.Snapshot.Stations {
			n += s.Count
		}
		return n
	}
	var st netTestState
	for i := range 6 {
		require.Equal(t, 202, call(t, srv, "POST", base+"/step", "", nil))
		st = netWait(t, srv, flood.ID, fmt.Sprintf("step %d", i+1), func(s netTestState) bool { return !s.Running && len(s.Pending) == 0 })
		if i == 0 {
			sess.engMu.Lock()
			chunk := sess.chunk
			sess.engMu.Unlock()
			require.Less(t, chunk, learnt/100, "the change made the session learn its chunk afresh")
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		t.Logf("step %d: %d customers, live heap %.1f MiB", i+1, customers(st), float64(ms.HeapAlloc)/(1<<20))
		require.Less(t, ms.HeapAlloc, uint64(ceiling), "live heap after step %d", i+1)
		require.LessOrEqual(t, customers(st), 4*maxNetCustomers, "the step stops near the budget")
	}
	require.Greater(t, customers(st), maxNetCustomers, "the flood reached the budget")
	stopped := st.Time
	require.Equal(t, 202, call(t, srv, "POST", base+"/step", "", nil))
	st = netWait(t, srv, flood.ID, "one more step", func(s netTestState) bool { return !s.Running && len(s.Pending) == 0 })
	assert.Equal(t, float64(stopped), float64(st.Time), "no step past the budget")
	require.NotEmpty(t, st.Messages)
	assert.Contains(t, st.Messages[len(st.Messages)-1], "this session's memory budget")

	// The other session runs on; a restart empties the flooded one.
	require.Equal(t, 202, call(t, srv, "POST", "/api/networks/sessions/"+other.ID+"/step", "", nil))
	o := netWait(t, srv, other.ID, "the other session's step", func(s netTestState) bool { return !s.Running && float64(s.Time) > 0 })
	assert.Less(t, customers(o), 100)
	require.Equal(t, 200, call(t, srv, "GET", "/api/systems", "", nil))
}

// TestNetworkPopulationOverBudget: a closed network with more customers
// than a session's budget is refused on opening and as a change.
func TestNetworkPopulationOverBudget(t *testing.T) {
	big := "classes:\n  - {name: user, population: 1000000, start: think}\nstations:\n  - {name: think, servers: inf, service: {dist: exp, mean: 10}}\n  - {name: cpu, service: {dist: exp, mean: 0.1}}\nrouting:\n  think: {cpu: 1}\n  cpu: {think: 1}\n"
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := OpenNetwork("big.yaml", []byte(big), 1)
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "1000000 customers in the closed classes: more than a live session's memory budget of 50000 customers")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(16<<20), "refused before any customer is made")

	l := openExample(t, "terminal.yaml", 2)
	err = l.Apply(NetChange{Kind: "population", Class: "user", Value: "60000"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "memory budget")
	assert.Equal(t, 30, l.Graph().Classes[0].Population, "a refused change leaves the run as it was")
}
