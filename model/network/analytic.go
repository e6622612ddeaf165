package network

import (
	"queuelab/analytic"
	"queuelab/des/queueing"
)

// Analytic returns n in the form analytic.SolveNetwork takes: stations and
// classes by index, service laws as mean and squared coefficient of
// variation, and the routing as one R·M × R·M matrix with class switching.
// n must be valid (see Validate). Exponential patience maps to
// PatienceSCV 1 (Erlang-A), any other patience law to its own SCV (0 for
// deterministic, M/M/c+D).
func (n *Network) Analytic() (analytic.Network, error) {
	t, err := compile(n)
	if err != nil {
		return analytic.Network{}, err
	}
	R, M := t.R, t.M
	out := analytic.Network{Stations: make([]analytic.NetStation, M), Classes: make([]analytic.NetClass, R)}
	for i := range n.Stations {
		s := &n.Stations[i]
		as := analytic.NetStation{Name: s.Name, Servers: s.Servers, Discipline: s.Discipline,
			Capacity: s.Capacity, Mean: make([]float64, R), SCV: make([]float64, R), Laws: make([]analytic.Law, R)}
		if s.Kind != Queue {
			as.Servers = queueing.Infinite // a fork, join or router serves nobody: a delay
		}
		as.StationFeatures = s.analyticFeatures()
		for r := 0; r < R; r++ {
			if d := t.service[i*R+r]; d.Given() {
				as.Mean[r], as.SCV[r], as.Laws[r] = d.MeanValue(), d.SCV(), lawOf(d)
			}
		}
		if s.Patience.Given() {
			as.Patience, as.PatienceSCV, as.PatienceLaw = s.Patience.MeanValue(), s.Patience.SCV(), lawOf(s.Patience)
		}
		out.Stations[i] = as
	}
	for r := range n.Classes {
		c := &n.Classes[r]
		if c.Open() && c.Arrivals.Renewal() {
			d := c.Arrivals.Interarrival
			out.Classes[r] = analytic.NetClass{Name: c.Name, Rate: 1 / d.MeanValue(), ArrivalSCV: d.SCV(), ArrivalLaw: lawOf(d), Source: t.stationIdx[c.Arrivals.To]}
		} else if c.Open() {
			out.Classes[r] = analyticArrivals(c.Name, c.Arrivals, t.stationIdx[c.Arrivals.To])
		} else {
			out.Classes[r] = analytic.NetClass{Name: c.Name, Population: c.Population, Start: t.stationIdx[c.Start]}
		}
		out.Classes[r].Initial = t.initialCounts(r)
	}
	out.Forks = forkSections(t)
	out.Routing = make([][]float64, R*M)
	for k := range out.Routing {
		out.Routing[k] = make([]float64, R*M)
		r, i := k/M, k%M
		for _, tg := range t.rows[r*M+i] {
			out.Routing[k][tg.class*M+tg.station] += tg.prob
		}
	}
	return out, nil
}
