package des

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// runTrace runs scenario sc (see randomScenario) on a station and returns
// every callback with its time, the number of events run and the final
// statistics; own gives every deadline an event of its own.
func runTrace(t *testing.T, sc propScenario, own bool) ([]string, uint64, ClassStats) {
	env := NewEnv()
	cfg := sc.cfg
	cfg.Random = NewPCG(1, 1) // the same SIRO draws in both runs
	st, err := NewStation(env, cfg)
	require.NoError(t, err)
	st.ownDeadlines = own
	var trace []string
	log := func(what string, cust int32) { trace = append(trace, fmt.Sprintf("%v %s %d", env.Now(), what, cust)) }
	st.OnStart = func(cust int32, _ int, _ Time, _ Ticket) { log("start", cust) }
	st.OnDepart = func(cust int32, _ int) { log("depart", cust) }
	st.OnAbandon = func(cust int32, _ int) { log("abandon", cust) }
	st.OnDiscard = func(cust int32, _ int) { log("discard", cust) }
	arrive := env.Register("arrive", func(ev Event) {
		c := sc.customers[ev.Ref]
		log(st.Arrive(ev.Ref, c.class, c.work, sc.arrivals[ev.Ref]).String(), ev.Ref)
	})
	ctl := env.Register("control", func(ev Event) { sc.controls[ev.Ref].do(st) })
	for i, c := range sc.customers {
		env.At(c.arrived, PriorityDefault, Event{Kind: arrive, Ref: int32(i)})
	}
	for i, c := range sc.controls {
		env.At(c.at, PriorityControl, Event{Kind: ctl, Ref: int32(i)})
	}
	env.Run()
	return trace, env.Steps(), st.Stats.Total
}

// TestDeadlineQueueIsExact runs random stations (every discipline,
// servers changed at random, capacities, both kinds of abandonment, ties
// on whole seconds) twice, with the deadline queue and with one event per
// deadline, and requires the same callbacks at the same times in the same
// order, the same number of events and the same statistics. Half the
// scenarios give every customer the same patience, so that the queue
// holds them all; the others draw it at random, so that deadlines out of
// order take the other path.
func TestDeadlineQueueIsExact(t *testing.T) {
	queued := 0
	// A scenario's last control draws at run time, so each run builds its
	// own copy of the scenario.
	scenario := func(seed uint64) propScenario {
		sc := randomScenario(seed)
		if seed%2 == 0 {
			p := Time(seed%4) * Second
			for i := range sc.arrivals {
				sc.arrivals[i] = p
			}
		}
		for i := range sc.customers {
			sc.customers[i].held = false // the trace driver does not release
		}
		return sc
	}
	for seed := uint64(1); seed <= 600; seed++ {
		own, ownSteps, ownStats := runTrace(t, scenario(seed), true)
		got, steps, stats := runTrace(t, scenario(seed), false)
		require.Equal(t, own, got, "seed %d", seed)
		require.Equal(t, ownSteps, steps, "seed %d", seed)
		require.Equal(t, ownStats, stats, "seed %d", seed)
		if stats.Abandons > 0 {
			queued++
		}
	}
	require.Greater(t, queued, 100, "enough scenarios where customers abandon")
}

// TestDeadlineQueueTies: deadlines that fall at the same time as each
// other and as a model's events at the same priority run in the order they
// were scheduled — whether a deadline has an event of its own because it
// came out of order (C), or is on the queue and gets its event only when
// the one before it starts (B, after A) or fires (E, after B).
func TestDeadlineQueueTies(t *testing.T) {
	env := NewEnv()
	st, err := NewStation(env, StationConfig{Name: "s", Servers: 1})
	require.NoError(t, err)
	var order []string
	name := func(cust int32) string { return string(rune('A' + cust)) }
	st.OnAbandon = func(cust int32, _ int) { order = append(order, name(cust)) }
	st.OnStart = func(cust int32, _ int, _ Time, _ Ticket) { order = append(order, "start "+name(cust)) }
	mark := env.Register("mark", func(ev Event) { order = append(order, fmt.Sprintf("x%d", ev.Ref)) })
	type customer struct{ at, work, patience Time }
	cs := []customer{
		{0, 100 * Second, 5 * Second},                  // A: waits behind D, deadline 5 s
		{Second, 100 * Second, 4 * Second},             // B: deadline 5 s, queued behind A
		{1500 * Millisecond, 100 * Second, 3 * Second}, // C: deadline 4.5 s, out of order: its own event
		{0, 4800 * Millisecond, NoPatience},            // D: holds the server until 4.8 s
		{3 * Second, 100 * Second, 2 * Second},         // E: deadline 5 s, queued behind B
	}
	arrive := env.Register("arrive", func(ev Event) {
		c := cs[ev.Ref]
		st.Arrive(ev.Ref, 0, c.work, c.patience)
	})
	env.MustAfter(0, PriorityDefault-1, Event{Kind: arrive, Ref: 3})
	for _, i := range []int32{0, 1, 2, 4} {
		env.MustAfter(cs[i].at, PriorityDefault, Event{Kind: arrive, Ref: i})
	}
	// The model's own events at 5 s, scheduled at 0.5 s (x1) and 2 s (x2).
	sched := env.Register("sched", func(ev Event) {
		env.MustAfter(5*Second-env.Now(), PriorityTimeout, Event{Kind: mark, Ref: ev.Ref})
	})
	env.MustAfter(500*Millisecond, PriorityDefault, Event{Kind: sched, Ref: 1})
	env.MustAfter(2*Second, PriorityDefault, Event{Kind: sched, Ref: 2})
	require.NoError(t, env.RunUntil(10*Second))
	// 0 s: D starts; 4.5 s: C gives up; 4.8 s: D leaves and A starts; at
	// 5 s in the order they were scheduled: x1 (0.5 s), B (1 s), x2 (2 s),
	// E (3 s).
	require.Equal(t, []string{"start D", "C", "start A", "x1", "B", "x2", "E"}, order)
}
