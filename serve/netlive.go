package serve

import (
	"fmt"
	"strconv"
	"strings"
)

// NetLive is one running simulation of a queueing network as the network
// page drives it: stepped in simulated time, looked at between steps, and
// changed while it runs. An implementation is not safe for concurrent use;
// the page's session serialises every call.
//
// The contract the page relies on:
//   - RunUntil(t) followed by RunUntil(u) gives the same run as RunUntil(u)
//     alone when no change is applied in between, so a replay that applies
//     the same changes at the same simulated times reproduces the run.
//   - Apply changes the network now (at Now()) and restarts the statistics
//     behind Estimates from now; Analytic and Graph describe the network as
//     changed; File is the network file with every applied change.
type NetLive interface {
	Graph() NetGraph
	Now() float64 // simulated seconds since the start
	RunUntil(t float64) error
	Snapshot() NetSnapshot
	Estimates() []NetEstimate // per station (Class "" = all classes) and for "network"
	Analytic() NetAnalytic
	Apply(c NetChange) error
	File() []byte // the network file as YAML, with the changes applied
}

// NetOpener parses a network file (name is its file name, for error
// messages) and starts its simulation with seed.
type NetOpener func(name string, src []byte, seed uint64) (NetLive, error)

// NetGraph describes a network for drawing and for the change controls.
type NetGraph struct {
	Name     string       `json:"name"`
	Classes  []NetClass   `json:"classes"`
	Stations []NetStation `json:"stations"`
	Routes   []NetRoute   `json:"routes"`
	Choices  NetChoices   `json:"choices"`
	Unit     float64      `json:"unit"` // a typical time scale of the network (s): the largest mean service time
}

// NetChoices lists the values the page offers for changes.
type NetChoices struct {
	Disciplines []string `json:"disciplines"`
	Services    []string `json:"services"` // service laws that keep the mean, e.g. exp, det, hyperexp
}

// NetClass is a customer class: open (Rate > 0, arriving at To) or closed
// (Population customers starting at To).
type NetClass struct {
	Name       string  `json:"name"`
	Rate       float64 `json:"rate,omitempty"`
	Population int     `json:"population,omitempty"`
	To         string  `json:"to"`
	// Arrivals beyond Poisson (Rate is then the mean customer rate):
	// Phases of a MAP, Steps [[from s, per s], …] and Period (s) of a
	// time-varying rate, Batch the mean batch size.
	Phases int          `json:"phases,omitempty"`
	Steps  [][2]float64 `json:"steps,omitempty"`
	Period float64      `json:"period,omitempty"`
	Batch  float64      `json:"batch,omitempty"`
}

// NetStation is one station. Servers and Capacity use -1 for "no limit"
// (an infinite-server delay station, an unlimited buffer).
type NetStation struct {
	Name       string       `json:"name"`
	Servers    int          `json:"servers"`
	Capacity   int          `json:"capacity"`
	Discipline string       `json:"discipline"`
	Service    []NetService `json:"service"` // one per class served here
	NetStationFeatures
}

// NetService is the service law of one class at a station.
type NetService struct {
	Class string  `json:"class"`
	Dist  string  `json:"dist"`
	Mean  float64 `json:"mean"`
	SCV   float64 `json:"scv"` // squared coefficient of variation
}

// NetRoute is a routing probability: after service at From, a customer of
// Class joins To with probability P. To "" means it leaves the network.
type NetRoute struct {
	From  string  `json:"from"`
	To    string  `json:"to"`
	Class string  `json:"class"`
	P     float64 `json:"p"`
	Tasks int     `json:"tasks,omitempty"` // a fork's branch: the tasks each job sends (P is then 1)
	// Policy is a router's load-balancing policy (P is then its long-run
	// share only for random and round-robin); "" for a routing probability.
	Policy string `json:"policy,omitempty"`
}

// NetSnapshot is the network's state at Time: who is where.
type NetSnapshot struct {
	Time     float64          `json:"time"`
	Stations []NetStationSnap `json:"stations"` // in Graph order
}

// NetStationSnap is one station's customers: the class index of each one
// in service and of each one waiting, front of the queue first. The lists
// may be cut short (at most a few dozen); Count is the true total.
type NetStationSnap struct {
	Servers   int   `json:"servers"` // busy-capable servers now; -1 infinite
	InService []int `json:"inService"`
	Waiting   []int `json:"waiting"`
	Count     int   `json:"count"`             // customers at the station (waiting and in service)
	PerClass  []int `json:"perClass"`          // customers at the station per class (Graph order)
	Blocked   int   `json:"blocked,omitempty"` // servers holding a customer blocked by a full buffer downstream
}

// NetEstimate is a running estimate since the statistics last restarted:
// the mean with the half-width of its 95 % interval, its standard error,
// the number of batches behind them (K < 2: no interval yet) and the
// simulated time they measure (s, after any warm-up).
type NetEstimate struct {
	Station   string  `json:"station"`
	Class     string  `json:"class"`
	Name      string  `json:"name"`
	Mean      float64 `json:"mean"`
	HalfWidth float64 `json:"halfWidth"`
	SE        float64 `json:"se"`
	K         int     `json:"k"`
	Measured  float64 `json:"measured"`
}

// NetFormula is one analytic value, named as analytic.NetMetric names it.
type NetFormula struct {
	Station string  `json:"station"`
	Class   string  `json:"class"`
	Name    string  `json:"name"`
	Value   float64 `json:"value"`
	Method  string  `json:"method"`
	Exact   bool    `json:"exact"`
}

// NetAnalytic is the analytic solution of the network as it is now.
// Unstable lists the stations whose offered load is at or past their
// capacity (open networks only); Note says why some or all values are
// missing.
type NetAnalytic struct {
	Formulas []NetFormula  `json:"formulas"`
	Unstable []NetUnstable `json:"unstable"`
	Note     string        `json:"note"`
	// Trapped lists the stations where open-class customers can never
	// leave the network (a routing loop with no exit): unstable too,
	// though no ρ says so.
	Trapped []string `json:"trapped"`
}

// NetUnstable names a station with utilisation ρ ≥ 1.
type NetUnstable struct {
	Station string  `json:"station"`
	Rho     float64 `json:"rho"`
}

// NetChange is one change to a running network. Its text form, used in
// replay links and shown in the page, is
//
//	rate CLASS=VALUE                  external arrival rate of an open class (per s)
//	population CLASS=N                customers of a closed class (a whole number ≥ 1)
//	servers STATION=N|inf             number of servers
//	service STATION[/CLASS]=LAW       service law keeping its mean: exp, det, hyperexp
//	discipline STATION=NAME           fcfs, lcfs-pr, ps, siro, priority, preemptive-priority
//	route STATION>TO[/CLASS]=P        routing probability; TO "out" leaves the network
//	buffer STATION=K                  buffer of a station that has one (upstream blocks when full)
//	join STATION=P0,P1,…              join probabilities of a balking station
//	rates STATION=R1,R2,…             rate multipliers of a load-dependent station
//	policy ROUTER=NAME[:D]            random, round-robin, jsq, power-of-d (with d)
type NetChange struct {
	Kind    string `json:"kind"`
	Station string `json:"station,omitempty"`
	Class   string `json:"class,omitempty"`
	To      string `json:"to,omitempty"`
	Value   string `json:"value"`
}

// NetChangeKinds are the kinds of NetChange, in the order the page offers them.
var NetChangeKinds = []string{"rate", "population", "servers", "service", "discipline", "route", "buffer", "join", "rates", "policy"}

// ParseNetChange reads a change in its text form (see NetChange). It
// checks the syntax only; the network checks names and values.
func ParseNetChange(s string) (NetChange, error) {
	s = strings.TrimSpace(s)
	kind, rest, ok := strings.Cut(s, " ")
	target, value, ok2 := strings.Cut(strings.TrimSpace(rest), "=")
	if !ok || !ok2 {
		return NetChange{}, fmt.Errorf("change %q: want KIND TARGET=VALUE, e.g. \"servers cpu=2\" or \"rate web=6\"", clip(s, 60))
	}
	c := NetChange{Kind: kind, Value: strings.TrimSpace(value)}
	target = strings.TrimSpace(target)
	switch kind {
	case "rate", "population":
		c.Class = target
	case "servers", "discipline", "buffer", "join", "rates", "policy":
		c.Station = target
	case "service":
		c.Station, c.Class, _ = strings.Cut(target, "/")
	case "route":
		from, to, ok := strings.Cut(target, ">")
		if !ok {
			return NetChange{}, fmt.Errorf("change %q: a route is STATION>TO[/CLASS]=P, e.g. \"route cpu>disk=0.8\"", clip(s, 60))
		}
		c.Station = from
		c.To, c.Class, _ = strings.Cut(to, "/")
	default:
		return NetChange{}, fmt.Errorf("change %q: unknown kind %q (valid: %s)", clip(s, 60), clip(kind, 20), strings.Join(NetChangeKinds, ", "))
	}
	if target == "" || c.Value == "" || (c.Station == "" && c.Class == "") {
		return NetChange{}, fmt.Errorf("change %q: the target and the value must not be empty", clip(s, 60))
	}
	return c, nil
}

// String returns the change in its text form; ParseNetChange reads it back.
func (c NetChange) String() string {
	switch c.Kind {
	case "rate", "population":
		return c.Kind + " " + c.Class + "=" + c.Value
	case "service":
		if c.Class != "" {
			return "service " + c.Station + "/" + c.Class + "=" + c.Value
		}
	case "route":
		t := "route " + c.Station + ">" + c.To
		if c.Class != "" {
			t += "/" + c.Class
		}
		return t + "=" + c.Value
	}
	return c.Kind + " " + c.Station + "=" + c.Value
}

// NetTimed is a change at a simulated time (seconds).
type NetTimed struct {
	At     float64
	Change NetChange
}

// ParseNetTimed reads "T:CHANGE", e.g. "120.5:servers cpu=2", as used in
// replay links.
func ParseNetTimed(s string) (NetTimed, error) {
	at, rest, ok := strings.Cut(s, ":")
	t, err := strconv.ParseFloat(strings.TrimSpace(at), 64)
	if !ok || err != nil || t < 0 || t != t || t > 1e15 {
		return NetTimed{}, fmt.Errorf("planned change %q: want SECONDS:CHANGE, e.g. \"120:servers cpu=2\"", clip(s, 60))
	}
	c, err := ParseNetChange(rest)
	if err != nil {
		return NetTimed{}, err
	}
	return NetTimed{At: t, Change: c}, nil
}

// String returns "T:CHANGE" with T printed exactly (shortest round trip).
func (t NetTimed) String() string {
	return strconv.FormatFloat(t.At, 'g', -1, 64) + ":" + t.Change.String()
}
