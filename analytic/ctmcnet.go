package analytic

import (
	"fmt"
	"strings"

	"queuelab/analytic/ctmc"
	"queuelab/des/queueing"
)

// MethodCTMC names the values read from the network's continuous-time
// Markov chain (package ctmc).
const MethodCTMC = "exact CTMC"

// CTMCOptions are the options SolveNetwork gives the CTMC solver: the
// residual test of package ctmc (1e-13), a truncation tolerance of 1e-12
// instead of 1e-9, so that values of open networks agree with the closed
// forms to a relative 1e-9 (the mass cut moves a mean by about the level
// times the mass), and, since net run, net solve and the live page wait
// for it, at most 2.5·10⁶ states (ctmc.Solve's own limit) and 10¹⁰
// transitions read by the solver (BENCHMARKS.md: about 200 sweeps of the
// 2.4·10⁶-state network measured there; 1.7·10⁶ states take about 15 CPU
// s, about half of it on a second core beside the rest).
var CTMCOptions = ctmc.Options{Tol: 1e-12, MaxStates: ctmc.DefaultMaxStates, MaxWork: 1e10}

// CTMCModel returns n as the CTMC solver takes it, or an error saying why
// the chain does not apply: a service, patience or arrival law that is not
// phase-type, renewal arrivals that are not Poisson, non-exponential
// patience, or a feature the chain does not model (ctmcfeatures.go: the
// station features, MAP arrivals and fork/join sections it maps, and the
// ones it refuses). The model has no initial state (CTMCTransient sets it).
// A class arriving at a random router is split into one class per target
// (ctmcsplit.go): the model then has more classes than n, the copies after
// n's, named as their class; NetworkCTMC adds their results back.
func (n Network) CTMCModel() (*ctmc.Model, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	routing, err := n.ctmcRouting()
	if err != nil {
		return nil, err
	}
	m, r := len(n.Stations), len(n.Classes)
	out := &ctmc.Model{Stations: make([]ctmc.Station, m), Classes: make([]ctmc.Class, r), Routing: routing}
	for i, st := range n.Stations {
		cs := ctmc.Station{Name: st.Name, Servers: ctmcServers(st.Servers), Capacity: st.Capacity, Service: make([]*ctmc.PH, r),
			Discipline: ctmcDisciplines[st.Discipline]}
		if err := n.ctmcFeatures(i, &cs); err != nil {
			return nil, err
		}
		for k := range r {
			if st.Mean[k] == 0 {
				continue
			}
			ph, err := st.servicePH(k)
			if err != nil {
				return nil, fmt.Errorf("station %q, class %q: %v", st.Name, n.Classes[k].Name, err)
			}
			cs.Service[k] = ph
		}
		if st.Patience > 0 {
			law := st.PatienceLaw
			if law.Name == "" && st.PatienceSCV == 1 {
				law.Name = "exp"
			}
			if law.Name != "exp" {
				return nil, fmt.Errorf("station %q: %s patience; the chain takes exponential patience only", st.Name, orLaw(law.Name, st.PatienceSCV))
			}
			cs.Patience = 1 / st.Patience
		}
		out.Stations[i] = cs
	}
	for k, c := range n.Classes {
		cc := ctmc.Class{Name: c.Name, Rate: c.Rate, Source: c.Source, Population: c.Population, Start: c.Start}
		if err := n.ctmcClass(k, &cc); err != nil {
			return nil, err
		}
		out.Classes[k] = cc
		if c.open() {
			continue
		}
		for _, x := range n.reachable(k*m + c.Start) {
			if st := n.Stations[x%m]; st.Capacity > 0 || st.Patience > 0 || st.JoinProbability != nil {
				return nil, fmt.Errorf("closed class %q reaches station %q, which has a capacity, patience or join probabilities: its customers would leave the network, which a closed class cannot", c.Name, st.Name)
			}
		}
	}
	if err := n.ctmcForks(out); err != nil {
		return nil, err
	}
	if err := n.splitRouterArrivals(out); err != nil {
		return nil, err
	}
	return out, nil
}

var ctmcDisciplines = [...]ctmc.Discipline{queueing.FCFS: ctmc.FCFS, queueing.LCFSPR: ctmc.LCFSPR, queueing.PS: ctmc.PS, queueing.SIRO: ctmc.SIRO,
	queueing.Priority: ctmc.PriorityNP, queueing.PreemptivePriority: ctmc.PriorityPR}

// ctmcServers returns the server count in package ctmc's convention, where
// 0 is a delay station.
func ctmcServers(servers int) int {
	if queueing.IsDelay(servers) {
		return 0
	}
	return servers
}

func orLaw(name string, scv float64) string {
	if name != "" {
		return name
	}
	return fmt.Sprintf("a law known only by its SCV %g", scv)
}

// servicePH returns the phase-type service law of class k.
func (s NetStation) servicePH(k int) (*ctmc.PH, error) {
	if s.Laws != nil && s.Laws[k].Name != "" {
		if s.Laws[k].PH == nil {
			return nil, fmt.Errorf("%s service is not phase-type, so it has no Markov chain", s.Laws[k].Name)
		}
		return s.Laws[k].PH, nil
	}
	if s.scv(k) != 1 {
		return nil, fmt.Errorf("service known only by mean and SCV %g, not as a phase-type law", s.scv(k))
	}
	ph := ctmc.Exponential(s.Mean[k])
	return &ph, nil
}

// NetworkCTMC solves the chain of n with CTMCOptions (or n.CTMC): the error says why
// it does not apply (a *CTMCNotApplicableError: CTMCModel or the chain's
// model checks refused n) or why the chain refused to solve it
// (*ctmc.TooLargeError, or no convergence, a deadlock …).
func NetworkCTMC(n Network) (*ctmc.Solution, error) {
	m, err := n.CTMCModel()
	if err != nil {
		return nil, &CTMCNotApplicableError{Err: err}
	}
	opt := CTMCOptions
	if n.CTMC != nil {
		opt = *n.CTMC
	}
	sol, err := ctmc.Solve(m, opt) // validates m first
	if err != nil {
		// The model checks run once, in Solve, on the way to a solution;
		// only a failed solve asks again whether they refused m, to tell
		// a chain that does not apply from one that would not solve.
		if verr := m.Validate(); verr != nil {
			return nil, &CTMCNotApplicableError{Err: verr}
		}
		return nil, err
	}
	foldCopies(m, len(n.Classes), sol.Stations)
	return sol, nil
}

// addCTMC adds the exact CTMC values of n when its chain applies and fits:
// the measures, the chain's size (ctmc_states) and, when open classes
// were truncated, the estimated probability mass cut (ctmc_mass_cut),
// under "network"; at a single FCFS station the percentiles of each
// class's wait and response time (p50_wait … p99_response).
func (s *netSolver) addCTMC() {
	if s.n.SkipCTMC || (!s.n.ForceCTMC && s.closedFormsSuffice()) {
		return
	}
	sol, err := NetworkCTMC(s.n)
	if err != nil {
		s.ctmcErr = err
		return
	}
	s.emitCTMC(sol.Stations)
	if len(s.n.Forks) > 0 {
		s.ctmcForkJoin(sol)
	} else {
		s.ctmcNetwork(sol.Stations)
	}
	s.add("network", "", "ctmc_states", float64(sol.States), MethodCTMC, true)
	if sol.Level > 0 {
		s.add("network", "", "ctmc_mass_cut", sol.MassCut, MethodCTMC, true)
	}
	s.ctmcPercentiles(sol)
}

// CTMCPercentiles are the probabilities at which net solve gives the
// percentiles of the wait and the response time.
var CTMCPercentiles = []float64{0.5, 0.9, 0.99}

func (s *netSolver) ctmcPercentiles(sol *ctmc.Solution) {
	if s.m != 1 {
		return
	}
	st := s.n.Stations[0]
	for k, c := range s.n.Classes {
		pc, err := sol.ResponsePercentiles(k, CTMCPercentiles)
		if err != nil || st.Mean[k] == 0 {
			continue
		}
		for j, p := range pc.P {
			tag := fmt.Sprintf("p%g_", 100*p)
			s.add(st.Name, c.Name, queueing.Metric(tag+"wait"), pc.Wait[j], MethodCTMC, true)
			s.add(st.Name, c.Name, queueing.Metric(tag+"response"), pc.Response[j], MethodCTMC, true)
		}
	}
}

// ctmcNode is the figures of one station and class (or all classes).
type ctmcNode struct {
	x, busy, l, lq, fresh, offered, lost, ab float64
	balked                                   float64 // arrivals per s that found room and did not join
	blocked                                  float64 // servers held by a blocked customer (busy to the simulator)
}

// ctmcNodeOf is class k's figures in a station's results r.
func ctmcNodeOf(r ctmc.StationResult, k int) ctmcNode {
	return ctmcNode{r.Throughput[k], r.Busy[k], r.InSystem[k], r.InQueue[k], r.Waiting[k], r.Offered[k], r.Lost[k], r.Abandoned[k], r.Balked[k], r.Blocked[k]}
}

func (a *ctmcNode) plus(b ctmcNode) {
	a.x, a.busy, a.l, a.lq = a.x+b.x, a.busy+b.busy, a.l+b.l, a.lq+b.lq
	a.fresh, a.offered, a.lost, a.ab = a.fresh+b.fresh, a.offered+b.offered, a.lost+b.lost, a.ab+b.ab
	a.balked += b.balked
	a.blocked += b.blocked
}

// emitCTMC adds the per-station figures of the chain's results.
func (s *netSolver) emitCTMC(results []ctmc.StationResult) {
	br := s.n.bufferRouters()
	for i, st := range s.n.Stations {
		res := results[i]
		var all ctmcNode
		served := false
		for k, c := range s.n.Classes {
			if (st.Mean[k] == 0 && !br[i]) || (res.Offered[k] == 0 && res.InSystem[k] == 0) {
				continue
			}
			nd := ctmcNodeOf(res, k)
			s.ctmcRow(st, c.Name, nd)
			all.plus(nd)
			served = true
		}
		if served {
			s.ctmcRow(st, "", all)
		}
	}
}

// ctmcFirstRows adds the rows every station's chain figures begin with,
// at steady state or at a time t: throughput, utilization (counting the
// servers held by a customer blocked after service as busy, as the
// simulator does) and mean_in_system. It returns the adder of the rows
// that follow, for the same station and class.
func (s *netSolver) ctmcFirstRows(st NetStation, class string, nd ctmcNode) func(queueing.Metric, float64) {
	add := func(name queueing.Metric, v float64) { s.add(st.Name, class, name, v, MethodCTMC, true) }
	add(queueing.Throughput, nd.x)
	if !st.delay() {
		add(queueing.Utilization, (nd.busy+nd.blocked)/float64(st.Servers))
	}
	add(queueing.MeanInSystem, nd.l)
	return add
}

// ctmcRow adds the rows of one station and class: utilization counts the
// servers held by a customer blocked after service as busy, as the
// simulator does; mean_response only
// without patience (those who abandon have no response time), mean_wait
// and mean_in_queue where customers can wait (not PS or delay; the number
// in queue counts preempted customers too), but no mean_wait at a
// preemptive-priority station, as for Cobham's formulas (the wait before
// the first start is not all the waiting there).
func (s *netSolver) ctmcRow(st NetStation, class string, nd ctmcNode) {
	add := s.ctmcFirstRows(st, class, nd)
	admitted := nd.offered - nd.lost - nd.balked
	if st.Patience == 0 && nd.x > 0 {
		add(queueing.MeanResponse, nd.l/nd.x)
	}
	if !st.delay() && st.Discipline != queueing.PS {
		add(queueing.MeanInQueue, nd.lq)
		if admitted > 0 && st.Discipline != queueing.PreemptivePriority {
			add(queueing.MeanWait, nd.fresh/admitted)
		}
	}
	if (st.Capacity > 0 || st.Buffer > 0) && nd.offered > 0 {
		add(queueing.PLoss, nd.lost/nd.offered)
	}
	if st.JoinProbability != nil && nd.offered > 0 {
		add(queueing.PBalk, nd.balked/nd.offered)
	}
	if st.Patience > 0 && admitted > 0 {
		add(queueing.PAbandon, nd.ab/admitted)
	}
}

// ctmcNetwork adds the end-to-end figures: for each closed class, those
// of the customers who start in it (cycles back to its start station, as
// emitChains defines them), the cycle time N_k/X_k and N_k; for each open class whose customers never mix with
// another open class's (through class switching), and for all classes
// together in an open network, the exits per second, the mean number in
// the network, the shares lost and abandoned per arrival, and, where
// nobody abandons and nobody is lost after entering, the mean time from
// arrival to exit (L over the exits, by Little's law).
func (s *netSolver) ctmcNetwork(sol []ctmc.StationResult) {
	open, closed := s.counts()
	var any anyLoss
	for _, st := range s.n.Stations {
		any.cap = any.cap || st.Capacity > 0 || (st.Buffer > 0 && open > 0)
		any.pat = any.pat || st.Patience > 0
		any.balk = any.balk || st.JoinProbability != nil
	}
	if chains, err := s.n.closedChains(); err == nil {
		for _, ch := range chains {
			x := sol[ch.ref%s.m].Throughput[ch.ref/s.m]
			if x <= 0 {
				continue
			}
			s.emitChain(ch, x, MethodCTMC, true)
		}
	}
	var total ctmcFlow
	mixing := false
	for k, c := range s.n.Classes {
		if !c.open() {
			continue
		}
		f, ok := s.ctmcOpenFlow(sol, k)
		if !ok {
			mixing = true
			continue
		}
		s.emitFlow(c.Name, f, any)
		total.plus(f)
	}
	if open > 0 && closed == 0 && !mixing {
		s.emitFlow("", total, any)
	}
}

// anyLoss says which shares of lost customers the network reports, as
// the simulator does: p_loss where a station has a capacity (or a buffer
// open customers can find full), counting balks too; p_abandon where one
// has a patience; p_balk where one has join probabilities and none a
// capacity.
type anyLoss struct{ cap, pat, balk bool }

// ctmcFlow is the end-to-end account of open customers (lost counts the
// balked too).
type ctmcFlow struct {
	entered, exits, l, lost, ab float64
	lateLoss                    bool // someone can be lost or abandon after entering
}

func (a *ctmcFlow) plus(b ctmcFlow) {
	a.entered, a.exits, a.l, a.lost, a.ab = a.entered+b.entered, a.exits+b.exits, a.l+b.l, a.lost+b.lost, a.ab+b.ab
	a.lateLoss = a.lateLoss || b.lateLoss
}

// ctmcOpenFlow sums the figures of the nodes open class k's customers can
// reach (as any class); ok is false when another open class reaches one of
// them too (then the figures cannot be told apart by entering class).
func (s *netSolver) ctmcOpenFlow(sol []ctmc.StationResult, k int) (f ctmcFlow, ok bool) {
	c := s.n.Classes[k]
	nodes := s.n.reachable(k*s.m + c.Source)
	mine := make([]bool, s.m*s.r)
	for _, x := range nodes {
		mine[x] = true
	}
	for j, o := range s.n.Classes {
		if j != k && o.open() && mine[j*s.m+o.Source] {
			return f, false
		}
	}
	for j, o := range s.n.Classes {
		if j != k && o.open() {
			for _, x := range s.n.reachable(j*s.m + o.Source) {
				if mine[x] {
					return f, false
				}
			}
		}
	}
	f.entered = c.Rate
	for _, x := range nodes {
		cl, i := x/s.m, x%s.m
		res, st := sol[i], s.n.Stations[i]
		left := 1.0
		for _, p := range s.n.Routing[x] {
			left -= p
		}
		if left > routingTolerance {
			f.exits += res.Throughput[cl] * left
		}
		f.l += res.InSystem[cl]
		f.lost += res.Lost[cl] + res.Balked[cl]
		f.ab += res.Abandoned[cl]
		f.lateLoss = f.lateLoss || st.Patience > 0 || ((st.Capacity > 0 || st.JoinProbability != nil) && s.routedInto(nodes, x))
	}
	return f, true
}

// routedInto reports whether any node of nodes routes into node x, a
// router only if something routes into it (a router holds nobody, so
// those it sends on straight from outside have spent no time yet; routers
// in a cycle are refused by CTMCModel).
func (s *netSolver) routedInto(nodes []int, x int) bool {
	for _, y := range nodes {
		if s.n.Routing[y][x] > 0 && (!s.n.router(y) || s.routedInto(nodes, y)) {
			return true
		}
	}
	return false
}

func (s *netSolver) emitFlow(class string, f ctmcFlow, any anyLoss) {
	add := func(name queueing.Metric, v float64) { s.add("network", class, name, v, MethodCTMC, true) }
	add(queueing.Throughput, f.exits)
	add(queueing.MeanInSystem, f.l)
	if !f.lateLoss && f.exits > 0 {
		add(queueing.MeanResponse, f.l/f.exits)
	}
	if any.cap {
		add(queueing.PLoss, f.lost/f.entered)
	}
	if any.pat {
		add(queueing.PAbandon, f.ab/f.entered)
	}
	if any.balk && !any.cap {
		add(queueing.PBalk, f.lost/f.entered)
	}
}

// CTMCOnly reports whether a metric name is one only the exact CTMC gives,
// with no simulated counterpart: the chain's size and mass cut, and the
// wait and response percentiles (p50_wait … p99_response).
func CTMCOnly(name queueing.Metric) bool {
	if strings.HasPrefix(string(name), "ctmc_") {
		return true
	}
	for _, p := range CTMCPercentiles {
		tag := fmt.Sprintf("p%g_", 100*p)
		if name == queueing.Metric(tag+"wait") || name == queueing.Metric(tag+"response") {
			return true
		}
	}
	return false
}

// PreferClosedForms drops every exact-CTMC value whose station, class and
// name another exact method also gives: the two agree to a relative 1e-9
// (a test over the examples holds them to it), so one exact reference is
// enough, and the closed form, the one a lesson names, stays. Where no
// closed form is exact the chain's value is kept; so is every approximate
// value. net run's verdicts and the network page use this one rule.
func PreferClosedForms(ms []NetMetric) []NetMetric {
	type key struct {
		station, class string
		name           queueing.Metric
	}
	closed := map[key]bool{}
	for _, m := range ms {
		if m.Exact && m.Method != MethodCTMC {
			closed[key{m.Station, m.Class, m.Name}] = true
		}
	}
	out := make([]NetMetric, 0, len(ms))
	for _, m := range ms {
		if m.Method == MethodCTMC && closed[key{m.Station, m.Class, m.Name}] {
			continue
		}
		out = append(out, m)
	}
	return out
}

// closedFormsSuffice reports whether the chain could add no exact value:
// a network of several stations, none with a capacity or a patience, in
// which every station the closed forms describe has an exact mean
// response from them (a product-form network solved by Jackson, BCMP or
// exact MVA). PreferClosedForms would drop every value of the chain there,
// and solving it costs seconds (jackson-feedback: 6.4 s) on every live
// change of the network page; Network.ForceCTMC solves it all the same.
// A single station always gets its chain: its percentiles are the chain's
// own.
//
// A network with station features (random routers aside), forks or
// arrivals that are not a renewal process always gets its chain: the
// closed forms give few of its values exactly, if any.
func (s *netSolver) closedFormsSuffice() bool {
	if s.m < 2 || len(s.n.Forks) > 0 || (s.n.beyond() && !s.n.randomRoutersOnly()) {
		return false
	}
	for _, c := range s.n.Classes {
		if !c.renewal() {
			return false
		}
	}
	for _, st := range s.n.Stations {
		if st.Capacity > 0 || st.Patience > 0 {
			return false
		}
	}
	described := map[string]bool{}
	exact := map[string]bool{}
	for _, x := range s.out {
		described[x.Station] = true
		if x.Exact && x.Class == "" && x.Name == queueing.MeanResponse {
			exact[x.Station] = true
		}
	}
	for _, st := range s.n.Stations {
		if described[st.Name] && !exact[st.Name] && st.Router == "" { // a router has its throughput only
			return false
		}
	}
	return len(exact) > 0
}
