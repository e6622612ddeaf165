package network

import (
	"math"
	"sort"
	"strings"

	"queuelab/des"
	"queuelab/des/queueing"
)

// topology is a validated network resolved to indices: classes r < R,
// stations i < M.
type topology struct {
	net        *Network
	R, M       int
	classIdx   map[string]int
	stationIdx map[string]int
	service    []Dist     // [i*R+r]; NoDist: class r is not served at i
	rows       [][]target // [r*M+i]: where a class-r customer goes after i
	rowSum     []float64  // [r*M+i]
	reach      []bool     // [i*R+r]: a class-r customer can be at i
	// fork/join (forkjoin.go): task[i*R+r] a fork's class-r task can be
	// at i; joinOf[fork] and forkOf[join] pair them (-1 elsewhere)
	task           []bool
	joinOf, forkOf []int
}

// target is one routing branch: join station as class with probability
// prob.
type target struct {
	station, class int
	prob           float64
}

// rowTolerance absorbs rounding in probabilities typed as decimals (0.1 +
// 0.2 + 0.7).
const rowTolerance = 1e-9

func compile(n *Network) (*topology, error) {
	t := &topology{net: n, R: len(n.Classes), M: len(n.Stations), classIdx: map[string]int{}, stationIdx: map[string]int{}}
	if err := t.names(); err != nil {
		return nil, err
	}
	for i := range n.Stations {
		if err := t.station(i); err != nil {
			return nil, err
		}
		if err := t.checkFeatures(i); err != nil {
			return nil, err
		}
	}
	total := 0
	for r := range n.Classes {
		if err := t.class(r); err != nil {
			return nil, err
		}
		total += n.Classes[r].Population
	}
	if total > MaxPopulation {
		return nil, errf("classes", "the closed classes have %d customers in all; at most %d", total, MaxPopulation)
	}
	if err := t.routes(); err != nil {
		return nil, err
	}
	if err := t.lbRows(); err != nil {
		return nil, err
	}
	if err := t.reachable(); err != nil {
		return nil, err
	}
	if err := t.checkBlocking(); err != nil {
		return nil, err
	}
	return t, nil
}

func checkName(elem, name string) error {
	switch {
	case name == "":
		return errf(elem, "name: must not be empty")
	case len(name) > maxName:
		return errf(elem, "name: at most %d characters, got %d", maxName, len(name))
	case strings.ContainsAny(name, "/\n\t"):
		return errf(elem, "name: must not contain '/' (it separates station and class in routing) or control characters")
	}
	return nil
}

func (t *topology) names() error {
	n := t.net
	switch {
	case t.R == 0:
		return errf("classes", "at least one class is needed")
	case t.R > MaxClasses:
		return errf("classes", "at most %d classes, got %d", MaxClasses, t.R)
	case t.M == 0:
		return errf("stations", "at least one station is needed")
	case t.M > MaxStations:
		return errf("stations", "at most %d stations, got %d", MaxStations, t.M)
	}
	for r, c := range n.Classes {
		if err := checkName(elemClass(c.Name), c.Name); err != nil {
			return err
		}
		if _, dup := t.classIdx[c.Name]; dup {
			return errf(elemClass(c.Name), "duplicate class name (class names must be unique)")
		}
		t.classIdx[c.Name] = r
	}
	for i, s := range n.Stations {
		if err := checkName(elemStation(s.Name), s.Name); err != nil {
			return err
		}
		if s.Name == "network" {
			return errf(elemStation(s.Name), `name: "network" is reserved for end-to-end figures`)
		}
		if _, dup := t.stationIdx[s.Name]; dup {
			return errf(elemStation(s.Name), "duplicate station name (station names must be unique)")
		}
		t.stationIdx[s.Name] = i
	}
	return nil
}

// stationList names the valid stations for an error message.
func (t *topology) stationList() string {
	var names []string
	for _, s := range t.net.Stations {
		names = append(names, s.Name)
	}
	return cut(strings.Join(names, ", "))
}

func (t *topology) classList() string {
	var names []string
	for _, c := range t.net.Classes {
		names = append(names, c.Name)
	}
	return cut(strings.Join(names, ", "))
}

func (t *topology) stationOf(elem, name string) (int, error) {
	i, ok := t.stationIdx[name]
	if !ok {
		return 0, errf(elem, "unknown station %q (valid: %s)", cut(name), t.stationList())
	}
	return i, nil
}

func (t *topology) station(i int) error {
	s := &t.net.Stations[i]
	if s.Kind == Fork || s.Kind == Join || len(s.Split) > 0 {
		return t.forkStation(i)
	}
	el := elemStation(s.Name)
	switch {
	case s.Servers != des.Infinite && (s.Servers < 1 || s.Servers > MaxServers):
		return errf(elemField(el, "servers"), "must be a whole number from 1 to %d, or inf, got %d", MaxServers, s.Servers)
	case s.Capacity < 0 || s.Capacity > 100_000_000:
		return errf(elemField(el, "capacity"), "must be a whole number from 1 to 100000000 (or absent: unlimited), got %d", s.Capacity)
	case s.Capacity > 0 && s.Servers != des.Infinite && s.Capacity < s.Servers:
		return errf(elemField(el, "capacity"), "must be at least servers (%d), got %d", s.Servers, s.Capacity)
	}
	if !s.Discipline.Valid() {
		return errf(elemField(el, "discipline"), "unknown discipline %d (valid: %s)", s.Discipline, queueing.ValidDisciplines())
	}
	if s.Patience.Given() {
		if err := s.Patience.Validate(); err != nil {
			return errf(elemField(el, "patience"), "%v", err)
		}
		if s.Servers == des.Infinite || s.Discipline == des.PS {
			return errf(elemField(el, "patience"), "nobody waits at a %s station, so patience does not apply (use fcfs, siro, lcfs-pr or a priority discipline with finite servers)", stationKind(s))
		}
	}
	t.service = append(t.service, make([]Dist, t.R)...)
	row := t.service[i*t.R : (i+1)*t.R]
	if s.ServiceByClass == nil {
		if !s.Service.Given() {
			return nil // checked against reachability later
		}
		if err := s.Service.Validate(); err != nil {
			return errf(elemField(el, "service"), "%v", err)
		}
		for r := range row {
			row[r] = s.Service
		}
		return nil
	}
	if s.Service.Given() {
		return errf(elemField(el, "service"), "give one law for every class or one per class, not both")
	}
	keys := make([]string, 0, len(s.ServiceByClass))
	for k := range s.ServiceByClass {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		r, ok := t.classIdx[k]
		if !ok {
			return errf(elemField(el, "service"), "unknown class %q (valid: %s)", cut(k), t.classList())
		}
		d := s.ServiceByClass[k]
		if err := d.Validate(); err != nil {
			return errf(elemField(el, "service "+k), "%v", err)
		}
		row[r] = d
	}
	return nil
}

func stationKind(s *Station) string {
	if s.Servers == des.Infinite {
		return "delay (servers: inf)"
	}
	return s.Discipline.String()
}

func (t *topology) class(r int) error {
	c := &t.net.Classes[r]
	el := elemClass(c.Name)
	switch {
	case c.Arrivals != nil && (c.Population != 0 || c.Start != ""):
		return errf(el, "a class is open (arrivals) or closed (population, start), not both")
	case c.Arrivals == nil && c.Population == 0:
		return errf(el, "needs arrivals (an open class: {to: STATION, rate: R}) or a population and a start station (a closed class)")
	case c.Arrivals != nil:
		if _, err := t.stationOf(elemField(el, "arrivals to"), c.Arrivals.To); err != nil {
			return err
		}
		if key, err := c.Arrivals.validate(); err != nil {
			return errf(strings.TrimSpace(elemField(el, "arrivals "+key)), "%v", err)
		}
	case c.Population < 1 || c.Population > MaxPopulation:
		return errf(elemField(el, "population"), "must be a whole number from 1 to %d, got %d", MaxPopulation, c.Population)
	case c.Start == "":
		return errf(elemField(el, "start"), "a closed class needs the station its customers start at (valid: %s)", t.stationList())
	default:
		if _, err := t.stationOf(elemField(el, "start"), c.Start); err != nil {
			return err
		}
	}
	return t.initial(r)
}

func (t *topology) routes() error {
	n := t.net
	t.rows = make([][]target, t.R*t.M)
	t.rowSum = make([]float64, t.R*t.M)
	general := make([]bool, t.M)  // a row for every class at station i
	specific := make([]bool, t.M) // a per-class row at station i
	for _, rt := range n.Routes {
		el := elemRouting(rt.From)
		from, err := t.stationOf(el, rt.From)
		if err != nil {
			return err
		}
		if n.Stations[from].Kind == Fork {
			return errf(el, "a fork sends each job's tasks by its split: {STATION: tasks, …}, not by probabilities to %q", cut(rt.To))
		}
		classes := []int{}
		if rt.Class == "" {
			general[from] = true
			for r := 0; r < t.R; r++ {
				classes = append(classes, r)
			}
		} else {
			el = elemRoutingClass(rt.From, rt.Class)
			r, ok := t.classIdx[rt.Class]
			if !ok {
				return errf(el, "unknown class %q (valid: %s)", cut(rt.Class), t.classList())
			}
			specific[from] = true
			classes = append(classes, r)
		}
		if general[from] && specific[from] {
			return errf(elemRouting(rt.From), "give one row for every class or one per class, not both")
		}
		to, err := t.stationOf(el, rt.To)
		if err != nil {
			return err
		}
		if !(rt.Prob >= 0 && rt.Prob <= 1) {
			return errf(el, "probability to %q must be in [0, 1], got %v", cut(rt.To), rt.Prob)
		}
		for _, r := range classes {
			s := r
			if rt.ToClass != "" {
				var ok bool
				if s, ok = t.classIdx[rt.ToClass]; !ok {
					return errf(el, "%s/%s: unknown class %q (valid: %s)", cut(rt.To), cut(rt.ToClass), cut(rt.ToClass), t.classList())
				}
				if n.Classes[r].Open() != n.Classes[s].Open() {
					return errf(el, "class %q cannot switch to class %q: an open class can only switch to open classes, a closed one to closed ones", n.Classes[r].Name, n.Classes[s].Name)
				}
			}
			k := r*t.M + from
			for _, old := range t.rows[k] {
				if old.station == to && old.class == s {
					return errf(el, "duplicate route to %q", cut(rt.To))
				}
			}
			t.rows[k] = append(t.rows[k], target{to, s, rt.Prob})
			t.rowSum[k] += rt.Prob
			if t.rowSum[k] > 1+rowTolerance {
				return errf(el, "probabilities sum to %.6g for class %q; a row must sum to at most 1 (the rest leaves the network)", t.rowSum[k], n.Classes[r].Name)
			}
		}
	}
	return nil
}

// reachable walks from every class's entry station along the routing and
// checks that each (station, class) a customer can reach has a service
// law, and that closed classes never leave.
func (t *topology) reachable() error {
	t.reach = make([]bool, t.M*t.R)
	t.task = make([]bool, t.M*t.R)
	t.joinOf, t.forkOf = make([]int, t.M), make([]int, t.M)
	for i := range t.joinOf {
		t.joinOf[i], t.forkOf[i] = -1, -1
	}
	var stack []int // i*R+r
	push := func(i, r int) {
		if !t.reach[i*t.R+r] {
			t.reach[i*t.R+r] = true
			stack = append(stack, i*t.R+r)
		}
	}
	for r, c := range t.net.Classes {
		entry, el := c.Start, elemField(elemClass(c.Name), "start")
		if c.Open() {
			entry, el = c.Arrivals.To, elemField(elemClass(c.Name), "arrivals to")
		}
		if st := &t.net.Stations[t.stationIdx[entry]]; st.Kind == Join {
			return errf(el, "%q is a join: only a fork's tasks arrive there (let the class enter at the fork or before it)", st.Name)
		}
		push(t.stationIdx[entry], r)
		for name, k := range c.Initial {
			if k > 0 {
				push(t.stationIdx[name], r)
			}
		}
	}
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i, r := k/t.R, k%t.R
		st, c := &t.net.Stations[i], &t.net.Classes[r]
		if st.Kind == Fork {
			if err := t.forkJoinNode(i, r, push); err != nil {
				return err
			}
			continue
		}
		if !t.service[k].Given() && st.Kind != Router {
			return errf(elemField(elemStation(st.Name), "service"), "missing: class %q can reach this station but has no service law here (give service: {dist: ..., mean: ...}, or one per class)", c.Name)
		}
		if !c.Open() && (st.Capacity > 0 || st.Patience.Given() || st.JoinProbability != nil) {
			return errf(elemStation(st.Name), "closed class %q can reach this station, but its customers can never leave the network: remove capacity, patience and join_probability here, or make the class open", c.Name)
		}
		if !c.Open() && math.Abs(t.rowSum[r*t.M+i]-1) > rowTolerance {
			return errf(elemRouting(st.Name), "closed class %q can leave the network here (its routing row sums to %.6g); a closed class's rows must sum to 1", c.Name, t.rowSum[r*t.M+i])
		}
		for _, tg := range t.rows[r*t.M+i] {
			if tg.prob > 0 {
				if err := t.notToJoin(st.Name, tg.station); err != nil {
					return err
				}
				push(tg.station, tg.class)
			}
		}
	}
	return t.finishForks()
}
