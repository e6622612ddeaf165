package analytic

import (
	"fmt"
	"math"

	"queuelab/des/queueing"
)

// MethodBirthDeath names the exact birth–death solution of a single
// Markovian station with state-dependent rates (load-dependent service,
// balking, a finite buffer).
const MethodBirthDeath = "birth-death"

// BirthDeath is a single station as a birth–death chain on the number
// present n = 0, 1, …, K (K = 0: unbounded): arrivals at rate
// Lambda·Join(n) while n < K, service completions at rate
// Mu·min(n, Servers)·Rate(n), where Join(n) is JoinProbability[n] and
// Rate(n) is Rates[n-1] (each list's last value holds beyond its end; a
// nil list means 1). This is M/M/c/K with balking and a load-dependent
// service rate; the stationary law is π_n ∝ Π_{k<n} λ_k/μ_{k+1}
// ([Kleinrock 1975] §3.1, [Gross & Harris] §3.6–3.7).
type BirthDeath struct {
	Lambda, Mu      float64
	Servers         int // ≥ 1
	K               int // most present; 0 = unbounded
	JoinProbability []float64
	Rates           []float64
}

// BirthDeathResult holds the stationary measures of a BirthDeath station.
type BirthDeathResult struct {
	Throughput   float64 // departures (= admitted arrivals) per s
	Utilization  float64 // mean busy servers / Servers
	MeanInSystem float64
	MeanInQueue  float64
	MeanResponse float64 // per admitted customer (Little)
	MeanWait     float64
	PBalk        float64 // share of arrivals that balk (PASTA)
	PLoss        float64 // share of arrivals that find n = K (PASTA)
}

func listAt(xs []float64, k int) float64 {
	switch {
	case xs == nil:
		return 1
	case k >= len(xs):
		return xs[len(xs)-1]
	}
	return xs[k]
}

// Solve returns the stationary measures, or an *UnstableError (Station
// empty) when an unbounded chain has no stationary law: its arrival to
// service ratio beyond the lists' ends is ≥ 1.
func (b BirthDeath) Solve() (BirthDeathResult, error) {
	if !(b.Lambda > 0 && b.Mu > 0 && b.Servers >= 1 && b.K >= 0) {
		return BirthDeathResult{}, fmt.Errorf("birth-death: need λ > 0, μ > 0, servers ≥ 1, K ≥ 0; got %v, %v, %d, %d", b.Lambda, b.Mu, b.Servers, b.K)
	}
	up := func(n int) float64 { // λ_n
		if b.K > 0 && n >= b.K {
			return 0
		}
		return b.Lambda * listAt(b.JoinProbability, n)
	}
	down := func(n int) float64 { return b.Mu * float64(min(n, b.Servers)) * listAt(b.Rates, n-1) } // μ_n, n ≥ 1
	// Beyond N every ratio λ_n/μ_{n+1} is the same r: the tail is geometric.
	N := max(len(b.JoinProbability), len(b.Rates)+1, b.Servers)
	if b.K > 0 {
		N = min(N, b.K)
	}
	var res BirthDeathResult
	var z, l, lq, busy, admit, balk float64
	p := 1.0 // unnormalised π_n, π_0 = 1
	for n := 0; ; n++ {
		z += p
		l += float64(n) * p
		lq += float64(max(n-b.Servers, 0)) * p
		busy += float64(min(n, b.Servers)) * p
		admit += up(n) * p
		if b.K == 0 || n < b.K {
			balk += b.Lambda * (1 - listAt(b.JoinProbability, n)) * p
		} else {
			res.PLoss = p // normalised below
		}
		if n == N || (b.K > 0 && n == b.K) {
			break
		}
		p *= up(n) / down(n+1)
	}
	if last := N; b.K == 0 || last < b.K {
		// Geometric tail n = N+1, …, K (or ∞), ratio r, servers all busy.
		r := up(N) / down(N+1)
		c := float64(b.Servers)
		j := math.Inf(1) // number of tail states
		if b.K > 0 {
			j = float64(b.K - N)
		}
		if math.IsInf(j, 1) && r >= 1 {
			return res, &UnstableError{Rho: r}
		}
		s0, s1 := geomSums(r, j) // Σ_{k=1..j} r^k, Σ k r^k
		z += p * s0
		l += p * (float64(N)*s0 + s1)
		lq += p * ((float64(N)-c)*s0 + s1)
		busy += p * c * s0
		// Arrivals in the tail: join probability and rate hold their last
		// values; the last state (n = K) admits nobody.
		lastP := p * math.Pow(r, j)
		join := listAt(b.JoinProbability, N+1)
		admit += b.Lambda * join * p * s0
		balk += b.Lambda * (1 - join) * p * s0
		if b.K > 0 {
			admit -= b.Lambda * join * lastP
			balk -= b.Lambda * (1 - join) * lastP
			res.PLoss = lastP
		}
	}
	res.PLoss /= z
	res.Throughput = admit / z
	res.MeanInSystem, res.MeanInQueue = l/z, lq/z
	res.Utilization = busy / z / float64(b.Servers)
	res.PBalk = balk / z / b.Lambda
	res.MeanResponse = res.MeanInSystem / res.Throughput
	res.MeanWait = res.MeanInQueue / res.Throughput
	return res, nil
}

// geomSums returns Σ_{k=1..j} r^k and Σ_{k=1..j} k·r^k (j may be +Inf when
// r < 1).
func geomSums(r, j float64) (s0, s1 float64) {
	if math.IsInf(j, 1) {
		return r / (1 - r), r / ((1 - r) * (1 - r))
	}
	if r == 1 {
		return j, j * (j + 1) / 2
	}
	rj := math.Pow(r, j)
	s0 = r * (1 - rj) / (1 - r)
	s1 = r * (1 - (j+1)*rj + j*rj*r) / ((1 - r) * (1 - r))
	return s0, s1
}

// StationFeatures are a NetStation's features beyond product form. Their
// zero values are the plain station. SolveNetwork gives a network that
// uses any of them only the exact birth–death values of a single station
// (see solveBeyond); the other methods do not apply to them.
type StationFeatures struct {
	// Buffer K > 0: at most K customers present (waiting + in service).
	// A customer routed here from another station while it is full is
	// held upstream (blocking) instead of lost; an arrival from outside
	// finding it full is lost, as with Capacity. Buffer and Capacity are
	// never both set.
	Buffer int
	// BlockBeforeService: upstream customers bound here wait for a place
	// before starting service (BBS, no reservation); false: they are
	// served and then wait on their server (BAS).
	BlockBeforeService bool
	// RateMultipliers, if set: with n present the station serves at
	// RateMultipliers[n-1] times its rate (last value beyond). Only with
	// one FCFS server: the customer in service gets the whole rate.
	RateMultipliers []float64
	// JoinProbability, if set: an arrival finding n present joins with
	// probability JoinProbability[n] (last value beyond), else balks and
	// leaves the network (metric p_balk).
	JoinProbability []float64
	// Router is the policy of a router station ("random", "round-robin",
	// "jsq", "power-of-d"; "" = not a router). A router serves nobody
	// (Mean all 0, Servers 0) and its Routing rows split equally over its
	// targets: the split of "random" exactly, and the long-run split of
	// "round-robin"; "jsq" and "power-of-d" depend on the state.
	Router string
	// RouterD is power-of-d's d.
	RouterD int
	// ServerSchedule: the number of servers changes over time (Servers is
	// the first step); no steady state, no values.
	ServerSchedule bool
}

// beyond reports whether s uses a feature of StationFeatures.
func (s NetStation) beyond() bool {
	f := s.StationFeatures
	return f.Buffer > 0 || f.BlockBeforeService || f.RateMultipliers != nil || f.JoinProbability != nil || f.Router != "" || f.ServerSchedule
}

// beyond reports whether a station of n uses a feature of StationFeatures.
func (n Network) beyond() bool {
	for _, st := range n.Stations {
		if st.beyond() {
			return true
		}
	}
	return false
}

// solveBeyond gives the exact birth–death values of a network that is one
// station with no routing back to it, one open Poisson class, exponential
// service, finite servers and no patience or schedule, whatever its rates,
// join probabilities, buffer or capacity; nothing for any other network
// with features (the exact CTMC is for those).
func (s *netSolver) solveBeyond() error {
	st := s.n.Stations[0]
	c := s.n.Classes[0]
	law := func(l Law, scv float64) bool { return (l.Name == "" && scv == 1) || l.Name == "exp" }
	switch {
	case !s.singleStation() || s.r != 1 || !c.open() || !law(c.ArrivalLaw, c.ArrivalSCV),
		st.delay() || st.Router != "" || st.ServerSchedule || st.Patience > 0,
		!law(lawOf(st, 0), st.scv(0)):
		return nil
	}
	bd := BirthDeath{Lambda: c.Rate, Mu: 1 / st.Mean[0], Servers: st.Servers, K: max(st.Capacity, st.Buffer),
		JoinProbability: st.JoinProbability, Rates: st.RateMultipliers}
	res, err := bd.Solve()
	if err != nil {
		if u, ok := err.(*UnstableError); ok {
			u.Station = st.Name
		}
		return err
	}
	for _, class := range []string{c.Name, ""} {
		add := func(name queueing.Metric, v float64) { s.add(st.Name, class, name, v, MethodBirthDeath, true) }
		add(queueing.Throughput, res.Throughput)
		add(queueing.Utilization, res.Utilization)
		add(queueing.MeanInSystem, res.MeanInSystem)
		add(queueing.MeanInQueue, res.MeanInQueue)
		add(queueing.MeanResponse, res.MeanResponse)
		add(queueing.MeanWait, res.MeanWait)
		s.beyondLosses(st.Name, class, st, res)
		net := func(name queueing.Metric, v float64) { s.add("network", class, name, v, MethodBirthDeath, true) }
		net(queueing.Throughput, res.Throughput)
		net(queueing.MeanInSystem, res.MeanInSystem)
		net(queueing.MeanResponse, res.MeanResponse)
		s.beyondLosses("network", class, st, res)
	}
	return nil
}

// beyondLosses adds p_loss (capacity or buffer) and p_balk (join
// probabilities) where they apply.
func (s *netSolver) beyondLosses(station, class string, st NetStation, res BirthDeathResult) {
	if st.Capacity > 0 || st.Buffer > 0 {
		s.add(station, class, queueing.PLoss, res.PLoss, MethodBirthDeath, true)
	}
	if st.JoinProbability != nil {
		s.add(station, class, queueing.PBalk, res.PBalk, MethodBirthDeath, true)
	}
}

// lawOf returns the service law of class k at st (zero when not named).
func lawOf(st NetStation, k int) Law {
	if st.Laws == nil {
		return Law{}
	}
	return st.Laws[k]
}

// randomRoutersOnly reports whether the only features of n are routers
// with the random policy. Such a router splits its customers
// independently, each target with probability 1/n, and holds nobody: it
// is exactly a routing row, so the methods of SolveNetwork apply with the
// router as a station of no service (no values of its own, no time in the
// end-to-end figures).
func (n Network) randomRoutersOnly() bool {
	any := false
	for _, st := range n.Stations {
		f := st.StationFeatures
		switch {
		case f.Router == "random" && !f.ServerSchedule && f.Buffer == 0 && f.RateMultipliers == nil && f.JoinProbability == nil:
			any = true
		case st.beyond():
			return false
		}
	}
	return any
}
