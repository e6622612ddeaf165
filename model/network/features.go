package network

import (
	"fmt"
	"math"
	"queuelab/analytic"
	"strings"

	"queuelab/des"
)

// Station features beyond product form (issue 22): a finite buffer whose
// upstream stations block, routers with load-balancing policies,
// load-dependent service, balking and a server schedule. Each is a field
// of Station whose zero value is the plain station; the simulator costs
// nothing extra for a network that uses none of them (Sim.x stays nil).

// Blocking is what happens upstream of a station whose buffer is full.
type Blocking uint8

// The blocking kinds of a file's `blocking:` key.
const (
	// BlockAfterService (BAS, the default): a customer that finishes
	// service upstream and is routed here while the buffer is full stays
	// on its server, which serves nobody else, until a place frees.
	BlockAfterService Blocking = iota
	// BlockBeforeService (BBS, server occupied): the upstream customer
	// chooses its next station when it reaches a server; it starts
	// service only once a place here is free. The place is not reserved:
	// if the station is full again when its service ends, it waits on its
	// server as under BlockAfterService (blocking.go).
	BlockBeforeService
)

var blockingNames = [...]string{"after-service", "before-service"}

// String returns the blocking kind's name in the file.
func (b Blocking) String() string {
	if int(b) < len(blockingNames) {
		return blockingNames[b]
	}
	return fmt.Sprintf("Blocking(%d)", uint8(b))
}

// LBPolicy is how a router chooses among its targets.
type LBPolicy uint8

// The policies of a router's `lb:` row. Ties (several targets with the
// same number present) go to the first tied target in the row's order.
const (
	// LBRandom: a target uniformly at random (one draw from the router's
	// "routing/ROUTER" stream).
	LBRandom LBPolicy = iota
	// LBRoundRobin: the targets in turn, in the row's order, starting with
	// the first; no random draw.
	LBRoundRobin
	// LBJSQ (join the shortest queue): the target with the fewest
	// customers present (waiting and in service); no random draw.
	LBJSQ
	// LBPowerOfD: d distinct targets drawn uniformly at random from the
	// "routing/ROUTER" stream (d draws), then the one of them with the
	// fewest present; ties to the one drawn first.
	LBPowerOfD
)

var lbNames = [...]string{"random", "round-robin", "jsq", "power-of-d"}

// String returns the policy's name in the file.
func (p LBPolicy) String() string {
	if int(p) < len(lbNames) {
		return lbNames[p]
	}
	return fmt.Sprintf("LBPolicy(%d)", uint8(p))
}

// LoadBalance is a router's routing row: the policy, its targets (every
// class keeps its class) and, for power-of-d, D.
type LoadBalance struct {
	Policy LBPolicy
	To     []string
	D      int // power-of-d: how many targets are sampled (2 ≤ D ≤ len(To))
}

// ServerStep is one step of a server schedule: from time At (s) on, the
// station has Servers servers.
type ServerStep struct {
	At      float64
	Servers int
}

// parseName returns the index of name in names, or an error listing them.
func parseName(what, name string, names []string) (int, error) {
	for i, n := range names {
		if n == name {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (valid: %s)", what, cut(name), strings.Join(names, ", "))
}

// beyond reports whether station s uses any feature of this file.
func (s *Station) beyond() bool {
	return s.Kind == Router || s.Buffer > 0 || s.Rates != nil || s.JoinProbability != nil || s.Schedule != nil
}

// MaxFeatureList bounds rates, join_probability and schedule lists.
const MaxFeatureList = 10_000

// checkFeatures validates station i's features (after its plain fields).
func (t *topology) checkFeatures(i int) error {
	s := &t.net.Stations[i]
	el := elemStation(s.Name)
	if err := checkMultipliers(elemField(el, "rates"), s.Rates, false); err != nil {
		return err
	}
	if err := checkMultipliers(elemField(el, "join_probability"), s.JoinProbability, true); err != nil {
		return err
	}
	if s.beyond() && t.net.hasForks() {
		return errf(el, "%s is not supported in a network with fork and join stations (yet): use one or the other", featureName(s))
	}
	if s.Kind > Router {
		return errf(elemField(el, "kind"), "unknown kind %d (valid: %s)", s.Kind, strings.Join(stationKinds[:], ", "))
	}
	if s.Blocking > BlockBeforeService {
		return errf(elemField(el, "blocking"), "unknown blocking %d (valid: %s)", s.Blocking, strings.Join(blockingNames[:], ", "))
	}
	switch {
	case s.Kind == Router && (s.Service.Given() || s.ServiceByClass != nil || s.Capacity > 0 || s.Patience.Given() ||
		s.Buffer > 0 || s.Rates != nil || s.JoinProbability != nil || s.Schedule != nil || s.Servers != des.Infinite):
		return errf(el, "a router (kind: router) has no service, servers, capacity, buffer, patience, rates, join_probability or schedule: it only sends customers on by its lb row")
	case s.Kind == Router && s.LB == nil:
		return errf(elemRouting(s.Name), "missing: a router needs a routing row lb: {policy: random | round-robin | jsq | power-of-d, to: [STATION, …]}")
	case s.Kind != Router && s.LB != nil:
		return errf(elemRouting(s.Name), "lb rows belong to routers only (give station %q kind: router)", s.Name)
	case s.Buffer < 0 || s.Buffer > 100_000_000:
		return errf(elemField(el, "buffer"), "must be a whole number from 1 to 100000000 (or absent: unlimited), got %d", s.Buffer)
	case s.Buffer > 0 && s.Capacity > 0:
		return errf(elemField(el, "buffer"), "give buffer (upstream blocks when full) or capacity (arrivals lost when full), not both")
	case s.Buffer > 0 && s.Servers != des.Infinite && s.Buffer < s.Servers:
		return errf(elemField(el, "buffer"), "must be at least servers (%d), got %d", s.Servers, s.Buffer)
	case s.Buffer == 0 && s.Blocking != BlockAfterService:
		return errf(elemField(el, "blocking"), "applies only with a buffer (buffer: K)")
	case s.Rates != nil && (s.Servers != 1 || s.Discipline != des.FCFS):
		return errf(elemField(el, "rates"), "load-dependent rates need one FCFS server (servers: 1, discipline: fcfs): the multiplier is the whole station's rate, given to the customer in service; got %s with %s", serversText(s), s.Discipline)
	case s.Rates != nil && s.Schedule != nil:
		return errf(elemField(el, "rates"), "load-dependent rates keep one server: not with a server schedule")
	case s.Rates != nil && s.Patience.Given():
		return errf(elemField(el, "rates"), "load-dependent rates with patience are not supported: remove one of them")
	case s.JoinProbability != nil && (s.Capacity > 0 || s.Buffer > 0):
		return errf(elemField(el, "join_probability"), "with capacity or buffer is not supported (balks and losses would share one count); give join probability 0 from n = K on instead")
	case s.JoinProbability != nil && s.JoinProbability[0] == 0 && len(s.JoinProbability) == 1:
		return errf(elemField(el, "join_probability"), "all zero: nobody would ever join; give p[0] > 0")
	}
	if s.Schedule != nil {
		if err := checkSchedule(el, s); err != nil {
			return err
		}
	}
	if s.LB != nil {
		return t.checkLB(i)
	}
	return nil
}

func serversText(s *Station) string {
	if s.Servers == des.Infinite {
		return "servers: inf"
	}
	return fmt.Sprintf("servers: %d", s.Servers)
}

// checkMultipliers checks a rates or join_probability list: 1 to
// MaxFeatureList finite values, > 0 (rates) or in [0, 1] (probabilities).
func checkMultipliers(elem string, xs []float64, prob bool) error {
	if xs == nil {
		return nil
	}
	if len(xs) == 0 || len(xs) > MaxFeatureList {
		return errf(elem, "needs 1 to %d values, got %d", MaxFeatureList, len(xs))
	}
	for k, x := range xs {
		switch {
		case prob && !(x >= 0 && x <= 1):
			return errf(elem, "[%d]: a probability must be in [0, 1], got %v", k, x)
		case !prob && !(x > 0 && x <= 1e9):
			return errf(elem, "[%d]: a rate multiplier must be > 0 and ≤ 1e9, got %v", k, x)
		}
	}
	return nil
}

// checkSchedule checks a server schedule: steps in increasing time from 0,
// whole numbers of servers ≥ 1 (never inf), a period after the last step.
func checkSchedule(el string, s *Station) error {
	fe := elemField(el, "servers")
	if len(s.Schedule) == 0 || len(s.Schedule) > MaxFeatureList {
		return errf(fe, "a schedule needs 1 to %d steps [time, servers], got %d", MaxFeatureList, len(s.Schedule))
	}
	for k, st := range s.Schedule {
		switch {
		case k == 0 && st.At != 0:
			return errf(fe, "a schedule starts at time 0 ([0, servers]), got %v", st.At)
		case k > 0 && !(st.At > s.Schedule[k-1].At && st.At <= maxScheduleTime):
			return errf(fe, "step %d: times must increase (and be ≤ %g s), got %v after %v", k, float64(maxScheduleTime), st.At, s.Schedule[k-1].At)
		case st.Servers < 1 || st.Servers > MaxServers:
			return errf(fe, "step %d: servers must be a whole number from 1 to %d, got %d", k, MaxServers, st.Servers)
		}
	}
	if s.Servers != s.Schedule[0].Servers {
		return errf(fe, "servers (%d) must be the schedule's first step (%d)", s.Servers, s.Schedule[0].Servers)
	}
	if s.Capacity > 0 || s.Buffer > 0 {
		return errf(fe, "a server schedule with capacity or buffer is not supported (the bound would have to follow the servers)")
	}
	last := s.Schedule[len(s.Schedule)-1].At
	if s.Period != 0 && !(s.Period > last && s.Period <= maxScheduleTime) {
		return errf(elemField(el, "period"), "must be after the schedule's last step (%v s) and ≤ %g s, got %v", last, float64(maxScheduleTime), s.Period)
	}
	return nil
}

// checkLB checks router i's lb row.
func (t *topology) checkLB(i int) error {
	s := &t.net.Stations[i]
	lb := s.LB
	el := elemField(elemRouting(s.Name), "lb")
	if len(lb.To) == 0 {
		return errf(el, "to: needs at least one target station (valid: %s)", t.stationList())
	}
	for k, to := range lb.To {
		j, err := t.stationOf(el+" to", to)
		if err != nil {
			return err
		}
		if j == i {
			return errf(el, "to: a router cannot send customers to itself")
		}
		for _, prev := range lb.To[:k] {
			if prev == to {
				return errf(el, "to: %q listed twice", cut(to))
			}
		}
	}
	switch {
	case lb.Policy > LBPowerOfD:
		return errf(el, "unknown policy %d (valid: %s)", lb.Policy, strings.Join(lbNames[:], ", "))
	case lb.Policy == LBPowerOfD && (lb.D < 1 || lb.D > len(lb.To)):
		return errf(el, "d: power-of-d needs d from 1 to the number of targets (%d), got %d", len(lb.To), lb.D)
	case lb.Policy != LBPowerOfD && lb.D != 0:
		return errf(el, "d applies to power-of-d only, not %s", lb.Policy)
	}
	return nil
}

// lbRows fills the routing rows of the routers: for reachability, the
// analytic form and the random policy, each class goes on as itself to
// each target with probability 1/len(To). A router must have no other
// routing row.
func (t *topology) lbRows() error {
	for i := range t.net.Stations {
		s := &t.net.Stations[i]
		if s.Kind != Router {
			continue
		}
		for r := 0; r < t.R; r++ {
			k := r*t.M + i
			if len(t.rows[k]) > 0 {
				return errf(elemRouting(s.Name), "a router's routing is its lb row only; remove the probabilities")
			}
			for _, to := range s.LB.To {
				t.rows[k] = append(t.rows[k], target{t.stationIdx[to], r, 1 / float64(len(s.LB.To))})
			}
			t.rowSum[k] = 1
		}
	}
	return nil
}

// multiplier returns xs[n], or its last value beyond its end.
func multiplier(xs []float64, n int) float64 {
	if n >= len(xs) {
		return xs[len(xs)-1]
	}
	return xs[n]
}

// finiteTime reports whether x is a finite time in seconds.
func finiteTime(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) && x >= 0 }

// cloneFeatures gives s its own copies of the feature slices.
func (s *Station) cloneFeatures() {
	if s.LB != nil {
		lb := *s.LB
		lb.To = append([]string(nil), lb.To...)
		s.LB = &lb
	}
	if s.Rates != nil {
		s.Rates = append([]float64(nil), s.Rates...)
	}
	if s.JoinProbability != nil {
		s.JoinProbability = append([]float64(nil), s.JoinProbability...)
	}
	if s.Schedule != nil {
		s.Schedule = append([]ServerStep(nil), s.Schedule...)
	}
}

// maxScheduleTime bounds a schedule's times and period (s), as every time
// of a network file.
const maxScheduleTime = 1e9

// analyticFeatures returns s's features as analytic describes them.
func (s *Station) analyticFeatures() analytic.StationFeatures {
	f := analytic.StationFeatures{Buffer: s.Buffer, BlockBeforeService: s.Buffer > 0 && s.Blocking == BlockBeforeService,
		RateMultipliers: s.Rates, JoinProbability: s.JoinProbability, ServerSchedule: s.Schedule != nil}
	if s.LB != nil {
		f.Router, f.RouterD = s.LB.Policy.String(), s.LB.D
	}
	return f
}

// anyOpen reports whether the simulated network has an open class (only
// open customers can be lost at a full buffer).
func (s *Sim) anyOpen() bool {
	for _, o := range s.open {
		if o {
			return true
		}
	}
	return false
}

// HasFeatures reports whether a station of n uses a feature of this file.
func (n *Network) HasFeatures() bool {
	for i := range n.Stations {
		if n.Stations[i].beyond() {
			return true
		}
	}
	return false
}

// FeatureNames names the features n uses, for messages ("buffers with
// blocking, a jsq router").
func (n *Network) FeatureNames() string {
	var out []string
	addOnce := func(s string) {
		for _, o := range out {
			if o == s {
				return
			}
		}
		out = append(out, s)
	}
	for i := range n.Stations {
		s := &n.Stations[i]
		switch {
		case s.LB != nil:
			addOnce(s.LB.Policy.String() + " router")
		case s.Buffer > 0:
			addOnce("buffers with blocking")
		}
		if s.Rates != nil {
			addOnce("load-dependent rates")
		}
		if s.JoinProbability != nil {
			addOnce("balking")
		}
		if s.Schedule != nil {
			addOnce("server schedule")
		}
	}
	return strings.Join(out, ", ")
}

// featureName names the first feature of this file station s uses, as the
// file writes it.
func featureName(s *Station) string {
	switch {
	case s.Kind == Router:
		return "a router (kind: router)"
	case s.Buffer > 0:
		return "buffer"
	case s.Rates != nil:
		return "rates"
	case s.JoinProbability != nil:
		return "join_probability"
	default:
		return "a server schedule"
	}
}
