package network

import (
	"fmt"

	"queuelab/des"
)

// Snapshot is the state of a running network at one instant, as a live
// page draws it.
type Snapshot struct {
	Time     float64 // s
	Stations []StationState
	// InNetwork is the number of customers in the network per class (by
	// the class they entered with).
	InNetwork []int
}

// StationState is one station's customers at an instant, per class (in
// class order).
type StationState struct {
	Name      string
	Servers   int // des.Infinite for a delay station
	Waiting   []int
	InService []int
	// Blocked is the number of servers holding a customer blocked by a
	// full buffer downstream (counted in InService; see Station.Buffer).
	Blocked int
}

// Snapshot returns the customers waiting and in service at every station,
// per class, now.
func (s *Sim) Snapshot() Snapshot {
	R := s.top.R
	snap := Snapshot{Time: s.Now(), InNetwork: make([]int, R)}
	for r := range snap.InNetwork {
		snap.InNetwork[r] = int(s.net0[s.netRows[r][0]].inNet.Value())
	}
	for i, stn := range s.stations {
		st := StationState{Name: s.net.Stations[i].Name, Servers: stn.Servers(), Waiting: make([]int, R), InService: make([]int, R), Blocked: s.blockedServers(i)}
		for r := 0; r < R; r++ {
			c := stn.Stats.Class(r)
			st.Waiting[r] = int(c.InQueue.Value())
			st.InService[r] = int(c.InSystem.Value()) - st.Waiting[r]
		}
		forkSnapshot(&st, s.net.Stations[i].Kind)
		snap.Stations = append(snap.Stations, st)
	}
	return snap
}

// Mark restarts the statistics now: Result measures from here on. Every
// Set method marks.
func (s *Sim) Mark() { s.obs.mark() }

// Close lends the Sim's observation buffers to later Sims, so that many
// short replications do not each grow their own. A closed Sim must not be
// run, marked or asked for a Result again; Results already taken stay
// valid (they share nothing with it).
func (s *Sim) Close() { s.obs.release() }

// MarkedAt returns the time of the last mark in seconds (0 at the start).
func (s *Sim) MarkedAt() float64 { return s.obs.markAt.Seconds() }

// SetArrivalRate sets the arrival rate of open class (customers per
// second), keeping the family and shape of its interarrival law (its mean
// becomes 1/rate; a MAP's or time-varying rate's rates are all scaled
// alike, a batch law kept). The pending arrival is redrawn from now, and the statistics are
// marked.
func (s *Sim) SetArrivalRate(class string, rate float64) error {
	r, ok := s.top.classIdx[class]
	if !ok || !s.open[r] {
		return fmt.Errorf("arrival rate: %q is not an open class (valid: %s)", cut(class), s.openList())
	}
	if !(rate > 0 && rate <= 1e9) {
		return fmt.Errorf("arrival rate of class %q: must be > 0 and ≤ 1e9 per second, got %v", class, rate)
	}
	a := s.net.Classes[r].Arrivals.WithRate(rate)
	if _, err := a.validate(); err != nil {
		return fmt.Errorf("arrival rate of class %q: %v", class, err)
	}
	s.net.Classes[r].Arrivals = a
	s.inter[r] = a.Interarrival.Sampler()
	if a.MAP != nil || a.Rates != nil {
		s.proc[r] = newArrProc(a, s.arrStream[r])
	}
	s.env.Cancel(s.arrNext[r])
	s.scheduleArrival(r)
	s.Mark()
	return nil
}

func (s *Sim) openList() string {
	var names []string
	for r, c := range s.net.Classes {
		if s.open[r] {
			names = append(names, c.Name)
		}
	}
	return fmt.Sprint(names)
}

// SetServers sets the number of servers of station (≥ 1, or des.Infinite
// only if it is a delay station already): more servers start waiting
// customers at once, fewer let the customers in service finish. The
// statistics are marked.
func (s *Sim) SetServers(station string, n int) error {
	i, err := s.top.stationOf("servers", station)
	if err != nil {
		return err
	}
	st := &s.net.Stations[i]
	if st.Kind == Fork || st.Kind == Join {
		return fmt.Errorf("servers of station %q: a %s has no servers", station, st.Kind)
	}
	if st.Schedule != nil || st.Kind == Router || st.Rates != nil || st.Buffer > 0 && n > st.Buffer {
		return fmt.Errorf("servers of station %q: %s", station, featureServers(st))
	}
	if (st.Servers == des.Infinite) != (n == des.Infinite) || (n != des.Infinite && (n < 1 || n > MaxServers)) {
		return fmt.Errorf("servers of station %q: must be a whole number from 1 to %d (a delay station stays one), got %d", station, MaxServers, n)
	}
	if st.Capacity > 0 && n > st.Capacity {
		return fmt.Errorf("servers of station %q: must be at most its capacity %d, got %d", station, st.Capacity, n)
	}
	st.Servers = n
	s.stations[i].SetServers(n)
	s.Mark()
	return nil
}

// SetService sets the service law of class at station (class "" for every
// class served there). Customers arriving from now on draw from it. The
// statistics are marked.
func (s *Sim) SetService(station, class string, d Dist) error {
	i, err := s.top.stationOf("service", station)
	if err != nil {
		return err
	}
	if err := d.Validate(); err != nil {
		return fmt.Errorf("service of station %q: %v", station, err)
	}
	R := s.top.R
	st := &s.net.Stations[i]
	for r := 0; r < R; r++ {
		name := s.net.Classes[r].Name
		if class != "" && class != name || !s.top.service[i*R+r].Given() {
			continue
		}
		s.top.service[i*R+r] = d
		s.svc[i*R+r] = d.Sampler()
		if st.ServiceByClass != nil {
			st.ServiceByClass[name] = d
		} else if class == "" {
			st.Service = d
		} else {
			st.ServiceByClass = map[string]Dist{}
			for q := 0; q < R; q++ {
				if s.top.service[i*R+q].Given() {
					st.ServiceByClass[s.net.Classes[q].Name] = s.top.service[i*R+q]
				}
			}
			st.Service = Dist{}
		}
	}
	s.Mark()
	return nil
}

// SetRoutes replaces the routing by routes, which must leave a valid
// network (every station a class can now reach serves it; closed classes
// still never leave). The statistics are marked.
func (s *Sim) SetRoutes(routes []Route) error {
	n := s.net.clone()
	n.Routes = append([]Route(nil), routes...)
	top, err := compile(n)
	if err != nil {
		return err
	}
	if s.fj != nil && !s.fj.sameJoins(top) {
		return errf("routing", "these routes would send a fork's tasks to another join; a running simulation cannot move tasks in flight (change the file and start again)")
	}
	if err := s.x.routesChanged(top); err != nil {
		return err
	}
	s.net, s.top = n, top
	s.route = newRouter(top)
	s.Mark()
	return nil
}

// SetRoute sets one routing probability, from station from to station to
// for class (class "" for a row shared by every class), adding the route
// if it is new; see SetRoutes. A row that must sum to 1 (a closed
// class's) keeps doing so: its other branches are scaled in proportion to
// make room for prob.
func (s *Sim) SetRoute(class, from, to string, prob float64) error {
	routes := append([]Route(nil), s.net.Routes...)
	found := false
	var others float64
	for k := range routes {
		rt := &routes[k]
		if rt.Class != class || rt.From != from {
			continue
		}
		if rt.To == to && rt.ToClass == "" {
			rt.Prob, found = prob, true
		} else {
			others += rt.Prob
		}
	}
	if !found {
		routes = append(routes, Route{Class: class, From: from, To: to, Prob: prob})
	}
	if s.closedRow(class) && others > 0 && prob >= 0 && prob <= 1 {
		for k := range routes {
			if rt := &routes[k]; rt.Class == class && rt.From == from && !(rt.To == to && rt.ToClass == "") {
				rt.Prob *= (1 - prob) / others
			}
		}
	}
	return s.SetRoutes(routes)
}

// closedRow reports whether a routing row of class ("" = all) carries a
// closed class.
func (s *Sim) closedRow(class string) bool {
	for r, c := range s.net.Classes {
		if !s.open[r] && (class == "" || class == c.Name) {
			return true
		}
	}
	return false
}
