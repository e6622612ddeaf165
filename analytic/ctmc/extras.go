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
	// would share or lose its server; those are refused).
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
	// upstream customer checks this station when it reaches a server; if
	// it is full it holds the server without starting until a place frees
	// (in the order blocked, with those blocked after service), then is
	// served. Places are not reserved: should the station be full again
	// when the service ends, the customer is held after service as under
	// AfterService. The chain covers it where the check happens only on an
	// arrival from outside at an idle server: every station feeding this
	// one is FCFS with a finite number of servers, receives no routed
	// customers, sends here with probability 1, has no blocking of its
	// own, patience, balking or rates, and the model has one open class
	// and no initial state.
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
	if err := m.validateFork(); err != nil {
		return err
	}
	if err := m.validateBlocking(); err != nil {
		return err
	}
	return m.validateInitial()
}

// validateBlocking checks the routes into blocking stations.
func (m *Model) validateBlocking() error {
	M := len(m.Stations)
	for x, row := range m.Routing {
		r, i := x/M, x%M
		for y, p := range row {
			s, j := y/M, y%M
			to := m.Stations[j]
			if p == 0 || i == j || to.Blocking == NoBlocking {
				continue
			}
			from := m.Stations[i]
			d := from.Discipline
			switch {
			case to.Blocking == AfterService && from.Servers > 0 && d != nil && d != FCFS && d != SIRO && d != PriorityNP:
				return fmt.Errorf("station %q (%s) feeds %q, which blocks after service: a blocked customer would keep its server only at fcfs, siro, non-preemptive priority or a delay station",
					from.Name, d.Name(), to.Name)
			case to.Blocking == BeforeService && p < 1-routingSlack:
				return fmt.Errorf("class %q at station %q goes to %q (before-service blocking) with probability %v: the chain needs the declared destination certain (probability 1)",
					m.Classes[r].Name, from.Name, to.Name, p)
			case to.Blocking == BeforeStart:
				if err := m.validateBeforeStart(i, j, p); err != nil {
					return err
				}
			}
			_ = s
		}
	}
	return nil
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
			case n > 0 && st.Service[r] == nil:
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

// validateBeforeStart checks that station i feeding j, which blocks before
// service as the simulator does (BeforeStart), is the case the chain
// covers: there the check at a service start can find j full only for a
// customer from outside reaching an idle server.
func (m *Model) validateBeforeStart(i, j int, p float64) error {
	from, M := m.Stations[i], len(m.Stations)
	why := ""
	switch {
	case len(m.Classes) != 1 || !m.Classes[0].Open():
		why = "the model has several classes, or a closed one"
	case p < 1-routingSlack:
		why = fmt.Sprintf("it goes there with probability %v, not 1", p)
	case from.Servers < 1 || from.Discipline != nil && from.Discipline != FCFS:
		why = "it is not an fcfs station with a finite number of servers"
	case from.Blocking != NoBlocking || from.Patience != 0 || from.JoinProb != nil || from.RateScale != nil:
		why = "it has blocking, patience, balking or rates"
	case m.Initial != nil:
		why = "the model sets an initial state"
	case m.Classes[0].Fork != nil:
		why = "its class forks"
	}
	for x, row := range m.Routing {
		if why == "" && row[i] > 0 {
			why = fmt.Sprintf("station %q routes customers into it", m.Stations[x%M].Name)
		}
	}
	if why == "" {
		return nil
	}
	return fmt.Errorf("station %q feeds %q, which blocks before service: the exact CTMC covers that only for fcfs servers fed from outside alone, one open class, no initial state (%s)",
		from.Name, m.Stations[j].Name, why)
}
