package network

import (
	"fmt"
	"math"
	"runtime"

	"queuelab/analytic"
	"queuelab/des"
)

// Bytes of simulation state per customer present (its record in the
// customer slab and its place in a station's waiting room or PS heap), and
// the fixed state of a run (stations, routing tables and the bounded
// observation windows), used by Work. Both are generous round figures.
const (
	bytesPerCustomer = 160
	bytesPerRun      = 8 << 20
)

// Work estimates, before anything is simulated, the events and the memory
// of simulating n for duration seconds, replications times (at most
// runtime.NumCPU() at once, as validate runs them). An event is one service
// completion per station visit, one patience deadline per visit where the
// station has patience, and one arrival per open-class customer.
//
// Visit rates come from analytic.SolveNetwork where it gives a station
// throughput (the traffic equations of an open network are exact; exact or
// approximate MVA for a closed one); elsewhere a station is bounded by its
// capacity, c/S for c servers of mean service S, or the closed population
// over S at a delay station. Customers present come from the network's
// mean number in system where it is known, else from Little's law with a
// response time of 100 mean services. The estimate is meant to be right
// within a small factor, and never far too low for a run that would
// exhaust the machine. n must be valid.
func (n *Network) Work(duration float64, replications int) des.Work {
	an, err := n.Analytic()
	if err != nil {
		return des.Work{Basis: "network not valid"}
	}
	an.SkipCTMC = true // a quick estimate: no exact chain
	ms, solveErr := analytic.SolveNetwork(an)
	stationRate := map[string]float64{}
	var inSystem float64
	for _, m := range ms {
		switch {
		case m.Class == "" && m.Name == "throughput" && m.Station != "network":
			stationRate[m.Station] = math.Max(stationRate[m.Station], m.Value)
		case m.Class == "" && m.Name == "mean_in_system" && m.Station == "network":
			inSystem = math.Max(inSystem, m.Value)
		}
	}
	var arrivals, population float64
	for _, c := range an.Classes {
		arrivals += c.Rate
		population += float64(c.Population)
	}
	var perSecond, longestService float64
	for _, st := range an.Stations {
		rate, known := stationRate[st.Name]
		if !known || solveErr != nil {
			rate = capacityBound(st, population, arrivals)
		}
		perVisit := 1.0
		if st.Patience > 0 {
			perVisit = 2
		}
		perSecond += rate * perVisit
		longestService = math.Max(longestService, shortestMean(st))
	}
	perSecond += arrivals
	if inSystem == 0 {
		inSystem = population + arrivals*100*longestService
	}
	one := des.Work{
		Events: perSecond * duration,
		Bytes:  bytesPerRun + bytesPerCustomer*inSystem,
	}
	reps := max(replications, 1)
	runs := make([]des.Work, reps)
	for i := range runs {
		runs[i] = one
	}
	basis := fmt.Sprintf("about %.3g events per simulated second (station visits, patience deadlines, arrivals) × %.3g s × %d replication(s); about %.3g customers present", perSecond, duration, reps, inSystem)
	return des.Concurrent(runs, runtime.NumCPU(), basis)
}

// capacityBound is the most visits per second station st can complete:
// c/S for c servers whose fastest class has mean service S; at a delay
// station every closed customer and the open arrivals at once.
func capacityBound(st analytic.NetStation, population, arrivals float64) float64 {
	s := shortestMean(st)
	if s <= 0 {
		return 0
	}
	if st.Servers == 0 {
		return population/s + arrivals
	}
	return float64(st.Servers) / s
}

// shortestMean is the smallest positive mean service time at st (0 when no
// class is served there).
func shortestMean(st analytic.NetStation) float64 {
	s := 0.0
	for _, m := range st.Mean {
		if m > 0 && (s == 0 || m < s) {
			s = m
		}
	}
	return s
}
