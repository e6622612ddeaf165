package network

import (
	"queuelab/des"
)

// Network is a queueing network as the file describes it: customer
// classes, stations and routing, every element referred to by name. Build
// one in Go (see the examples) or read one with Parse; Validate checks it.
// Times are in seconds. A parsed network also records the lines of its
// file (StationLine), so two networks parsed from different text may
// differ there only: compare the exported fields.
type Network struct {
	Name     string
	Classes  []Class   // in priority order, first highest
	Stations []Station // in file order
	Routes   []Route

	// lines, set by Parse, maps the file's elements (elemStation,
	// elemRouting, …) to the lines they start at; see StationLine.
	lines map[string]int
}

// Class is a customer class: open (Arrivals set: customers arrive from
// outside and eventually leave) or closed (Population customers circulate
// for ever, placed at Start at time 0).
type Class struct {
	Name       string
	Population int       // closed: number of customers (> 0)
	Start      string    // closed: the station they start at
	Arrivals   *Arrivals // open: where and how customers arrive
	// Initial, when not nil, places customers at stations at time 0 (see
	// initial.go): for an open class, customers present besides those who
	// arrive; for a closed class, where its Population customers start
	// (the counts must sum to Population; Start stays its reference
	// station).
	Initial map[string]int
}

// Open reports whether c is an open class.
func (c *Class) Open() bool { return c.Arrivals != nil }

// Arrivals is the external arrival process of an open class into station
// To: exactly one of a renewal process with the given interarrival law
// (exponential = Poisson), a Markovian arrival process (MAP) or a
// piecewise-constant time-varying Poisson rate (Rates, repeating every
// Period seconds when Period > 0). With Batch set, every arrival event
// brings a batch of customers of that size law (arrivals.go).
type Arrivals struct {
	To           string
	Interarrival Dist // NoDist when MAP or Rates is set
	MAP          *MAP
	Rates        []RateStep
	Period       float64
	Batch        *Batch
}

// PoissonArrivals returns Poisson arrivals at rate per second into to.
func PoissonArrivals(to string, rate float64) *Arrivals {
	return &Arrivals{To: to, Interarrival: Exponential(1 / rate)}
}

// Station is a service station.
type Station struct {
	Name string
	// Servers is the number of servers (≥ 1), or des.Infinite for a delay
	// (infinite-server) station, where nobody waits.
	Servers    int
	Discipline des.Discipline // ignored at a delay station
	// Service is the service-time law of every class; ServiceByClass
	// gives one per class instead (a class absent from it is never served
	// here). Exactly one of the two is set.
	Service        Dist
	ServiceByClass map[string]Dist
	// Capacity is the most customers at the station (waiting + in
	// service); an arrival finding it full is lost. 0 = unlimited.
	Capacity int
	// Patience, if set, is how long a waiting customer waits before it
	// abandons (leaves the network). NoDist = for ever.
	Patience Dist

	// Features beyond product form (features.go, forkjoin.go); zero
	// values: none.

	// Kind is a queue (the zero value), a fork or a join (forkjoin.go: no
	// servers, service, capacity or patience), or a router, which has no
	// service and sends each customer on at once by LB (Servers is
	// des.Infinite).
	Kind StationKind
	// Split is a fork's branches: the tasks each arriving job sends to
	// each station. Only a fork has one.
	Split []Branch
	// LB is a router's routing row (nil for a queue).
	LB *LoadBalance
	// Buffer, if > 0, is the most customers at the station (waiting + in
	// service); a customer
	// routed here from another station while it is full is held upstream
	// as Blocking says. Arrivals from outside finding it full are lost.
	Buffer   int
	Blocking Blocking
	// Rates, if set, are the station's service-rate multipliers with 1, 2,
	// 3, … customers present (the last holds beyond): the customer in
	// service is served at Rates[n-1] times its rate. One FCFS server only.
	Rates []float64
	// JoinProbability, if set: an arrival finding n present joins with
	// probability JoinProbability[n] (the last holds beyond), else balks
	// (leaves the network, counted in p_balk).
	JoinProbability []float64
	// Schedule, if set, gives the servers over time (Servers is its first
	// step); it repeats every Period seconds when Period > 0. A server
	// that leaves while serving finishes its customer first.
	Schedule []ServerStep
	Period   float64
}

// ServiceOf returns the service law of class at s (NoDist if it is not
// served there).
func (s *Station) ServiceOf(class string) Dist {
	if s.ServiceByClass != nil {
		return s.ServiceByClass[class]
	}
	return s.Service
}

// Route is one routing probability: a customer of class Class (every
// class when "") completing service at From next joins To, as class
// ToClass (unchanged when "": class switching otherwise), with
// probability Prob. What a (class, From) row leaves below 1 leaves the
// network.
type Route struct {
	Class   string
	From    string
	To      string
	ToClass string
	Prob    float64
}

// Limits on a network's size: they keep a mistyped file from asking for
// more memory than a laptop has.
const (
	MaxClasses    = 64
	MaxStations   = 1024
	MaxPopulation = 1_000_000 // per class and over all closed classes
	MaxServers    = 1_000_000
	maxName       = 64
)

// Validate reports the first thing wrong with n as an *Error naming the
// element and the valid values, or nil. A valid network can be simulated:
// every name is unique and known, every station a customer can reach has
// a service law for the customer's class, routing rows are probabilities
// summing to at most 1, and a closed class's rows sum to exactly 1 at
// every station it can reach (its customers never leave).
func (n *Network) Validate() error {
	_, err := compile(n)
	if err != nil {
		return err
	}
	return nil
}

// clone returns a deep copy of n.
func (n *Network) clone() *Network {
	c := *n
	c.Classes = append([]Class(nil), n.Classes...)
	for r := range c.Classes {
		if a := c.Classes[r].Arrivals; a != nil {
			c.Classes[r].Arrivals = a.clone()
		}
		c.Classes[r].Initial = cloneInitial(c.Classes[r].Initial)
	}
	c.Stations = append([]Station(nil), n.Stations...)
	for i := range c.Stations {
		st := &c.Stations[i]
		st.cloneFeatures()
		if st.ServiceByClass != nil {
			m := make(map[string]Dist, len(st.ServiceByClass))
			for k, d := range st.ServiceByClass {
				m[k] = d
			}
			st.ServiceByClass = m
		}
	}
	for i := range c.Stations {
		c.Stations[i].Split = append([]Branch(nil), c.Stations[i].Split...)
	}
	c.Routes = append([]Route(nil), n.Routes...)
	return &c
}
