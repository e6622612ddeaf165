package des

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSourceTieRules: at one instant, source events and pending events
// run by priority, then in the order they were scheduled.
func TestSourceTieRules(t *testing.T) {
	env := NewEnv()
	var order []string
	names := []string{"release", "default-before", "timeout", "default-after"}
	k := env.Register("log", func(ev Event) { order = append(order, names[ev.Ref]) })
	logged := func(name string) func(Time) {
		return func(now Time) {
			assert.Equal(t, Time(10), now)
			order = append(order, name)
		}
	}
	_, err := env.At(10, PriorityTimeout, Event{Kind: k, Ref: 2})
	require.NoError(t, err)
	_, err = env.At(10, PriorityDefault, Event{Kind: k, Ref: 1})
	require.NoError(t, err)
	a := env.NewSource(PriorityDefault, logged("a"))
	a.MustSchedule(10)
	_, err = env.At(10, PriorityRelease, Event{Kind: k, Ref: 0})
	require.NoError(t, err)
	b := env.NewSource(PriorityDefault, logged("b"))
	b.MustSchedule(10)
	_, err = env.At(10, PriorityDefault, Event{Kind: k, Ref: 3})
	require.NoError(t, err)
	c := env.NewSource(PriorityControl, logged("c"))
	c.MustSchedule(10)
	require.NoError(t, env.RunUntilSources(20, []*Source{b, c, a}))
	assert.Equal(t, []string{"c", "release", "default-before", "a", "b", "default-after", "timeout"}, order)
	assert.Equal(t, Time(20), env.Now())
	assert.Equal(t, uint64(7), env.Steps())
	assert.Equal(t, MaxTime, a.Next(), "a fired source has no next time until its handler gives one")
}

func TestSourceErrors(t *testing.T) {
	env := NewEnv()
	require.NoError(t, env.RunUntil(10))
	assert.ErrorContains(t, env.RunUntilSources(5, nil), "before now")
	s := env.NewSource(PriorityDefault, func(Time) {})
	assert.ErrorIs(t, s.Schedule(3), ErrPast)
	assert.Panics(t, func() { s.MustSchedule(3) })
	require.NoError(t, s.Schedule(12))
	s.Clear()
	assert.Equal(t, MaxTime, s.Next())
}

// TestSourceMatchesEvents: an M/M/2 station with patience (deadlines at
// PriorityTimeout, completions at PriorityRelease) fed by a Poisson
// source gives exactly the run it gives when each arrival is an event
// that schedules the next, while the heap holds only the station's
// events.
func TestSourceMatchesEvents(t *testing.T) {
	run := func(useSource bool) (ClassStats, int) {
		env := NewEnv()
		ss := Streams{Seed: 7}
		arr, svc := ss.Stream("arrivals"), ss.Stream("service")
		st, err := NewStation(env, StationConfig{Name: "mm2", Servers: 2})
		require.NoError(t, err)
		next := func(now Time) Time { return now + Seconds(-math.Log(1-arr.Float64())/1.9) }
		var cust int32
		maxPending := 0
		arrive := func() {
			cust++
			st.Arrive(cust, 0, Seconds(-math.Log(1-svc.Float64())), 3*Second)
		}
		end := 2000 * Second
		if useSource {
			var src *Source
			src = env.NewSource(PriorityDefault, func(now Time) {
				arrive()
				src.MustSchedule(next(now))
				maxPending = max(maxPending, env.Pending())
			})
			src.MustSchedule(next(0))
			require.NoError(t, env.RunUntilSources(end, []*Source{src}))
		} else {
			var k Kind
			k = env.Register("arrival", func(Event) {
				arrive()
				_, err := env.At(next(env.Now()), PriorityDefault, Event{Kind: k})
				require.NoError(t, err)
				maxPending = max(maxPending, env.Pending())
			})
			_, err := env.At(next(0), PriorityDefault, Event{Kind: k})
			require.NoError(t, err)
			require.NoError(t, env.RunUntil(end))
		}
		return st.Stats.Total, maxPending
	}
	withSource, pendingS := run(true)
	withEvents, pendingE := run(false)
	require.Greater(t, withSource.Departures, int64(3000))
	require.Greater(t, withSource.Abandons, int64(10), "the test needs patience deadlines")
	assert.Equal(t, withEvents, withSource)
	assert.Less(t, pendingS, pendingE)
}
