package des

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// poolHarness drives a Pool with scripted arrivals and fixed service
// times and logs what happens.
type poolHarness struct {
	env     *Env
	pool    *Pool
	service Time
	depart  Kind
	arrive  Kind
	log     []string
	patient Time
}

func newHarness(servers int, service, patience Time) *poolHarness {
	h := &poolHarness{env: NewEnv(), service: service, patient: patience}
	h.pool = NewPool(h.env, "slots", servers)
	h.depart = h.env.Register("depart", func(ev Event) {
		h.log = append(h.log, "done "+string(rune('A'+ev.Ref))+" @"+h.env.Now().String())
		h.pool.Release()
	})
	h.arrive = h.env.Register("arrive", func(ev Event) {
		if h.pool.Request(ev.Ref, h.patient) == Balked {
			h.log = append(h.log, "balk "+string(rune('A'+ev.Ref))+" @"+h.env.Now().String())
		}
	})
	h.pool.OnStart = func(id int32, waited Time) {
		h.log = append(h.log, "start "+string(rune('A'+id))+" @"+h.env.Now().String())
		h.env.MustAfter(h.service, PriorityRelease, Event{Kind: h.depart, Ref: id})
	}
	h.pool.OnRenege = func(id int32, waited Time) {
		h.log = append(h.log, "renege "+string(rune('A'+id))+" @"+h.env.Now().String())
	}
	return h
}

func (h *poolHarness) arriveAt(at Time, id int32) {
	_, err := h.env.At(at, PriorityDefault, Event{Kind: h.arrive, Ref: id})
	if err != nil {
		panic(err)
	}
}

func TestPoolFIFOAndReneging(t *testing.T) {
	// One server, service 10 s, patience 15 s. A at 0 starts; B at 1 waits
	// and starts at 10; C at 2 waits, its deadline 17 falls before B ends
	// at 20, so C reneges at 17; D at 12 starts at 20 (waited 8 s).
	h := newHarness(1, 10*Second, 15*Second)
	h.arriveAt(0, 0)
	h.arriveAt(Second, 1)
	h.arriveAt(2*Second, 2)
	h.arriveAt(12*Second, 3)
	h.env.Run()
	assert.Equal(t, []string{
		"start A @0s", "done A @10s", "start B @10s", "renege C @17s",
		"done B @20s", "start D @20s", "done D @30s",
	}, h.log)
	p := h.pool
	assert.Equal(t, int64(4), p.Arrivals)
	assert.Equal(t, int64(3), p.Starts)
	assert.Equal(t, int64(1), p.Reneges)
	assert.InDelta(t, (0+9+8)/3.0, p.Waits.Mean(), 1e-12)
	assert.InDelta(t, 15, p.RenegeWaits.Mean(), 1e-12)
	// busy on [0,30) except nothing idle: utilisation 1 over 30 s
	assert.InDelta(t, 1, p.Busy.Mean(30*Second), 1e-12)
	// queue: B [1,10), C [2,17), D [12,20) → 9 + 15 + 8 = 32 customer-seconds
	assert.InDelta(t, 32.0/30, p.QueueLength.Mean(30*Second), 1e-12)
	// Little's law on this sample path: L = (Σ sojourn)/T, sojourns
	// A 10, B 19, C 15 (until reneging), D 18 = 62.
	assert.InDelta(t, 62.0/30, p.InSystemMean(30*Second), 1e-12)
}

func TestPoolDeadlineTiesLoseToRelease(t *testing.T) {
	// B's deadline (1 + 9 = 10 s) is exactly when A's service ends: by the
	// tie rules the release runs first, so B is served, not timed out.
	h := newHarness(1, 10*Second, 9*Second)
	h.arriveAt(0, 0)
	h.arriveAt(Second, 1)
	h.env.Run()
	assert.Equal(t, []string{"start A @0s", "done A @10s", "start B @10s", "done B @20s"}, h.log)
}

func TestPoolCapacityChanges(t *testing.T) {
	// Two servers, five customers at t=0 (service 10 s). At 5 s the pool
	// shrinks to 1 (drains: both in service finish at 10 s, then only one
	// starts). A server booted at 5 s with a 20 s delay joins at 25 s.
	h := newHarness(2, 10*Second, NoPatience)
	for i := int32(0); i < 5; i++ {
		h.arriveAt(0, i)
	}
	shrink := h.env.Register("shrink", func(Event) {
		h.pool.SetServers(1)
		h.pool.Boot(1, 20*Second)
		assert.Equal(t, 1, h.pool.Booting())
	})
	_, err := h.env.At(5*Second, PriorityControl, Event{Kind: shrink})
	require.NoError(t, err)
	h.env.Run()
	assert.Equal(t, []string{
		"start A @0s", "start B @0s",
		"done A @10s", "done B @10s", "start C @10s",
		"done C @20s", "start D @20s",
		"start E @25s", // the booted server joins
		"done D @30s", "done E @35s",
	}, h.log)
	assert.Equal(t, 2, h.pool.Servers())
	assert.Equal(t, 0, h.pool.Booting())
}

func TestPoolCancelBoot(t *testing.T) {
	h := newHarness(0, Second, NoPatience)
	b := h.pool.Boot(3, 10*Second)
	assert.Equal(t, 3, h.pool.Booting())
	assert.True(t, h.pool.CancelBoot(b, 3))
	assert.False(t, h.pool.CancelBoot(b, 3))
	h.env.Run()
	assert.Equal(t, 0, h.pool.Servers())
	assert.Equal(t, 0, h.pool.Booting())
}

func TestPoolAdmissionLimit(t *testing.T) {
	// One server, limit 2 in the system: the third simultaneous arrival
	// balks; after the limit is lifted everyone is admitted.
	h := newHarness(1, 10*Second, NoPatience)
	h.pool.SetLimit(2)
	for i := int32(0); i < 3; i++ {
		h.arriveAt(0, i)
	}
	h.env.Run()
	assert.Equal(t, []string{"start A @0s", "balk C @0s", "done A @10s", "start B @10s", "done B @20s"}, h.log)
	assert.Equal(t, int64(1), h.pool.Balks)
	h.pool.SetLimit(Unlimited)
	assert.Equal(t, Unlimited, h.pool.Limit())
}

func TestPoolReleaseWithoutBusyPanics(t *testing.T) {
	p := NewPool(NewEnv(), "p", 1)
	assert.Panics(t, p.Release)
}

func TestPoolManyRenegesKeepRingBounded(t *testing.T) {
	// Zero servers for a while: every customer reneges. The ring must not
	// grow past the number waiting at once.
	h := newHarness(0, Second, 2*Second)
	for i := int32(0); i < 10000; i++ {
		h.arriveAt(Time(i)*10*Millisecond, i%26)
	}
	h.env.Run()
	assert.Equal(t, int64(10000), h.pool.Reneges)
	assert.LessOrEqual(t, len(h.pool.ring), 512)
	assert.Equal(t, 0, h.pool.Queued())
}
