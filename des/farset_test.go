package des

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// farWorkload is one random workload for TestFarSetSameOrderAsHeap.
type farWorkload struct {
	name    string
	fill    int     // events scheduled before the churn
	ops     int     // churn operations
	grow    float64 // share of churn operations that schedule without popping
	cancel  float64 // share that cancel a random pending event
	spread  Time    // delays are uniform in [0, spread) …
	ties    int     // … rounded down to a multiple of spread/ties when ties > 0
	maxTime bool    // some events at MaxTime (the clock's end)
}

// TestFarSetSameOrderAsHeap runs the same random workloads — schedules,
// pops, peeks and cancels, with ties of time and priority, growing past
// farOnAt and shrinking below farOffAt — on a scheduler with the far set
// and on one with the heap alone, and requires the same events in the
// same order with the same times, the same Len after every step, and the
// same cancel results. Seed 1 per workload;
// TestFarSetSameOrderAsHeapSeeds (//go:build long) runs seeds 2 and 3.
func TestFarSetSameOrderAsHeap(t *testing.T) {
	farSetAgainstHeap(t, 1)
}

// farSetAgainstHeap runs TestFarSetSameOrderAsHeap's workloads with each
// of seeds.
func farSetAgainstHeap(t *testing.T, seeds ...uint64) {
	workloads := []farWorkload{
		{name: "hold", fill: 2 * farOnAt, ops: 3 * farOnAt, spread: 1000},
		{name: "ties", fill: 2 * farOnAt, ops: 2 * farOnAt, spread: 1 << 20, ties: 16},
		{name: "grow then drain", fill: farOnAt / 2, ops: 4 * farOnAt, grow: 0.45, spread: 1 << 30},
		{name: "cancels", fill: 3 * farOnAt, ops: 3 * farOnAt, cancel: 0.3, spread: 5000},
		{name: "clock end", fill: 2 * farOnAt, ops: 2 * farOnAt, spread: 100, maxTime: true},
	}
	for _, w := range workloads {
		for _, seed := range seeds {
			t.Run(fmt.Sprintf("%s/seed=%d", w.name, seed), func(t *testing.T) {
				var far, heap Scheduler[int32]
				heap.heapOnly = true
				r := rand.New(rand.NewPCG(seed, 7))
				var handles []Handle // the same index in both schedulers' Handle spaces
				var heapHandles []Handle
				id := int32(0)
				schedule := func() {
					d := Time(r.Int64N(int64(w.spread)))
					if w.ties > 0 {
						d -= d % (w.spread / Time(w.ties))
					}
					at := far.Now() + d
					if w.maxTime && r.IntN(50) == 0 {
						at = MaxTime
					}
					prio := Priority(r.IntN(3) - 1)
					h1, err1 := far.Schedule(at, prio, id)
					h2, err2 := heap.Schedule(at, prio, id)
					if err1 != nil || err2 != nil {
						require.NoError(t, err1)
						require.NoError(t, err2)
					}
					handles, heapHandles = append(handles, h1), append(heapHandles, h2)
					id++
				}
				pop := func() bool {
					a1, p1, ok1 := far.Pop()
					a2, p2, ok2 := heap.Pop()
					if ok1 != ok2 || a1 != a2 || p1 != p2 { // require's reflection only on a failure
						require.Equal(t, ok2, ok1)
						require.Equal(t, a2, a1, "time of event %d", p2)
						require.Equal(t, p2, p1, "event at %v", a2)
					}
					return ok1
				}
				for range w.fill {
					schedule()
				}
				sawFar := far.farOn
				for i := range w.ops {
					u := r.Float64()
					switch {
					case u < w.cancel && len(handles) > 0:
						k := r.IntN(len(handles))
						if c1, c2 := far.Cancel(handles[k]), heap.Cancel(heapHandles[k]); c1 != c2 {
							require.Equal(t, c2, c1, "cancel %d", k)
						}
					case u < w.cancel+w.grow:
						schedule()
					case i%97 == 0:
						t1, ok1 := far.Peek()
						t2, ok2 := heap.Peek()
						if ok1 != ok2 || t1 != t2 {
							require.Equal(t, ok2, ok1)
							require.Equal(t, t2, t1, "peek")
						}
					default:
						if pop() {
							schedule()
						}
					}
					if heap.Len() != far.Len() {
						require.Equal(t, heap.Len(), far.Len(), "Len after op %d", i)
					}
					sawFar = sawFar || far.farOn
				}
				for pop() {
					if heap.Len() != far.Len() {
						require.Equal(t, heap.Len(), far.Len())
					}
				}
				assert.True(t, sawFar, "the workload reached the far set")
				assert.False(t, heap.farOn, "the reference kept the heap alone")
				assert.Zero(t, far.Len())
			})
		}
	}
}

// TestFarSetGivesBack: a scheduler that grew past farOnAt goes back to the
// heap alone at the first refill after fewer than farOffAt events are left
// in the far set, with its events still pending.
func TestFarSetGivesBack(t *testing.T) {
	var s Scheduler[int32]
	for i := range farOnAt + 1 {
		s.Schedule(Time(i%1000), PriorityDefault, int32(i))
	}
	require.True(t, s.farOn)
	for s.farOn {
		_, _, ok := s.Pop()
		require.True(t, ok)
	}
	assert.Zero(t, s.far.n)
	assert.Less(t, s.Len(), farOffAt)
	assert.Greater(t, s.Len(), farOffAt/2)
}

// TestFarSetNoAllocationPerEvent: once a hold model of 2·farOnAt events
// has run a while, its operations allocate nothing (the far set's buckets
// and the heap keep their room).
func TestFarSetNoAllocationPerEvent(t *testing.T) {
	var s Scheduler[int32]
	r := rand.New(rand.NewPCG(5, 5))
	hold := func() {
		at, p, _ := s.Pop()
		s.Schedule(at+Time(r.ExpFloat64()*1e9), PriorityDefault, p)
	}
	for i := range 2 * farOnAt {
		s.Schedule(Time(r.ExpFloat64()*1e9), PriorityDefault, int32(i))
	}
	for range 20 * farOnAt {
		hold()
	}
	require.True(t, s.farOn)
	assert.Zero(t, testing.AllocsPerRun(5*farOnAt, hold))
}
