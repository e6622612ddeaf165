package serve

import (
	"errors"
	"math"
	"net/http"

	"queuelab/analytic"
	"queuelab/des/queueing"
)

// What-if for a closed network, as JMVA draws it: throughput X and
// response time R (per cycle, think time left out) against the population
// N by exact MVA, with the asymptotic and balanced job bounds and the
// saturation point N* = (D + Z)/Dmax where the asymptotes X = N/(D + Z)
// and X = 1/Dmax meet (Lazowska et al. 1984, ch. 5). Served for networks
// of one closed class; other networks answer available: false with why.

// whatIfPoint is the network at population N.
type whatIfPoint struct {
	N    int `json:"n"`
	X    num `json:"x"`    // exact MVA throughput (cycles per s)
	R    num `json:"r"`    // exact MVA response time per cycle, think time excluded (s)
	XLo  num `json:"xLo"`  // asymptotic bounds
	XUp  num `json:"xUp"`  //
	RLo  num `json:"rLo"`  //
	RUp  num `json:"rUp"`  //
	BXLo num `json:"bxLo"` // balanced job bounds
	BXUp num `json:"bxUp"` //
	BRLo num `json:"brLo"` //
	BRUp num `json:"brUp"` //
}

type whatIfJSON struct {
	Available  bool          `json:"available"`
	Reason     string        `json:"reason,omitempty"`
	Class      string        `json:"class,omitempty"`
	Population int           `json:"population,omitempty"`
	D          float64       `json:"d,omitempty"`    // total demand at queueing stations (s)
	DMax       float64       `json:"dmax,omitempty"` // the bottleneck's demand (s)
	Z          float64       `json:"z,omitempty"`    // think time: demand at delay stations (s)
	NStar      float64       `json:"nStar,omitempty"`
	Points     []whatIfPoint `json:"points,omitempty"`
	Stations   []whatIfMean  `json:"stations,omitempty"` // the means the curves used
}

// whatIfMean is a station's mean service time in the curves.
type whatIfMean struct {
	Name string  `json:"name"`
	Mean float64 `json:"mean"`
}

// maxWhatIf bounds the populations drawn.
const maxWhatIf = 200

// whatIfOf computes the what-if curves of n.
func whatIfOf(n analytic.Network) (whatIfJSON, error) {
	if len(n.Classes) != 1 || n.Classes[0].Population == 0 {
		return whatIfJSON{}, errors.New("what-if needs a network of one closed class")
	}
	M := len(n.Stations)
	v := visits(n, 0)
	var out whatIfJSON
	out.Class, out.Population = "", n.Classes[0].Population
	servers := make([]int, M)
	demand := make([][]float64, M)
	var queued []float64
	for i, st := range n.Stations {
		if st.Capacity > 0 || st.Patience > 0 {
			return whatIfJSON{}, errors.New("what-if needs stations without capacity limits or patience")
		}
		d := v[i] * st.Mean[0]
		out.Stations = append(out.Stations, whatIfMean{st.Name, st.Mean[0]})
		servers[i], demand[i] = st.Servers, []float64{d}
		switch st.Servers {
		case queueing.Infinite:
			out.Z += d
		case 1:
			queued = append(queued, d)
			out.D += d
			out.DMax = math.Max(out.DMax, d)
		default:
			return whatIfJSON{}, errors.New("what-if draws networks of delay and single-server stations (the bounds assume them)")
		}
	}
	if out.DMax <= 0 {
		return whatIfJSON{}, errors.New("what-if needs a queueing station with a positive demand")
	}
	out.NStar = (out.D + out.Z) / out.DMax
	top := min(maxWhatIf, max(2*out.Population, int(math.Ceil(3*out.NStar)), 10))
	for N := 1; N <= top; N++ {
		res, err := analytic.ClosedModel{Servers: servers, Demand: demand, Population: []int{N}}.ExactMVA()
		if err != nil {
			return whatIfJSON{}, err
		}
		x := res.Throughput[0]
		p := whatIfPoint{N: N, X: num(x), R: num(float64(N)/x - out.Z)}
		if b, err := analytic.AsymptoticBounds(queued, out.Z, N); err == nil {
			p.XLo, p.XUp, p.RLo, p.RUp = num(b.ThroughputLower), num(b.ThroughputUpper), num(b.ResponseLower), num(b.ResponseUpper)
		}
		if b, err := analytic.BalancedJobBounds(queued, out.Z, N); err == nil {
			p.BXLo, p.BXUp, p.BRLo, p.BRUp = num(b.ThroughputLower), num(b.ThroughputUpper), num(b.ResponseLower), num(b.ResponseUpper)
		}
		out.Points = append(out.Points, p)
	}
	out.Available = true
	return out, nil
}

// visits solves the visit ratios of closed class r, v = v·P with v = 1 at
// its start station, by iterating the lazy chain (I + P)/2, which
// converges on periodic routes too (a two-station cycle).
func visits(n analytic.Network, r int) []float64 {
	M := len(n.Stations)
	v := make([]float64, M)
	v[n.Classes[r].Start] = 1
	next := make([]float64, M)
	for iter := 0; iter < 100_000; iter++ {
		for j := range next {
			next[j] = v[j] / 2
		}
		for i := range M {
			for j, p := range n.Routing[r*M+i][r*M : r*M+M] {
				next[j] += v[i] * p / 2
			}
		}
		s := next[n.Classes[r].Start]
		diff := 0.0
		for j := range next {
			next[j] /= s
			diff = math.Max(diff, math.Abs(next[j]-v[j]))
		}
		v, next = next, v
		if diff < 1e-13 {
			break
		}
	}
	return v
}

// netWhatIffer is implemented by a NetLive that can draw what-if curves,
// with some stations' mean service times replaced (means, by station).
type netWhatIffer interface {
	WhatIf(means map[string]float64) (whatIfJSON, error)
}

// WhatIf implements netWhatIffer for the real simulator.
func (l *liveNet) WhatIf(means map[string]float64) (whatIfJSON, error) {
	an, err := l.sim.Network().Analytic()
	if err != nil {
		return whatIfJSON{}, err
	}
	if an, err = withMeans(an, means); err != nil {
		return whatIfJSON{}, err
	}
	w, err := whatIfOf(an)
	if err == nil {
		w.Class = l.sim.Network().Classes[0].Name
	}
	return w, err
}

func (h *netHub) handleWhatIf(w http.ResponseWriter, r *http.Request, s *netSession) {
	means, err := whatIfMeans(r.URL.Query())
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	s.engMu.Lock()
	wi, ok := s.live.(netWhatIffer)
	var out whatIfJSON
	if ok {
		out, err = wi.WhatIf(means)
	}
	s.engMu.Unlock()
	var bad whatIfInputError
	switch {
	case !ok:
		out.Reason = "this simulation draws no what-if"
	case errors.As(err, &bad):
		fail(w, http.StatusBadRequest, "%v", err)
		return
	case err != nil:
		out = whatIfJSON{Reason: err.Error()}
	}
	writeJSON(w, http.StatusOK, out)
}
