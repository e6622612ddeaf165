package ctmc

import (
	"fmt"
	"math"
)

// Blocking says what happens to a customer routed from another station to
// a station whose buffer (Station.Capacity) is full.
type Blocking uint8

const (
	// NoBlocking: the customer is lost, as any arrival at a full station.
	NoBlocking Blocking = iota
	// AfterService (BAS, blocking after service): the customer, its
	// service done, stays on its server upstream — the server blocked —
	// until a place frees here; customers blocked for the same station
	// enter in the order they were blocked, and a place freed by a
	// blocked customer leaving can unblock another at once (a cascade).
	// The upstream station must give each customer a server of its own
	// while it holds it: FCFS, SIRO, non-preemptive priority or a delay
	// station (at PS, LCFS-PR or preemptive priority a held customer
	// would share or lose its server; those are refused). A route from
	// this station back to itself is refused, here and under BeforeStart:
	// the simulator counts the customer against its own buffer.
	AfterService
	// BeforeService (BBS, blocking before service, "server occupied"): a
	// customer upstream declares this station as its next one before it
	// starts, and its service does not start — or stops, to resume in the
	// phase it reached — while this station is full. The declared
	// destination must be certain: every class routed here from another
	// station comes here with probability 1 (the chain keeps no declared
	// destination per customer; a random one is refused).
	BeforeService
	// BeforeStart (BBS as the simulator plays it, model/network): the
	// upstream customer draws its next station whenever it reaches a
	// server — arriving at an idle one, taken from the waiting line when
	// a server frees, or placed there in the initial state; if it drew
	// this station and it is full it holds the server without starting
	// until a place frees (in the order blocked, with those blocked after
	// service), then is served. The check sees the state at the
	// simulator's moment: a customer starting after a departure sees the
	// departing one not yet arrived at its next station (see
	// beforestart.go). Places are not reserved: should the station be
	// full again when the service ends, the customer is held after
	// service as under AfterService. After its start the customer goes
	// where it drew: where its class may go elsewhere too, the chain
	// keeps each started customer's draw (draws.go). The chain covers it
	// where the upstream station is FCFS, SIRO, non-preemptive priority
	// or a delay station (patience, balking and rates there included: a
	// customer holding a server unstarted neither abandons nor balks, and
	// counts among those present, as in the simulator), and where this
	// station does not route back to itself;
	// classes open or closed, several of them, fed from outside or by
	// routing, with an initial state or without.
	BeforeStart
)

// String names the blocking as the network file does.
func (b Blocking) String() string {
	switch b {
	case NoBlocking:
		return "none"
	case AfterService:
		return "after-service"
	case BeforeService:
		return "before-service"
	case BeforeStart:
		return "before-start"
	}
	return fmt.Sprintf("Blocking(%d)", uint8(b))
}

// validateExtras checks a station's blocking, load-dependent rates and
// join probabilities.
func (s Station) validateExtras() error {
	switch {
	case s.Blocking > BeforeStart:
		return fmt.Errorf("unknown blocking %v", s.Blocking)
	case s.Blocking != NoBlocking && s.Capacity == 0:
		return fmt.Errorf("%v blocking needs a buffer (capacity > 0)", s.Blocking)
	case s.Blocking != NoBlocking && s.JoinProb != nil:
		return fmt.Errorf("balking at a station with %v blocking is not modelled (would a blocked customer balk?)", s.Blocking)
	case s.RateScale != nil && len(s.RateScale) == 0 || s.JoinProb != nil && len(s.JoinProb) == 0:
		return fmt.Errorf("an empty list of rates or join probabilities")
	}
	for n, x := range s.RateScale {
		if !(x > 0) || math.IsInf(x, 0) {
			return fmt.Errorf("rate multiplier %v with %d present: want a finite number > 0", x, n+1)
		}
	}
	for n, p := range s.JoinProb {
		if !(p >= 0 && p <= 1) {
			return fmt.Errorf("join probability %v with %d present is not a probability", p, n)
		}
	}
	return nil
}

// scale returns the service-rate multiplier with n present.
func (s *Station) scale(n int) float64 {
	if len(s.RateScale) == 0 || n == 0 {
		return 1
	}
	return s.RateScale[min(n, len(s.RateScale))-1]
}

// join returns the probability that an arrival finding n present joins.
func (s *Station) join(n int) float64 {
	if len(s.JoinProb) == 0 {
		return 1
	}
	return s.JoinProb[min(n, len(s.JoinProb)-1)]
}

// validateExtras checks what spans stations and classes: MAP arrivals,
// forks, the initial state, and the stations blocking feeds.
func (m *Model) validateExtras() error {
	for _, c := range m.Classes {
		if c.MAP == nil {
			continue
		}
		if err := c.MAP.Validate(); err != nil {
			return fmt.Errorf("class %q: %v", c.Name, err)
		}
		if r := c.MAP.Rate(); c.Rate != 0 && math.Abs(c.Rate-r) > 1e-9*r {
			return fmt.Errorf("class %q: rate %v differs from its MAP's rate %v (give 0 or the MAP's)", c.Name, c.Rate, r)
		}
	}
	if err := m.validateInitial(); err != nil { // first: the fork's checks read its rows
		return err
	}
	if err := m.validateFork(); err != nil {
		return err
	}
	if err := m.validateBlocking(); err != nil {
		return err
	}
	return m.validateRouters()
}

// validateBlocking checks the routes into blocking stations.
func (m *Model) validateBlocking() error {
	M := len(m.Stations)
	for x, row := range m.Routing {
		r, i := x/M, x%M
		for y, p := range row {
			s, j := y/M, y%M
			to := m.Stations[j]
			if p == 0 || to.Blocking == NoBlocking {
				continue
			}
			if i == j && (to.Blocking == AfterService || to.Blocking == BeforeStart) {
				when := "after service"
				if to.Blocking == BeforeStart {
					when = "before service"
				}
				return &AtError{Station: to.Name, Routing: true, Err: fmt.Errorf("class %q goes from station %q, which blocks %s, back to itself: the simulator counts the customer against its own buffer (with the buffer full it blocks on itself, and a single server deadlocks), where the chain lets it take the place it leaves; refused until the two agree",
					m.Classes[r].Name, to.Name, when)}
			}
			if i == j {
				continue
			}
			from := m.Stations[i]
			d := from.Discipline
			switch {
			case to.Blocking == AfterService && from.Servers > 0 && d != nil && d != FCFS && d != SIRO && d != PriorityNP:
				return &AtError{Station: from.Name, Err: fmt.Errorf("station %q (%s) feeds %q, which blocks after service: a blocked customer would keep its server only at fcfs, siro, non-preemptive priority or a delay station",
					from.Name, d.Name(), to.Name)}
			case to.Blocking == BeforeService && p < 1-routingSlack:
				return fmt.Errorf("class %q at station %q goes to %q (before-service blocking) with probability %v: the chain needs the declared destination certain (probability 1)",
					m.Classes[r].Name, from.Name, to.Name, p)
			}
			_ = s
		}
	}
	return m.validateBeforeStart()
}

// validateInitial checks Model.Initial against the stations and classes.
func (m *Model) validateInitial() error {
	if m.Initial == nil {
		return nil
	}
	M, R := len(m.Stations), len(m.Classes)
	if len(m.Initial) != M {
		return fmt.Errorf("initial state has %d rows, want one per station (%d)", len(m.Initial), M)
	}
	sums := make([]int, R)
	for i, row := range m.Initial {
		st := m.Stations[i]
		if row != nil && len(row) != R {
			return fmt.Errorf("initial state, station %q: %d counts for %d classes", st.Name, len(row), R)
		}
		total := 0
		for r, n := range row {
			switch {
			case n < 0:
				return fmt.Errorf("initial state, station %q, class %q: count %d < 0", st.Name, m.Classes[r].Name, n)
			case n > 0 && st.Service[r] == nil && !m.forksAt(i, r):
				return fmt.Errorf("initial state: station %q does not serve class %q", st.Name, m.Classes[r].Name)
			}
			total += n
			sums[r] += n
		}
		if st.Capacity > 0 && total > st.Capacity {
			return fmt.Errorf("initial state, station %q: %d customers for room for %d", st.Name, total, st.Capacity)
		}
	}
	for r, c := range m.Classes {
		if !c.Open() && sums[r] != c.Population {
			return fmt.Errorf("initial state: class %q has %d customers placed, its population is %d", c.Name, sums[r], c.Population)
		}
	}
	return nil
}

// validateBeforeStart checks the stations feeding a station that blocks
// before service as the simulator does (BeforeStart): each must be one
// the chain holds a start at as the simulator does, and the destinations
// drawn at the start (draws.go) must fit in a state's code.
func (m *Model) validateBeforeStart() error {
	M := len(m.Stations)
	for x, row := range m.Routing {
		i := x % M
		for y, p := range row {
			j := y % M
			if p == 0 || m.Stations[j].Blocking != BeforeStart {
				continue
			}
			if why := m.beforeStartFeeder(i, j); why != "" {
				return &AtError{Station: m.Stations[i].Name,
					Err: fmt.Errorf("station %q feeds %q, which blocks before service, and the exact CTMC cannot play the simulator's rule there: %s",
						m.Stations[i].Name, m.Stations[j].Name, why)}
			}
		}
	}
	return m.drawBudget()
}

// beforeStartFeeder returns why the chain cannot hold starts at station
// i for station j, or "". Patience, balking and rates at i are
// played as the simulator does (model/network
// TestBeforeServiceExtraFeederSimAgreesWithCTMC, a long test); so is a
// next station drawn at random (draws.go).
func (m *Model) beforeStartFeeder(i, j int) string {
	from := m.Stations[i]
	d := from.Discipline
	switch {
	case i == j: // refused in validateBlocking
	case from.Servers > 0 && d != nil && d != FCFS && d != SIRO && d != PriorityNP:
		return fmt.Sprintf("it is %s, where a customer cannot hold a server unstarted (the simulator refuses it too)", d.Name())
	}
	return "" // a fork branch leaves to its join (validateFork): never a feeder
}
