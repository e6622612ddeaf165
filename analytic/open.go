package analytic

import (
	"math"

	"queuelab/des/queueing"
)

// The open-network part of SolveNetwork: stability, traffic, the product-form
// and QNA solutions, and the single-station special cases.

// limited reports whether station i loses or sheds customers (finite
// capacity, or patience at a station where customers can wait).
func (s *netSolver) limited(i int) bool {
	st := s.n.Stations[i]
	return st.Capacity > 0 || (st.Patience > 0 && !st.delay())
}

// stableOpenRates returns the open classes' arrival rates at every
// station (Network.openRates), or the *UnstableError of checkStable: where
// the open and the mixed solver both start.
func (s *netSolver) stableOpenRates() ([]float64, error) {
	lam, err := s.n.openRates()
	if err != nil {
		return nil, err
	}
	return lam, s.checkStable(lam)
}

// checkStable returns an *UnstableError for the first station without
// capacity or patience whose offered utilisation is ≥ 1.
func (s *netSolver) checkStable(lam []float64) error {
	for i, st := range s.n.Stations {
		if st.delay() || s.limited(i) {
			continue
		}
		_, a := s.classLoads(i, lam)
		if rho := a / float64(st.Servers); rho >= 1 {
			return &UnstableError{Station: st.Name, Rho: rho}
		}
	}
	return nil
}

// poisson reports whether every open class arrives as a Poisson process.
func (s *netSolver) poisson() bool {
	for _, c := range s.n.Classes {
		if c.open() && (c.ArrivalSCV != 1 || !c.renewal()) {
			return false
		}
	}
	return true
}

// poissonInto reports whether every class arriving at a station at rates
// thr is open and Poisson (renewal, SCV 1).
func (s *netSolver) poissonInto(thr []float64) bool {
	for k, c := range s.n.Classes {
		if thr[k] > 0 && (!c.open() || c.ArrivalSCV != 1 || !c.renewal()) {
			return false
		}
	}
	return true
}

// singleStation reports whether n is one station that nobody returns to.
func (s *netSolver) singleStation() bool {
	if s.m != 1 {
		return false
	}
	for _, row := range s.n.Routing {
		for _, p := range row {
			if p > 0 {
				return false
			}
		}
	}
	return true
}

func (s *netSolver) solveOpen() error {
	lam, err := s.stableOpenRates()
	if err != nil {
		return err
	}
	for _, c := range s.n.Classes {
		if !c.renewal() {
			s.solveNonRenewal(lam) // arrivals.go
			return nil
		}
	}
	if s.singleStation() {
		s.solveSingle(lam)
		return nil
	}
	for i := range s.n.Stations {
		if s.limited(i) {
			// Losses change the flows downstream: only what they cannot
			// reach is solved (solveUpstreamOfLoss).
			s.solveUpstreamOfLoss(lam)
			return nil
		}
	}
	s.emitTraffic(lam)
	if s.poisson() && s.allBCMP(lam) {
		method := MethodBCMP
		if s.jackson(lam) {
			method = MethodJackson
		}
		for i := range s.n.Stations {
			thr, a := s.classLoads(i, lam)
			perf := s.productFormPerf(i, thr, a)
			perf.method, perf.exact = method, true
			s.emitStation(i, thr, perf, false)
		}
		s.emitOpenNetwork(method, true)
		return nil
	}
	if res, err := QNA(s.n); err == nil {
		exact, method := true, ""
		for i := range s.n.Stations {
			thr, a := s.classLoads(i, lam)
			perf, ok := s.poissonStationPerf(i, thr, a)
			if !ok {
				perf = s.waitPerf(i, res[i].MeanWait, MethodQNA)
			}
			exact = exact && perf.exact
			if method == "" || method == perf.method {
				method = perf.method
			} else {
				method = MethodQNA
			}
			s.emitStation(i, thr, perf, false)
		}
		if !exact {
			method = MethodQNA
		}
		s.emitOpenNetwork(method, exact)
	}
	return nil
}

// poissonStationPerf returns the exact per-visit measures of a FCFS or
// SIRO station i of an open network that only external Poisson flows
// reach (no routing into it, itself included), so that its arrivals are
// Poisson (a superposition of independent Poisson processes): Erlang C
// when its service is exponential and class-independent, else
// Pollaczek–Khinchine with one server. ok is false otherwise (QNA then
// approximates it).
func (s *netSolver) poissonStationPerf(i int, thr []float64, a float64) (stationPerf, bool) {
	st := s.n.Stations[i]
	if st.delay() || (st.Discipline != queueing.FCFS && st.Discipline != queueing.SIRO) || !s.poissonInto(thr) {
		return stationPerf{}, false
	}
	for _, row := range s.n.Routing {
		for k := range s.r {
			if row[k*s.m+i] > 0 {
				return stationPerf{}, false
			}
		}
	}
	total := 0.0
	for _, x := range thr {
		total += x
	}
	if total == 0 {
		return stationPerf{}, false
	}
	if _, ok := s.expUniform(i, thr); ok {
		perf := s.productFormPerf(i, thr, a)
		perf.method, perf.exact = MethodErlangC, true
		return perf, true
	}
	if st.Servers != 1 {
		return stationPerf{}, false
	}
	mean, scv := st.mixture(thr, total)
	perf := s.waitPerf(i, MG1{total, mean, scv}.MeanWait(), MethodPK)
	perf.exact = true
	return perf, true
}

// allBCMP reports whether every station is of a BCMP type for the classes
// that visit it.
func (s *netSolver) allBCMP(lam []float64) bool {
	for i := range s.n.Stations {
		thr, _ := s.classLoads(i, lam)
		if !s.bcmpType(i, thr) {
			return false
		}
	}
	return true
}

// jackson reports whether the network is a Jackson network: one class and
// exponential service at every station it visits (lam > 0).
func (s *netSolver) jackson(lam []float64) bool {
	if s.r != 1 {
		return false
	}
	for i, st := range s.n.Stations {
		if lam[i] > 0 && st.scv(0) != 1 {
			return false
		}
	}
	return true
}

// waitPerf returns the per-visit measures of station i where every class
// waits wq on average (0 at a delay station): wait wq and response
// wq + S_k, by method (QNA, Pollaczek–Khinchine, or "" for the exact
// product form).
func (s *netSolver) waitPerf(i int, wq float64, method string) stationPerf {
	st := s.n.Stations[i]
	perf := stationPerf{resp: make([]float64, s.r), wait: make([]float64, s.r), method: method}
	for k := range s.r {
		perf.wait[k] = wq
		perf.resp[k] = wq + st.Mean[k]
	}
	return perf
}

// solveSingle handles a network of one station that nobody returns to.
func (s *netSolver) solveSingle(lam []float64) {
	thr, a := s.classLoads(0, lam)
	total := 0.0
	for _, x := range thr {
		total += x
	}
	if s.limited(0) {
		s.solveSingleLimited(thr, total, a)
		return
	}
	s.emitTraffic(lam)
	perf, ok := s.singlePerf(thr, total, a)
	if !ok {
		return
	}
	s.emitStation(0, thr, perf, false)
	s.emitOpenNetwork(perf.method, perf.exact)
	s.addMMcPercentiles(thr, total) // percentile.go
}

// singlePerf picks the single-station formula for a station without
// capacity or patience (see SolveNetwork).
func (s *netSolver) singlePerf(thr []float64, total, a float64) (stationPerf, bool) {
	st := s.n.Stations[0]
	poisson := s.poisson()
	switch {
	case st.delay():
		perf := s.productFormPerf(0, thr, a)
		perf.method, perf.exact = "M/G/∞", true
		return perf, true
	case st.Discipline == queueing.Priority || st.Discipline == queueing.PreemptivePriority:
		return s.priorityPerf(thr)
	case poisson && s.bcmpType(0, thr):
		perf := s.productFormPerf(0, thr, a)
		perf.method, perf.exact = MethodInsensitive, true
		if st.Discipline != queueing.PS && !(st.Discipline == queueing.LCFSPR && st.Servers == 1) {
			// FCFS, SIRO, or LCFS-PR on several servers, with exponential
			// class-independent service: the M/M/c number in system.
			perf.method = MethodErlangC
		}
		return perf, true
	case st.Discipline == queueing.PS || st.Discipline == queueing.LCFSPR:
		return stationPerf{}, false
	case poisson && st.Servers == 1:
		mean, scv := s.n.Stations[0].mixture(thr, total)
		wq := math.Inf(1) // E[S²] = ∞: so is the mean wait (P-K)
		if !math.IsInf(scv, 1) {
			wq = MG1{total, mean, scv}.MeanWait()
		}
		perf := s.waitPerf(0, wq, MethodPK)
		perf.exact = true
		return perf, true
	}
	res, err := QNA(s.n)
	if err != nil {
		return stationPerf{}, false
	}
	method := MethodAllenCunneen
	if st.Servers == 1 {
		method = MethodKingman
		if res[0].ArrivalSCV < 1 {
			method = MethodWhittGG1 // Kingman with QNA's correction for smooth arrivals
		}
	}
	return s.waitPerf(0, res[0].MeanWait, method), true
}

// priorityPerf solves a single priority station by Cobham's formulas when
// they are exact for it (Poisson arrivals; see PriorityQueue).
func (s *netSolver) priorityPerf(thr []float64) (stationPerf, bool) {
	st := s.n.Stations[0]
	if !s.poisson() {
		return stationPerf{}, false
	}
	q := PriorityQueue{Servers: st.Servers, Preemptive: st.Discipline == queueing.PreemptivePriority}
	for k := range s.r {
		q.Classes = append(q.Classes, PriorityClass{Lambda: thr[k], Mean: st.Mean[k], SCV: st.scv(k)})
	}
	if q.Validate() != nil {
		return stationPerf{}, false
	}
	perf := stationPerf{resp: make([]float64, s.r), method: MethodCobham, exact: true}
	if !q.Preemptive {
		perf.wait = make([]float64, s.r)
	}
	for k := range s.r {
		perf.resp[k] = q.MeanResponseTime(k)
		if perf.wait != nil {
			perf.wait[k] = q.MeanWait(k)
		}
	}
	return perf, true
}

// solveSingleLimited handles one station with finite capacity or patience
// and Poisson arrivals: Erlang B (delay station with capacity, or c = K),
// M/M/c/K, Erlang-A or M/M/c+D. Every class shares the station's figures in
// proportion to its arrival rate (PASTA).
func (s *netSolver) solveSingleLimited(thr []float64, total, a float64) {
	s.solveLimited(0, thr, total, a, true)
}

// solveLimited solves station i, which has finite capacity or patience and
// Poisson arrivals at the per-class rates thr (total their sum, a the
// offered load), as solveSingleLimited says; with network it also adds
// the "network" rows (the network is this one station).
func (s *netSolver) solveLimited(i int, thr []float64, total, a float64, network bool) {
	st := s.n.Stations[i]
	if !s.poisson() || (st.Capacity > 0 && st.Patience > 0 && !st.delay()) {
		return
	}
	var lim limitedPerf
	switch mean, exp := s.expUniform(i, thr); {
	case st.delay() || st.Capacity == st.Servers:
		// A loss system: as many places as servers (a delay station's
		// capacity, or c = K), nobody waits, any service law.
		if !s.sameMean(i, thr) {
			return // per-class figures would need the class mix of those admitted
		}
		c := st.Capacity
		b := ErlangB(c, a)
		lim = limitedPerf{method: MethodErlangB, loss: b, inSystem: a * (1 - b), inQueue: 0, servers: c, lossName: queueing.PLoss}
	case !exp:
		return
	case st.Capacity > 0:
		q := MMcK{st.Servers, st.Capacity, total, 1 / mean}
		lim = limitedPerf{method: MethodMMcK, loss: q.ProbBlock(), inSystem: q.MeanNumberInSystem(), inQueue: q.MeanQueueLength(), servers: st.Servers, lossName: queueing.PLoss}
	case st.PatienceSCV == 1:
		q := ErlangA{st.Servers, total, 1 / mean, 1 / st.Patience}
		if q.Validate() != nil {
			return
		}
		p := q.ProbAbandon()
		lim = limitedPerf{method: MethodErlangA, loss: p, inSystem: q.MeanQueueLength() + total*(1-p)*mean, inQueue: q.MeanQueueLength(), servers: st.Servers, lossName: queueing.PAbandon}
	case st.PatienceSCV == 0:
		q := MMcD{st.Servers, total, 1 / mean, st.Patience}
		p := q.ProbAbandon()
		lim = limitedPerf{method: MethodMMcD, loss: p, inSystem: q.MeanQueueLength() + total*(1-p)*mean, inQueue: q.MeanQueueLength(), servers: st.Servers, lossName: queueing.PAbandon}
	default:
		return
	}
	s.emitLimited(i, thr, total, lim, network)
}

// limitedPerf is the solution of a single station that loses customers.
type limitedPerf struct {
	method            string
	loss              float64         // share of arrivals lost (blocked or abandoning)
	lossName          queueing.Metric // p_loss or p_abandon
	inSystem, inQueue float64         // mean numbers, all classes
	servers           int             // servers for the utilisation (capacity of a loss delay station)
}

// emitLimited adds the measures of a single station that loses customers:
// throughput, utilisation, loss share and mean numbers. With blocking
// (p_loss) the mean wait and mean response are those of admitted customers
// (Lq and L over the throughput); with abandonment (p_abandon) the mean
// wait is over all arrivals, Lq/λ, since those who abandon wait too, and
// no mean response is given.
func (s *netSolver) emitLimited(i int, thr []float64, total float64, lim limitedPerf, network bool) {
	st := s.n.Stations[i]
	for k, c := range s.n.Classes {
		if thr[k] <= 0 {
			continue
		}
		share := thr[k] / total
		s.limitedRow(st, c.Name, thr[k], share, lim)
	}
	s.limitedRow(st, "", total, 1, lim)
	if !network {
		return
	}
	// The network is this one station: its end-to-end figures are the
	// station's (a lost or abandoning customer leaves the network there).
	for k, c := range s.n.Classes {
		if thr[k] > 0 {
			s.limitedNetworkRow(c.Name, thr[k], thr[k]/total, lim)
		}
	}
	s.limitedNetworkRow("", total, 1, lim)
}

// limitedNetworkRow adds the "network" rows of a single station that loses
// customers, for one class (or, with share 1, all): throughput, the loss
// share, mean number in the network and, with blocking, the mean response
// of those admitted (with abandonment the simulator's end-to-end response
// covers the served only, which no formula here gives).
func (s *netSolver) limitedNetworkRow(class string, lambda, share float64, lim limitedPerf) {
	x := lambda * (1 - lim.loss)
	s.add("network", class, queueing.Throughput, x, lim.method, true)
	s.add("network", class, lim.lossName, lim.loss, lim.method, true)
	s.add("network", class, queueing.MeanInSystem, share*lim.inSystem, lim.method, true)
	if lim.lossName == queueing.PLoss && x > 0 {
		s.add("network", class, queueing.MeanResponse, share*lim.inSystem/x, lim.method, true)
	}
}

// limitedRow adds one class's (or, with share 1, all classes') rows. The
// mean number of busy servers is at most c even where rounding of a loss
// probability near 1 (service times of 10²⁹⁹ s) says otherwise.
func (s *netSolver) limitedRow(st NetStation, class string, lambda, share float64, lim limitedPerf) {
	x := lambda * (1 - lim.loss)
	busy := min(lim.inSystem-lim.inQueue, float64(lim.servers))
	s.add(st.Name, class, queueing.Throughput, x, lim.method, true)
	s.add(st.Name, class, queueing.Utilization, share*busy/float64(lim.servers), lim.method, true)
	s.add(st.Name, class, lim.lossName, lim.loss, lim.method, true)
	s.add(st.Name, class, queueing.MeanInSystem, share*lim.inSystem, lim.method, true)
	s.add(st.Name, class, queueing.MeanInQueue, share*lim.inQueue, lim.method, true)
	if lim.lossName == queueing.PAbandon {
		s.add(st.Name, class, queueing.MeanWait, share*lim.inQueue/lambda, lim.method, true)
	} else if x > 0 {
		s.add(st.Name, class, queueing.MeanWait, share*lim.inQueue/x, lim.method, true)
		s.add(st.Name, class, queueing.MeanResponse, share*lim.inSystem/x, lim.method, true)
	}
}

// sameMean reports whether every class with thr > 0 has the same mean
// service time at station i (whatever its law).
func (s *netSolver) sameMean(i int, thr []float64) bool {
	st := s.n.Stations[i]
	mean := 0.0
	for k, x := range thr {
		if x <= 0 {
			continue
		}
		if mean != 0 && math.Abs(st.Mean[k]-mean) > 1e-12*mean {
			return false
		}
		mean = st.Mean[k]
	}
	return true
}

// solveUpstreamOfLoss solves the part of a one-class open network with
// Poisson arrivals that one station L with capacity or patience cannot
// influence: the stations L cannot reach (its losses change no flow
// there) when they form a Jackson network (exponential service, a BCMP
// discipline), and L itself when it cannot reach itself either. L's
// arrivals are then the external Poisson flow and exit flows of that
// Jackson network, which are independent Poisson processes (Melamed,
// "Characterizations of Poisson traffic streams in Jackson queueing
// networks", Adv. Appl. Prob. 11, 1979), so L is solved exactly as a
// single station (solveLimited). Stations downstream of L get nothing: the
// losses thin and reshape their flows. Anything else: nothing.
func (s *netSolver) solveUpstreamOfLoss(lam []float64) {
	if s.r != 1 || !s.poisson() {
		return
	}
	loss := -1
	for i := range s.n.Stations {
		if s.limited(i) {
			if loss >= 0 {
				return // two lossy stations
			}
			loss = i
		}
	}
	reached := make([]bool, s.m) // what L's departures can reach (nodes = stations: one class)
	back := s.n.Routing[loss][loss] > 0
	for _, x := range s.n.reachable(loss) {
		if x != loss {
			reached[x] = true
			back = back || s.n.Routing[x][loss] > 0
		}
	}
	if back {
		return // L feeds itself: its arrivals are not Poisson
	}
	for j := range s.m {
		if j == loss || reached[j] || lam[j] == 0 {
			continue
		}
		thr, a := s.classLoads(j, lam)
		if !s.bcmpType(j, thr) || s.n.Stations[j].scv(0) != 1 {
			return
		}
		perf := s.productFormPerf(j, thr, a)
		perf.method, perf.exact = MethodJackson, true
		s.emitStation(j, thr, perf, true)
	}
	if thr, a := s.classLoads(loss, lam); thr[0] > 0 {
		s.solveLimited(loss, thr, thr[0], a, false)
	}
}
