package des

import (
	"testing"
)

// stationMM is an open station fed by Poisson arrivals with exponential
// work, driven through Env like a model would: one event kind for
// arrivals, the station's own events for everything else.
type stationMM struct {
	env      *Env
	st       *Station
	arrive   Kind
	rates    []float64 // per class
	service  Exponential
	arrivals *Stream
	services *Stream
	done     int
	// held: customers arrive with UntilRelease and the model releases
	// them after their work (release events); otherwise, with setWork,
	// they arrive with work 0 and OnStart sets their work.
	held, setWork bool
	release       Kind
}

// holdMM is newStationMM whose customers hold their server until the
// model releases them (held) or get their work at their start.
func holdMM(cfg StationConfig, held bool, seed uint64) *stationMM {
	m := newStationMM(cfg, []float64{0.8}, 1, seed)
	m.held, m.setWork = held, !held
	m.release = m.env.Register("release", func(ev Event) { m.st.Release(Ticket(ev.Ref)) })
	m.st.OnStart = func(_ int32, _ int, _ Time, t Ticket) {
		work := Seconds(m.service.Rand(m.services))
		if m.held {
			m.env.MustAfter(work, PriorityDefault, Event{Kind: m.release, Ref: int32(t)})
			return
		}
		m.st.SetWork(t, work)
	}
	return m
}

func newStationMM(cfg StationConfig, rates []float64, mean float64, seed uint64) *stationMM {
	return newStationMMGen(cfg, rates, mean, seed, Mulberry32)
}

// newStationMMGen is newStationMM on streams of generator gen.
func newStationMMGen(cfg StationConfig, rates []float64, mean float64, seed uint64, gen Generator) *stationMM {
	m := &stationMM{env: NewEnv(), rates: rates, service: Exponential{Rate: 1 / mean}}
	ss := Streams{Seed: seed, Gen: gen}
	m.arrivals, m.services = ss.Stream("arrivals"), ss.Stream("service")
	if cfg.Discipline == SIRO {
		cfg.Random = ss.Stream("siro")
	}
	cfg.Classes = len(rates)
	st, err := NewStation(m.env, cfg)
	if err != nil {
		panic(err)
	}
	m.st = st
	st.OnDepart = func(int32, int) { m.done++ }
	m.arrive = m.env.Register("arrive", m.onArrive)
	for k, r := range rates {
		m.env.MustAfter(Seconds(Exponential{Rate: r}.Rand(m.arrivals)), PriorityDefault, Event{Kind: m.arrive, Ref: int32(k)})
	}
	return m
}

func (m *stationMM) onArrive(ev Event) {
	k := ev.Ref
	m.env.MustAfter(Seconds(Exponential{Rate: m.rates[k]}.Rand(m.arrivals)), PriorityDefault, ev)
	switch {
	case m.held:
		m.st.Arrive(k, int(k), UntilRelease, NoPatience)
	case m.setWork:
		m.st.Arrive(k, int(k), 0, NoPatience)
	default:
		m.st.Arrive(k, int(k), Seconds(m.service.Rand(m.services)), NoPatience)
	}
}

// runCustomers runs until n more customers have departed.
func (m *stationMM) runCustomers(n int) {
	target := m.done + n
	for m.done < target && m.env.Step() {
	}
}

// stationBenchCases are M/M/1 at ρ = 0.8 for every discipline; the
// priority disciplines get two classes of half the load each.
var stationBenchCases = []struct {
	discipline Discipline
	rates      []float64
}{
	{FCFS, []float64{0.8}},
	{LCFSPR, []float64{0.8}},
	{PS, []float64{0.8}},
	{SIRO, []float64{0.8}},
	{NonPreemptivePriority, []float64{0.4, 0.4}},
	{PreemptivePriority, []float64{0.4, 0.4}},
}

// BenchmarkStation simulates M/M/1 at ρ = 0.8 through a Station; one
// operation is one customer (an arrival and a departure, plus the
// preemptions or PS reschedules the discipline causes).
func BenchmarkStation(b *testing.B) {
	for _, c := range stationBenchCases {
		b.Run("discipline="+c.discipline.String(), func(b *testing.B) {
			m := newStationMM(StationConfig{Name: "s", Servers: 1, Discipline: c.discipline}, c.rates, 1, 1)
			m.runCustomers(200_000)
			steps := m.env.Steps()
			b.ReportAllocs()
			b.ResetTimer()
			m.runCustomers(b.N)
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "customers/s")
			b.ReportMetric(float64(m.env.Steps()-steps)/float64(b.N), "events/customer")
		})
	}
}

func TestStationSteadyStateDoesNotAllocate(t *testing.T) {
	for _, c := range stationBenchCases {
		m := newStationMM(StationConfig{Name: "s", Servers: 1, Discipline: c.discipline}, c.rates, 1, 2)
		m.runCustomers(100_000)
		allocs := testing.AllocsPerRun(20, func() { m.runCustomers(1000) })
		if allocs != 0 {
			t.Errorf("%v: %v allocations per 1000 customers", c.discipline, allocs)
		}
	}
	for _, held := range []bool{true, false} {
		m := holdMM(StationConfig{Name: "s", Servers: 2}, held, 2)
		m.runCustomers(100_000)
		if allocs := testing.AllocsPerRun(20, func() { m.runCustomers(1000) }); allocs != 0 {
			t.Errorf("held=%v (else work set at start): %v allocations per 1000 customers", held, allocs)
		}
	}
}
