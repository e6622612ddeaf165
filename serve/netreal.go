package serve

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/model/dist"
	"queuelab/model/network"
	"queuelab/validate/estimate"
)

// maxDrawn bounds the customers per station listed in a snapshot (the
// page draws at most a dozen queue slots; Count stays exact).
const maxDrawn = 64

// liveServices are the service laws the page offers: the same mean with
// squared coefficient of variation 1, 0 and DefaultCV² — what depends on
// variability (FCFS waits, Pollaczek–Khinchine) and what does not (PS,
// delay stations, Erlang's loss formula).
var liveServices = []string{"exp", "det", "hyperexp"}

// liveDisciplines are the disciplines the page offers, by their file names:
// every discipline there is.
var liveDisciplines = queueing.DisciplineNames()

// OpenNetwork is the NetOpener of the real simulator: it parses src with
// network.Parse and simulates it with network.Sim (seeded with seed, PCG
// streams). Estimates are validate's batch-means ratio estimates over the
// Sim's observation windows since the last change, after an MSER-5
// warm-up; the analytic values are analytic.SolveNetwork's.
func OpenNetwork(name string, src []byte, seed uint64) (NetLive, error) {
	n, err := network.Parse(name, src)
	if err != nil {
		return nil, err
	}
	if err := withinBudget(n); err != nil {
		return nil, err
	}
	l := &liveNet{seed: seed, header: leadingComments(src)}
	if err := l.restart(n, 0); err != nil {
		return nil, err
	}
	return l, nil
}

// liveNet adapts network.Sim to NetLive. A change of discipline cannot be
// made to a running des.Station, so it starts a new Sim of the changed
// network, empty, whose clock continues from where the old one stopped
// (offset).
type liveNet struct {
	sim      *network.Sim
	seed     uint64
	offset   float64 // simulated seconds before the current Sim started
	header   string  // the file's leading comment lines
	unit     float64
	analytic *NetAnalytic // cached until the next change
	// names are the stations' names in order, as the Sim was started
	// with (a change of stations starts a new Sim: restart).
	names []string
	// fileKey is TransientKey's hash of File, nil after a change.
	fileKey *[32]byte
}

func (l *liveNet) restart(n *network.Network, offset float64) error {
	unit := 0.0
	for i := range n.Stations {
		for _, c := range n.Classes {
			if d := n.Stations[i].ServiceOf(c.Name); d.Given() {
				unit = max(unit, d.MeanValue())
			}
		}
	}
	if !(unit > 0) {
		unit = 1
	}
	sim, err := network.New(n, network.Options{Seed: l.seed, Generator: des.PCG, Window: unit})
	if err != nil {
		return err
	}
	l.sim, l.offset, l.unit, l.analytic, l.fileKey = sim, offset, unit, nil, nil
	l.names = l.names[:0]
	for _, st := range n.Stations {
		l.names = append(l.names, st.Name)
	}
	return nil
}

func (l *liveNet) Now() float64 { return l.offset + l.sim.Now() }

func (l *liveNet) RunUntil(t float64) error { return l.sim.RunUntil(max(t-l.offset, l.sim.Now())) }

func (l *liveNet) Graph() NetGraph {
	n := l.sim.Network()
	g := NetGraph{Name: n.Name, Unit: l.unit, Choices: NetChoices{Disciplines: liveDisciplines, Services: liveServices}}
	for _, c := range n.Classes {
		nc := NetClass{Name: c.Name, Population: c.Population, To: c.Start}
		if c.Open() {
			nc.Rate, nc.To = c.Arrivals.Rate(), c.Arrivals.To
			describeArrivals(&nc, c.Arrivals)
		}
		g.Classes = append(g.Classes, nc)
	}
	for i := range n.Stations {
		s := &n.Stations[i]
		ns := NetStation{Name: s.Name, Servers: s.Servers, Capacity: s.Capacity, Discipline: s.Discipline.String()}
		if s.Capacity == 0 {
			ns.Capacity = -1
		}
		if s.Servers == des.Infinite {
			ns.Servers, ns.Discipline = -1, "delay"
		}
		forkGraph(&ns, s)
		for _, c := range n.Classes {
			if d := s.ServiceOf(c.Name); d.Given() {
				ns.Service = append(ns.Service, NetService{Class: c.Name, Dist: d.Name(), Mean: d.MeanValue(), SCV: d.SCV()})
			}
		}
		ns.NetStationFeatures = graphFeatures(s)
		g.Stations = append(g.Stations, ns)
	}
	g.Routes = append(graphRoutes(n), routerRoutes(n)...)
	return g
}

// graphRoutes lists the routes, with what each (class, station) row leaves
// as a route to "" (out of the network). A row of every class (Class "")
// stays one route.
func graphRoutes(n *network.Network) []NetRoute {
	var out []NetRoute
	type row struct{ class, from string }
	sum := map[row]float64{}
	var order []row
	for _, r := range n.Routes {
		k := row{r.Class, r.From}
		if _, ok := sum[k]; !ok {
			order = append(order, k)
		}
		sum[k] += r.Prob
		out = append(out, NetRoute{From: r.From, To: r.To, Class: r.Class, P: r.Prob})
	}
	out = append(out, forkRoutes(n)...)
	open := false
	for _, c := range n.Classes {
		open = open || c.Open()
	}
	if !open {
		return out
	}
	for i := range n.Stations {
		k := row{"", n.Stations[i].Name}
		if n.Stations[i].Kind == network.Fork {
			continue // its tasks never leave from here
		}
		if _, ok := sum[k]; !ok && !hasClassRows(n, k.from) && n.Stations[i].LB == nil {
			order = append(order, k) // no row: everything leaves
		}
	}
	for _, k := range order {
		if rest := 1 - sum[k]; rest > 1e-9 {
			out = append(out, NetRoute{From: k.from, Class: k.class, P: rest})
		}
	}
	return out
}

func hasClassRows(n *network.Network, from string) bool {
	for _, r := range n.Routes {
		if r.From == from {
			return true
		}
	}
	return false
}

func (l *liveNet) Snapshot() NetSnapshot {
	snap := l.sim.Snapshot()
	out := NetSnapshot{Time: l.offset + snap.Time, Stations: make([]NetStationSnap, len(snap.Stations))}
	for i, st := range snap.Stations {
		s := NetStationSnap{Servers: st.Servers, Blocked: st.Blocked}
		if st.Servers == des.Infinite {
			s.Servers = -1
		}
		s.InService, s.Count = expand(st.InService, s.Count)
		s.Waiting, s.Count = expand(st.Waiting, s.Count)
		s.PerClass = make([]int, len(st.Waiting))
		for r := range s.PerClass {
			s.PerClass[r] = st.Waiting[r] + st.InService[r]
		}
		out.Stations[i] = s
	}
	return out
}

// expand turns per-class counts into a list of class indices (at most
// maxDrawn) and adds the counts to total.
func expand(counts []int, total int) ([]int, int) {
	out := []int{}
	for r, k := range counts {
		for j := 0; j < k && len(out) < maxDrawn; j++ {
			out = append(out, r)
		}
		total += k
	}
	return out, total
}

func (l *liveNet) Estimates() []NetEstimate {
	res := l.sim.Result(network.AutoWarmup, 0)
	out := make([]NetEstimate, 0, len(res.Metrics))
	for _, m := range res.Metrics {
		e := estimate.Ratio(string(m.Name), m.Num, m.Den)
		out = append(out, NetEstimate{Station: m.Station, Class: m.Class, Name: string(m.Name), Mean: e.Mean, HalfWidth: e.HalfWidth, SE: e.SE, K: e.K, Measured: res.Measured})
	}
	return out
}

func (l *liveNet) Analytic() NetAnalytic {
	if l.analytic != nil {
		return *l.analytic
	}
	var a NetAnalytic
	an, err := l.sim.Network().Analytic()
	if err == nil {
		// The session waits for this: the chain gets the page's
		// transient limits (transientOptions: 10⁵ states, about a
		// second of sweeps), not net solve's 2.5·10⁶.
		an.CTMC = &transientOptions
		var ms []analytic.NetMetric
		ms, err = analytic.SolveNetwork(an)
		for _, m := range ms {
			if analytic.CTMCOnly(m.Name) { // no simulated counterpart to draw against
				continue
			}
			a.Formulas = append(a.Formulas, NetFormula{Station: m.Station, Class: m.Class, Name: string(m.Name), Value: m.Value, Method: m.Method, Exact: m.Exact})
		}
	}
	a.Trapped = trapped(an)
	var unstable *analytic.UnstableError
	switch {
	case errors.As(err, &unstable):
		a.Unstable = overloaded(an)
		if len(a.Unstable) == 0 {
			a.Unstable = []NetUnstable{{Station: unstable.Station, Rho: unstable.Rho}}
		}
		a.Note = err.Error()
		a.Formulas = upstreamFormulas(an, a.Unstable)
	case err != nil:
		a.Note = err.Error()
	}
	a.Formulas = preferClosedForms(oneClassTotals(a.Formulas, len(an.Classes)))
	l.analytic = &a
	return a
}

// Apply makes one change (see NetChange) through the Sim's Set methods,
// which restart the statistics; a discipline or a population starts a new
// Sim (empty, or with the closed classes' customers at their start
// stations).
func (l *liveNet) Apply(c NetChange) error {
	l.analytic, l.fileKey = nil, nil
	if done, err := l.applyFeature(c); done {
		return err
	}
	switch c.Kind {
	case "rate":
		v, err := strconv.ParseFloat(c.Value, 64)
		if err != nil {
			return fmt.Errorf("rate of %q: %q is not a number", c.Class, c.Value)
		}
		return l.sim.SetArrivalRate(c.Class, v)
	case "population":
		return l.setPopulation(c)
	case "servers":
		if c.Value == "inf" {
			return l.sim.SetServers(c.Station, des.Infinite)
		}
		k, err := strconv.Atoi(c.Value)
		if err != nil {
			return fmt.Errorf("servers of %q: %q is not a whole number or inf", c.Station, c.Value)
		}
		return l.sim.SetServers(c.Station, k)
	case "service":
		return l.setService(c)
	case "discipline":
		return l.setDiscipline(c)
	case "route":
		if c.To == "out" || c.To == "" {
			return fmt.Errorf("route %s>%s: what leaves is what the row leaves; change the routes to stations instead", c.Station, c.To)
		}
		p, err := strconv.ParseFloat(c.Value, 64)
		if err != nil || math.IsNaN(p) {
			return fmt.Errorf("route %s>%s: %q is not a probability", c.Station, c.To, c.Value)
		}
		return l.sim.SetRoute(c.Class, c.Station, c.To, p)
	}
	return fmt.Errorf("unknown change %q (valid: %s)", c.Kind, strings.Join(NetChangeKinds, ", "))
}

// setService changes the family of a station's service law keeping each
// class's mean (Dist.WithFamily).
func (l *liveNet) setService(c NetChange) error {
	if _, err := dist.Lookup(c.Value); err != nil {
		return fmt.Errorf("service of %q: %v", c.Station, err)
	}
	st, err := l.station(c.Station)
	if err != nil {
		return err
	}
	if c.Class == "" && st.Service.Given() {
		d, _ := st.Service.WithFamily(c.Value)
		return l.sim.SetService(c.Station, "", d)
	}
	n := l.sim.Network()
	done := false
	for _, cl := range n.Classes {
		if d := st.ServiceOf(cl.Name); d.Given() && (c.Class == "" || c.Class == cl.Name) {
			d, _ = d.WithFamily(c.Value)
			if err := l.sim.SetService(c.Station, cl.Name, d); err != nil {
				return err
			}
			done = true
		}
	}
	if !done {
		return fmt.Errorf("service of %q: class %q is not served there", c.Station, c.Class)
	}
	return nil
}

func (l *liveNet) setDiscipline(c NetChange) error {
	d, err := des.ParseDiscipline(c.Value)
	if err != nil {
		return fmt.Errorf("discipline of %q: %v", c.Station, err)
	}
	n := l.sim.Network()
	for i := range n.Stations {
		if n.Stations[i].Name == c.Station {
			if n.Stations[i].Servers == des.Infinite {
				return fmt.Errorf("discipline of %q: a delay station serves everyone at once; it has no discipline", c.Station)
			}
			n.Stations[i].Discipline = d
			return l.restart(n, l.Now())
		}
	}
	_, err = l.station(c.Station)
	return err
}

// setPopulation changes the number of customers of a closed class. A
// running Sim cannot add or withdraw customers, so it starts a new one
// whose clock continues from now, with the new population at the class's
// start station, as a discipline change does.
func (l *liveNet) setPopulation(c NetChange) error {
	k, err := strconv.Atoi(c.Value)
	if err != nil {
		return fmt.Errorf("population of %q: %q is not a whole number", clip(c.Class, 40), clip(c.Value, 20))
	}
	if k < 1 || k > network.MaxPopulation {
		return fmt.Errorf("population of %q: must be a whole number from 1 to %d, got %d", clip(c.Class, 40), network.MaxPopulation, k)
	}
	n := l.sim.Network()
	var names []string
	for r := range n.Classes {
		cl := &n.Classes[r]
		if cl.Name != c.Class {
			names = append(names, cl.Name)
			continue
		}
		if cl.Population == 0 {
			return fmt.Errorf("population of %q: an open class has no population; change its rate instead", c.Class)
		}
		old := cl.Population
		cl.Population = k
		if err := withinBudget(n); err != nil {
			cl.Population = old
			return err
		}
		return l.restart(n, l.Now())
	}
	return fmt.Errorf("unknown class %q (valid: %s)", clip(c.Class, 40), strings.Join(names, ", "))
}

// withinBudget refuses a network whose closed classes alone hold more
// customers than a session's memory budget (maxNetCustomers).
func withinBudget(n *network.Network) error {
	total := 0
	for _, c := range n.Classes {
		total += c.Population
	}
	if total > maxNetCustomers {
		return fmt.Errorf("%d customers in the closed classes: more than a live session's memory budget of %d customers (queuelab net run simulates it)", total, maxNetCustomers)
	}
	return nil
}

func (l *liveNet) station(name string) (network.Station, error) {
	n := l.sim.Network()
	var names []string
	for _, s := range n.Stations {
		if s.Name == name {
			return s, nil
		}
		names = append(names, s.Name)
	}
	return network.Station{}, fmt.Errorf("unknown station %q (valid: %s)", clip(name, 40), strings.Join(names, ", "))
}

// File writes the network as it is now (network.Network.YAML) after the
// original file's leading comments.
func (l *liveNet) File() []byte {
	body, err := l.sim.Network().YAML()
	if err != nil {
		// A running network is valid, so this does not happen; say so in
		// the file rather than send half of one.
		return []byte(l.header + "# queuelab could not write this network: " + err.Error() + "\n")
	}
	return append([]byte(l.header), body...)
}

// leadingComments returns the comment lines at the top of a file (its
// description and source), to head the edited file.
func leadingComments(src []byte) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(src), "\n") {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "#") {
			break
		}
		b.WriteString(strings.TrimRight(line, "\r\n") + "\n")
	}
	return b.String()
}

// overloaded solves the open classes' traffic equations λ = γ + λP
// (Jackson 1963; Bolch et al. 2006, §7.1) by fixed-point iteration and
// returns every station whose utilisation Σ_r λ_r·S_r / c is at least 1:
// SolveNetwork names one unstable station, the page shows them all. A
// delay station is never overloaded.
func overloaded(n analytic.Network) []NetUnstable {
	M, R := len(n.Stations), len(n.Classes)
	lam := make([]float64, R*M)
	ext := make([]float64, R*M)
	for r, c := range n.Classes {
		if c.Rate > 0 {
			ext[r*M+c.Source] = c.Rate
		}
	}
	copy(lam, ext)
	next := make([]float64, R*M)
	for iter := 0; iter < 100_000; iter++ {
		copy(next, ext)
		for k, row := range n.Routing {
			for j, p := range row {
				next[j] += lam[k] * p
			}
		}
		diff := 0.0
		for k := range lam {
			diff = max(diff, math.Abs(next[k]-lam[k]))
		}
		lam, next = next, lam
		if diff < 1e-12 {
			break
		}
	}
	var out []NetUnstable
	for i, st := range n.Stations {
		if queueing.IsDelay(st.Servers) {
			continue
		}
		rho := 0.0
		for r := range n.Classes {
			rho += lam[r*M+i] * st.Mean[r]
		}
		if rho /= float64(st.Servers); rho >= 1-1e-12 {
			out = append(out, NetUnstable{Station: st.Name, Rho: rho})
		}
	}
	return out
}
