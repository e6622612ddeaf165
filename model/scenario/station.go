package scenario

// StationStats are the cumulative measurements of one station of a run (a
// pool of servers and its customers) from the start of the run to Time,
// for checking Little's law L = λW with the three quantities measured
// independently: Area/Time is L (the time-averaged number waiting or in
// service), Arrivals/Time is λ, and Sojourn/Departures is W (measured per
// customer, from its request to its release or renege). The difference
// of two snapshots (Sub) is the same measurement over the window between
// them.
type StationStats struct {
	Name       string
	Time       float64 // s since the start of the run (or window length)
	Area       float64 // ∫ number in the station dt, customer·s
	Arrivals   float64 // customers that asked the station
	Departures float64 // customers that left it (released or reneged)
	Sojourn    float64 // Σ time in the station of the departed (s)
}

// Sub returns the measurements of the window from the earlier snapshot b
// to s.
func (s StationStats) Sub(b StationStats) StationStats {
	return StationStats{Name: s.Name, Time: s.Time - b.Time, Area: s.Area - b.Area, Arrivals: s.Arrivals - b.Arrivals,
		Departures: s.Departures - b.Departures, Sojourn: s.Sojourn - b.Sojourn}
}

// Stationed is implemented by per-entity engines that expose their
// stations' measurements (package validate checks Little's law on them).
type Stationed interface {
	// Stations returns every station's cumulative measurements, in an
	// order fixed for the run.
	Stations() []StationStats
}
