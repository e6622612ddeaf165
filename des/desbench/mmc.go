package desbench

import (
	"testing"

	"queuelab/des"
)

// MMcCase is one M/M/c configuration of the M/M/c ladder.
type MMcCase struct {
	Name        string
	Lambda      float64
	Servers     int
	ServiceMean float64
}

// MMcCases are the ladder's two loads.
var MMcCases = []MMcCase{
	{"rho=0.69", 400, 192, 0.33},  // the switch's slot pool on a normal day
	{"rho=0.95", 400, 192, 0.456}, // customers really queue
}

// MMc is the M/M/c ladder; one operation is one simulated customer. The
// implementations form a ladder, each adding one layer of des to the one
// below: impl=minimal is the hand-written floor (Minimal), impl=scheduler
// puts it on des.Scheduler, impl=env drives it through des.Env, and
// impl=des is a des.Station with its statistics, driven like a model
// (NewMMcStation). All draw from the same PCG streams. The ratio of two
// rungs' ns/op is the cost of the layers between them. Names are
// "impl=des/rho=0.69" and so on.
func MMc() []Case {
	var cs []Case
	for _, c := range MMcCases {
		cs = append(cs,
			Case{"impl=des/" + c.Name, func(b *testing.B) {
				m := NewMMcStation(c, 1)
				benchMMc(b, m.RunCustomers, m.Env.Steps)
			}},
			Case{"impl=env/" + c.Name, func(b *testing.B) {
				m := newMMcEnv(c, 1)
				benchMMc(b, m.runCustomers, m.env.Steps)
			}},
			Case{"impl=scheduler/" + c.Name, func(b *testing.B) {
				ss := des.Streams{Seed: 1, Gen: des.PCG}
				m := &mmcScheduler{c: c.Servers, lambda: c.Lambda, mu: 1 / c.ServiceMean,
					arrivals: ss.Stream("arrivals"), services: ss.Stream("service")}
				m.s.Schedule(0, des.PriorityDefault, 0)
				benchMMc(b, m.runCustomers, func() uint64 { return m.events })
			}},
			Case{"impl=minimal/" + c.Name, func(b *testing.B) {
				m := NewMinimal(c, 1)
				benchMMc(b, m.RunCustomers, func() uint64 { return uint64(m.events) })
			}})
	}
	return cs
}

// benchMMc times run over b.N customers after a warm-up of 200 000 (which
// fills the queue and grows the slabs), reporting customers and events per
// second; events counts the events handled so far.
func benchMMc(b *testing.B, run func(n int), events func() uint64) {
	run(200_000)
	e := events()
	b.ReportAllocs()
	b.ResetTimer()
	run(b.N)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "customers/s")
	b.ReportMetric(float64(events()-e)/b.Elapsed().Seconds(), "events/s")
}

// NewMMcStation is the M/M/c station of the ladder's impl=des rung, built
// from the des parts a model uses: Env (handler dispatch, the scheduler
// with its tie rules), an FCFS Station (its FIFO waiting room,
// per-customer records in a Slab, the time-weighted number in system, in
// queue and busy, the wait and sojourn tallies), and named PCG streams.
func NewMMcStation(c MMcCase, seed uint64) *StationMM {
	return newStationMMGen(des.StationConfig{Name: "servers", Servers: c.Servers}, []float64{c.Lambda}, c.ServiceMean, seed, des.PCG)
}

// mmcScheduler is the floor's M/M/c loop on des.Scheduler instead of the
// hand-written heap: int64-nanosecond times converted by Seconds, the
// (time, priority, sequence) tie rule, event slots and handles. Still
// counters and no statistics, and a switch instead of Env's handlers.
type mmcScheduler struct {
	s                  des.Scheduler[uint8] // 0 arrival, 1 departure
	busy, q, c, done   int
	events             uint64
	lambda, mu         float64
	arrivals, services *des.Stream
}

func (m *mmcScheduler) runCustomers(n int) {
	target := m.done + n
	for m.done < target {
		now, k, _ := m.s.Pop()
		m.events++
		if k == 0 {
			m.s.Schedule(now+des.Seconds(m.arrivals.StdExp()/m.lambda), des.PriorityDefault, 0)
			if m.busy < m.c {
				m.busy++
				m.s.Schedule(now+des.Seconds(m.services.StdExp()/m.mu), des.PriorityRelease, 1)
			} else {
				m.q++
			}
			continue
		}
		m.done++
		if m.q > 0 {
			m.q--
			m.s.Schedule(now+des.Seconds(m.services.StdExp()/m.mu), des.PriorityRelease, 1)
		} else {
			m.busy--
		}
	}
}

// mmcEnv is mmcScheduler driven through Env: events carry an Event
// payload and run through registered handlers. Still counters and no
// statistics.
type mmcEnv struct {
	env                *des.Env
	arrive, depart     des.Kind
	busy, q, c, done   int
	lambda, mu         float64
	arrivals, services *des.Stream
}

func newMMcEnv(c MMcCase, seed uint64) *mmcEnv {
	ss := des.Streams{Seed: seed, Gen: des.PCG}
	m := &mmcEnv{env: des.NewEnv(), c: c.Servers, lambda: c.Lambda, mu: 1 / c.ServiceMean,
		arrivals: ss.Stream("arrivals"), services: ss.Stream("service")}
	m.arrive = m.env.Register("arrive", m.onArrive)
	m.depart = m.env.Register("depart", m.onDepart)
	m.env.MustAfter(0, des.PriorityDefault, des.Event{Kind: m.arrive})
	return m
}

func (m *mmcEnv) onArrive(ev des.Event) {
	m.env.MustAfter(des.Seconds(m.arrivals.StdExp()/m.lambda), des.PriorityDefault, ev)
	if m.busy < m.c {
		m.busy++
		m.env.MustAfter(des.Seconds(m.services.StdExp()/m.mu), des.PriorityRelease, des.Event{Kind: m.depart})
		return
	}
	m.q++
}

func (m *mmcEnv) onDepart(ev des.Event) {
	m.done++
	if m.q > 0 {
		m.q--
		m.env.MustAfter(des.Seconds(m.services.StdExp()/m.mu), des.PriorityRelease, ev)
		return
	}
	m.busy--
}

func (m *mmcEnv) runCustomers(n int) {
	target := m.done + n
	for m.done < target && m.env.Step() {
	}
}
