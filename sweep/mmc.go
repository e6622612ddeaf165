package sweep

import (
	"fmt"

	"queuelab/des"
	"queuelab/model/input"
	"queuelab/validate"
)

// mmcSystem runs the station experiment of `queuelab mmc` (validate.Station):
// Poisson arrivals, c servers, a FIFO queue, optional patience and
// capacity. Its factors are the mmc command's flags; each run records the
// mean of every station metric (validate.MetricNames). The warm-up
// defaults to validate.WarmupShare of the duration, the catalogue's fixed
// deletion, because a sweep's interval is over replications and wants
// each replication's start-up bias small and the same for every point.
type mmcSystem struct{}

// mmcFactors are the station's parameters. Their defaults are those of
// `queuelab mmc` (the payment switch's slot pool on a normal day).
var mmcFactors = []input.Control{
	{Name: "servers", Kind: input.Int, Min: 1, Max: 1_000_000, Default: "192", Help: "number of servers c"},
	{Name: "arrival-rate", Kind: input.Float, Min: 0, Max: 1e9, Default: "400", Help: "Poisson arrival rate λ per second (> 0)"},
	{Name: "service-mean", Kind: input.Duration, Min: 0, Max: 1e6, Default: "0.33", Help: "mean service time S (> 0)"},
	{Name: "service", Kind: input.Enum, Choices: validate.ServiceNames, Default: "exp", Help: "service-time law"},
	{Name: "service-cv", Kind: input.Float, Min: 0, Max: 20, Default: "0", Help: "CV of lognormal (default 1) or hyperexp (default 2) service"},
	{Name: "erlang-k", Kind: input.Int, Min: 1, Max: 1000, Default: "2", Help: "phases of erlang-k service"},
	{Name: "patience", Kind: input.Duration, Min: 0, Max: 1e6, Help: "deterministic patience D (M/M/c+D)"},
	{Name: "patience-mean", Kind: input.Duration, Min: 0, Max: 1e6, Help: "mean of exponential patience (Erlang-A)"},
	{Name: "capacity", Kind: input.Int, Min: 0, Max: 100_000_000, Default: "0", Help: "most customers in the system K (0 = unlimited)"},
	{Name: "duration", Kind: input.Duration, Min: 1e-3, Max: 1e8, Default: "10m", Help: "simulated run length"},
	{Name: "warmup", Kind: input.Duration, Min: 0, Max: 1e8, Help: "warm-up deleted before measuring (default 5 % of duration)"},
	{Name: "generator", Kind: input.Enum, Choices: []string{"mulberry32", "pcg"}, Default: "pcg", Help: "random generator"},
}

func newMMc(d *Design) (System, error) {
	return mmcSystem{}, nil
}

func (mmcSystem) Factors() []input.Control { return mmcFactors }

func (mmcSystem) Responses() []Response {
	out := make([]Response, len(validate.MetricNames))
	for i, n := range validate.MetricNames {
		out[i] = Response{Name: n, Label: validate.Label(n)}
	}
	return out
}

// config turns settings into a station configuration: defaults first,
// then each setting in order.
func (mmcSystem) config(settings []Setting) (validate.Config, error) {
	cfg := validate.Config{Servers: 192, ArrivalRate: 400, Duration: 600, Warmup: -1, Generator: des.PCG}
	law, mean, cv, k := "exp", 0.33, 0.0, 2
	patienceSet := ""
	for _, st := range settings {
		v := st.Value.Num
		switch st.Name {
		case "servers":
			cfg.Servers = int(v)
		case "arrival-rate":
			cfg.ArrivalRate = v
		case "service-mean":
			mean = v
		case "service":
			law = validate.ServiceNames[int(v)]
		case "service-cv":
			cv = v
		case "erlang-k":
			k = int(v)
		case "patience", "patience-mean":
			if patienceSet != "" && patienceSet != st.Name {
				return cfg, fmt.Errorf("%s: patience and patience-mean exclude each other (deterministic or exponential patience)", st.Where)
			}
			patienceSet = st.Name
			cfg.Patience = validate.Patience{Kind: validate.PatienceDet, Value: v}
			if st.Name == "patience-mean" {
				cfg.Patience.Kind = validate.PatienceExp
			}
		case "capacity":
			cfg.Capacity = int(v)
		case "duration":
			cfg.Duration = v
		case "warmup":
			cfg.Warmup = v
		case "generator":
			cfg.Generator = des.Mulberry32
			if v == 1 {
				cfg.Generator = des.PCG
			}
		}
	}
	if cfg.Warmup < 0 {
		cfg.Warmup = validate.WarmupShare * cfg.Duration
	}
	var err error
	if cfg.Service, err = validate.ServiceLaw(law, mean, cv, k); err != nil {
		return cfg, err
	}
	return cfg, cfg.Validate()
}

func (m mmcSystem) Check(settings []Setting) error {
	_, err := m.config(settings)
	return err
}

func (m mmcSystem) Work(settings []Setting) des.Work {
	cfg, err := m.config(settings)
	if err != nil {
		return des.Work{}
	}
	return cfg.Work()
}

func (m mmcSystem) Run(settings []Setting, seed uint64) (Outcome, error) {
	cfg, err := m.config(settings)
	if err != nil {
		return Outcome{}, err
	}
	cfg.Seed = seed
	r, err := validate.Station(cfg)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Values: make(map[string]float64, len(validate.MetricNames))}
	for _, n := range validate.MetricNames {
		e, _ := r.Metric(n)
		out.Values[n] = e.Mean
	}
	return out, nil
}
