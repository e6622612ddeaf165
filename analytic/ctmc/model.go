package ctmc

import (
	"fmt"
	"math"
)

// Station is one station of a Model.
type Station struct {
	Name string
	// Servers is c ≥ 1, or 0 for infinitely many (a delay station).
	Servers    int
	Discipline Discipline // ignored at a delay station (nil: FCFS)
	// Capacity is the most customers present (waiting and in service); an
	// arrival finding the station full is lost. 0 = unlimited.
	Capacity int
	// Service is the law of each class's service time; nil for a class
	// never served here.
	Service []*PH
	// Patience is the rate θ at which each customer that has not yet
	// started service abandons (exponential patience of mean 1/θ); 0 =
	// none. Customers in service, or preempted after a start, never
	// abandon.
	Patience float64
	// Blocking turns Capacity into a buffer of K = Capacity places that
	// customers routed here from another station wait for instead of
	// being lost (see Blocking); arrivals from outside finding it full are
	// still lost. NoBlocking (the zero value): everyone finding the
	// station full is lost.
	Blocking Blocking
	// RateScale makes service load-dependent: with n ≥ 1 customers
	// present (blocked ones included) every service rate of the station —
	// phase changes and completions — is multiplied by RateScale[n−1],
	// the last value holding beyond len(RateScale). nil: 1 throughout.
	// Patience is not scaled.
	RateScale []float64
	// JoinProb is balking: an arriving customer — from outside or routed
	// from a station — who finds n present (blocked ones included) joins
	// with probability JoinProb[n], the last value holding beyond; one
	// who does not join is gone (a routed one leaves the network) and is
	// counted in StationResult.Balked. nil: everyone joins. A full
	// station loses arrivals before they choose (StationResult.Lost).
	JoinProb []float64
	// Router makes the station a router as the simulator plays it
	// (router.go): no servers or service (Servers 0, Discipline nil or
	// FCFS and Service nil; anything else is refused); a customer
	// arriving goes on at once by the station's routing row, or waits
	// here, with the station it drew, while that station is a full
	// buffer. Where no router target has a buffer,
	// package analytic writes the router's row into the rows in front of
	// it instead.
	Router bool
}

// Class is one customer class: open (Rate > 0, Poisson arrivals at
// station Source, or arrivals by MAP) or closed (Population > 0
// customers, who start at station Start unless Model.Initial places
// them).
type Class struct {
	Name       string
	Rate       float64
	Source     int
	Population int
	Start      int
	// MAP, when set, replaces the Poisson arrivals of an open class by a
	// Markovian arrival process (MMPP included); Rate must then be 0 or
	// the MAP's mean rate (MAP.Rate).
	MAP *MAP
	// Fork, when set, makes each arrival of this open class a job that
	// splits into one task at each listed station (Source is then
	// ignored); the tasks are class-r customers there, and the job leaves
	// (joins) when its last task has left its branch. A closed class with
	// a Fork forks the customers routed to (or starting at) station
	// Source, its fork, which serves no class (forkclosed.go). See
	// ForkJoinResult for what is solved and what is refused.
	Fork []int
	// Join, for a class with a Fork, is where a joined job goes on:
	// Join[s*M+j] is the probability that it joins station j as class s,
	// as a routing row (the remainder leaves the network; see
	// forkroute.go). nil: every job leaves at the join.
	Join []float64
}

// Open reports whether c is an open class.
func (c Class) Open() bool { return c.Rate > 0 || c.MAP != nil }

// MeanRate is the long-run arrival rate of an open class (its MAP's
// rate when it has one), 0 for a closed class.
func (c Class) MeanRate() float64 {
	if c.MAP != nil {
		return c.MAP.Rate()
	}
	return c.Rate
}

// Model is a queueing network as a CTMC sees it: stations, classes, and
// the routing Routing[r*M+i][s*M+j], the probability that a class-r
// customer completing service at station i joins station j as class s
// (the row's remainder leaves the network), as in package analytic.
type Model struct {
	Stations []Station
	Classes  []Class
	Routing  [][]float64
	// Initial, when set, is the state at time 0 for Solution.Transient:
	// Initial[i][r] customers of class r at station i (len M, each row
	// len R; rows may be nil), placed class by class in class order and,
	// within a class, station by station, each as an arrival (so at FCFS
	// the earlier classes are ahead), with their first phase drawn from
	// the service law and nobody blocked after service (one reaching a
	// server while its BeforeStart station is full holds it unstarted, as
	// in the simulator); MAP classes start in their
	// stationary phase. A closed class's counts must add up to its
	// population (they replace Start); an open class may start with any
	// number. nil: no open customer, every closed one at its Start. The
	// steady state does not depend on it (the chain is built from it).
	Initial [][]int
}

// maxClasses bounds the classes of a model: the state codes keep a class
// in 6 bits.
const maxClasses = 63

// Validate reports the first thing that makes m unfit for a CTMC, naming
// the station or class.
func (m *Model) Validate() error {
	M, R := len(m.Stations), len(m.Classes)
	switch {
	case M == 0 || R == 0:
		return fmt.Errorf("model needs at least one station and one class")
	case R > maxClasses:
		return fmt.Errorf("%d classes; the CTMC solver handles at most %d", R, maxClasses)
	case len(m.Routing) != R*M:
		return fmt.Errorf("routing has %d rows, want %d", len(m.Routing), R*M)
	}
	for i, s := range m.Stations {
		switch {
		case s.Servers < 0:
			return fmt.Errorf("station %q: servers %d < 0", s.Name, s.Servers)
		case s.Capacity < 0 || (s.Capacity > 0 && s.Capacity < s.Servers):
			return fmt.Errorf("station %q: capacity %d below its %d servers", s.Name, s.Capacity, s.Servers)
		case len(s.Service) != R:
			return fmt.Errorf("station %q: %d service laws for %d classes", s.Name, len(s.Service), R)
		case !(s.Patience >= 0) || math.IsInf(s.Patience, 0):
			return fmt.Errorf("station %q: patience rate %v", s.Name, s.Patience)
		}
		for r, ph := range s.Service {
			if ph == nil {
				continue
			}
			if err := ph.Validate(); err != nil {
				return fmt.Errorf("station %q, class %q: %v", s.Name, m.Classes[r].Name, err)
			}
		}
		if err := s.validateExtras(); err != nil {
			return fmt.Errorf("station %q: %v", s.Name, err)
		}
		_ = i
	}
	for r, c := range m.Classes {
		switch {
		case c.Open() == (c.Population > 0) || math.IsInf(c.Rate, 0) || c.Rate < 0 || c.Population < 0:
			return fmt.Errorf("class %q: exactly one of rate > 0 (or a MAP) or population > 0 is needed", c.Name)
		case c.Fork != nil:
			// checked with the rest of the fork in validateFork
		case c.Open() && (c.Source < 0 || c.Source >= M || m.Stations[c.Source].Service[r] == nil && !m.Stations[c.Source].Router):
			return fmt.Errorf("class %q: arrives at a station that does not serve it", c.Name)
		case !c.Open() && (c.Start < 0 || c.Start >= M || m.Stations[c.Start].Service[r] == nil):
			return fmt.Errorf("class %q: starts at a station that does not serve it", c.Name)
		}
	}
	for x, row := range m.Routing {
		if len(row) != R*M {
			return fmt.Errorf("routing row %d has %d entries, want %d", x, len(row), R*M)
		}
		for y, p := range row {
			if !(p >= 0 && p <= 1) {
				return fmt.Errorf("routing [%d][%d] = %v is not a probability", x, y, p)
			}
			if p > 0 && m.Stations[y%M].Service[y/M] == nil && !m.Stations[y%M].Router && !m.forksAt(y%M, y/M) {
				return fmt.Errorf("routing sends class %q to station %q, which does not serve it", m.Classes[y/M].Name, m.Stations[y%M].Name)
			}
			if p > 0 && m.Classes[x/M].Open() != m.Classes[y/M].Open() {
				return fmt.Errorf("routing switches between an open and a closed class")
			}
		}
	}
	return m.validateExtras()
}

// Options tune Solve. The zero value gives the defaults.
type Options struct {
	// Tol bounds the truncation of open classes (default 1e-9): the
	// estimated probability mass beyond the truncation level, and the
	// estimated share of the mean number of open customers beyond it, are
	// both below Tol.
	Tol float64
	// MaxStates is the most states Solve builds (default DefaultMaxStates).
	MaxStates int
	// Residual is the convergence test of the iterative solver (default
	// 1e-13): ‖πQ‖₁ ≤ Residual·max_j |q_jj| with π summing to 1.
	Residual float64
	// MaxSweeps bounds the Gauss–Seidel sweeps (default 200000).
	MaxSweeps int
	// MaxWork, if > 0, bounds the sweeps by the transitions they read:
	// sweeps × (transitions + states) ≤ MaxWork, an aggregation step
	// counted by what it reads (a one-station step as a sweep, a joint
	// step as a sweep and its groups' chain's sweeps; about 3.5 ns per
	// transition read on the machine of BENCHMARKS.md), for callers that
	// must answer soon.
	MaxWork float64
	// TransientWork, if > 0, bounds Solution.Transient the same way:
	// Poisson terms × (transitions + states) ≤ TransientWork, each term
	// a pass over the transitions like a sweep (0: 2·10¹⁰, about a
	// minute).
	TransientWork float64
}

// DefaultMaxStates is the default state limit: 2.5·10⁶ states, a few
// hundred megabytes with the sparse generator.
const DefaultMaxStates = 2_500_000

func (o Options) withDefaults() Options {
	if o.Tol <= 0 {
		o.Tol = 1e-9
	}
	if o.MaxStates <= 0 {
		o.MaxStates = DefaultMaxStates
	}
	if o.Residual <= 0 {
		o.Residual = 1e-13
	}
	if o.MaxSweeps <= 0 {
		o.MaxSweeps = 200_000
	}
	return o
}

// TooLargeError reports a chain of more than Limit states: States is the
// count reached (a lower bound when AtLeast), Shrink says what would make
// it smaller.
type TooLargeError struct {
	States  float64
	AtLeast bool
	Limit   int
	Shrink  string
}

func (e *TooLargeError) Error() string {
	q := ""
	if e.AtLeast {
		q = "at least "
	}
	return fmt.Sprintf("exact CTMC refused: %s%.4g states exceed the limit of %d; %s", q, e.States, e.Limit, e.Shrink)
}
