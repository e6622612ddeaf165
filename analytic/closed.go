package analytic

import "queuelab/des/queueing"

// The closed- and mixed-network parts of SolveNetwork: MVA in its exact and
// approximate forms, bounds, and mixed MVA.

// closedModel reduces the closed chains of the network to a ClosedModel:
// one MVA class per chain with demand Σ_{r∈chain} v_ri·S_ri at station i,
// divided by 1 − inflate[i] when inflate is not nil (mixed MVA).
func (s *netSolver) closedModel(chains []chain, inflate []float64) ClosedModel {
	c := ClosedModel{Servers: make([]int, s.m), Demand: make([][]float64, s.m), Population: make([]int, len(chains))}
	for i, st := range s.n.Stations {
		c.Servers[i] = st.Servers
		c.Demand[i] = make([]float64, len(chains))
		for ci, ch := range chains {
			for _, k := range ch.classes {
				c.Demand[i][ci] += ch.visits[k*s.m+i] * st.Mean[k]
			}
			if inflate != nil && !st.delay() {
				c.Demand[i][ci] /= 1 - inflate[i]
			}
		}
	}
	for ci, ch := range chains {
		c.Population[ci] = ch.population
	}
	return c
}

// closedSupported reports whether MVA models every station for a closed
// population of pop: no patience where customers wait and no capacity below
// pop. It also reports whether some station has a priority discipline.
func (s *netSolver) closedSupported(pop int) (ok, priority bool) {
	for _, st := range s.n.Stations {
		if (st.Patience > 0 && !st.delay()) || (st.Capacity > 0 && st.Capacity < pop) {
			return false, false
		}
		if !st.delay() && (st.Discipline == queueing.Priority || st.Discipline == queueing.PreemptivePriority) {
			priority = true
		}
	}
	return true, priority
}

// allBCMPVisited reports whether every station is of a BCMP type for the
// classes that visit it: open classes with a positive rate in lam (nil: no
// open classes) and the classes of the closed chains.
func (s *netSolver) allBCMPVisited(lam []float64, chains []chain) bool {
	for i := range s.n.Stations {
		visits := make([]float64, s.r)
		if lam != nil {
			for k := range s.r {
				visits[k] = lam[k*s.m+i]
			}
		}
		for _, ch := range chains {
			for _, k := range ch.classes {
				visits[k] += ch.visits[k*s.m+i]
			}
		}
		if !s.bcmpType(i, visits) {
			return false
		}
	}
	return true
}

func (s *netSolver) solveClosed() error {
	chains, err := s.n.closedChains()
	if err != nil {
		return err
	}
	model := s.closedModel(chains, nil)
	supported, priority := s.closedSupported(model.totalPopulation())
	if !supported {
		return nil
	}
	bcmp := !priority && s.allBCMPVisited(nil, chains)
	if len(chains) == 1 {
		s.emitBounds(chains[0], model, bcmp)
	}
	if priority {
		return nil
	}
	if res, err := model.ExactMVA(); err == nil {
		s.emitClosed(chains, model, res, MethodExactMVA, bcmp)
	}
	if res, err := model.Schweitzer(); err == nil {
		s.emitClosed(chains, model, res, MethodSchweitzer, false)
	}
	if res, err := model.Linearizer(); err == nil {
		s.emitClosed(chains, model, res, MethodLinearizer, false)
	}
	return nil
}

// emitBounds adds the asymptotic (and, for a BCMP network, balanced job)
// bounds of a single closed chain whose stations are delay or single-server
// stations. Response bounds are on the cycle time N/X (R + Z).
func (s *netSolver) emitBounds(ch chain, model ClosedModel, bcmp bool) {
	var demands []float64
	think := 0.0
	for i, cs := range model.Servers {
		switch cs {
		case queueing.Infinite:
			think += model.Demand[i][0]
		case 1:
			demands = append(demands, model.Demand[i][0])
		default:
			return
		}
	}
	// The bounds are on the chain's cycles at its reference node; the
	// "network" figures are those of the first class's customers (see
	// emitChains): their throughput is a share f of the chain's, and their
	// cycle time N_k/X_k = N/(X·v) with v their start station's visits.
	k := ch.classes[0]
	f, ok := s.startCycles(ch, k, 1)
	if !ok {
		return
	}
	v := f * float64(ch.population) / float64(s.n.Classes[k].Population)
	name := s.n.Classes[k].Name
	emit := func(b JobBounds, method string) {
		s.add("network", name, queueing.ThroughputLower, f*b.ThroughputLower, method, false)
		s.add("network", name, queueing.ThroughputUpper, f*b.ThroughputUpper, method, false)
		s.add("network", name, queueing.MeanResponseLower, (b.ResponseLower+think)/v, method, false)
		s.add("network", name, queueing.MeanResponseUpper, (b.ResponseUpper+think)/v, method, false)
	}
	if b, err := AsymptoticBounds(demands, think, ch.population); err == nil {
		emit(b, MethodAsymptotic)
	}
	if !bcmp {
		return
	}
	if b, err := BalancedJobBounds(demands, think, ch.population); err == nil {
		emit(b, MethodBalanced)
	}
}

// closedPerf returns, for station i, the per-class throughputs and
// per-visit measures of the closed classes from an MVA result on a model
// whose uninflated demands are model.Demand: a class r of chain c has
// throughput X_c·v_ri and per-visit response S_ri·R_ic/D_ic (every MVA
// residence is proportional to the demand).
func (s *netSolver) closedPerf(i int, chains []chain, model ClosedModel, res MVAResult) ([]float64, stationPerf) {
	st := s.n.Stations[i]
	thr := make([]float64, s.r)
	perf := stationPerf{resp: make([]float64, s.r)}
	if st.delay() || (st.Discipline != queueing.PS && st.Discipline != queueing.LCFSPR) {
		perf.wait = make([]float64, s.r)
	}
	for ci, ch := range chains {
		d := model.Demand[i][ci]
		if d == 0 {
			continue
		}
		stretch := res.Residence[i][ci] / d
		for _, k := range ch.classes {
			thr[k] = res.Throughput[ci] * ch.visits[k*s.m+i]
			perf.resp[k] = st.Mean[k] * stretch
			if perf.wait != nil {
				perf.wait[k] = max(perf.resp[k]-st.Mean[k], 0)
			}
		}
	}
	return thr, perf
}

// emitClosed adds every station's measures and each chain's end-to-end
// figures from one MVA result.
func (s *netSolver) emitClosed(chains []chain, model ClosedModel, res MVAResult, method string, exact bool) {
	for i := range s.n.Stations {
		thr, perf := s.closedPerf(i, chains, model, res)
		perf.method, perf.exact = method, exact
		s.emitStation(i, thr, perf, true)
	}
	s.emitChains(chains, res, method, exact)
}

// emitChains adds the "network" figures of every closed class with
// customers: those of the customers who start in it, whose cycle runs from
// one arrival at the class's start station to the next, in whatever class
// of the chain they are then (the simulator's definition, see
// SolveNetwork).
func (s *netSolver) emitChains(chains []chain, res MVAResult, method string, exact bool) {
	for ci, ch := range chains {
		s.emitChain(ch, res.Throughput[ci], method, exact)
	}
}

// emitChain adds the "network" figures of each class of chain ch, given
// the chain's throughput x at its reference node.
func (s *netSolver) emitChain(ch chain, x float64, method string, exact bool) {
	for _, k := range ch.classes {
		xk, ok := s.startCycles(ch, k, x)
		if !ok {
			continue
		}
		s.addCycles(k, s.n.Classes[k].Name, xk, method, exact)
	}
}

// addCycles adds closed class k's "network" figures (shown as class):
// its cycles per second x, the cycle time N/x and its population N.
func (s *netSolver) addCycles(k int, class string, x float64, method string, exact bool) {
	pop := float64(s.n.Classes[k].Population)
	s.add("network", class, queueing.Throughput, x, method, exact)
	s.add("network", class, queueing.MeanResponse, pop/x, method, exact)
	s.add("network", class, queueing.MeanInSystem, pop, method, exact)
}

// startCycles returns the rate at which the customers who start in closed
// class k of chain ch complete cycles back to k's start station, given
// the chain's throughput x at its reference node: every customer of a
// chain moves by the same routing, so in the long run each visits the
// start station (in any class of the chain) at the rate
// x·Σ_q v_(q, start)/N, and the class's N_k customers together at N_k/N of
// the chain's rate. ok is false when the class has no customers or its
// customers never return to their start station.
func (s *netSolver) startCycles(ch chain, k int, x float64) (float64, bool) {
	c := s.n.Classes[k]
	visits := 0.0
	for _, q := range ch.classes {
		visits += ch.visits[q*s.m+c.Start]
	}
	if c.Population == 0 || visits == 0 {
		return 0, false
	}
	return x * visits * (float64(c.Population) / float64(ch.population)), true
}

// mixedApplies reports whether mixed MVA is exact for the network: Poisson
// arrivals, every station of a BCMP type with delay or one server, no
// capacity or patience.
func (s *netSolver) mixedApplies(lam []float64, chains []chain) bool {
	if !s.poisson() || !s.allBCMPVisited(lam, chains) {
		return false
	}
	for i, st := range s.n.Stations {
		if st.Servers > 1 || s.limited(i) {
			return false
		}
	}
	return true
}

// solveMixed solves a network with open and closed classes by mixed MVA
// ([Lazowska] ch. 7; [BCMP]): the open classes take a share U_i of each
// single-server station, which stretches the closed demands to
// D_ic/(1 − U_i); exact MVA (Linearizer beyond MVAStateLimit, then marked
// inexact) solves the closed chains; an open class then sees a per-visit
// response S_ri·(1 + Q_i)/(1 − U_i), with Q_i the closed customers there.
func (s *netSolver) solveMixed() error {
	lam, err := s.stableOpenRates()
	if err != nil {
		return err
	}
	chains, err := s.n.closedChains()
	if err != nil {
		return err
	}
	if !s.mixedApplies(lam, chains) {
		for i := range s.n.Stations {
			if s.limited(i) {
				return nil // losses change the flows
			}
		}
		s.emitTraffic(lam)
		return nil
	}
	openU := make([]float64, s.m)
	for i, st := range s.n.Stations {
		if !st.delay() {
			_, openU[i] = s.classLoads(i, lam)
		}
	}
	method, exact := MethodMixedMVA, true
	res, err := s.closedModel(chains, openU).ExactMVA()
	if err != nil {
		method, exact = MethodMixedMVA+" (Linearizer)", false
		if res, err = s.closedModel(chains, openU).Linearizer(); err != nil {
			return nil
		}
	}
	model := s.closedModel(chains, nil)
	for i, st := range s.n.Stations {
		thr, perf := s.closedPerf(i, chains, model, res)
		perf.method, perf.exact = method, exact
		closedQ := 0.0
		for ci := range chains {
			closedQ += res.QueueLength[i][ci]
		}
		for k, c := range s.n.Classes {
			if !c.open() {
				continue
			}
			thr[k] = lam[k*s.m+i]
			perf.resp[k] = st.Mean[k]
			if !st.delay() {
				perf.resp[k] = st.Mean[k] * (1 + closedQ) / (1 - openU[i])
			}
			if perf.wait != nil {
				perf.wait[k] = perf.resp[k] - st.Mean[k]
			}
		}
		s.emitStation(i, thr, perf, true)
	}
	s.emitChains(chains, res, method, exact)
	s.emitOpenNetwork(method, exact)
	return nil
}
