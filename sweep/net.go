package sweep

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/model/input"
	"queuelab/model/network"
	"queuelab/validate"
)

// netSystem runs a queueing network file (package model/network) for a
// fixed simulated time and records every metric of every station, and of
// the network end to end, as "station.metric" (with the class,
// "station.class.metric", when the network has several classes). Its
// factors are the run length and the network's parameters: rate.CLASS
// (an open class's arrival rate per second, keeping its interarrival law's
// shape), population.CLASS (a closed class), servers.STATION (not for
// delay stations) and service-mean.STATION (a station with one service
// law for all classes, keeping its shape). A design point whose open
// network is unstable, or whose open customers can never leave
// (analytic.SolveNetwork), is refused before any run.
type netSystem struct {
	file      string // as resolved
	data      []byte
	sum       string
	factors   []input.Control
	responses []Response
	multi     bool // several classes: per-class responses too
}

// netDefaultDuration is the run length when the design sets none.
const netDefaultDuration = 10_000.0

func newNet(d *Design) (System, error) {
	if d.Network == "" {
		return nil, errors.New("system net needs network: the network file (see examples/networks/)")
	}
	path := d.Network
	if !filepath.IsAbs(path) { // relative to the design's folder, else the working directory
		if p := filepath.Join(filepath.Dir(d.File), path); fileExists(p) {
			path = p
		}
	}
	data, err := input.ReadInput(path, network.MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("network %s: %w", d.Network, err)
	}
	n, err := network.Parse(path, data)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	s := &netSystem{file: path, data: data, sum: hex.EncodeToString(sum[:8]), multi: len(n.Classes) > 1}
	s.factors = netFactors(n)
	if s.responses, err = s.probe(n); err != nil {
		return nil, err
	}
	return s, nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// netFactors lists the parameters a design may set or vary.
func netFactors(n *network.Network) []input.Control {
	cs := []input.Control{
		{Name: "duration", Kind: input.Duration, Min: 1e-3, Max: 1e8, Default: "10000", Help: "simulated time measured after the warm-up"},
		{Name: "warmup", Kind: input.Duration, Min: 0, Max: 1e8, Help: "simulated time discarded first (default 5 % of duration)"},
	}
	for _, c := range n.Classes {
		if c.Open() {
			cs = append(cs, input.Control{Name: "rate." + c.Name, Kind: input.Float, Min: 1e-9, Max: 1e9,
				Help: "arrival rate of class " + c.Name + " per second"})
		} else {
			cs = append(cs, input.Control{Name: "population." + c.Name, Kind: input.Int, Min: 1, Max: network.MaxPopulation,
				Help: "customers of closed class " + c.Name})
		}
	}
	for _, st := range n.Stations {
		if st.Servers != des.Infinite {
			cs = append(cs, input.Control{Name: "servers." + st.Name, Kind: input.Int, Min: 1, Max: network.MaxServers,
				Help: "servers of station " + st.Name})
		}
		if st.ServiceByClass == nil {
			cs = append(cs, input.Control{Name: "service-mean." + st.Name, Kind: input.Duration, Min: 1e-9, Max: 1e6,
				Help: "mean service time at station " + st.Name})
		}
	}
	return cs
}

// responseName names a metric as a response.
func (s *netSystem) responseName(m network.Metric) (string, bool) {
	if m.Class == "" {
		return m.Station + "." + string(m.Name), true
	}
	return m.Station + "." + m.Class + "." + string(m.Name), s.multi
}

// probe lists the responses: the metrics of a moment's simulation.
func (s *netSystem) probe(n *network.Network) ([]Response, error) {
	// The metrics depend on the stations and classes, not on how many
	// customers a closed class has: one each keeps the probe small
	// whatever the population (a million would cost hundreds of MB before
	// the sweep's memory budget is checked).
	small := *n
	small.Classes = append([]network.Class(nil), n.Classes...)
	for i := range small.Classes {
		small.Classes[i].Population = min(small.Classes[i].Population, 1)
	}
	sim, err := network.New(&small, network.Options{Generator: des.PCG, Window: 0.05})
	if err != nil {
		return nil, err
	}
	if err := sim.RunUntil(0.1); err != nil {
		return nil, err
	}
	var out []Response
	for _, m := range sim.Result(0, 0).Metrics {
		if name, ok := s.responseName(m); ok {
			label := string(m.Name) + " at " + m.Station
			if m.Class != "" {
				label += " (class " + m.Class + ")"
			}
			out = append(out, Response{Name: name, Label: label})
		}
	}
	return out, nil
}

func (s *netSystem) Factors() []input.Control { return s.factors }
func (s *netSystem) Responses() []Response    { return s.responses }

// Identity is the network file's content hash: shards run against
// different versions of the file do not merge.
func (s *netSystem) Identity() string { return "network sha256:" + s.sum }

// build parses the network afresh and applies the settings; it returns
// the network and the run length and warm-up.
func (s *netSystem) build(settings []Setting) (*network.Network, float64, float64, error) {
	n, err := network.Parse(s.file, s.data)
	if err != nil {
		return nil, 0, 0, err
	}
	duration, warmup := netDefaultDuration, -1.0
	for _, st := range settings {
		v := st.Value.Num
		kind, name, _ := cutDot(st.Name)
		switch kind {
		case "duration":
			duration = v
		case "warmup":
			warmup = v
		case "rate", "population":
			for i := range n.Classes {
				if c := &n.Classes[i]; c.Name == name {
					if kind == "rate" {
						c.Arrivals = c.Arrivals.WithRate(v)
					} else {
						c.Population = int(v)
					}
				}
			}
		case "servers", "service-mean":
			for i := range n.Stations {
				if stn := &n.Stations[i]; stn.Name == name {
					if kind == "servers" {
						stn.Servers = int(v)
					} else {
						stn.Service = stn.Service.WithMean(v)
					}
				}
			}
		}
	}
	if warmup < 0 {
		warmup = validate.WarmupShare * duration
	}
	if err := n.Validate(); err != nil {
		return nil, 0, 0, err
	}
	return n, duration, warmup, nil
}

// cutDot splits "servers.cpu" into "servers" and "cpu".
func cutDot(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func (s *netSystem) Check(settings []Setting) error {
	n, _, _, err := s.build(settings)
	if err != nil {
		return err
	}
	an, err := n.Analytic()
	if err != nil {
		return err
	}
	var u *analytic.UnstableError
	an.SkipCTMC = true // stability only: the exact chain is not needed
	if _, err := analytic.SolveNetwork(an); errors.As(err, &u) || errors.Is(err, analytic.ErrNoExit) {
		return err
	}
	return nil
}

func (s *netSystem) Work(settings []Setting) des.Work {
	n, duration, warmup, err := s.build(settings)
	if err != nil {
		return des.Work{}
	}
	return n.Work(duration+warmup, 1)
}

func (s *netSystem) Run(settings []Setting, seed uint64) (Outcome, error) {
	n, duration, warmup, err := s.build(settings)
	if err != nil {
		return Outcome{}, err
	}
	total := duration + warmup
	sim, err := network.New(n, network.Options{Seed: seed, Generator: des.PCG, Window: total / 1200})
	if err != nil {
		return Outcome{}, err
	}
	defer sim.Close() // its buffers serve the next replication
	if err := sim.RunUntil(total); err != nil {
		return Outcome{}, err
	}
	out := Outcome{Values: map[string]float64{}}
	for _, m := range sim.Result(warmup, 0).Metrics {
		if name, ok := s.responseName(m); ok {
			out.Values[name] = m.Value()
		}
	}
	return out, nil
}
