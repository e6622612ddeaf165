package des

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// profiledMM1 runs an M/M/1 station for until seconds, fed by a Source
// named "arrival" (RunUntilSources) or by an event kind "arrive"
// (RunUntil), and returns its Env.
func profiledMM1(t *testing.T, seed uint64, until float64, viaSource bool) *Env {
	t.Helper()
	env := NewEnv()
	ss := Streams{Seed: seed, Gen: PCG}
	arrivals, services := ss.Stream("arrivals"), ss.Stream("service")
	st, err := NewStation(env, StationConfig{Name: "server", Servers: 1})
	require.NoError(t, err)
	gap := func() Time { return Seconds(Exponential{Rate: 0.9}.Rand(arrivals)) }
	work := func() Time { return Seconds(Exponential{Rate: 1}.Rand(services)) }
	if viaSource {
		var src *Source
		src = env.NewSource(PriorityDefault, func(now Time) {
			st.Arrive(0, 0, work(), NoPatience)
			src.MustSchedule(now + gap())
		}).Name("arrival")
		src.MustSchedule(gap())
		require.NoError(t, env.RunUntilSources(Seconds(until), []*Source{src}))
		return env
	}
	var arrive Kind
	arrive = env.Register("arrive", func(ev Event) {
		st.Arrive(0, 0, work(), NoPatience)
		env.MustAfter(gap(), PriorityDefault, ev)
	})
	env.MustAfter(gap(), PriorityDefault, Event{Kind: arrive})
	require.NoError(t, env.RunUntil(Seconds(until)))
	return env
}

func profileOf(t *testing.T, every int, run func()) *EventProfile {
	t.Helper()
	p, err := StartProfile(ProfileOptions{SampleEvery: every})
	require.NoError(t, err)
	defer p.Stop()
	run()
	return p.Profile()
}

func TestEventProfileCountsEveryEvent(t *testing.T) {
	for _, tc := range []struct {
		name      string
		viaSource bool
		arrival   string
	}{
		{"kinds", false, "arrive"},
		{"source", true, "arrival"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var env *Env
			ep := profileOf(t, 8, func() { env = profiledMM1(t, 1, 20_000, tc.viaSource) })
			require.Equal(t, 1, ep.Envs)
			assert.Equal(t, env.Steps(), ep.Events, "events recorded against events run")
			var sum uint64
			var share, timeShare float64
			counts := map[string]uint64{}
			for _, k := range ep.Kinds {
				sum += k.Count
				share += k.Share
				timeShare += k.TimeShare
				counts[k.Name] = k.Count
				assert.LessOrEqual(t, k.MeanPending, float64(k.MaxPending), k.Name)
			}
			assert.Equal(t, ep.Events, sum)
			assert.InDelta(t, 1, share, 1e-12)
			assert.InDelta(t, 1, timeShare, 1e-12)
			// Every arrival is followed by one departure, but for those in
			// the system at the end; λ = 0.9/s for 20 000 s.
			assert.InDelta(t, 18_000, float64(counts[tc.arrival]), 600)
			assert.InDelta(t, float64(counts[tc.arrival]), float64(counts["server.done"]), 100)
			assert.Len(t, counts, len(ep.Kinds), "no kind listed twice")
			assert.NotEmpty(t, ep.Pending)
			assert.LessOrEqual(t, len(ep.Pending), maxLine)
			assert.Positive(t, ep.EventsPerSecond())
		})
	}
}

func TestEventProfileIsDeterministicButForTimes(t *testing.T) {
	strip := func(ep *EventProfile) *EventProfile {
		for i := range ep.Kinds {
			ep.Kinds[i].Sampled, ep.Kinds[i].Interrupted, ep.Kinds[i].Time, ep.Kinds[i].TimeShare = 0, 0, 0, 0
		}
		ep.Busy, ep.Wall = 0, 0
		return ep
	}
	a := strip(profileOf(t, 16, func() { profiledMM1(t, 7, 5000, true) }))
	b := strip(profileOf(t, 16, func() { profiledMM1(t, 7, 5000, true) }))
	assert.Equal(t, a, b)
	c := strip(profileOf(t, 16, func() { profiledMM1(t, 8, 5000, true) }))
	assert.NotEqual(t, a.Kinds, c.Kinds, "another seed, other counts")
}

func TestEventProfileSampling(t *testing.T) {
	ep := profileOf(t, 1, func() { profiledMM1(t, 2, 2000, false) })
	for _, k := range ep.Kinds {
		assert.Equal(t, k.Count, k.Sampled+k.Interrupted, "every=1 times every event of %s", k.Name)
		assert.Positive(t, k.Time, k.Name)
	}
	ep = profileOf(t, 0, func() { profiledMM1(t, 2, 2000, false) })
	for _, k := range ep.Kinds {
		assert.Zero(t, k.Sampled, "every=0 times nothing")
		assert.Zero(t, k.Time)
	}
	ep = profileOf(t, 50, func() { profiledMM1(t, 2, 200_000, false) })
	var sampled uint64
	for _, k := range ep.Kinds {
		sampled += k.Sampled + k.Interrupted
	}
	// Strides uniform on 1…99: the number of samples in n events is n/50
	// within a few percent (its standard deviation is about 0.8 % here).
	assert.InEpsilon(t, float64(ep.Events)/50, float64(sampled), 0.05)
}

func TestEventProfileAttachesOnlyWhileRunning(t *testing.T) {
	before := NewEnv()
	p, err := StartProfile(ProfileOptions{})
	require.NoError(t, err)
	_, err = StartProfile(ProfileOptions{})
	require.ErrorIs(t, err, ErrProfiling)
	during := NewEnv()
	p.Stop()
	p.Stop()
	after := NewEnv()
	assert.Nil(t, before.prof)
	assert.NotNil(t, during.prof)
	assert.Nil(t, after.prof)
	assert.Equal(t, 1, p.Profile().Envs)
	_, err = StartProfile(ProfileOptions{SampleEvery: -1})
	require.Error(t, err)
}

func TestEventProfilePendingLine(t *testing.T) {
	// A pending set that only grows: each event schedules two more, so
	// when the n-th event runs n−1 others are pending.
	var env *Env
	ep := profileOf(t, 0, func() {
		env = NewEnv()
		var k Kind
		k = env.Register("grow", func(ev Event) {
			env.MustAfter(Second, PriorityDefault, ev)
			env.MustAfter(Second, PriorityDefault, ev)
		})
		env.MustAfter(0, PriorityDefault, Event{Kind: k})
		for range 4096 {
			env.Step()
		}
	})
	require.Len(t, ep.Kinds, 1)
	assert.Equal(t, 4095, ep.Kinds[0].MaxPending)
	assert.InDelta(t, 2047.5, ep.Kinds[0].MeanPending, 1e-9)
	require.GreaterOrEqual(t, len(ep.Pending), maxLine/2)
	for i, pt := range ep.Pending {
		if i > 0 {
			assert.Greater(t, pt.Pending, ep.Pending[i-1].Pending)
		}
	}
	// The last point is at most one stride (4096/256 = 16 events at most
	// after three halvings) before the end.
	assert.InDelta(t, 4095, ep.Pending[len(ep.Pending)-1].Pending, 16)
}
