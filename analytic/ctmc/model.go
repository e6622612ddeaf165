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
}

// Class is one customer class: open (Rate > 0, Poisson arrivals at
// station Source) or closed (Population > 0 customers, who start at
// station Start).
type Class struct {
	Name       string
	Rate       float64
	Source     int
	Population int
	Start      int
}

// Open reports whether c is an open class.
func (c Class) Open() bool { return c.Rate > 0 }

// Model is a queueing network as a CTMC sees it: stations, classes, and
// the routing Routing[r*M+i][s*M+j], the probability that a class-r
// customer completing service at station i joins station j as class s
// (the row's remainder leaves the network), as in package analytic.
type Model struct {
	Stations []Station
	Classes  []Class
	Routing  [][]float64
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
		_ = i
	}
	for r, c := range m.Classes {
		switch {
		case c.Open() == (c.Population > 0) || math.IsInf(c.Rate, 0) || c.Population < 0:
			return fmt.Errorf("class %q: exactly one of rate > 0 or population > 0 is needed", c.Name)
		case c.Open() && (c.Source < 0 || c.Source >= M || m.Stations[c.Source].Service[r] == nil):
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
			if p > 0 && m.Stations[y%M].Service[y/M] == nil {
				return fmt.Errorf("routing sends class %q to station %q, which does not serve it", m.Classes[y/M].Name, m.Stations[y%M].Name)
			}
			if p > 0 && m.Classes[x/M].Open() != m.Classes[y/M].Open() {
				return fmt.Errorf("routing switches between an open and a closed class")
			}
		}
	}
	return nil
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
	// sweeps × transitions ≤ MaxWork (about 3.5 ns each on the machine of
	// BENCHMARKS.md), for callers that must answer soon.
	MaxWork float64
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
