package des

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// holdScript runs a station whose customers arrive as visits say; a
// customer with work UntilRelease is released by the model hold[cust]
// after its start, and cut, if set, decides a started customer's work
// (SetWork). It logs starts ("B starts 5s waited 4s") and departures.
func holdScript(t *testing.T, cfg StationConfig, visits []visit, hold map[int32]Time,
	cut func(work, waited Time) Time) []string {
	t.Helper()
	env := NewEnv()
	st, err := NewStation(env, cfg)
	require.NoError(t, err)
	var log []string
	name := func(cust int32) string { return string(rune('A' + cust)) }
	release := env.Register("release", func(ev Event) { st.Release(Ticket(ev.Ref)) })
	st.OnStart = func(cust int32, class int, waited Time, tk Ticket) {
		log = append(log, fmt.Sprintf("%s starts %v waited %v", name(cust), env.Now(), waited))
		if d, ok := hold[cust]; ok {
			env.MustAfter(d, PriorityDefault, Event{Kind: release, Ref: int32(tk)})
		} else if cut != nil {
			st.SetWork(tk, cut(visits[cust].work, waited))
		}
	}
	st.OnDepart = func(cust int32, class int) {
		log = append(log, fmt.Sprintf("%s done %v", name(cust), env.Now()))
	}
	st.OnAbandon = func(cust int32, class int) {
		log = append(log, fmt.Sprintf("%s abandons %v", name(cust), env.Now()))
	}
	arrive := env.Register("arrive", func(ev Event) {
		v := visits[ev.Ref]
		st.Arrive(ev.Ref, v.class, v.work, v.patience)
	})
	for i, v := range visits {
		_, err := env.At(v.at, PriorityDefault, Event{Kind: arrive, Ref: int32(i)})
		require.NoError(t, err)
	}
	env.Run()
	assert.Equal(t, 0, st.InSystem(), "everyone has left")
	return log
}

func TestStationHoldAndSetWorkByHand(t *testing.T) {
	held := UntilRelease
	tests := []struct {
		name   string
		cfg    StationConfig
		visits []visit
		hold   map[int32]Time
		cut    func(work, waited Time) Time
		want   []string
	}{
		{
			// A holds the server 0–5 s; B (3 s of work) waits 4 s and
			// leaves at 8 s; C (held 1 s) waits for B: 8–9 s.
			name: "fcfs hold until release",
			cfg:  StationConfig{Name: "s", Servers: 1},
			visits: []visit{
				{at: 0, work: held, patience: NoPatience},
				{at: 1 * Second, work: 3 * Second, patience: NoPatience},
				{at: 2 * Second, work: held, patience: NoPatience},
			},
			hold: map[int32]Time{0: 5 * Second, 2: 1 * Second},
			want: []string{"A starts 0s waited 0s", "B starts 5s waited 4s", "A done 5s",
				"C starts 8s waited 6s", "B done 8s", "C done 9s"},
		},
		{
			// Two servers: A and B held 4 s and 2 s; C (patience 0.5 s)
			// abandons at 2.5 s; D starts on B's server at 3 s. A's
			// release and D's completion fall at 4 s: the completion
			// (PriorityRelease) runs before the model's release event.
			name: "two servers, patience while held",
			cfg:  StationConfig{Name: "s", Servers: 2},
			visits: []visit{
				{at: 0, work: held, patience: NoPatience},
				{at: 1 * Second, work: held, patience: NoPatience},
				{at: 2 * Second, work: 1 * Second, patience: 500 * Millisecond},
				{at: 2500 * Millisecond, work: 1 * Second, patience: NoPatience},
			},
			hold: map[int32]Time{0: 4 * Second, 1: 2 * Second},
			want: []string{"A starts 0s waited 0s", "B starts 1s waited 0s", "C abandons 2.5s",
				"D starts 3s waited 500ms", "B done 3s", "D done 4s", "A done 4s"},
		},
		{
			// A deadline of 6 s after arrival (the database's 250 ms
			// rule): each customer's work is cut to what is left of it.
			// A: 10 s cut to 6 s; B waits 5 s, 10 s cut to 1 s; C waits
			// 5 s, 0.5 s fits.
			name: "set work at start",
			cfg:  StationConfig{Name: "s", Servers: 1},
			visits: []visit{
				{at: 0, work: 10 * Second, patience: NoPatience},
				{at: 1 * Second, work: 10 * Second, patience: NoPatience},
				{at: 2 * Second, work: 500 * Millisecond, patience: NoPatience},
			},
			cut: func(work, waited Time) Time { return min(work, 6*Second-waited) },
			want: []string{"A starts 0s waited 0s", "B starts 6s waited 5s", "A done 6s",
				"C starts 7s waited 5s", "B done 7s", "C done 7.5s"},
		},
		{
			// SetWork under PS: the tag uses the new work. A's 4 s is cut
			// to 1 s; B's 2 s stays: A leaves at 2 s (rate ½ from 1 s),
			// B at 3.5 s.
			name: "set work under ps",
			cfg:  StationConfig{Name: "s", Servers: 1, Discipline: PS},
			visits: []visit{
				{at: 0, work: 4 * Second, patience: NoPatience},
				{at: 1 * Second, work: 2 * Second, patience: NoPatience},
			},
			cut: func(work, waited Time) Time {
				if work == 4*Second {
					return 1500 * Millisecond
				}
				return work
			},
			want: []string{"A starts 0s waited 0s", "B starts 1s waited 0s", "A done 2s", "B done 3.5s"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, holdScript(t, tt.cfg, tt.visits, tt.hold, tt.cut))
		})
	}
}

func TestStationHoldStatistics(t *testing.T) {
	env := NewEnv()
	st, err := NewStation(env, StationConfig{Name: "s", Servers: 1})
	require.NoError(t, err)
	var tk Ticket
	st.OnStart = func(_ int32, _ int, _ Time, t Ticket) { tk = t }
	st.Arrive(0, 0, UntilRelease, NoPatience)
	require.NoError(t, env.RunUntil(3*Second))
	assert.Equal(t, 1, st.BusyServers())
	st.Release(tk)
	require.NoError(t, env.RunUntil(4*Second))
	tot := st.Stats.Total
	assert.Equal(t, int64(1), tot.Departures)
	assert.InDelta(t, 3.0, tot.Sojourn.Mean(), 1e-12)
	assert.InDelta(t, 3.0, tot.Busy.Area(env.Now()), 1e-12)
	assert.InDelta(t, 3.0, tot.InSystem.Area(env.Now()), 1e-12)
}

func TestStationHoldMisusePanics(t *testing.T) {
	newSt := func(cfg StationConfig) (*Env, *Station) {
		env := NewEnv()
		st, err := NewStation(env, cfg)
		require.NoError(t, err)
		return env, st
	}
	for _, cfg := range []StationConfig{
		{Name: "ps", Servers: 1, Discipline: PS},
		{Name: "lcfs", Servers: 1, Discipline: LCFSPR},
		{Name: "pprio", Servers: 1, Discipline: PreemptivePriority},
		{Name: "stale", Servers: 1, Abandonment: StayQueued},
	} {
		_, st := newSt(cfg)
		assert.PanicsWithValue(t, fmt.Sprintf("des: station %q: Arrive with UntilRelease under %v, %v; want fcfs, siro or priority with leave-queue",
			cfg.Name, cfg.Discipline, cfg.Abandonment), func() { st.Arrive(0, 0, UntilRelease, NoPatience) })
	}

	_, st := newSt(StationConfig{Name: "s", Servers: 1})
	assert.PanicsWithValue(t, `des: station "s": Release(0) of a ticket not in use`, func() { st.Release(0) })
	assert.PanicsWithValue(t, `des: station "s": SetWork(0) outside that customer's OnStart`, func() { st.SetWork(0, Second) })
	var tk Ticket
	st.OnStart = func(_ int32, _ int, _ Time, t Ticket) { tk = t }
	st.Arrive(7, 0, Second, NoPatience)
	assert.PanicsWithValue(t, `des: station "s": Release(0) of customer 7, which is not held in service until release`, func() { st.Release(tk) })

	_, st = newSt(StationConfig{Name: "s", Servers: 2})
	st.OnStart = func(cust int32, _ int, _ Time, t Ticket) {
		if cust == 0 {
			st.Arrive(1, 0, Second, NoPatience)
		}
	}
	assert.PanicsWithValue(t, `des: station "s": Arrive called from OnStart`, func() { st.Arrive(0, 0, Second, NoPatience) })
	_, st = newSt(StationConfig{Name: "s", Servers: 1})
	st.OnStart = func(_ int32, _ int, _ Time, t Ticket) { st.SetWork(t, -Second) }
	assert.PanicsWithValue(t, `des: station "s": SetWork with negative work -1s`, func() { st.Arrive(0, 0, Second, NoPatience) })
}
