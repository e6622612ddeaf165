package network

import "fmt"

// Live changes of the station features (for the network page). Each
// applies from now on and marks the statistics, like the other Set
// methods; a feature can be changed only at a station that has it (the
// simulator prepares for the features the network starts with).

// feature returns the index of station and checks that it has the feature
// has reports, naming it otherwise.
func (s *Sim) feature(what, station string, has func(*Station) bool) (int, error) {
	i, err := s.top.stationOf(what, station)
	if err != nil {
		return 0, err
	}
	if s.x == nil || !has(&s.net.Stations[i]) {
		return 0, fmt.Errorf("%s of station %q: it has none to change (give it one in the file)", what, station)
	}
	return i, nil
}

// multipliers checks v as the new list what (rates, join_probability;
// probabilities when probs, see checkMultipliers) of station, which must
// have it: station's index and a copy of v for the caller to install.
func (s *Sim) multipliers(what, station string, has func(*Station) bool, v []float64, probs bool) (int, []float64, error) {
	i, err := s.feature(what, station, has)
	if err != nil {
		return 0, nil, err
	}
	if err := checkMultipliers(elemField(elemStation(station), what), v, probs); err != nil {
		return 0, nil, err
	}
	return i, append([]float64(nil), v...), nil
}

// SetJoinProbability replaces the join probabilities of a balking station.
func (s *Sim) SetJoinProbability(station string, p []float64) error {
	i, p, err := s.multipliers("join_probability", station, func(st *Station) bool { return st.JoinProbability != nil }, p, true)
	if err != nil {
		return err
	}
	s.net.Stations[i].JoinProbability, s.x.join[i] = p, p
	s.Mark()
	return nil
}

// SetRates replaces the rate multipliers of a load-dependent station; the
// customer in service continues at the new rate.
func (s *Sim) SetRates(station string, rates []float64) error {
	i, rates, err := s.multipliers("rates", station, func(st *Station) bool { return st.Rates != nil }, rates, false)
	if err != nil {
		return err
	}
	s.net.Stations[i].Rates = rates
	s.x.rates[i].mult = rates
	s.x.rates[i].change(s.x, i)
	s.Mark()
	return nil
}

// SetBuffer sets the buffer of a buffered station (≥ its servers). A
// larger buffer lets blocked customers in at once; a smaller one removes
// nobody: the station takes no one until fewer than k are present.
func (s *Sim) SetBuffer(station string, k int) error {
	i, err := s.feature("buffer", station, func(st *Station) bool { return st.Buffer > 0 })
	if err != nil {
		return err
	}
	st := &s.net.Stations[i]
	if k < 1 || k > 100_000_000 || (st.Servers != -1 && k < st.Servers) {
		return fmt.Errorf("buffer of station %q: must be a whole number from max(1, servers = %d) to 100000000, got %d", station, st.Servers, k)
	}
	st.Buffer, s.x.buffer[i] = k, k
	s.stations[i].SetCapacity(k)
	s.x.freed(i)
	s.Mark()
	return nil
}

// featureServers says why a station's servers cannot be set live.
func featureServers(st *Station) string {
	switch {
	case st.Schedule != nil:
		return "they follow the station's schedule"
	case st.Kind == Router:
		return "a router has none"
	case st.Rates != nil:
		return "a load-dependent station (rates) keeps its one server"
	}
	return fmt.Sprintf("must be at most its buffer %d", st.Buffer)
}

// routesChanged refuses new routing that would change which stations hold
// their customers' service (blocking upstream of a buffer), and refreshes
// which stations block before service. x may be nil: then the new routing
// must bring no buffer in (it cannot: a network without features has none).
func (x *extras) routesChanged(top *topology) error {
	if x == nil {
		return nil
	}
	held := top.heldStations()
	for i, h := range held {
		if h != x.held[i] {
			return fmt.Errorf("routing of station %q: a change that makes it start or stop routing to a buffered station is not supported while running", x.s.net.Stations[i].Name)
		}
	}
	for i := range x.anyBBS {
		x.anyBBS[i] = false
	}
	for k, row := range top.rows {
		for _, tg := range row {
			if x.bbs[tg.station] {
				x.anyBBS[k%top.M] = true
			}
		}
	}
	return nil
}

// SetPolicy sets a router's policy by name (random, round-robin, jsq,
// power-of-d); d is power-of-d's d (0: keep the router's, else 2).
func (s *Sim) SetPolicy(station, policy string, d int) error {
	i, err := s.feature("policy", station, func(st *Station) bool { return st.LB != nil })
	if err != nil {
		return err
	}
	k, err := parseName("policy", policy, lbNames[:])
	if err != nil {
		return fmt.Errorf("policy of router %q: %v", station, err)
	}
	lb := *s.net.Stations[i].LB
	lb.Policy = LBPolicy(k)
	switch {
	case lb.Policy != LBPowerOfD:
		lb.D = 0
	case d > 0:
		lb.D = d
	case lb.D == 0:
		lb.D = min(2, len(lb.To))
	}
	if lb.Policy == LBPowerOfD && lb.D > len(lb.To) {
		return fmt.Errorf("policy of router %q: power-of-d needs d from 1 to the number of targets (%d), got %d", station, len(lb.To), lb.D)
	}
	s.net.Stations[i].LB = &lb
	s.Mark()
	return nil
}
