package validate

import (
	"fmt"
	"slices"

	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/examples/networks"
	"queuelab/model/network"
)

// NetworkExperiment is one example network of the catalogue
// (examples/networks), simulated and judged against SolveNetwork.
type NetworkExperiment struct {
	File  string // in examples/networks
	Quick bool   // part of the --quick catalogue
	// Duration is the nominal measured length of the quick run (s); the
	// run is precision-driven from a quarter of it up to four times it, and
	// the full run is FullFactor times longer.
	Duration float64
	// Names are the metrics checked (at every station and class where an
	// analytic value exists), in the quick and the full catalogue alike;
	// the precision target applies to each of them.
	Names []queueing.Metric
}

// NetworkCatalogue returns the example networks of the catalogue.
func NetworkCatalogue() []NetworkExperiment {
	basic := []queueing.Metric{queueing.Throughput, queueing.Utilization, queueing.MeanInSystem, queueing.MeanResponse}
	return []NetworkExperiment{
		{File: "tandem.yaml", Quick: true, Duration: 100_000, Names: basic},
		{File: "jackson-feedback.yaml", Quick: true, Duration: 100_000, Names: basic},
		{File: "central-server.yaml", Quick: true, Duration: 20_000, Names: basic},
		{File: "terminal.yaml", Quick: true, Duration: 50_000, Names: basic},
		{File: "priority-mg1.yaml", Quick: true, Duration: 200_000, Names: []queueing.Metric{queueing.Utilization, queueing.MeanWait, queueing.MeanResponse}},
		{File: "ps-insensitivity.yaml", Quick: true, Duration: 800_000, Names: []queueing.Metric{queueing.Utilization, queueing.MeanResponse}},
		{File: "loss-mmck.yaml", Quick: true, Duration: 50_000, Names: []queueing.Metric{queueing.PLoss, queueing.Utilization, queueing.MeanInSystem}},
		{File: "call-centre.yaml", Quick: true, Duration: 3_000_000, Names: []queueing.Metric{queueing.PAbandon, queueing.Utilization, queueing.MeanWait}},
		{File: "ggc-qna.yaml", Quick: true, Duration: 500_000, Names: []queueing.Metric{queueing.MeanResponse}},
		// Full catalogue only (keeps --quick as it was): QNA's correction
		// for smooth arrivals, measured.
		{File: "gg1-qna.yaml", Duration: 200_000, Names: []queueing.Metric{queueing.MeanWait, queueing.MeanResponse}},
		// Fork/join against Nelson–Tantawi's exact two-way mean response.
		{File: "fork-join.yaml", Duration: 200_000, Names: []queueing.Metric{queueing.MeanResponse, queueing.MeanSyncDelay}},
	}
}

// networkProbes turns the network catalogue into probe experiments.
func networkProbes() []ProbeExperiment {
	var out []ProbeExperiment
	for _, e := range NetworkCatalogue() {
		out = append(out, ProbeExperiment{Name: "network " + e.File, Quick: e.Quick,
			Run: func(seed uint64, quick bool) ([]Check, float64, error) { return e.run(seed, quick) }})
	}
	return out
}

// LoadExample parses the example network file (a base name in
// examples/networks).
func LoadExample(file string) (*network.Network, error) {
	data, err := networks.Files.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return network.Parse("examples/networks/"+file, data)
}

func (e NetworkExperiment) run(seed uint64, quick bool) ([]Check, float64, error) {
	n, err := LoadExample(e.File)
	if err != nil {
		return nil, 0, err
	}
	nominal := e.Duration
	prec := QuickPrecision
	if !quick {
		nominal *= FullFactor
		prec = FullPrecision
	}
	cfg := NetworkConfig{Network: n, Seed: seed, Generator: des.PCG, Duration: nominal / 4, Warmup: WarmupShare * nominal,
		Precision: prec, MaxDuration: 4 * nominal, PrecisionNames: e.Names}
	rep, err := RunNetwork(cfg)
	if err != nil {
		return nil, 0, err
	}
	if rep.Unstable != nil {
		return nil, 0, fmt.Errorf("%s: unstable at station %q", e.File, rep.Unstable.Station)
	}
	var out []Check
	for _, c := range rep.Checks {
		if c.Source == "" || !slices.Contains(e.Names, queueing.Metric(c.Name)) {
			continue
		}
		ch := c.Check
		ch.Name = fmt.Sprintf("%s %s", c.Station, Label(queueing.Metric(c.Name)))
		if c.Class != "" {
			ch.Name = fmt.Sprintf("%s/%s %s", c.Station, c.Class, Label(queueing.Metric(c.Name)))
		}
		out = append(out, ch)
	}
	return out, rep.Measured, nil
}
