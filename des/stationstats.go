package des

import "math"

// ClassStats are the statistics of one customer class at a Station, or of
// all classes together (StationStats.Total), since the station was created
// or last reset (Station.ResetStats). Times are in seconds.
//
// Counts, tallies and areas are cumulative, so the statistics of any
// window are differences: take a Snapshot at each batch boundary and
// subtract (StationSnapshot.Sub) to get batch means without resetting.
//
// Accounting identities (every discipline), over a run that begins and
// ends with the station empty:
//
//	Arrivals = Losses + Departures + Abandons      (LeaveQueue)
//	Arrivals = Losses + Departures + Discards      (StayQueued)
//	InSystem.Area = Sojourn.Sum + Abandoned.Sum    (LeaveQueue)
//	InSystem.Area = Sojourn.Sum + Discarded.Sum    (StayQueued)
//	Busy.Area = the work of the departed customers (+ the discard times)
//
// The second pair is Little's law on the sample path. At any instant the
// first pair holds with the customers present added on the right (with
// StayQueued, present includes the stale customers). InSystem = InQueue +
// customers in service; under PS everyone present is in service, and Busy
// is then the capacity they use, not their number.
type ClassStats struct {
	Arrivals   int64 // customers that arrived, lost ones included
	Losses     int64 // arrivals turned away because the station was full (Balked)
	Abandons   int64 // customers whose patience ran out while they waited
	Departures int64 // customers that completed service and left
	Discards   int64 // stale customers (StayQueued) that had their discard service and left

	// Sojourn is the time from arrival to departure of each departed
	// customer (the W of Little's law L = λW).
	Sojourn Tally
	// Wait is the time from arrival to the first start of service, one
	// observation per customer that started (so it may count customers
	// still in service); 0 for PS and infinite-server stations. A stale
	// customer's discard service (StayQueued) is not a start. Time a
	// preempted customer spends waiting to resume is not in Wait, but it is
	// in InQueue.
	Wait Tally
	// Abandoned is the time from arrival to abandonment (the patience
	// that ran out) of each customer that abandoned.
	Abandoned Tally
	// Discarded is the time from arrival to leaving of each stale customer
	// (StayQueued) that left after its discard service.
	Discarded Tally

	// InSystem is the number of customers present (waiting + in service).
	InSystem TimeWeighted
	// InQueue is the number of customers waiting (for a first start or to
	// resume after a preemption); always 0 for PS and delay stations.
	InQueue TimeWeighted
	// Busy is the server capacity in use: the number of busy servers, or
	// for PS the sum of the service rates min(1, c/n) of the class's
	// customers (min(n, c) for all classes together). Its mean over the
	// number of servers is the utilisation.
	Busy TimeWeighted
}

// reset forgets the statistics before now, keeping the current values of
// the time-weighted quantities.
// leave counts a customer that left after d seconds: a departure with its
// sojourn or, if stale, a discard with its stay.
func (c *ClassStats) leave(d float64, stale bool) {
	if stale {
		c.Discards++
		c.Discarded.Add(d)
		return
	}
	c.Departures++
	c.Sojourn.Add(d)
}

func (c *ClassStats) reset(now Time) {
	c.Arrivals, c.Losses, c.Abandons, c.Departures, c.Discards = 0, 0, 0, 0, 0
	c.Sojourn, c.Wait, c.Abandoned, c.Discarded = Tally{}, Tally{}, Tally{}, Tally{}
	c.InSystem.Reset(now)
	c.InQueue.Reset(now)
	c.Busy.Reset(now)
}

// Snapshot returns the cumulative statistics at time now (not before the
// last change). It costs a few loads and multiplications.
func (c *ClassStats) Snapshot(now Time) StationSnapshot {
	return StationSnapshot{
		At:           now,
		Arrivals:     c.Arrivals,
		Losses:       c.Losses,
		Abandons:     c.Abandons,
		Departures:   c.Departures,
		Discards:     c.Discards,
		Starts:       c.Wait.N(),
		SojournSum:   c.Sojourn.Sum(),
		WaitSum:      c.Wait.Sum(),
		AbandonedSum: c.Abandoned.Sum(),
		DiscardedSum: c.Discarded.Sum(),
		InSystemArea: c.InSystem.Area(now),
		InQueueArea:  c.InQueue.Area(now),
		BusyArea:     c.Busy.Area(now),
	}
}

// StationStats are a Station's statistics: per class and for all classes
// together.
type StationStats struct {
	// Total covers all classes together.
	Total ClassStats
	// Servers is the number of servers over time (changed by SetServers),
	// for the utilisation Total.Busy area / Servers area when the number
	// of servers varies; 0 for an infinite-server station.
	Servers TimeWeighted
	// classes holds one ClassStats per class, or is nil for a single-class
	// station, whose only class is Total itself (so it pays once).
	classes []ClassStats
}

// Class returns the statistics of class k (0 ≤ k < Classes()). For a
// single-class station it is &Total.
func (s *StationStats) Class(k int) *ClassStats {
	if s.classes == nil {
		return &s.Total
	}
	return &s.classes[k]
}

// Classes returns the number of classes.
func (s *StationStats) Classes() int {
	if s.classes == nil {
		return 1
	}
	return len(s.classes)
}

// reset forgets the statistics before now.
func (s *StationStats) reset(now Time) {
	s.Total.reset(now)
	s.Servers.Reset(now)
	for k := range s.classes {
		s.classes[k].reset(now)
	}
}

// StationSnapshot is the cumulative statistics of a class (or of all
// classes) at one instant, as plain numbers; the difference of two
// snapshots (Sub) is the statistics of the window between them. Sums and
// areas are in seconds and customer·seconds.
type StationSnapshot struct {
	At                                     Time // the instant; in a Sub result, the window's length
	Arrivals, Losses, Abandons, Departures int64
	Discards                               int64
	Starts                                 int64   // first starts of service (Wait.N())
	SojournSum, WaitSum, AbandonedSum      float64 // Σ of the Sojourn, Wait, Abandoned tallies
	DiscardedSum                           float64 // Σ of the Discarded tally
	InSystemArea, InQueueArea, BusyArea    float64 // ∫ InSystem, InQueue, Busy dt
}

// Sub returns the window (b.At, a.At]: every count, sum and area of a
// minus b's, and At = a.At − b.At, the window's length.
func (a StationSnapshot) Sub(b StationSnapshot) StationSnapshot {
	return StationSnapshot{
		At:           a.At - b.At,
		Arrivals:     a.Arrivals - b.Arrivals,
		Losses:       a.Losses - b.Losses,
		Abandons:     a.Abandons - b.Abandons,
		Departures:   a.Departures - b.Departures,
		Discards:     a.Discards - b.Discards,
		Starts:       a.Starts - b.Starts,
		SojournSum:   a.SojournSum - b.SojournSum,
		WaitSum:      a.WaitSum - b.WaitSum,
		AbandonedSum: a.AbandonedSum - b.AbandonedSum,
		DiscardedSum: a.DiscardedSum - b.DiscardedSum,
		InSystemArea: a.InSystemArea - b.InSystemArea,
		InQueueArea:  a.InQueueArea - b.InQueueArea,
		BusyArea:     a.BusyArea - b.BusyArea,
	}
}

// The means below read a window (a Sub result, whose At is its length);
// each is NaN when its denominator is 0.

// MeanInSystem returns InSystemArea / length: L of the window.
func (w StationSnapshot) MeanInSystem() float64 { return ratioOrNaN(w.InSystemArea, w.At.Seconds()) }

// MeanInQueue returns InQueueArea / length: Lq of the window.
func (w StationSnapshot) MeanInQueue() float64 { return ratioOrNaN(w.InQueueArea, w.At.Seconds()) }

// MeanBusy returns BusyArea / length: the mean busy servers (utilisation
// times the number of servers).
func (w StationSnapshot) MeanBusy() float64 { return ratioOrNaN(w.BusyArea, w.At.Seconds()) }

// Throughput returns Departures / length, per second.
func (w StationSnapshot) Throughput() float64 {
	return ratioOrNaN(float64(w.Departures), w.At.Seconds())
}

// MeanSojourn returns SojournSum / Departures: W of the window.
func (w StationSnapshot) MeanSojourn() float64 {
	return ratioOrNaN(w.SojournSum, float64(w.Departures))
}

// MeanWait returns WaitSum / Starts: Wq of the window.
func (w StationSnapshot) MeanWait() float64 { return ratioOrNaN(w.WaitSum, float64(w.Starts)) }

func ratioOrNaN(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}

// noteWait records a first start of service after waiting w seconds.
func (s *Station) noteWait(class int, w float64) {
	tot, cs := &s.Stats.Total, s.Stats.Class(class)
	tot.Wait.Add(w)
	if cs != tot {
		cs.Wait.Add(w)
	}
}

// note records the numbers present, waiting and busy of class class and of
// all classes (not PS: see psNote).
func (s *Station) note(class int32) {
	s.noteTotal()
	s.noteClass(class)
}

// noteTotal records the numbers present, waiting and busy of all classes.
func (s *Station) noteTotal() {
	now := s.env.Now()
	tot := &s.Stats.Total
	setChanged(&tot.InSystem, now, s.n)
	setChanged(&tot.InQueue, now, s.waiting)
	setChanged(&tot.Busy, now, s.busy)
}

// noteClass records the numbers present, waiting and busy of class class
// if the station keeps classes apart (for one class, Total is the class).
func (s *Station) noteClass(class int32) {
	if s.Stats.classes == nil {
		return
	}
	now := s.env.Now()
	cs, c := &s.Stats.classes[class], &s.counts[class]
	setChanged(&cs.InSystem, now, c.n)
	setChanged(&cs.InQueue, now, c.waiting)
	setChanged(&cs.Busy, now, c.busy)
}

// setChanged records that w is v from now on, if that is a change (setting
// an unchanged value would only split the area into two equal parts).
func setChanged(w *TimeWeighted, now Time, v int) {
	if x := float64(v); x != w.Value() {
		w.Set(now, x)
	}
}

// noteServers records the number of servers (0 for Infinite).
func (s *Station) noteServers() {
	c := s.servers
	if c == math.MaxInt {
		c = 0
	}
	s.Stats.Servers.Set(s.env.Now(), float64(c))
}
