package desbench

import (
	"math"
	"testing"

	"queuelab/des"
)

// The ladder's two source rungs keep the Poisson arrivals out of the
// pending-event set, as the payment switch does (des.Source): only the next
// arrival time is held, and each step takes the earlier of it and the
// heap's top. impl=des-source is the impl=des station so driven
// (Env.RunUntilSources); impl=minimal-source is the floor given the same
// trick, so that the pair compares like with like. BENCHMARKS.md (issue 25,
// item 2) measures both pairs.

// MMcSource is the ladder's source pair, "impl=des-source/rho=0.69" and so
// on; go test -bench runs it under BenchmarkMMc beside MMc (`queuelab
// bench` runs MMc alone).
func MMcSource() []Case {
	var cs []Case
	for _, c := range MMcCases {
		cs = append(cs,
			Case{"impl=des-source/" + c.Name, func(b *testing.B) {
				m := NewMMcStationSource(c, 1)
				benchMMc(b, m.RunCustomers, m.Env.Steps)
			}},
			Case{"impl=minimal-source/" + c.Name, func(b *testing.B) {
				m := NewMinimalSource(c, 1)
				benchMMc(b, m.RunCustomers, func() uint64 { return uint64(m.events) })
			}})
	}
	return cs
}

// MinimalSource is Minimal with the next arrival held beside the heap: the
// heap holds only departures.
type MinimalSource struct {
	Minimal
	next float64 // the next arrival, seconds
}

// NewMinimalSource returns the floor with a held arrival for c, its first
// arrival at time 0.
func NewMinimalSource(c MMcCase, seed uint64) *MinimalSource {
	ss := des.Streams{Seed: seed, Gen: des.PCG}
	return &MinimalSource{Minimal: Minimal{c: c.Servers, lambda: c.Lambda, mu: 1 / c.ServiceMean,
		arrivals: ss.Stream("arrivals"), services: ss.Stream("service")}}
}

// RunCustomers runs until n more customers have been served.
func (m *MinimalSource) RunCustomers(n int) {
	target := m.Done + n
	for m.Done < target {
		m.events++
		top := math.Inf(1)
		if len(m.times) > 0 {
			top = m.times[0]
		}
		if t := m.next; t < top {
			m.Now = t
			m.next = t + m.arrivals.StdExp()/m.lambda
			if m.Busy < m.c {
				m.Busy++
				m.push(t+m.services.StdExp()/m.mu, 1)
			} else {
				m.Q++
			}
			continue
		}
		m.Now = top
		m.Done++
		if m.Q > 0 {
			m.Q--
			m.replaceTop(top+m.services.StdExp()/m.mu, 1)
		} else {
			m.Busy--
			m.removeTop()
		}
	}
}

// StationSource is the impl=des station with its arrivals from a
// des.Source, run by Env.RunUntilSources.
type StationSource struct {
	Env     *des.Env
	St      *des.Station
	src     *des.Source
	srcs    []*des.Source
	rate    float64
	service des.Exponential
	arrival *des.Stream
	servic  *des.Stream
	done    int
	target  int
}

// NewMMcStationSource is NewMMcStation with its arrivals from a Source.
func NewMMcStationSource(c MMcCase, seed uint64) *StationSource {
	m := &StationSource{Env: des.NewEnv(), rate: c.Lambda, service: des.Exponential{Rate: 1 / c.ServiceMean}}
	ss := des.Streams{Seed: seed, Gen: des.PCG}
	m.arrival, m.servic = ss.Stream("arrivals"), ss.Stream("service")
	st, err := des.NewStation(m.Env, des.StationConfig{Name: "servers", Servers: c.Servers})
	if err != nil {
		panic(err) // the configuration is this package's own
	}
	m.St = st
	st.OnDepart = func(int32, int) {
		m.done++
		if m.done == m.target {
			m.Env.Stop()
		}
	}
	m.src = m.Env.NewSource(des.PriorityDefault, m.onArrive)
	m.srcs = []*des.Source{m.src}
	m.src.MustSchedule(des.Seconds(des.Exponential{Rate: m.rate}.Rand(m.arrival)))
	return m
}

func (m *StationSource) onArrive(now des.Time) {
	m.src.MustSchedule(now + des.Seconds(des.Exponential{Rate: m.rate}.Rand(m.arrival)))
	m.St.Arrive(0, 0, des.Seconds(m.service.Rand(m.servic)), des.NoPatience)
}

// RunCustomers runs until n more customers have departed.
func (m *StationSource) RunCustomers(n int) {
	m.target = m.done + n
	if err := m.Env.RunUntilSources(des.MaxTime, m.srcs); err != nil {
		panic(err) // MaxTime is never before now
	}
}
