package des

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// propCustomer is the test's own record of one customer of a random
// scenario: when it came and left, and how.
type propCustomer struct {
	class     int
	work      Time
	arrived   Time
	left      Time
	departed  bool
	abandoned bool // patience ran out (with StayQueued, left is the discard)
	discarded bool // StayQueued: left after its discard service
	lost      bool
	held      bool // arrives with UntilRelease; the test releases it work after its start
}

// propScenario is a random station with random arrivals, patience and
// server changes; it snapshots the statistics at random instants.
type propScenario struct {
	cfg       StationConfig
	customers []propCustomer
	arrivals  []Time
	controls  []control
	monitors  []Time
	feedback  float64 // probability that a departing customer comes back
	reshape   bool    // OnStart halves the work of even-numbered customers (SetWork)
}

func randomScenario(seed uint64) propScenario {
	rng := NewPCG(seed, 0x5eed)
	d := Discipline(rng.IntN(int(PreemptivePriority) + 1))
	cfg := StationConfig{Name: "prop", Servers: 1 + rng.IntN(3), Discipline: d, Classes: 1 + rng.IntN(3), Random: NewPCG(seed, 1)}
	if rng.IntN(6) == 0 {
		cfg.Servers = Infinite
	}
	if rng.IntN(3) == 0 {
		cfg.Capacity = 1 + rng.IntN(6)
	}
	if rng.IntN(3) == 0 {
		cfg.Abandonment, cfg.DiscardFraction = StayQueued, []float64{0, 0.5, 1}[rng.IntN(3)]
	}
	sc := propScenario{cfg: cfg, feedback: []float64{0, 0, 0.3, 0.6}[rng.IntN(4)]}
	// Whole seconds make simultaneous events (ties) common.
	draw := func(mean float64) Time {
		x := Exponential{Rate: 1 / mean}.Rand(rng)
		if rng.IntN(2) == 0 {
			return Time(math.Round(x)) * Second
		}
		return Seconds(x)
	}
	n := 1 + rng.IntN(80)
	var at Time
	for i := 0; i < n; i++ {
		at += draw(1)
		c := propCustomer{class: rng.IntN(cfg.Classes), work: draw(1.5), arrived: at}
		sc.customers = append(sc.customers, c)
		sc.arrivals = append(sc.arrivals, NoPatience)
		if rng.IntN(2) == 0 {
			sc.arrivals[i] = draw(2)
		}
	}
	for k := rng.IntN(4); k > 0; k-- {
		servers := rng.IntN(4)
		if rng.IntN(5) == 0 {
			servers = Infinite
		}
		sc.controls = append(sc.controls, control{Time(rng.IntN(int(at/Second)+1)) * Second, func(s *Station) { s.SetServers(servers) }})
	}
	// Servers again after the last arrival, so everyone leaves.
	sc.controls = append(sc.controls, control{at + Second, func(s *Station) { s.SetServers(1 + rng.IntN(2)) }})
	for k := 0; k < 6; k++ {
		sc.monitors = append(sc.monitors, Time(rng.IntN(int(2*at/Second)+2))*Second)
	}
	sc.reshape = rng.IntN(3) == 0
	if s := (&Station{discipline: cfg.Discipline, abandon: cfg.Abandonment}); s.holdable() && rng.IntN(2) == 0 {
		for i := range sc.customers {
			sc.customers[i].held = i%2 == 1
		}
	}
	return sc
}

// TestStationConservationAndLittle runs random scenarios (every
// discipline, 1–3 servers or infinitely many changed at random times,
// capacities, patience, simultaneous events, customers fed back from
// OnDepart) and checks, for
// every class and for all classes together: conservation of customers at
// random instants (arrivals = departures + losses + abandons + present);
// Little's law on the sample path over the windows between those instants
// (the growth of ∫ N dt equals the time every customer spent at the station
// within the window, and the departures and their sojourns in the window
// are the test's own; some customers are held until the test releases
// them, or get their work set at their start); and at the end, with the station empty, that the
// busy area is the work served and, without preemption, the queue area is
// the waiting.
func TestStationConservationAndLittle(t *testing.T) {
	for seed := uint64(1); seed <= 1000; seed++ {
		sc := randomScenario(seed)
		t.Run(fmt.Sprintf("seed=%d/%v/c=%d/K=%d/classes=%d/feedback=%v", seed, sc.cfg.Discipline, sc.cfg.Servers, sc.cfg.Capacity, sc.cfg.Classes, sc.feedback), func(t *testing.T) {
			checkScenario(t, sc)
		})
	}
}

func checkScenario(t *testing.T, sc propScenario) {
	env := NewEnv()
	st, err := NewStation(env, sc.cfg)
	require.NoError(t, err)
	cs := sc.customers
	stays := sc.cfg.Abandonment == StayQueued
	leave := func(cust int32, abandoned bool) {
		c := &cs[cust]
		require.False(t, c.departed || c.abandoned || c.lost, "customer %d left twice", cust)
		c.left, c.departed, c.abandoned = env.Now(), !abandoned, abandoned
	}
	st.OnDiscard = func(cust int32, class int) {
		c := &cs[cust]
		require.True(t, stays && c.abandoned && !c.discarded, "customer %d discarded", cust)
		c.discarded, c.left = true, env.Now()
	}
	// Feedback: a departing customer may come straight back as a new one,
	// calling Arrive from inside OnDepart.
	fb := NewPCG(uint64(len(cs)), 0xfeed)
	st.OnDepart = func(cust int32, class int) {
		require.Equal(t, cs[cust].class, class)
		leave(cust, false)
		if fb.Float64() >= sc.feedback || len(cs) >= 300 {
			return
		}
		id := int32(len(cs))
		cs = append(cs, propCustomer{class: fb.IntN(sc.cfg.Classes), work: Time(fb.IntN(3)) * Second, arrived: env.Now()})
		if st.Arrive(id, cs[id].class, cs[id].work, Time(fb.IntN(3))*Second) == Balked {
			cs[id].lost, cs[id].left = true, env.Now()
		}
	}
	st.OnAbandon = func(cust int32, class int) {
		require.Equal(t, cs[cust].class, class)
		leave(cust, true)
	}
	// Held customers are released work after their start; with reshape,
	// even-numbered ones get half their work at their start.
	release := env.Register("release", func(ev Event) { st.Release(Ticket(ev.Ref)) })
	st.OnStart = func(cust int32, class int, waited Time, tk Ticket) {
		c := &cs[cust]
		require.Equal(t, c.class, class)
		require.Equal(t, env.Now()-c.arrived, waited, "customer %d", cust)
		switch {
		case c.held:
			env.MustAfter(c.work, PriorityDefault, Event{Kind: release, Ref: int32(tk)})
		case sc.reshape && cust%2 == 0:
			c.work /= 2
			st.SetWork(tk, c.work)
		}
	}
	arrive := env.Register("arrive", func(ev Event) {
		c := &cs[ev.Ref]
		work := c.work
		if c.held {
			work = UntilRelease
		}
		if st.Arrive(ev.Ref, c.class, work, sc.arrivals[ev.Ref]) == Balked {
			c.lost, c.left = true, env.Now()
		}
	})
	ctl := env.Register("control", func(ev Event) { sc.controls[ev.Ref].do(st) })
	var snaps [][]StationSnapshot // per monitor: classes…, total
	monitor := env.Register("monitor", func(Event) {
		now := env.Now()
		row := make([]StationSnapshot, 0, sc.cfg.Classes+1)
		present := 0
		for k := 0; k < st.Stats.Classes(); k++ {
			c := st.Stats.Class(k)
			n := int64(c.InSystem.Value())
			present += int(n)
			gone := c.Abandons
			if stays {
				gone = c.Discards
			}
			require.Equal(t, c.Arrivals, c.Departures+c.Losses+gone+n, "class %d at %v", k, now)
			row = append(row, c.Snapshot(now))
		}
		require.Equal(t, st.InSystem(), present)
		tot := &st.Stats.Total
		gone := tot.Abandons
		if stays {
			gone = tot.Discards
		}
		require.Equal(t, tot.Arrivals, tot.Departures+tot.Losses+gone+int64(st.InSystem()))
		snaps = append(snaps, append(row, tot.Snapshot(now)))
	})
	for i, c := range cs {
		env.At(c.arrived, PriorityDefault, Event{Kind: arrive, Ref: int32(i)})
	}
	for i, c := range sc.controls {
		env.At(c.at, PriorityControl, Event{Kind: ctl, Ref: int32(i)})
	}
	for _, m := range sc.monitors {
		env.At(m, PriorityMonitor, Event{Kind: monitor})
	}
	env.Run()
	require.Zero(t, st.InSystem())
	env.At(env.Now(), PriorityMonitor, Event{Kind: monitor})
	env.Run()

	classes := st.Stats.Classes()
	inClass := func(k, c int) bool { return k == classes || k == c } // k == classes: all
	for i := 1; i < len(snaps); i++ {
		for k := 0; k <= classes; k++ {
			a, b := snaps[i-1][k], snaps[i][k]
			if b.At < a.At {
				continue
			}
			var area, sojourns float64
			var departures int64
			for _, c := range cs {
				if !inClass(k, c.class) {
					continue
				}
				lo, hi := max(c.arrived, a.At), min(c.left, b.At)
				if hi > lo {
					area += (hi - lo).Seconds()
				}
				if c.departed && c.left > a.At && c.left <= b.At {
					departures++
					sojourns += (c.left - c.arrived).Seconds()
				}
			}
			w := b.Sub(a)
			require.InDelta(t, area, w.InSystemArea, 1e-9*(1+area), "class %d window [%v, %v]", k, a.At, b.At)
			require.Equal(t, departures, w.Departures, "class %d window [%v, %v]", k, a.At, b.At)
			require.InDelta(t, sojourns, w.SojournSum, 1e-9*(1+sojourns))
		}
	}

	end := snaps[len(snaps)-1]
	for k := 0; k <= classes; k++ {
		var work, waits, stale float64
		for _, c := range cs {
			if !inClass(k, c.class) {
				continue
			}
			switch {
			case c.departed:
				work += c.work.Seconds()
				waits += (c.left - c.work - c.arrived).Seconds() // start = end − work without preemption
			case c.discarded:
				discard := Time(math.Round(sc.cfg.DiscardFraction * float64(c.work)))
				work += discard.Seconds()
				stale += (c.left - discard - c.arrived).Seconds()
			case c.abandoned:
				waits += (c.left - c.arrived).Seconds()
			}
		}
		e := end[k]
		gone := e.AbandonedSum
		if stays {
			gone = e.DiscardedSum
			require.Equal(t, e.Abandons, e.Discards)
		}
		require.InDelta(t, e.SojournSum+gone, e.InSystemArea, 1e-9*(1+e.InSystemArea))
		require.InDelta(t, work, e.BusyArea, 1e-9*(1+work), "class %d: busy area is the work served", k)
		switch {
		case sc.cfg.Discipline == PS:
			require.Zero(t, e.InQueueArea)
		case !preemptive(sc.cfg.Discipline):
			require.InDelta(t, waits+stale, e.InQueueArea, 1e-9*(1+waits+stale), "class %d: queue area is the waiting", k)
			if !stays {
				require.InDelta(t, waits, e.WaitSum+e.AbandonedSum, 1e-9*(1+waits))
			} else {
				require.InDelta(t, waits, e.WaitSum, 1e-9*(1+waits))
			}
		}
	}
}
