package desbench

import (
	"testing"

	"queuelab/des"
)

// StationMM is an open station fed by Poisson arrivals with exponential
// work, driven through Env like a model would: one event kind for
// arrivals, the station's own events for everything else.
type StationMM struct {
	Env      *des.Env
	St       *des.Station
	arrive   des.Kind
	rates    []float64 // per class
	service  des.Exponential
	arrivals *des.Stream
	services *des.Stream
	done     int
	// held: customers arrive with UntilRelease and the model releases
	// them after their work (release events); otherwise, with setWork,
	// they arrive with work 0 and OnStart sets their work.
	held, setWork bool
	release       des.Kind
}

// NewHoldMM is NewStationMM (one class at rate 0.8, mean work 1) whose
// customers hold their server until the model releases them (held) or
// get their work at their start.
func NewHoldMM(cfg des.StationConfig, held bool, seed uint64) *StationMM {
	m := NewStationMM(cfg, []float64{0.8}, 1, seed)
	m.held, m.setWork = held, !held
	m.release = m.Env.Register("release", func(ev des.Event) { m.St.Release(des.Ticket(ev.Ref)) })
	m.St.OnStart = func(_ int32, _ int, _ des.Time, t des.Ticket) {
		work := des.Seconds(m.service.Rand(m.services))
		if m.held {
			m.Env.MustAfter(work, des.PriorityDefault, des.Event{Kind: m.release, Ref: int32(t)})
			return
		}
		m.St.SetWork(t, work)
	}
	return m
}

// NewStationMM returns the station of cfg with classes arriving at rates,
// exponential work of the given mean, on mulberry32 streams.
func NewStationMM(cfg des.StationConfig, rates []float64, mean float64, seed uint64) *StationMM {
	return newStationMMGen(cfg, rates, mean, seed, des.Mulberry32)
}

// newStationMMGen is NewStationMM on streams of generator gen.
func newStationMMGen(cfg des.StationConfig, rates []float64, mean float64, seed uint64, gen des.Generator) *StationMM {
	m := &StationMM{Env: des.NewEnv(), rates: rates, service: des.Exponential{Rate: 1 / mean}}
	ss := des.Streams{Seed: seed, Gen: gen}
	m.arrivals, m.services = ss.Stream("arrivals"), ss.Stream("service")
	if cfg.Discipline == des.SIRO {
		cfg.Random = ss.Stream("siro")
	}
	cfg.Classes = len(rates)
	st, err := des.NewStation(m.Env, cfg)
	if err != nil {
		panic(err) // the configurations here are this package's own
	}
	m.St = st
	st.OnDepart = func(int32, int) { m.done++ }
	m.arrive = m.Env.Register("arrive", m.onArrive)
	for k, r := range rates {
		m.Env.MustAfter(des.Seconds(des.Exponential{Rate: r}.Rand(m.arrivals)), des.PriorityDefault, des.Event{Kind: m.arrive, Ref: int32(k)})
	}
	return m
}

func (m *StationMM) onArrive(ev des.Event) {
	k := ev.Ref
	m.Env.MustAfter(des.Seconds(des.Exponential{Rate: m.rates[k]}.Rand(m.arrivals)), des.PriorityDefault, ev)
	switch {
	case m.held:
		m.St.Arrive(k, int(k), des.UntilRelease, des.NoPatience)
	case m.setWork:
		m.St.Arrive(k, int(k), 0, des.NoPatience)
	default:
		m.St.Arrive(k, int(k), des.Seconds(m.service.Rand(m.services)), des.NoPatience)
	}
}

// RunCustomers runs until n more customers have departed.
func (m *StationMM) RunCustomers(n int) {
	target := m.done + n
	for m.done < target && m.Env.Step() {
	}
}

// StationCase is one configuration of the station ladder.
type StationCase struct {
	Discipline des.Discipline
	Rates      []float64
}

// StationCases are M/M/1 at ρ = 0.8 for every discipline; the priority
// disciplines get two classes of half the load each.
var StationCases = []StationCase{
	{des.FCFS, []float64{0.8}},
	{des.LCFSPR, []float64{0.8}},
	{des.PS, []float64{0.8}},
	{des.SIRO, []float64{0.8}},
	{des.NonPreemptivePriority, []float64{0.4, 0.4}},
	{des.PreemptivePriority, []float64{0.4, 0.4}},
}

// Station simulates M/M/1 at ρ = 0.8 through a Station for each of
// StationCases; one operation is one customer (an arrival and a
// departure, plus the preemptions or PS reschedules the discipline
// causes). Names are "discipline=fcfs" and so on.
func Station() []Case {
	var cs []Case
	for _, c := range StationCases {
		cs = append(cs, Case{"discipline=" + c.Discipline.String(), func(b *testing.B) {
			m := NewStationMM(des.StationConfig{Name: "s", Servers: 1, Discipline: c.Discipline}, c.Rates, 1, 1)
			m.RunCustomers(200_000)
			steps := m.Env.Steps()
			b.ReportAllocs()
			b.ResetTimer()
			m.RunCustomers(b.N)
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "customers/s")
			b.ReportMetric(float64(m.Env.Steps()-steps)/float64(b.N), "events/customer")
		}})
	}
	return cs
}
