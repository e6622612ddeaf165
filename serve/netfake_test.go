package serve

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// fakeNet is a NetLive for the handler and browser tests: an open class
// "job" at rate λ into "cpu", which sends a share p to "disk" and the rest
// out; "disk" sends everything back to "cpu". Its values are formulas, not
// a simulation: each station is treated as one server of rate c/mean, its
// estimates approach the M/M/1 values with a half-width shrinking as
// 1/√(time since the last change), and an unstable station's count grows
// linearly. It is deterministic, so tests can assert what the page shows.
type fakeNet struct {
	now, mark float64
	rate, p   float64
	servers   [2]int
	mean      [2]float64
	dist      [2]string
	disc      [2]string
	runs      int // RunUntil calls, to check stepping
}

var fakeStations = [2]string{"cpu", "disk"}

// openFake is a NetOpener for fakeNet; a source containing "bad" fails as a
// parse error would.
func openFake(name string, src []byte, seed uint64) (NetLive, error) {
	if strings.Contains(string(src), "bad") {
		return nil, fmt.Errorf("%s:1: bad network", name)
	}
	return &fakeNet{rate: 1, p: 0.5, servers: [2]int{1, 1}, mean: [2]float64{0.25, 0.3},
		dist: [2]string{"exp", "exp"}, disc: [2]string{"fcfs", "fcfs"}}, nil
}

func (f *fakeNet) Graph() NetGraph {
	g := NetGraph{Name: "fake", Unit: 0.3,
		Classes: []NetClass{{Name: "job", Rate: f.rate, To: "cpu"}},
		Routes:  []NetRoute{{From: "cpu", To: "disk", Class: "job", P: f.p}, {From: "cpu", To: "", Class: "job", P: 1 - f.p}, {From: "disk", To: "cpu", Class: "job", P: 1}},
		Choices: NetChoices{Disciplines: []string{"fcfs", "ps"}, Services: []string{"exp", "det", "hyperexp"}}}
	for i, name := range fakeStations {
		g.Stations = append(g.Stations, NetStation{Name: name, Servers: f.servers[i], Capacity: -1, Discipline: f.disc[i],
			Service: []NetService{{Class: "job", Dist: f.dist[i], Mean: f.mean[i], SCV: 1}}})
	}
	return g
}

func (f *fakeNet) Now() float64 { return f.now }

func (f *fakeNet) RunUntil(t float64) error {
	if t < f.now {
		return errors.New("fake: time runs forward")
	}
	f.now = t
	f.runs++
	return nil
}

// rho is station i's utilisation; lambda its arrival rate.
func (f *fakeNet) rho(i int) (rho, lambda float64) {
	lambda = f.rate / (1 - f.p)
	if i == 1 {
		lambda *= f.p
	}
	return lambda * f.mean[i] / float64(f.servers[i]), lambda
}

func (f *fakeNet) Snapshot() NetSnapshot {
	s := NetSnapshot{Time: f.now}
	for i := range fakeStations {
		rho, lambda := f.rho(i)
		n := int(math.Floor(rho / (1 - rho) * (1 + math.Sin(f.now))))
		if rho >= 1 {
			n = int((rho - 1) / f.mean[i] / lambda * (f.now - f.mark) * 10)
		}
		busy := min(n, f.servers[i])
		st := NetStationSnap{Servers: f.servers[i], Count: n, PerClass: []int{n}, InService: make([]int, busy), Waiting: make([]int, min(n-busy, 40))}
		s.Stations = append(s.Stations, st)
	}
	return s
}

func (f *fakeNet) Estimates() []NetEstimate {
	n := (f.now - f.mark) / 0.3
	var out []NetEstimate
	for i, name := range fakeStations {
		rho, lambda := f.rho(i)
		l := rho / (1 - rho)
		for _, m := range []struct {
			name string
			v    float64
		}{{"mean_in_system", l}, {"mean_response", l / lambda}, {"utilization", min(rho, 1)}, {"p_loss", 0}} {
			e := NetEstimate{Station: name, Name: m.name, Mean: m.v * (1 + 0.3/math.Sqrt(n+1)*math.Sin(n)), K: min(int(n), 30)}
			e.HalfWidth = 0.5 * m.v / math.Sqrt(n+1)
			e.SE = e.HalfWidth / 2.05
			e.Measured = f.now - f.mark
			if rho >= 1 && m.name != "utilization" {
				e.Mean = (f.now - f.mark) * (rho - 1)
			}
			out = append(out, e)
		}
	}
	return out
}

func (f *fakeNet) Analytic() NetAnalytic {
	var a NetAnalytic
	for i, name := range fakeStations {
		rho, lambda := f.rho(i)
		if rho >= 1 {
			a.Unstable = append(a.Unstable, NetUnstable{Station: name, Rho: rho})
			continue
		}
		l := rho / (1 - rho)
		method, exact := "Jackson product form", f.dist[i] == "exp"
		if !exact {
			method = "QNA (Whitt 1983)"
		}
		a.Formulas = append(a.Formulas,
			NetFormula{Station: name, Name: "mean_in_system", Value: l, Method: method, Exact: exact},
			NetFormula{Station: name, Name: "mean_response", Value: l / lambda, Method: method, Exact: exact},
			NetFormula{Station: name, Name: "utilization", Value: rho, Method: "traffic equations", Exact: true})
	}
	if len(a.Unstable) > 0 {
		a.Note = "unstable: " + a.Unstable[0].Station
	}
	return a
}

func (f *fakeNet) station(name string) (int, error) {
	for i, s := range fakeStations {
		if s == name {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown station %q (valid: cpu, disk)", name)
}

func (f *fakeNet) Apply(c NetChange) error {
	if c.Kind == "rate" {
		v, err := strconv.ParseFloat(c.Value, 64)
		if err != nil || v <= 0 || c.Class != "job" {
			return fmt.Errorf("rate %s=%s: want class job and a rate > 0", c.Class, c.Value)
		}
		f.rate = v
		f.mark = f.now
		return nil
	}
	i, err := f.station(c.Station)
	if err != nil {
		return err
	}
	switch c.Kind {
	case "servers":
		n, err := strconv.Atoi(c.Value)
		if err != nil || n < 1 {
			return fmt.Errorf("servers %s=%s: want an integer ≥ 1", c.Station, c.Value)
		}
		f.servers[i] = n
	case "service":
		f.dist[i] = c.Value
	case "discipline":
		f.disc[i] = c.Value
	case "route":
		v, err := strconv.ParseFloat(c.Value, 64)
		if err != nil || v < 0 || v >= 1 || i != 0 || c.To != "disk" {
			return fmt.Errorf("route %s>%s=%s: only cpu>disk, with 0 ≤ p < 1", c.Station, c.To, c.Value)
		}
		f.p = v
	default:
		return fmt.Errorf("unknown change %q", c.Kind)
	}
	f.mark = f.now
	return nil
}

func (f *fakeNet) File() []byte {
	return fmt.Appendf(nil, "name: fake\nclasses:\n  - name: job\n    arrivals: {to: cpu, rate: %g}\nstations:\n  - name: cpu\n    servers: %d\n    service: {dist: %s, mean: %g}\n  - name: disk\n    servers: %d\n    service: {dist: %s, mean: %g}\nrouting:\n  cpu: {disk: %g}\n  disk: {cpu: 1}\n",
		f.rate, f.servers[0], f.dist[0], f.mean[0], f.servers[1], f.dist[1], f.mean[1], f.p)
}

// fakeCatalogue is the catalogue the tests serve.
var fakeCatalogue = []NetworkFile{
	{Name: "fake.yaml", Title: "a fake two-station network", Source: []byte("name: fake\n"), Lesson: "Try **two servers** at `cpu`:\n\n- the queue shrinks\n- L = λW holds"},
	{Name: "other.yaml", Source: []byte("name: other\n")},
}
