package sweep

import (
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

// mmcGenerators are the choices of the generator factor.
var mmcGenerators = []string{"mulberry32", "pcg"}

// mmcFactors are the station's parameters (validate.StationParams, the
// flags of `queuelab mmc`, with their defaults) and the run's length,
// warm-up and generator.
var mmcFactors = append(validate.StationControls(),
	input.Control{Name: "duration", Kind: input.Duration, Min: 1e-3, Max: 1e8, Default: "10m", Help: "simulated run length"},
	input.Control{Name: "warmup", Kind: input.Duration, Min: 0, Max: 1e8, Help: "warm-up deleted before measuring (default 5 % of duration)"},
	input.Control{Name: "generator", Kind: input.Enum, Choices: mmcGenerators, Default: "pcg", Help: "random generator"},
)

func newMMc(d *Design) (System, error) {
	return mmcSystem{}, nil
}

func (mmcSystem) Factors() []input.Control { return mmcFactors }

func (mmcSystem) Responses() []Response {
	out := make([]Response, len(validate.MetricNames))
	for i, n := range validate.MetricNames {
		out[i] = Response{Name: string(n), Label: validate.Label(n)}
	}
	return out
}

// config turns settings into a station configuration: the station's
// parameters through validate.StationSettings, then the run's.
func (mmcSystem) config(settings []Setting) (validate.Config, error) {
	cfg := validate.Config{Duration: 600, Warmup: -1, Generator: des.PCG}
	station := validate.StationSettings{}
	where := map[string]string{}
	var variedService, variedCV bool
	for _, st := range settings {
		v := st.Value.Num
		switch st.Name {
		case "duration":
			cfg.Duration = v
		case "warmup":
			cfg.Warmup = v
		case "generator":
			g, err := des.ParseGenerator(mmcGenerators[int(v)])
			if err != nil {
				return cfg, err
			}
			cfg.Generator = g
		default:
			station[st.Name] = v
			where[st.Name] = st.Where
		}
		switch st.Name {
		case "service":
			variedService = st.Varied
		case "service-cv":
			variedCV = st.Varied
		}
	}
	name := func(p string) string {
		if w := where[p]; w != "" {
			return p + " (" + w + ")"
		}
		return p
	}
	// A service-cv given once for a design whose service law varies is
	// meant for the laws that take one (lognormal, hyperexp); at the other
	// levels the law's own CV stands (det 0, exp 1, erlang-k 1/√k). Given
	// with one law that does not take it, it is still refused.
	if law, ok := station["service"]; ok && variedService && !variedCV && !validate.ServiceTakesCV(int(law)) {
		delete(station, "service-cv")
	}
	if err := station.Apply(&cfg, name); err != nil {
		return cfg, err
	}
	if cfg.Warmup < 0 {
		cfg.Warmup = validate.WarmupShare * cfg.Duration
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
	r, err := validate.StationMeans(cfg) // a sweep keeps the means only
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Values: make(map[string]float64, len(validate.MetricNames))}
	for _, n := range validate.MetricNames {
		e, _ := r.Metric(n)
		out.Values[string(n)] = e.Mean
	}
	return out, nil
}
