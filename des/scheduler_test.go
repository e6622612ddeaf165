package des

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSchedulerTieOrder(t *testing.T) {
	type ev struct {
		at   Time
		prio Priority
		name string
	}
	tests := []struct {
		name string
		in   []ev
		want []string
	}{
		{"time first", []ev{{3, 0, "c"}, {1, 0, "a"}, {2, 0, "b"}}, []string{"a", "b", "c"}},
		{"priority breaks time ties", []ev{
			{5, PriorityMonitor, "monitor"}, {5, PriorityTimeout, "timeout"}, {5, PriorityDefault, "arrival"},
			{5, PriorityRelease, "release"}, {5, PriorityControl, "control"},
		}, []string{"control", "release", "arrival", "timeout", "monitor"}},
		{"insertion order breaks full ties", []ev{{7, 0, "first"}, {7, 0, "second"}, {7, 0, "third"}}, []string{"first", "second", "third"}},
		{"extreme priorities", []ev{{1, PriorityMax, "max"}, {1, PriorityMin, "min"}, {1, 0, "zero"}}, []string{"min", "zero", "max"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s Scheduler[string]
			for _, e := range tt.in {
				_, err := s.Schedule(e.at, e.prio, e.name)
				require.NoError(t, err)
			}
			var got []string
			for {
				_, p, ok := s.Pop()
				if !ok {
					break
				}
				got = append(got, p)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestSchedulerClock(t *testing.T) {
	var s Scheduler[int]
	_, err := s.Schedule(10, 0, 1)
	require.NoError(t, err)
	at, _, ok := s.Pop()
	require.True(t, ok)
	assert.Equal(t, Time(10), at)
	assert.Equal(t, Time(10), s.Now())

	_, err = s.Schedule(9, 0, 2)
	assert.ErrorIs(t, err, ErrPast)
	assert.Contains(t, err.Error(), "past")
	_, err = s.After(-1, 0, 2)
	assert.ErrorIs(t, err, ErrPast)
	_, err = s.After(MaxTime, 0, 2)
	assert.ErrorContains(t, err, "overflows")

	h, err := s.Schedule(10, 0, 3) // at now is allowed
	require.NoError(t, err)
	assert.True(t, h.Valid())
	assert.ErrorContains(t, s.AdvanceTo(20), "past the pending event")
	_, _, _ = s.Pop()
	require.NoError(t, s.AdvanceTo(20))
	assert.ErrorContains(t, s.AdvanceTo(19), "backwards")
	assert.Equal(t, Time(20), s.Now())
}

func TestFromSecondsRefusesNonFinite(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e12, -1e12} {
		_, err := FromSeconds(x)
		assert.Error(t, err, "%v", x)
	}
	d, err := FromSeconds(0.080)
	require.NoError(t, err)
	assert.Equal(t, 80*Millisecond, d)
	assert.Equal(t, "80ms", d.String())
	assert.Equal(t, MaxTime, Seconds(math.NaN()))
}

// TestRoundNs checks roundNs against math.Round on the edges (ties, the
// largest float below a tie, the integers from 2⁵² up where a float has no
// fraction, the range's ends) and on a million random values of every
// magnitude and sign.
func TestRoundNs(t *testing.T) {
	edges := []float64{0, math.Copysign(0, -1), 0.5, -0.5, 1.5, -1.5, 2.5, -2.5,
		math.Nextafter(0.5, 0), -math.Nextafter(0.5, 0), math.Nextafter(1.5, 0),
		1 << 52, 1<<52 + 1, -(1<<52 + 1), 1<<53 + 2, 1<<52 - 0.5, -(1<<52 - 0.5),
		math.Nextafter(math.MaxInt64, 0), -math.Nextafter(math.MaxInt64, 0), 1e-300, -1e-300}
	for _, x := range edges {
		require.Equal(t, Time(math.Round(x)), roundNs(x), "%v", x)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 1_000_000; i++ {
		x := math.Ldexp(r.Float64(), r.IntN(63)) // [0, 2⁶³)
		if r.IntN(2) == 0 {
			x = -x
		}
		require.Equal(t, Time(math.Round(x)), roundNs(x), "%v", x)
	}
}

// TestNodeOrder checks the scheduler's 128-bit key comparison against the
// plain two-key order (time, then tie) on random and adjacent keys.
func TestNodeOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	// few distinct times (never negative) and ties, so that equal halves
	// are common and the extremes are reached
	ats := []Time{0, 1, 2, 1 << 62, MaxTime - 1, MaxTime}
	ties := []uint64{0, 1, 2, 1 << 63, math.MaxUint64 - 1, math.MaxUint64}
	key := func() node { return node{at: ats[r.IntN(len(ats))], tie: ties[r.IntN(len(ties))]} }
	for i := 0; i < 100_000; i++ {
		a, b := key(), key()
		want := a.at < b.at || (a.at == b.at && a.tie < b.tie)
		require.Equal(t, want, a.less(&b), "%+v < %+v", a, b)
		require.Equal(t, bit(want), uint8(a.lessFlat(&b)), "%+v < %+v", a, b)
	}
}

func TestSchedulerCancel(t *testing.T) {
	var s Scheduler[int]
	a, _ := s.Schedule(1, 0, 1)
	b, _ := s.Schedule(2, 0, 2)
	c, _ := s.Schedule(3, 0, 3)
	assert.True(t, s.Cancel(b))
	assert.False(t, s.Cancel(b), "second cancel is a no-op")
	assert.False(t, s.Cancel(Handle{}), "zero handle")
	assert.Equal(t, 2, s.Len())
	_, p, _ := s.Pop()
	assert.Equal(t, 1, p)
	assert.False(t, s.Cancel(a), "fired events cannot be cancelled")
	// a's slot is reused by the next Schedule; the old handle must not
	// cancel the new event.
	d, _ := s.Schedule(4, 0, 4)
	assert.False(t, s.Cancel(a))
	_, p, _ = s.Pop()
	assert.Equal(t, 3, p)
	assert.True(t, s.Cancel(d))
	_, _, ok := s.Pop()
	assert.False(t, ok)
	_ = c
}

// refEvent is the model the property test compares the scheduler against.
type refEvent struct {
	at   Time
	prio Priority
	seq  int
}

// TestSchedulerPopsInSortedOrder is a property test: for random schedules
// with random cancellations (heavy churn, so compaction runs), the
// scheduler pops exactly the live events, in (time, priority, sequence)
// order, interleaved with new schedules at or after the clock.
func TestSchedulerPopsInSortedOrder(t *testing.T) {
	for seed := uint32(1); seed <= 20; seed++ {
		rng := NewMulberry32(seed)
		var s Scheduler[int]
		live := map[int]refEvent{}
		handles := map[int]Handle{}
		seq := 0
		schedule := func() {
			at := s.Now() + Time(rng.IntN(50))
			prio := Priority(rng.IntN(5) - 2)
			h, err := s.Schedule(at, prio, seq)
			require.NoError(t, err)
			live[seq] = refEvent{at, prio, seq}
			handles[seq] = h
			seq++
		}
		for i := 0; i < 3000; i++ {
			switch r := rng.IntN(10); {
			case r < 5:
				schedule()
			case r == 5 && len(live) > 0:
				// Peek sees the earliest live event without removing it,
				// also right after a Pop (whose hole it must fill).
				at, ok := s.Peek()
				require.True(t, ok)
				require.Equal(t, sortedRef(live)[0].at, at)
			case r < 8 && len(live) > 0:
				// cancel a random live event
				keys := make([]int, 0, len(live))
				for k := range live {
					keys = append(keys, k)
				}
				sort.Ints(keys)
				k := keys[rng.IntN(len(keys))]
				require.True(t, s.Cancel(handles[k]))
				delete(live, k)
			default:
				want := sortedRef(live)
				at, p, ok := s.Pop()
				if len(want) == 0 {
					require.False(t, ok)
					continue
				}
				require.True(t, ok)
				require.Equal(t, want[0].seq, p, "seed %d step %d", seed, i)
				require.Equal(t, want[0].at, at)
				delete(live, p)
			}
			require.Equal(t, len(live), s.Len())
		}
		// drain
		want := sortedRef(live)
		for _, w := range want {
			_, p, ok := s.Pop()
			require.True(t, ok)
			require.Equal(t, w.seq, p)
		}
		_, _, ok := s.Pop()
		require.False(t, ok)
	}
}

func sortedRef(live map[int]refEvent) []refEvent {
	out := make([]refEvent, 0, len(live))
	for _, e := range live {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.at != b.at {
			return a.at < b.at
		}
		if a.prio != b.prio {
			return a.prio < b.prio
		}
		return a.seq < b.seq
	})
	return out
}

// TestCancelledNeverFireUnderChurn schedules timeouts that are almost all
// cancelled (as queue timeouts are) and checks that none fires and the heap
// stays bounded.
// TestSchedulerLargeHeapOrder runs the hold pattern (pop one event,
// schedule one later) on a heap that grows past flatMax and shrinks back
// below it, so that both ways of filling the root (fillTop and
// fillTopDeep) and both ways of removing it are used, and checks that the
// events come out in strictly increasing (time, priority, sequence) order:
// every new event is later than now, so no key may go backwards.
func TestSchedulerLargeHeapOrder(t *testing.T) {
	type key struct {
		at   Time
		prio Priority
		seq  int
	}
	before := func(a, b key) bool {
		if a.at != b.at {
			return a.at < b.at
		}
		if a.prio != b.prio {
			return a.prio < b.prio
		}
		return a.seq < b.seq
	}
	rng := NewMulberry32(7)
	var s Scheduler[int]
	var keys []key
	schedule := func() {
		k := key{s.Now() + 1 + Time(rng.IntN(1000)), Priority(rng.IntN(3) - 1), len(keys)}
		_, err := s.Schedule(k.at, k.prio, k.seq)
		require.NoError(t, err)
		keys = append(keys, k)
	}
	last := key{at: -1}
	pop := func() {
		_, p, ok := s.Pop()
		require.True(t, ok)
		require.True(t, before(last, keys[p]), "%+v after %+v", keys[p], last)
		last = keys[p]
	}
	for range flatMax + 5000 {
		schedule()
	}
	for i := range 200_000 {
		pop()
		schedule()
		if i%4 == 0 { // shrink by one in four: below flatMax by the end
			pop()
		}
	}
	require.Less(t, s.Len(), flatMax)
	for s.Len() > 0 {
		pop()
	}
}

func TestCancelledNeverFireUnderChurn(t *testing.T) {
	env := NewEnv()
	fired := 0
	var timeout Kind
	timeout = env.Register("timeout", func(ev Event) { fired++ })
	var arrive Kind
	n := 0
	rng := NewMulberry32(7)
	arrive = env.Register("arrive", func(ev Event) {
		h := env.MustAfter(2*Second, PriorityTimeout, Event{Kind: timeout})
		require.True(t, env.Cancel(h))
		n++
		if n < 200000 {
			env.MustAfter(Seconds(Exponential{Rate: 400}.Rand(rng)), 0, Event{Kind: arrive})
		}
	})
	env.MustAfter(0, 0, Event{Kind: arrive})
	env.Run()
	assert.Equal(t, 0, fired)
	assert.Equal(t, 200000, n)
	assert.LessOrEqual(t, len(env.sched.heap), 200, "compaction keeps the heap near the live size")
	assert.Equal(t, 0, env.Pending())
}

func TestEnvRunUntil(t *testing.T) {
	env := NewEnv()
	var log []Time
	var k Kind
	k = env.Register("tick", func(ev Event) {
		log = append(log, env.Now())
		env.MustAfter(Second, 0, Event{Kind: k})
	})
	env.MustAfter(0, 0, Event{Kind: k})
	require.NoError(t, env.RunUntil(3*Second))
	assert.Equal(t, []Time{0, Second, 2 * Second, 3 * Second}, log, "events at the end time run")
	assert.Equal(t, 3*Second, env.Now())
	assert.Error(t, env.RunUntil(Second))
	_, err := env.At(0, 0, Event{Kind: 99})
	assert.ErrorContains(t, err, "not registered")
	assert.Equal(t, "tick", env.KindName(k))
}

// TestMustAfterRefuses: MustAfter panics, naming the kind, for a negative
// delay, a delay that overflows the clock and an unregistered kind, and
// schedules nothing; a valid call after them still works.
func TestMustAfterRefuses(t *testing.T) {
	env := NewEnv()
	k := env.Register("tick", func(Event) {})
	require.NoError(t, env.RunUntil(5*Second))
	for _, tc := range []struct {
		d    Time
		ev   Event
		want string
	}{
		{-1, Event{Kind: k}, "des: tick: des: cannot schedule an event in the past: negative delay -1ns"},
		{MaxTime, Event{Kind: k}, "des: tick: des: delay"},
		{Second, Event{Kind: k + 1}, "des: kind(1): des: event kind 1 is not registered"},
	} {
		func() {
			defer func() {
				r := recover()
				require.NotNil(t, r, "%+v", tc)
				assert.Contains(t, r, tc.want)
			}()
			env.MustAfter(tc.d, PriorityDefault, tc.ev)
		}()
	}
	assert.Equal(t, 0, env.Pending())
	env.MustAfter(Second, PriorityDefault, Event{Kind: k})
	assert.Equal(t, 1, env.Pending())
}
