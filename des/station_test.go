package des

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// visit is one scripted arrival: customer "A"+index arrives at at, of
// class class, needing work and willing to wait patience.
type visit struct {
	at       Time
	class    int
	work     Time
	patience Time
}

// control is a scripted change at time at (runs at PriorityControl).
type control struct {
	at Time
	do func(s *Station)
}

// stationScript runs a station through scripted arrivals and controls and
// logs every departure, abandonment and loss as "A done 4s".
type stationScript struct {
	env *Env
	st  *Station
	log []string
}

func runScript(t *testing.T, cfg StationConfig, visits []visit, controls ...control) *stationScript {
	t.Helper()
	env := NewEnv()
	st, err := NewStation(env, cfg)
	require.NoError(t, err)
	r := &stationScript{env: env, st: st}
	name := func(cust int32) string { return string(rune('A' + cust)) }
	st.OnDepart = func(cust int32, class int) {
		r.log = append(r.log, fmt.Sprintf("%s done %v", name(cust), env.Now()))
	}
	st.OnAbandon = func(cust int32, class int) {
		r.log = append(r.log, fmt.Sprintf("%s abandons %v", name(cust), env.Now()))
	}
	st.OnDiscard = func(cust int32, class int) {
		r.log = append(r.log, fmt.Sprintf("%s discarded %v", name(cust), env.Now()))
	}
	arrive := env.Register("arrive", func(ev Event) {
		v := visits[ev.Ref]
		if st.Arrive(ev.Ref, v.class, v.work, v.patience) == Balked {
			r.log = append(r.log, fmt.Sprintf("%s lost %v", name(ev.Ref), env.Now()))
		}
	})
	ctl := env.Register("control", func(ev Event) { controls[ev.Ref].do(st) })
	for i, v := range visits {
		_, err := env.At(v.at, PriorityDefault, Event{Kind: arrive, Ref: int32(i)})
		require.NoError(t, err)
	}
	for i, c := range controls {
		_, err := env.At(c.at, PriorityControl, Event{Kind: ctl, Ref: int32(i)})
		require.NoError(t, err)
	}
	env.Run()
	return r
}

// fourCustomers: A and B of class 1, then C and D of class 0, arriving
// while A is in service; 10 s of work in all.
var fourCustomers = []visit{
	{at: 0, class: 1, work: 4 * Second, patience: NoPatience},
	{at: 1 * Second, class: 1, work: 3 * Second, patience: NoPatience},
	{at: 2 * Second, class: 0, work: 2 * Second, patience: NoPatience},
	{at: 3 * Second, class: 0, work: 1 * Second, patience: NoPatience},
}

func TestStationDisciplinesByHand(t *testing.T) {
	tests := []struct {
		discipline Discipline
		servers    int
		want       []string
	}{
		// In arrival order: A 0–4, B 4–7, C 7–9, D 9–10.
		{FCFS, 1, []string{"A done 4s", "B done 7s", "C done 9s", "D done 10s"}},
		// At 4 s class 0 goes first: C 4–6, D 6–7, then B 7–10.
		{NonPreemptivePriority, 1, []string{"A done 4s", "C done 6s", "D done 7s", "B done 10s"}},
		// C (class 0) preempts A at 2 s with 2 s left; A goes to the head
		// of class 1, before B. C 2–4, D 4–5, A resumes 5–7, B 7–10.
		{PreemptivePriority, 1, []string{"C done 4s", "D done 5s", "A done 7s", "B done 10s"}},
		// Each arrival preempts: B preempts A (3 s left), C preempts B
		// (2 s left), D preempts C (1 s left). D 3–4, then the latest
		// waiting resumes: C 4–5, B 5–7, A 7–10.
		{LCFSPR, 1, []string{"D done 4s", "C done 5s", "B done 7s", "A done 10s"}},
		// Virtual time V (service per customer): 1 at 1 s, 1.5 at 2 s,
		// 1⅚ at 3 s. Tags: A 4, B 4, C 3.5, D 2⅚. With four present (rate
		// ¼) D needs 1 more: 4 s, done at 7 s; three present (rate ⅓), C
		// needs ⅔: 2 s, done at 9 s; A and B (rate ½) need ½: done at 10 s.
		{PS, 1, []string{"D done 7s", "C done 9s", "A done 10s", "B done 10s"}},
		// Two servers: rate 1 up to two present. V = 1 at 1 s, 2 at 2 s,
		// 2⅔ at 3 s (rate ⅔). Tags A 4, B 4, C 4, D 3⅔. Four present
		// (rate ½): D needs 1, done at 5 s; three (rate ⅔) need ⅓: 0.5 s.
		{PS, 2, []string{"D done 5s", "A done 5.5s", "B done 5.5s", "C done 5.5s"}},
		// Two servers, LCFS-PR: C preempts A (the earliest in service; 2 s
		// left), D preempts B (1 s left). C and D end at 4 s; the latest
		// waiting resumes first: B 4–5, then A 4–6.
		{LCFSPR, 2, []string{"C done 4s", "D done 4s", "B done 5s", "A done 6s"}},
		// Two servers, preemptive priority: C preempts B (class 1, the
		// latest started; 2 s left), D preempts A (1 s left) and A goes
		// ahead of B in class 1. C and D end at 4 s: A 4–5, B 4–6.
		{PreemptivePriority, 2, []string{"C done 4s", "D done 4s", "A done 5s", "B done 6s"}},
		// Two FCFS servers: A 0–4, B 1–4, C 4–6, D 4–5.
		{FCFS, 2, []string{"A done 4s", "B done 4s", "D done 5s", "C done 6s"}},
		// Delay station: everyone at once, all done at 4 s; simultaneous
		// completions in arrival order.
		{FCFS, Infinite, []string{"A done 4s", "B done 4s", "C done 4s", "D done 4s"}},
		{PS, Infinite, []string{"A done 4s", "B done 4s", "C done 4s", "D done 4s"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/c=%d", tt.discipline, tt.servers), func(t *testing.T) {
			r := runScript(t, StationConfig{Name: "s", Servers: tt.servers, Discipline: tt.discipline, Classes: 2}, fourCustomers)
			assert.Equal(t, tt.want, r.log)
			tot := &r.st.Stats.Total
			assert.Equal(t, int64(4), tot.Arrivals)
			assert.Equal(t, int64(4), tot.Departures)
			assert.Equal(t, 0, r.st.InSystem())
			// Every second of work was served once, whatever the order.
			assert.InDelta(t, 10, tot.Busy.Area(r.env.Now()), 1e-9)
			// Little's law on the sample path: the station starts and ends
			// empty, so ∫ N dt is the sum of the sojourns.
			assert.InDelta(t, tot.Sojourn.Sum(), tot.InSystem.Area(r.env.Now()), 1e-9)
		})
	}
}

func TestStationCapacityPatienceAndServers(t *testing.T) {
	never := NoPatience
	var bootHandle Handle
	tests := []struct {
		name     string
		cfg      StationConfig
		visits   []visit
		controls []control
		want     []string
	}{
		{
			// At most 2 present: C finds A in service and B waiting and is
			// lost; D comes after A left.
			name: "capacity",
			cfg:  StationConfig{Servers: 1, Capacity: 2},
			visits: []visit{
				{0, 0, 10 * Second, never}, {1 * Second, 0, 5 * Second, never},
				{2 * Second, 0, 5 * Second, never}, {11 * Second, 0, 1 * Second, never},
			},
			want: []string{"C lost 2s", "A done 10s", "B done 15s", "D done 16s"},
		},
		{
			// B's patience ends at 3 s, before A leaves: it abandons. D's
			// deadline is 10 s, exactly when C (started at 5 s) leaves; the
			// deadline was scheduled first, but the departure goes first
			// (PriorityRelease before PriorityTimeout), so D is served.
			name: "patience",
			cfg:  StationConfig{Servers: 1},
			visits: []visit{
				{0, 0, 5 * Second, never}, {1 * Second, 0, 1 * Second, 2 * Second},
				{2 * Second, 0, 5 * Second, never}, {3 * Second, 0, 1 * Second, 7 * Second},
			},
			want: []string{"B abandons 3s", "A done 5s", "C done 10s", "D done 11s"},
		},
		{
			// The same with stale requests (StayQueued, ω = 0.1): B gives
			// up at 3 s but stays queued; at 5 s it holds the server for
			// 0.1 s, then C 5.1–10.1, D's deadline at 10 s comes first.
			name: "stay queued",
			cfg:  StationConfig{Servers: 1, Abandonment: StayQueued, DiscardFraction: 0.1},
			visits: []visit{
				{0, 0, 5 * Second, never}, {1 * Second, 0, 1 * Second, 2 * Second},
				{2 * Second, 0, 5 * Second, never}, {3 * Second, 0, 1 * Second, 7 * Second},
			},
			want: []string{"B abandons 3s", "A done 5s", "B discarded 5.1s", "D abandons 10s", "C done 10.1s", "D discarded 10.2s"},
		},
		{
			// Two servers, four customers of 10 s at 0. Down to one at 5 s:
			// A and B finish (drain), then only one at a time.
			name:     "servers down",
			cfg:      StationConfig{Servers: 2},
			visits:   []visit{{0, 0, 10 * Second, never}, {0, 0, 10 * Second, never}, {0, 0, 10 * Second, never}, {0, 0, 10 * Second, never}},
			controls: []control{{5 * Second, func(s *Station) { s.SetServers(1) }}},
			want:     []string{"A done 10s", "B done 10s", "C done 20s", "D done 30s"},
		},
		{
			// One server: A 0–10, B 10–20; a second server at 12 s starts
			// C at once.
			name:     "servers up",
			cfg:      StationConfig{Servers: 1},
			visits:   []visit{{0, 0, 10 * Second, never}, {0, 0, 10 * Second, never}, {0, 0, 10 * Second, never}},
			controls: []control{{12 * Second, func(s *Station) { s.SetServers(2) }}},
			want:     []string{"A done 10s", "B done 20s", "C done 22s"},
		},
		{
			// Two servers ordered at 2 s boot for 3 s: B and C start at 5 s.
			// A third ordered at 3 s is cancelled at 4 s.
			name:   "boot",
			cfg:    StationConfig{Servers: 1},
			visits: []visit{{0, 0, 10 * Second, never}, {0, 0, 10 * Second, never}, {0, 0, 10 * Second, never}, {0, 0, 10 * Second, never}},
			controls: []control{
				{2 * Second, func(s *Station) { s.Boot(2, 3*Second) }},
				{3 * Second, func(s *Station) { bootHandle = s.Boot(1, 3*Second) }},
				{4 * Second, func(s *Station) {
					if s.Booting() != 3 || !s.CancelBoot(bootHandle, 1) || s.Booting() != 2 {
						panic("boot accounting")
					}
				}},
			},
			want: []string{"A done 10s", "B done 15s", "C done 15s", "D done 20s"},
		},
		{
			// PS, A and B with 4 s each on one server (rate ½): at 2 s each
			// has 3 s left; two servers from then: both done at 5 s.
			name:     "ps servers up",
			cfg:      StationConfig{Servers: 1, Discipline: PS},
			visits:   []visit{{0, 0, 4 * Second, never}, {0, 0, 4 * Second, never}},
			controls: []control{{2 * Second, func(s *Station) { s.SetServers(2) }}},
			want:     []string{"A done 5s", "B done 5s"},
		},
		{
			// PS in a 20-day busy period: B's arrival at 14 days finds the
			// virtual time past 2⁵⁰ ns and shifts it back to 0 (see
			// psRebase); both still end on the exact nanosecond.
			name:   "ps rebase",
			cfg:    StationConfig{Servers: 1, Discipline: PS},
			visits: []visit{{0, 0, 20 * 24 * Hour, never}, {14 * 24 * Hour, 0, Second, never}},
			want:   []string{"B done 336h0m2s", "A done 480h0m1s"},
		},
		{
			// PS with no servers from 1 s to 3 s: the work stands still.
			name:   "ps pause",
			cfg:    StationConfig{Servers: 1, Discipline: PS},
			visits: []visit{{0, 0, 2 * Second, never}},
			controls: []control{
				{1 * Second, func(s *Station) { s.SetServers(0) }},
				{3 * Second, func(s *Station) { s.SetServers(1) }},
			},
			want: []string{"A done 4s"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runScript(t, tt.cfg, tt.visits, tt.controls...)
			assert.Equal(t, tt.want, r.log)
		})
	}
}

func TestStationStatsByHand(t *testing.T) {
	// Non-preemptive priority, one server (see TestStationDisciplinesByHand):
	// A (class 1) 0–4, C (class 0) 4–6, D (class 0) 6–7, B (class 1) 7–10.
	r := runScript(t, StationConfig{Servers: 1, Discipline: NonPreemptivePriority, Classes: 2}, fourCustomers)
	now := r.env.Now()
	require.Equal(t, 10*Second, now)
	st := &r.st.Stats
	require.Equal(t, 2, st.Classes())
	c0, c1, tot := st.Class(0), st.Class(1), &st.Total
	// Sojourns: A 4, B 9, C 4, D 4. Waits: A 0, B 6, C 2, D 3.
	assert.Equal(t, []int64{2, 2, 4}, []int64{c0.Departures, c1.Departures, tot.Departures})
	assert.InDelta(t, 4, c0.Sojourn.Mean(), 1e-12)
	assert.InDelta(t, 6.5, c1.Sojourn.Mean(), 1e-12)
	assert.InDelta(t, 2.5, c0.Wait.Mean(), 1e-12)
	assert.InDelta(t, 3, c1.Wait.Mean(), 1e-12)
	assert.InDelta(t, 21.0/4, tot.Sojourn.Mean(), 1e-12)
	// Queue areas are the waits; busy areas the work of each class.
	assert.InDelta(t, 5, c0.InQueue.Area(now), 1e-12)
	assert.InDelta(t, 6, c1.InQueue.Area(now), 1e-12)
	assert.InDelta(t, 3, c0.Busy.Area(now), 1e-12)
	assert.InDelta(t, 7, c1.Busy.Area(now), 1e-12)
	assert.InDelta(t, 1, tot.Busy.Mean(now), 1e-12)
	assert.InDelta(t, 1, st.Servers.Mean(now), 1e-12)
	assert.InDelta(t, 21, tot.InSystem.Area(now), 1e-12)

	// A window by differencing snapshots equals the whole run here.
	w := tot.Snapshot(now).Sub(StationSnapshot{})
	assert.InDelta(t, 2.1, w.MeanInSystem(), 1e-12)
	assert.InDelta(t, 1.1, w.MeanInQueue(), 1e-12)
	assert.InDelta(t, 0.4, w.Throughput(), 1e-12)
	assert.InDelta(t, 5.25, w.MeanSojourn(), 1e-12)
	assert.InDelta(t, 11.0/4, w.MeanWait(), 1e-12)
	assert.InDelta(t, 1, w.MeanBusy(), 1e-12)

	// ResetStats keeps the state and forgets the counts.
	r.st.ResetStats()
	assert.Zero(t, tot.Arrivals)
	assert.Zero(t, c1.Sojourn.N())
	assert.True(t, math.IsNaN(tot.Snapshot(now).Sub(tot.Snapshot(now)).MeanSojourn()))
}

func TestStationPatienceStats(t *testing.T) {
	r := runScript(t, StationConfig{Servers: 1}, []visit{
		{0, 0, 10 * Second, NoPatience}, {1 * Second, 0, 5 * Second, 5 * Second},
		{2 * Second, 0, 1 * Second, 8 * Second},
	})
	tot := &r.st.Stats.Total
	assert.Equal(t, int64(1), tot.Abandons)
	assert.InDelta(t, 5, tot.Abandoned.Sum(), 1e-12)
	// Waits of the customers that started: A 0, C 8.
	assert.InDelta(t, 4, tot.Wait.Mean(), 1e-12)
	// Little: A 10 + B 5 (until it left) + C 9 = 24 customer·seconds.
	assert.InDelta(t, 24, tot.InSystem.Area(r.env.Now()), 1e-12)
	assert.InDelta(t, tot.Sojourn.Sum()+tot.Abandoned.Sum(), tot.InSystem.Area(r.env.Now()), 1e-12)
}

func TestNewStationRefusesBadConfig(t *testing.T) {
	tests := []struct {
		cfg  StationConfig
		want string
	}{
		{StationConfig{Name: "cpu", Servers: 0}, `station "cpu": servers 0: want an integer ≥ 1 or Infinite (-1)`},
		{StationConfig{Name: "cpu", Servers: -2}, `servers -2`},
		{StationConfig{Name: "cpu", Servers: 1, Capacity: -3}, `capacity -3: want an integer ≥ 1 or Unlimited (-1)`},
		{StationConfig{Name: "cpu", Servers: 1, Classes: -1}, `classes -1`},
		{StationConfig{Name: "cpu", Servers: 1, Discipline: SIRO}, `discipline siro needs a random stream`},
		{StationConfig{Name: "cpu", Servers: 1, Discipline: 42}, `discipline 42: want one of fcfs`},
		{StationConfig{Name: "cpu", Servers: 1, Abandonment: 7}, `abandonment 7: want leave-queue or stay-queued`},
		{StationConfig{Name: "cpu", Servers: 1, Abandonment: StayQueued, DiscardFraction: 1.5}, `discard fraction 1.5: want a number in [0, 1]`},
		{StationConfig{Name: "cpu", Servers: 1, Abandonment: StayQueued, DiscardFraction: math.NaN()}, `discard fraction NaN`},
		{StationConfig{Name: "cpu", Servers: 1, DiscardFraction: 0.5}, `discard fraction 0.5: applies to stay-queued abandonment only`},
	}
	for _, tt := range tests {
		_, err := NewStation(NewEnv(), tt.cfg)
		require.Error(t, err)
		assert.Contains(t, err.Error(), tt.want)
	}
	s, err := NewStation(NewEnv(), StationConfig{Name: "think", Servers: Infinite})
	require.NoError(t, err)
	assert.Equal(t, Infinite, s.Servers())
	assert.Equal(t, Unlimited, s.Capacity())
	assert.Equal(t, 1, s.Classes())
	assert.Equal(t, "think", s.Name())
}

func TestStationArrivePanicsOnModelErrors(t *testing.T) {
	s, err := NewStation(NewEnv(), StationConfig{Name: "cpu", Servers: 1, Classes: 2})
	require.NoError(t, err)
	assert.PanicsWithValue(t, `des: station "cpu": Arrive with class 2, want 0 ≤ class < 2`, func() { s.Arrive(0, 2, Second, NoPatience) })
	assert.PanicsWithValue(t, `des: station "cpu": Arrive with negative work -1s`, func() { s.Arrive(0, 0, -Second, NoPatience) })
	assert.Panics(t, func() { s.SetServers(-5) })
}

func TestParseDiscipline(t *testing.T) {
	for d := FCFS; d <= PreemptivePriority; d++ {
		got, err := ParseDiscipline(d.String())
		require.NoError(t, err)
		assert.Equal(t, d, got)
	}
	_, err := ParseDiscipline("lifo")
	assert.EqualError(t, err, `unknown discipline "lifo" (valid: fcfs, lcfs-pr, ps, siro, priority, preemptive-priority)`)
	assert.Equal(t, "discipline(9)", Discipline(9).String())
}
