package analytic

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"queuelab/des/queueing"
)

// Method names used in NetMetric.Method.
const (
	MethodTraffic      = "traffic equations"
	MethodJackson      = "Jackson product form"
	MethodBCMP         = "BCMP product form"
	MethodExactMVA     = "exact MVA"
	MethodMixedMVA     = "mixed MVA"
	MethodSchweitzer   = "Bard-Schweitzer AMVA"
	MethodLinearizer   = "Linearizer AMVA"
	MethodAsymptotic   = "asymptotic bound"
	MethodBalanced     = "balanced job bound"
	MethodPK           = "Pollaczek-Khinchine"
	MethodCobham       = "Cobham priority"
	MethodErlangC      = "Erlang C"
	MethodInsensitive  = "M/G/1-PS insensitivity"
	MethodMMcK         = "M/M/c/K"
	MethodErlangB      = "Erlang B (M/G/K/K)"
	MethodErlangA      = "Erlang-A"
	MethodMMcD         = "M/M/c+D"
	MethodQNA          = "QNA (Whitt 1983)"
	MethodKingman      = "Kingman"
	MethodWhittGG1     = "QNA GI/G/1 (Whitt 1983)"
	MethodAllenCunneen = "Allen-Cunneen"
	// MethodCTMC ("exact CTMC") is in ctmcnet.go.
)

// SolveNetwork returns every analytic value that applies to n, in a
// deterministic order: stations in the order of n.Stations, then
// "network"; within a station the classes in order, then "" (all classes);
// then the name; then the method. Several methods may give the same
// station, class and name (exact MVA beside its approximations).
//
// Which methods apply (S: service, c: servers, "exponential
// class-independent" = SCV 1 and the same mean for every class served):
//
//   - Every open network without finite capacity or patience: throughputs
//     and utilisations from the multi-class traffic equations with class
//     switching, exact.
//   - A single station (one station, no routing back to it) with Poisson
//     arrivals: delay → M/G/∞ (any law), with capacity K and one common
//     mean → Erlang B on K servers (insensitive); FCFS/SIRO exponential
//     class-independent → Erlang C; PS any c, LCFS-PR c = 1, any law →
//     insensitivity; FCFS/SIRO c = 1, any law → Pollaczek–Khinchine;
//     priority (non-preemptive or preemptive resume) c = 1 any law or c > 1
//     exponential class-independent → Cobham; capacity K with exponential
//     class-independent service → M/M/c/K; patience with exponential
//     class-independent service → Erlang-A (PatienceSCV 1) or M/M/c+D
//     (PatienceSCV 0). All exact. FCFS/SIRO otherwise (non-Poisson arrivals,
//     or c > 1 with general service) → Kingman (c = 1; "QNA GI/G/1" with
//     Whitt's correction when arrivals are smoother than Poisson) or
//     Allen–Cunneen (c > 1), approximate. A FCFS station with c = K is a
//     loss system → Erlang B, any law. A station with both capacity and
//     patience, or patience of another law, gets nothing. A single lossy
//     station's "network" rows are its own (throughput, loss share,
//     customers; the response of those admitted with blocking).
//   - An open network with Poisson arrivals whose every station is of a BCMP
//     type — delay or PS (any c, any law), LCFS-PR with c = 1 (any law),
//     FCFS/SIRO/LCFS-PR exponential class-independent — and has no
//     capacity, patience or priority: per-station product-form measures
//     ("Jackson product form" for one class with exponential service
//     everywhere, else "BCMP product form"), exact.
//   - Any other open network whose finite-server stations are all FCFS or
//     SIRO without capacity or patience: QNA, approximate, except for
//     FCFS/SIRO stations that only external Poisson flows reach (exact:
//     Pollaczek–Khinchine with one server, Erlang C with exponential
//     class-independent service).
//   - A one-class open network with Poisson arrivals and one station L
//     with capacity or patience: the stations L cannot reach, if they form
//     a Jackson network, and L itself (as a single station, its arrivals
//     being Poisson) when it cannot reach itself; exact. Nothing
//     downstream of L.
//   - A closed network (all classes closed) with no patience, no capacity
//     below the population and no priority station: exact MVA (exact when every
//     station is of a BCMP type, else marked inexact), Bard–Schweitzer and
//     Linearizer AMVA (approximate). One closed chain of delay and
//     single-server stations also gets asymptotic bounds, and balanced job
//     bounds when of BCMP type; with priority stations only the asymptotic
//     bounds (they hold for any work-conserving discipline).
//   - A mixed network (open and closed classes), BCMP type, Poisson
//     arrivals, delay and single-server stations only: mixed MVA
//     ([Lazowska] ch. 7), exact. Otherwise, if no station has capacity or
//     patience, only the open classes' throughputs and utilisations.
//   - Any network whose service laws are phase-type (Laws, or SCV 1),
//     with Poisson arrivals and exponential patience, whose closed classes
//     meet no capacity or patience, and whose chain fits: every measure
//     from its Markov chain (MethodCTMC, ctmcnet.go and package ctmc),
//     exact, beside the methods above.
//   - A network with fork/join sections (Forks) gets only their closed
//     forms (forkjoin.go): one open Poisson class through one fork of
//     k ≥ 2 homogeneous exponential FCFS single-server branches straight
//     to the join → Nelson–Tantawi, exact for k = 2, approximate beyond;
//     any other network with forks gets nothing.
//   - An open network with a class that is not a renewal stream of single
//     customers (MAP, Varying or Batch set): the traffic equations, every
//     delay station ("M_t/G/∞", exact for any arrival process by Little's
//     law), FCFS/SIRO stations only Poisson classes reach, and a single
//     FCFS server with batch-Poisson arrivals ("M^X/G/1"); arrivals.go.
//     A single FCFS station with Poisson arrivals and exponential
//     class-independent service also gets the p50/p90/p99 of the wait and
//     response ("M/M/c FCFS distribution", percentile.go).
//   - Anything else gets no metrics beyond the above.
//
// Service of infinite variance (SCV +Inf, e.g. Pareto with α ≤ 2) keeps
// every value that stays exact: throughputs and utilisations, the
// insensitive PS, LCFS-PR and delay figures, and for a single M/G/1 FCFS
// or SIRO station the Pollaczek–Khinchine mean wait, which is +Inf (as are
// the mean response and numbers that include it): the mean has no finite
// limit, and a simulation's running average of it grows without bound.
// QNA, Kingman and Allen–Cunneen need finite variances and are left out.
// +Inf is the only non-finite value SolveNetwork returns.
//
// Closed chains: classes that switch into one another form a chain
// ([BCMP]); its population is the sum of theirs, its reference station is
// the start station of its first class (or, if its customers never return
// there, the first station of the part of the network they cycle in; a
// chain that can settle in two separate parts is an error). The "network"
// figures of a closed class k are those of the N_k customers who start in
// it (as the simulator files them): a cycle runs from one arrival at k's
// start station to the next, in whatever class of the chain the customer
// is then; throughput = cycles per second of those customers =
// X·Σ_q v_(q, start)·N_k/N (X the chain's throughput at its reference
// node, v its visit ratios, N its population), mean_response = N_k over
// that, mean_in_system = N_k. Without class switching this is the class's
// throughput at its start station and its cycle time N/X. A class whose
// customers never come back to their start station, or that has no
// customers, has no "network" figures. For an open
// class, "network" figures are
// per customer who arrives from outside as that class: throughput = its
// arrival rate, mean_response = the sum over stations (and classes it
// switches into) of visits × per-visit response, mean_in_system by Little's
// law. The per-visit figures of PS and LCFS-PR stations have no
// mean_wait/mean_in_queue (customers are in service at once); priority
// preemptive stations have no mean_wait either (time before first service
// and time preempted are not one figure).
//
// Errors: the Validate error for an inconsistent network; *UnstableError
// when an open or mixed network has a station (no capacity, no patience)
// whose open-class utilisation is ≥ 1, naming the first such station. When
// exact MVA would exceed MVAStateLimit it is left out and the approximate
// methods are returned with a nil error.
func SolveNetwork(n Network) ([]NetMetric, error) {
	ms, _, err := SolveNetworkCTMCWhy(n)
	return ms, err
}

// SolveNetworkCTMCWhy is SolveNetwork that also says why the exact CTMC
// is not among the methods when it was tried and could not be used: the
// chain would pass CTMCOptions' limits (a *ctmc.TooLargeError, with the
// state count and what would shrink it), or it has no chain for one of the
// network's laws or features. ctmcWhy is nil when the chain's values are
// there, when the closed forms are exact (the chain is not tried) and
// when SkipCTMC is set.
func SolveNetworkCTMCWhy(n Network) (ms []NetMetric, ctmcWhy error, err error) {
	if err := n.Validate(); err != nil {
		return nil, nil, err
	}
	s, err := solveNetwork(n)
	if err != nil {
		return nil, nil, err
	}
	return s.out, otherMethods(s.ctmcErr, len(s.out)), nil
}

// solveNetwork is SolveNetwork's work: the solver with its values sorted.
func solveNetwork(n Network) (*netSolver, error) {
	if len(n.Forks) > 0 {
		return solveForkJoin(n)
	}
	s := &netSolver{n: n, m: len(n.Stations), r: len(n.Classes)}
	s.nodeResp = make([]float64, s.m*s.r)
	for i := range s.nodeResp {
		s.nodeResp[i] = math.NaN()
	}
	if n.beyond() && !n.randomRoutersOnly() {
		// Only what birthdeath.go solves exactly; the methods below would
		// ignore the features.
		if err := s.solveBeyond(); err != nil {
			return nil, err
		}
		s.addCTMC()
		s.sort()
		return s, nil
	}
	var err error
	switch open, closed := s.counts(); {
	case closed == 0:
		err = s.solveOpen()
	case open == 0:
		err = s.solveClosed()
	default:
		err = s.solveMixed()
	}
	if err != nil {
		return nil, err
	}
	s.addCTMC() // exact CTMC where the chain applies and fits (ctmcnet.go)
	for _, x := range s.out {
		if !finite(x.Value) && !math.IsInf(x.Value, 1) {
			return nil, fmt.Errorf("internal error: %s of station %q class %q by %s is %v", x.Name, x.Station, x.Class, x.Method, x.Value)
		}
	}
	s.sort()
	return s, nil
}

// netSolver collects the metrics of one SolveNetwork call.
type netSolver struct {
	n        Network
	m, r     int
	out      []NetMetric
	nodeResp []float64 // per-visit response per node (NaN: unknown)
	ctmcErr  error     // why the exact CTMC was tried and not used (addCTMC)
}

func (s *netSolver) counts() (open, closed int) {
	for _, c := range s.n.Classes {
		if c.open() {
			open++
		} else {
			closed++
		}
	}
	return open, closed
}

func (s *netSolver) add(station, class string, name queueing.Metric, v float64, method string, exact bool) {
	s.out = append(s.out, NetMetric{Station: station, Class: class, Name: name, Value: v, Method: method, Exact: exact})
}

func (s *netSolver) sort() {
	station := map[string]int{"network": s.m}
	for i, st := range s.n.Stations {
		station[st.Name] = i
	}
	class := map[string]int{"": s.r}
	for k, c := range s.n.Classes {
		class[c.Name] = k
	}
	slices.SortStableFunc(s.out, func(a, b NetMetric) int {
		return cmp.Or(cmp.Compare(station[a.Station], station[b.Station]),
			cmp.Compare(class[a.Class], class[b.Class]),
			cmp.Compare(a.Name, b.Name), cmp.Compare(a.Method, b.Method))
	})
}

// stationPerf is the per-visit performance of one station: per class the
// mean response time and, where the discipline gives it a meaning, the
// mean wait in queue (nil otherwise).
type stationPerf struct {
	resp, wait []float64
	method     string
	exact      bool
}

// emitStation adds the per-class and all-class measures of station i whose
// classes arrive at rates thr (per class; classes with 0 are skipped). With
// withFlow it also adds throughput and utilisation under perf's method; an
// approximate method's utilisations are scaled down so that they never add
// up to more than 1 (Linearizer with Seidmann's multi-server approximation
// can overshoot a saturated station by a few parts per million).
func (s *netSolver) emitStation(i int, thr []float64, perf stationPerf, withFlow bool) {
	st := s.n.Stations[i]
	var x, l, lq, u float64
	scale := 1.0 // an approximation may overshoot a saturated station: cap at 1
	if !st.delay() && !perf.exact {
		offered := 0.0
		for k := range s.n.Classes {
			offered += thr[k] * st.Mean[k] / float64(st.Servers)
		}
		scale = min(1, 1/offered)
	}
	for k, c := range s.n.Classes {
		if thr[k] <= 0 || st.Mean[k] == 0 {
			continue
		}
		s.nodeResp[k*s.m+i] = perf.resp[k]
		x += thr[k]
		l += thr[k] * perf.resp[k]
		if withFlow {
			s.add(st.Name, c.Name, queueing.Throughput, thr[k], perf.method, perf.exact)
			if !st.delay() {
				uk := scale * thr[k] * st.Mean[k] / float64(st.Servers)
				u += uk
				s.add(st.Name, c.Name, queueing.Utilization, uk, perf.method, perf.exact)
			}
		}
		s.add(st.Name, c.Name, queueing.MeanResponse, perf.resp[k], perf.method, perf.exact)
		s.add(st.Name, c.Name, queueing.MeanInSystem, thr[k]*perf.resp[k], perf.method, perf.exact)
		if perf.wait != nil {
			lq += thr[k] * perf.wait[k]
			s.add(st.Name, c.Name, queueing.MeanWait, perf.wait[k], perf.method, perf.exact)
			s.add(st.Name, c.Name, queueing.MeanInQueue, thr[k]*perf.wait[k], perf.method, perf.exact)
		}
	}
	if x == 0 {
		return
	}
	if withFlow {
		s.add(st.Name, "", queueing.Throughput, x, perf.method, perf.exact)
		if !st.delay() {
			s.add(st.Name, "", queueing.Utilization, u, perf.method, perf.exact)
		}
	}
	s.add(st.Name, "", queueing.MeanResponse, l/x, perf.method, perf.exact)
	s.add(st.Name, "", queueing.MeanInSystem, l, perf.method, perf.exact)
	if perf.wait != nil {
		s.add(st.Name, "", queueing.MeanWait, lq/x, perf.method, perf.exact)
		s.add(st.Name, "", queueing.MeanInQueue, lq, perf.method, perf.exact)
	}
}

// emitTraffic adds the exact throughputs and utilisations of the open
// classes from the node rates lam.
func (s *netSolver) emitTraffic(lam []float64) {
	for i, st := range s.n.Stations {
		var x, u float64
		closedHere := false // a closed class served here makes the all-class totals unknown
		for k, c := range s.n.Classes {
			closedHere = closedHere || (!c.open() && st.Mean[k] > 0)
		}
		for k, c := range s.n.Classes {
			l := lam[k*s.m+i]
			if l <= 0 || !c.open() {
				continue
			}
			x += l
			s.add(st.Name, c.Name, queueing.Throughput, l, MethodTraffic, true)
			if !st.delay() {
				uk := l * st.Mean[k] / float64(st.Servers)
				u += uk
				s.add(st.Name, c.Name, queueing.Utilization, uk, MethodTraffic, true)
			}
		}
		if x > 0 && !closedHere {
			s.add(st.Name, "", queueing.Throughput, x, MethodTraffic, true)
			if !st.delay() {
				s.add(st.Name, "", queueing.Utilization, u, MethodTraffic, true)
			}
		}
	}
}

// emitOpenNetwork adds the end-to-end figures of every open class whose
// visited nodes all have a per-visit response, and in a network without
// closed classes those of all classes together.
func (s *netSolver) emitOpenNetwork(method string, exact bool) {
	var lTotal, xTotal float64
	all := true
	for k, c := range s.n.Classes {
		if !c.open() {
			continue
		}
		visits, err := s.n.openVisits(k)
		if err != nil {
			return
		}
		t, ok := 0.0, true
		for x, v := range visits {
			if v > 0 && s.n.Stations[x%s.m].Router != "" {
				continue // a random router: no time there (birthdeath.go)
			}
			if v > 0 {
				ok = ok && !math.IsNaN(s.nodeResp[x])
				t += v * s.nodeResp[x]
			}
		}
		if !ok {
			all = false
			continue
		}
		s.add("network", c.Name, queueing.Throughput, c.Rate, MethodTraffic, true)
		s.add("network", c.Name, queueing.MeanResponse, t, method, exact)
		s.add("network", c.Name, queueing.MeanInSystem, c.Rate*t, method, exact)
		lTotal += c.Rate * t
		xTotal += c.Rate
	}
	if _, closed := s.counts(); all && xTotal > 0 && closed == 0 {
		s.add("network", "", queueing.Throughput, xTotal, MethodTraffic, true)
		s.add("network", "", queueing.MeanResponse, lTotal/xTotal, method, exact)
		s.add("network", "", queueing.MeanInSystem, lTotal, method, exact)
	}
}

// classLoads returns, for station i and node rates lam, the per-class
// arrival rates and the total offered load Σ λ_k·S_k.
func (s *netSolver) classLoads(i int, lam []float64) (thr []float64, load float64) {
	thr = make([]float64, s.r)
	for k := range s.r {
		thr[k] = lam[k*s.m+i]
		load += thr[k] * s.n.Stations[i].Mean[k]
	}
	return thr, load
}

// expUniform reports whether every class that visits station i (thr > 0)
// has exponential service with one common mean, and returns that mean (0,
// and true, when no class visits).
func (s *netSolver) expUniform(i int, thr []float64) (float64, bool) {
	st := s.n.Stations[i]
	mean := 0.0
	for k := range s.r {
		if thr[k] <= 0 {
			continue
		}
		if st.scv(k) != 1 || (mean != 0 && math.Abs(st.Mean[k]-mean) > 1e-12*mean) {
			return 0, false
		}
		mean = st.Mean[k]
	}
	return mean, true
}

// bcmpType reports whether station i is of a BCMP type for the classes with
// thr > 0, ignoring capacity and patience.
func (s *netSolver) bcmpType(i int, thr []float64) bool {
	st := s.n.Stations[i]
	switch {
	case st.delay() || st.Discipline == queueing.PS:
		return true
	case st.Discipline == queueing.LCFSPR && st.Servers == 1:
		return true
	case st.Discipline == queueing.Priority || st.Discipline == queueing.PreemptivePriority:
		return false
	}
	_, ok := s.expUniform(i, thr)
	return ok
}

// productFormPerf returns the per-visit measures of a BCMP-type station i
// offered per-class rates thr with total load a (= Σ λ_k S_k), given that
// it is stable, in isolation (the product-form marginal of [BCMP]):
// delay T = S; PS and LCFS-PR T_k = S_k·L/a with L the M/M/c number in
// system at load a (S_k/(1 − ρ) for c = 1); FCFS/SIRO exponential
// class-independent T = Wq + S with Wq of M/M/c.
func (s *netSolver) productFormPerf(i int, thr []float64, a float64) stationPerf {
	st := s.n.Stations[i]
	perf := stationPerf{resp: make([]float64, s.r)}
	switch {
	case st.delay():
		perf.wait = make([]float64, s.r)
		copy(perf.resp, st.Mean)
	case st.Discipline == queueing.PS || st.Discipline == queueing.LCFSPR:
		factor := 1.0 // L/a: the stretch factor of every class
		if a > 0 {
			factor = MMc{st.Servers, a, 1}.MeanNumberInSystem() / a
		}
		for k := range s.r {
			perf.resp[k] = st.Mean[k] * factor
		}
	default:
		mean, _ := s.expUniform(i, thr)
		total := 0.0
		for _, x := range thr {
			total += x
		}
		wq := 0.0
		if total > 0 {
			wq = MMc{st.Servers, total, 1 / mean}.MeanWait()
		}
		return s.waitPerf(i, wq, "")
	}
	return perf
}
