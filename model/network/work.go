package network

import (
	"fmt"
	"math"
	"runtime"
	"unsafe"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/des/queueing"
)

// Memory of a run, used by Work. The figures are peaks of the resident
// set, not live sizes: Go's collector lets the heap grow to twice what is
// live before it collects (GOGC=100), and a growing slice holds its old
// and its new array (1.25 times larger) while it is copied.
//
//   - bytesPerCustomer: a customer present (its record in the customer
//     slab, its place in a station's waiting room or PS heap, its pending
//     event). Measured peaks with 10⁶ customers in a closed class of two
//     stations: 256–382 MB whatever the discipline (FCFS, PS, LCFS-PR,
//     SIRO, a delay station); 640 bytes bounds them with room to spare.
//   - bytesPerBoundary and boundaryGrowth: the observation windows keep, at
//     each of at most MaxWindows+1 boundaries, one des.StationSnapshot per
//     station and class (and per station for all classes), the area under
//     each station's servers and one netSnap per class; boundaryGrowth
//     turns their live size into a peak (measured 4.5 for a 256-station
//     ring that keeps every boundary: 980 MB resident for 218 MB of
//     boundaries; 4.4 for a 1024-station ring of 1201 boundaries).
//   - bytesPerRun: the runtime, the stations and routing tables.
const (
	bytesPerCustomer = 640
	boundaryGrowth   = 6
	bytesPerRun      = 8 << 20
)

// observerBytes is the peak memory of the observation windows of a network
// of m stations and r classes: every boundary a run can keep (the observer
// halves them beyond MaxWindows) times what one holds, times
// boundaryGrowth.
func observerBytes(m, r int) float64 {
	perBoundary := float64(m*(r+1))*float64(unsafe.Sizeof(des.StationSnapshot{})) +
		float64(m)*8 + float64(r+1)*float64(unsafe.Sizeof(netSnap{})) + 8
	return boundaryGrowth * float64(MaxWindows+1) * perBoundary
}

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
// over S at a delay station, and, in a network of open classes only, by
// its rate in the traffic equations (analytic.OpenStationRates: where the
// exact chain alone solves the network, as with buffers behind a router,
// the capacity of a lightly loaded station is several times its rate). Customers present come from the network's
// mean number in system where it is known, else from Little's law with a
// response time of 100 mean services. The estimate is meant to be right
// within a small factor, and never far too low for a run that would
// exhaust the machine; its memory is an upper bound of the peak resident
// memory (see bytesPerCustomer). n must be valid.
func (n *Network) Work(duration float64, replications int) des.Work {
	an, err := n.Analytic()
	if err != nil {
		return des.Work{Basis: "network not valid"}
	}
	an.SkipCTMC = true // a quick estimate: no exact chain
	ms, solveErr := analytic.SolveNetwork(an)
	return workOf(an, ms, solveErr, duration, replications)
}

// WorkSolved is Work with n's analytic solution given: ms and solveErr as
// analytic.SolveNetwork returned them for n.Analytic() (with or without
// the exact chain), for a caller that solves n anyway.
func (n *Network) WorkSolved(ms []analytic.NetMetric, solveErr error, duration float64, replications int) des.Work {
	an, err := n.Analytic()
	if err != nil {
		return des.Work{Basis: "network not valid"}
	}
	return workOf(an, ms, solveErr, duration, replications)
}

// workOf is Work of the network an with its solution ms, solveErr.
func workOf(an analytic.Network, ms []analytic.NetMetric, solveErr error, duration float64, replications int) des.Work {
	stationRate := map[string]float64{}
	var inSystem float64
	for _, m := range ms {
		switch {
		case m.Class == "" && m.Name == queueing.Throughput && m.Station != "network":
			stationRate[m.Station] = math.Max(stationRate[m.Station], m.Value)
		case m.Class == "" && m.Name == queueing.MeanInSystem && m.Station == "network" && !math.IsInf(m.Value, 1):
			inSystem = math.Max(inSystem, m.Value)
		}
	}
	var arrivals, population float64
	for _, c := range an.Classes {
		arrivals += c.Rate
		population += float64(c.Population)
	}
	var flows []float64 // open classes only: the traffic equations bound each station's rate
	if population == 0 {
		flows, _ = analytic.OpenStationRates(an) // nil on error: the capacity bounds alone
	}
	var perSecond, longestService float64
	for i, st := range an.Stations {
		rate, known := stationRate[st.Name]
		if !known || solveErr != nil {
			rate = capacityBound(st, population, arrivals)
			if flows != nil {
				rate = math.Min(rate, flows[i])
			}
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
		Bytes:  bytesPerRun + bytesPerCustomer*inSystem + observerBytes(len(an.Stations), len(an.Classes)),
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
	if queueing.IsDelay(st.Servers) {
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
