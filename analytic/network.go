package analytic

import (
	"fmt"
	"math"

	"queuelab/analytic/ctmc"
	"queuelab/des/queueing"
)

// Discipline is the queueing discipline of a network station: the one type
// of package queueing (the LINE/JMT vocabulary), the simulator's too.
type Discipline = queueing.Discipline

// NetStation is one station of a network. Servers == queueing.Infinite
// means infinitely many servers (a delay station, where nobody waits).
type NetStation struct {
	Name        string
	Servers     int        // c ≥ 1, or queueing.Infinite for a delay (infinite-server) station
	Discipline  Discipline // ignored at a delay station
	Capacity    int        // most customers at the station (queue + service); 0 = unlimited
	Mean        []float64  // mean service time per class (s); 0 = this class is never served here
	SCV         []float64  // squared coefficient of variation of service time per class (1 = exponential, +Inf = infinite variance); nil = all 1
	Patience    float64    // mean patience of a waiting customer (s); 0 = none
	PatienceSCV float64    // 1 = exponential patience (Erlang-A), 0 = deterministic (M/M/c+D)
	// Laws, when not nil, names each class's service law and gives its
	// phase-type form where it has one (for the exact CTMC); nil: the law
	// is known by Mean and SCV only (SCV 1 read as exponential).
	Laws []Law
	// PatienceLaw names the patience law (zero: known by PatienceSCV only,
	// 1 read as exponential).
	PatienceLaw Law
	// Features beyond product form: buffer and blocking, load-dependent
	// rates, balking, routers, a server schedule (birthdeath.go).
	StationFeatures
}

// Law names a time distribution and gives its phase-type representation
// (α, T) when it has one (nil otherwise: deterministic, lognormal, Pareto,
// …).
type Law struct {
	Name string
	PH   *ctmc.PH
}

// delay reports whether s is an infinite-server station.
func (s NetStation) delay() bool { return queueing.IsDelay(s.Servers) }

// scv returns the service SCV of class r (1 when SCV is nil).
func (s NetStation) scv(r int) float64 {
	if s.SCV == nil {
		return 1
	}
	return s.SCV[r]
}

// NetClass is one customer class. Exactly one of Rate > 0 (an open class)
// or Population > 0 (a closed class) holds.
type NetClass struct {
	Name       string
	Rate       float64 // open: external arrival rate (per s)
	ArrivalSCV float64 // open: squared CV of interarrival times (1 = Poisson)
	Source     int     // open: index of the station external arrivals join
	Population int     // closed: number of customers
	Start      int     // closed: station index where they start; the reference station of the class
	ArrivalLaw Law     // open: the interarrival law (zero: known by ArrivalSCV only, 1 read as Poisson)
	// Arrivals beyond a renewal process of single customers (arrivals.go);
	// with any of them Rate is the long-run rate of customers (events ×
	// mean batch size) and ArrivalSCV is not used.
	MAP     *MAP     // open: Markovian arrival process; nil: renewal
	Varying *Varying // open: time-varying Poisson rate; nil: stationary
	Batch   *Batch   // open: batch-size law of each arrival event; nil: one customer
	// Initial is the number of this class's customers at each station at
	// time 0 (nil: none for an open class, all at Start for a closed one).
	// It matters for transients only; steady-state measures ignore it.
	Initial []int
}

// open reports whether c is an open class.
func (c NetClass) open() bool { return c.Rate > 0 }

// Network is a queueing network of R = len(Classes) classes and
// M = len(Stations) stations. Routing is indexed [r*M+i][s*M+j]: the
// probability that a class-r customer completing service at station i next
// joins station j as class s (class switching when s ≠ r). A row's
// remainder 1 − Σ leaves the network; rows of closed classes therefore sum
// to 1 wherever the class goes. Open and closed classes never switch into
// each other.
type Network struct {
	Stations []NetStation
	Classes  []NetClass
	Routing  [][]float64
	// SkipCTMC leaves the exact CTMC out of SolveNetwork: for a quick
	// estimate (a run's work budget) that needs no exact values.
	SkipCTMC bool
	// ForceCTMC solves the exact CTMC even where the closed forms already
	// give every value exactly (see SolveNetwork), to check one against
	// the other.
	ForceCTMC bool
	// CTMC, if not nil, replaces CTMCOptions for this network's chain: a
	// caller that must answer soon (the live page, which solves while a
	// session waits) gives tighter limits.
	CTMC *ctmc.Options
	// Forks lists the fork/join sections (forkjoin.go); SolveNetwork then
	// gives only their closed forms.
	Forks []NetFork
}

// NetMetric is one analytic value. Station is a station name or "network"
// for end-to-end figures; Class is a class name or "" for all classes
// together. Name is one of throughput, utilization, mean_in_system,
// mean_in_queue, mean_response (per visit; for "network" per customer end to
// end), mean_wait, p_loss, p_abandon, or a bound (throughput_upper,
// throughput_lower, mean_response_upper, mean_response_lower). Method names
// the method; Exact says whether the value is exact for this network.
type NetMetric struct {
	Station, Class string
	Name           queueing.Metric
	Value          float64
	Method         string
	Exact          bool
}

// UnstableError reports an open network in which station Station has
// utilisation Rho ≥ 1: its queue grows without bound, so it has no
// steady-state measures.
type UnstableError struct {
	Station string
	Rho     float64
}

func (e *UnstableError) Error() string {
	return fmt.Sprintf("unstable network: station %q has utilisation ρ = %.6g ≥ 1 (offered work exceeds its servers)", e.Station, e.Rho)
}

// TooLargeError reports that exact multi-class MVA would visit States
// population vectors (the product over closed classes of N_r + 1), more than
// its Limit.
type TooLargeError struct {
	States, Limit float64
	// Complements is K when the refusal counts the 2^K complement runs of
	// K multi-server stations (States is then Π (N_r+1)·2^K), else 0.
	Complements int
}

func (e *TooLargeError) Error() string {
	if e.Complements > 0 {
		return fmt.Sprintf("exact MVA refused: %.4g population vectors (Π (N_r+1) over closed classes, times 2^%d for the complement runs of %d multi-server stations) exceed the limit of %.4g; use an approximate MVA", e.States, e.Complements, e.Complements, e.Limit)
	}
	return fmt.Sprintf("exact MVA refused: %.4g population vectors (Π (N_r+1) over closed classes) exceed the limit of %.4g; use an approximate MVA", e.States, e.Limit)
}

// routingTolerance is how far above 1 a routing row may sum (rounding in a
// file written by hand) before it is an error.
const routingTolerance = 1e-9

// Validate reports the first inconsistency in n, naming the element: sizes,
// names, service times, probabilities, classes, routing. It does not judge
// stability (see SolveNetwork).
func (n Network) Validate() error {
	m, r := len(n.Stations), len(n.Classes)
	if m == 0 {
		return fmt.Errorf("network has no stations")
	}
	if r == 0 {
		return fmt.Errorf("network has no classes")
	}
	if len(n.Forks) > 0 {
		return n.validateForks()
	}
	if err := n.validateStations(); err != nil {
		return err
	}
	if err := n.validateClasses(); err != nil {
		return err
	}
	return n.validateRouting()
}

func (n Network) validateStations() error {
	r := len(n.Classes)
	seen := map[string]bool{}
	for i, s := range n.Stations {
		where := fmt.Sprintf("station %d (%q)", i, s.Name)
		switch {
		case s.Name == "":
			return fmt.Errorf("station %d has no name", i)
		case s.Name == "network":
			return fmt.Errorf("%s: the name \"network\" is reserved for end-to-end figures", where)
		case seen[s.Name]:
			return fmt.Errorf("%s: duplicate station name", where)
		case s.Servers < 1 && !s.delay():
			return fmt.Errorf("%s: servers must be ≥ 1, or queueing.Infinite (%d) for infinitely many; got %d", where, queueing.Infinite, s.Servers)
		case !s.Discipline.Valid():
			return fmt.Errorf("%s: unknown discipline %d; valid: %s", where, s.Discipline, queueing.ValidDisciplines())
		case s.Capacity < 0 || (s.Capacity > 0 && s.Capacity < s.Servers):
			return fmt.Errorf("%s: capacity must be 0 (unlimited) or ≥ servers = %d; got %d", where, s.Servers, s.Capacity)
		case len(s.Mean) != r:
			return fmt.Errorf("%s: %d mean service times for %d classes", where, len(s.Mean), r)
		case s.SCV != nil && len(s.SCV) != r:
			return fmt.Errorf("%s: %d service SCVs for %d classes", where, len(s.SCV), r)
		case !nonneg(s.Patience):
			return fmt.Errorf("%s: patience must be a finite number ≥ 0; got %v", where, s.Patience)
		case !nonneg(s.PatienceSCV):
			return fmt.Errorf("%s: patience SCV must be a finite number ≥ 0; got %v", where, s.PatienceSCV)
		}
		seen[s.Name] = true
		for k := range r {
			if !nonneg(s.Mean[k]) {
				return fmt.Errorf("%s, class %q: mean service time must be a finite number ≥ 0; got %v", where, n.Classes[k].Name, s.Mean[k])
			}
			if v := s.scv(k); !nonneg(v) && !math.IsInf(v, 1) {
				return fmt.Errorf("%s, class %q: service SCV must be a number ≥ 0 (+Inf for a law of infinite variance); got %v", where, n.Classes[k].Name, v)
			}
		}
	}
	return nil
}

func (n Network) validateClasses() error {
	m := len(n.Stations)
	seen := map[string]bool{}
	for k, c := range n.Classes {
		where := fmt.Sprintf("class %d (%q)", k, c.Name)
		switch {
		case c.Name == "":
			return fmt.Errorf("class %d has no name", k)
		case seen[c.Name]:
			return fmt.Errorf("%s: duplicate class name", where)
		case !nonneg(c.Rate) || c.Population < 0:
			return fmt.Errorf("%s: rate must be a finite number ≥ 0 and population ≥ 0; got rate %v, population %d", where, c.Rate, c.Population)
		case (c.Rate > 0) == (c.Population > 0):
			return fmt.Errorf("%s: exactly one of rate > 0 (open) or population > 0 (closed) is needed; got rate %v, population %d", where, c.Rate, c.Population)
		case c.open() && !nonneg(c.ArrivalSCV):
			return fmt.Errorf("%s: arrival SCV must be a finite number ≥ 0; got %v", where, c.ArrivalSCV)
		case c.open() && (c.Source < 0 || c.Source >= m):
			return fmt.Errorf("%s: source station index %d outside [0, %d)", where, c.Source, m)
		case !c.open() && (c.Start < 0 || c.Start >= m):
			return fmt.Errorf("%s: start station index %d outside [0, %d)", where, c.Start, m)
		case c.open() && n.Stations[c.Source].Mean[k] == 0 && n.Stations[c.Source].Router == "":
			return fmt.Errorf("%s: arrives at station %q, where it has no service time", where, n.Stations[c.Source].Name)
		case !c.open() && n.Stations[c.Start].Mean[k] == 0 && n.Stations[c.Start].Router == "":
			return fmt.Errorf("%s: starts at station %q, where it has no service time", where, n.Stations[c.Start].Name)
		}
		seen[c.Name] = true
	}
	return nil
}

// node names the routing row or column x = r*M + i.
func (n Network) node(x int) string {
	m := len(n.Stations)
	return fmt.Sprintf("(class %q, station %q)", n.Classes[x/m].Name, n.Stations[x%m].Name)
}

// routingShape checks that the routing matrix is (classes × stations)
// square.
func (n Network) routingShape() error {
	m, r := len(n.Stations), len(n.Classes)
	if len(n.Routing) != r*m {
		return fmt.Errorf("routing has %d rows; want classes × stations = %d × %d = %d", len(n.Routing), r, m, r*m)
	}
	for x, row := range n.Routing {
		if len(row) != r*m {
			return fmt.Errorf("routing row %s has %d entries; want %d", n.node(x), len(row), r*m)
		}
	}
	return nil
}

func (n Network) validateRouting() error {
	m := len(n.Stations)
	if err := n.routingShape(); err != nil {
		return err
	}
	for x, row := range n.Routing {
		sum := 0.0
		for y, p := range row {
			if !finite(p) || p < 0 || p > 1 {
				return fmt.Errorf("routing %s → %s: probability must be in [0, 1]; got %v", n.node(x), n.node(y), p)
			}
			if p > 0 && n.Classes[x/m].open() != n.Classes[y/m].open() {
				return fmt.Errorf("routing %s → %s: an open class cannot switch into a closed one or back", n.node(x), n.node(y))
			}
			if p > 0 && n.Stations[y%m].Mean[y/m] == 0 && n.Stations[y%m].Router == "" {
				return fmt.Errorf("routing %s → %s: class %q has no service time at station %q", n.node(x), n.node(y), n.Classes[y/m].Name, n.Stations[y%m].Name)
			}
			sum += p
		}
		if sum > 1+routingTolerance {
			return fmt.Errorf("routing row %s sums to %v > 1", n.node(x), sum)
		}
	}
	return n.validateClosedRows()
}

// validateClosedRows checks that a closed-class customer never leaves: every
// row it can reach from its start sums to 1.
func (n Network) validateClosedRows() error {
	m := len(n.Stations)
	for k, c := range n.Classes {
		if c.open() {
			continue
		}
		for _, x := range n.reachable(k*m + c.Start) {
			sum := 0.0
			for _, p := range n.Routing[x] {
				sum += p
			}
			if math.Abs(sum-1) > routingTolerance {
				return fmt.Errorf("routing row %s sums to %v: a closed class's customers cannot leave the network (its rows must sum to 1)", n.node(x), sum)
			}
		}
	}
	return nil
}

// reachable returns the routing nodes reachable from x (x included), in
// increasing order.
func (n Network) reachable(x int) []int {
	var out []int
	for v, ok := range Reachable(n.Routing, []int{x}) {
		if ok {
			out = append(out, v)
		}
	}
	return out
}
