package serve

import (
	"math"

	"queuelab/analytic"
	"queuelab/des/queueing"
)

// NetPWait is the probability that a customer waits at an Erlang C
// station — an FCFS station of c servers with exponential service and an
// unlimited buffer in an open product-form network, so that it behaves as
// an M/M/c queue at the rate of the traffic equations — with the offered
// load a = λS it comes from, P(wait) = C(c, a) (for c = 1, ρ). Implied is
// what the simulation's mean wait says it is: in M/M/c the wait of those
// who wait is exponential with mean S/(c − a), so P(wait) = Wq·(c − a)/S;
// ImpliedHalf is the half-width of its 95 % interval (NaN while the wait
// has none).
type NetPWait struct {
	Station     string `json:"station"`
	Servers     int    `json:"servers"`
	Load        num    `json:"load"`
	PWait       num    `json:"pWait"`
	Implied     num    `json:"implied"`
	ImpliedHalf num    `json:"impliedHalf"`
}

// erlangCMethods are the exact methods whose stations are M/M/c queues.
var erlangCMethods = map[string]bool{analytic.MethodJackson: true, analytic.MethodErlangC: true}

// netPWaits returns P(wait) for the Erlang C stations of g, from the
// formulas fs (utilisation by the traffic equations) and the estimates.
func netPWaits(g NetGraph, fs []NetFormula, ests []NetEstimate) []NetPWait {
	var out []NetPWait
	for _, st := range g.Stations {
		if st.Discipline != queueing.FCFS.String() || st.Servers < 1 || st.Capacity != -1 || !oneExpService(st) {
			continue
		}
		exact, rho := false, math.NaN()
		for _, f := range fs {
			if f.Station != st.Name {
				continue
			}
			if f.Exact && erlangCMethods[f.Method] {
				exact = true
			}
			if f.Name == string(queueing.Utilization) && math.IsNaN(rho) {
				rho = f.Value // the station's utilisation (every class: one service law)
			}
		}
		if !exact || !(rho >= 0 && rho < 1) {
			continue
		}
		c := st.Servers
		a := rho * float64(c)
		pw := NetPWait{Station: st.Name, Servers: c, Load: num(a), PWait: num(analytic.ErlangC(c, a)),
			Implied: num(math.NaN()), ImpliedHalf: num(math.NaN())}
		s := st.Service[0].Mean
		for _, e := range ests {
			if e.Station == st.Name && e.Name == string(queueing.MeanWait) && e.Class == "" && e.K >= 2 {
				pw.Implied, pw.ImpliedHalf = num(e.Mean*(float64(c)-a)/s), num(e.HalfWidth*(float64(c)-a)/s)
			}
		}
		out = append(out, pw)
	}
	return out
}

// oneExpService: every class served at st has exponential service of one
// and the same mean (then the station is one M/M/c queue).
func oneExpService(st NetStation) bool {
	if len(st.Service) == 0 {
		return false
	}
	for _, sv := range st.Service {
		if sv.Dist != "exp" || sv.Mean != st.Service[0].Mean {
			return false
		}
	}
	return true
}
