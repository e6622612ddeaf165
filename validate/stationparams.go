package validate

import (
	"fmt"
	"maps"
	"strings"

	"queuelab/model/dist"
	"queuelab/model/input"
)

// StationParam is one parameter of the station experiment: a model
// control (name, kind, range, default as written, help), read by
// `queuelab mmc` as a flag and by the mmc sweep as a factor.
type StationParam struct {
	input.Control
	// Above excludes Min: the value must be greater (a rate, a mean).
	Above bool
	// What names the parameter's values in messages ("service
	// distribution").
	What string
}

// StationParams are the station's parameters, in the order `queuelab
// mmc` lists them. Their defaults are the payment switch's connection-slot
// pool on a normal day: 400 transactions/s, 6 servers × 32 = 192 slots, a
// mean holding time of 0.33 s (80 ms switch time + 250 ms issuer
// latency): utilisation 0.6875.
var StationParams = []StationParam{
	{Control: input.Control{Name: "servers", Kind: input.Int, Min: 1, Max: 1_000_000, Default: "192",
		Help: "number of servers c (1–1000000)"}},
	{Control: input.Control{Name: "arrival-rate", Kind: input.Float, Min: 0, Max: 1e9, Default: "400",
		Help: "Poisson arrival rate λ per second (> 0)"}, Above: true},
	{Control: input.Control{Name: "service-mean", Kind: input.Duration, Min: 0, Max: 1e6, Default: "0.33",
		Help: "mean service time S (duration or seconds, > 0)"}, Above: true},
	{Control: input.Control{Name: "service", Kind: input.Enum, Choices: ServiceNames, Default: "exp",
		Help: "service-time law: " + strings.Join(ServiceNames, ", ")}, What: "service distribution"},
	{Control: input.Control{Name: "service-cv", Kind: input.Float, Min: 0, Max: 20,
		Help: "coefficient of variation of lognormal (default 1, 0–20) or hyperexp (default 2, 1–20) service"}, Above: true},
	{Control: input.Control{Name: "erlang-k", Kind: input.Int, Min: 1, Max: 1000, Default: "2",
		Help: "phases of erlang-k service (1–1000)"}},
	{Control: input.Control{Name: "patience", Kind: input.Duration, Min: 0, Max: 1e6,
		Help: "deterministic patience D: a customer leaves after waiting D (M/M/c+D)"}, Above: true},
	{Control: input.Control{Name: "patience-mean", Kind: input.Duration, Min: 0, Max: 1e6,
		Help: "exponential patience with this mean (Erlang-A)"}, Above: true},
	{Control: input.Control{Name: "capacity", Kind: input.Int, Min: 0, Max: 100_000_000, Default: "0",
		Help: "most customers in the system K (0 = unlimited; K = servers is a loss system)"}},
}

// StationControls returns the controls of StationParams.
func StationControls() []input.Control {
	out := make([]input.Control, len(StationParams))
	for i, p := range StationParams {
		out[i] = p.Control
	}
	return out
}

// StationSettings are values of StationParams by name, as their controls
// parse them (input.Control.Parse: seconds for a duration, the index
// of an enum's choice). A parameter not set takes its default.
type StationSettings map[string]float64

// Apply sets cfg's station from s: servers, arrival rate, service law,
// patience and capacity. Each value must be within its control's range
// (the callers parse them); Apply checks the rest — Above, and the rules
// between parameters. An error names a parameter as name(p) (a flag
// "--p", a sweep factor "p").
func (s StationSettings) Apply(cfg *Config, name func(param string) string) error {
	s = maps.Clone(s) // defaults are added to a copy
	v := func(p string) float64 { return s[p] }
	for _, p := range StationParams {
		x, ok := s[p.Name]
		if !ok && p.Default != "" {
			d, err := p.Parse(p.Default)
			if err != nil {
				panic(fmt.Sprintf("validate: station parameter %s: bad default: %v", p.Name, err))
			}
			s[p.Name], x, ok = d.Num, d.Num, true
		}
		if ok && p.Above && x <= p.Min {
			return fmt.Errorf("%s: must be %s > %g, got %g", name(p.Name), kindNoun(p.Kind), p.Min, x)
		}
	}
	cfg.Servers, cfg.ArrivalRate, cfg.Capacity = int(v("servers")), v("arrival-rate"), int(v("capacity"))
	if cfg.Capacity != 0 && cfg.Capacity < cfg.Servers {
		return fmt.Errorf("%s: must be 0 (unlimited) or at least %s (%d), got %d", name("capacity"), name("servers"), cfg.Servers, cfg.Capacity)
	}
	law := ServiceNames[int(v("service"))]
	if cv, ok := s["service-cv"]; ok {
		switch {
		case !ServiceTakesCV(int(v("service"))):
			var takes []string
			for i, n := range ServiceNames {
				if ServiceTakesCV(i) {
					takes = append(takes, n)
				}
			}
			return fmt.Errorf("%s: applies only to %s %s (the %s law has a fixed CV)", name("service-cv"), name("service"), strings.Join(takes, " or "), law)
		case law == "hyperexp" && cv <= 1:
			return fmt.Errorf("%s: must be a number > 1 and ≤ 20 for hyperexp service, got %g", name("service-cv"), cv)
		}
	}
	var err error
	if cfg.Service, err = ServiceLaw(law, v("service-mean"), v("service-cv"), int(v("erlang-k"))); err != nil {
		return fmt.Errorf("%s: %w", name("service"), err)
	}
	d, det := s["patience"]
	m, exp := s["patience-mean"]
	switch {
	case det && exp:
		return fmt.Errorf("%s and %s: give at most one (deterministic or exponential patience)", name("patience"), name("patience-mean"))
	case det:
		cfg.Patience = Patience{PatienceDet, d}
	case exp:
		cfg.Patience = Patience{PatienceExp, m}
	default:
		cfg.Patience = Patience{}
	}
	return nil
}

// kindNoun is what a value of kind is called in messages.
func kindNoun(k input.ValueKind) string {
	switch k {
	case input.Duration:
		return "a time (s)"
	case input.Int:
		return "a whole number"
	}
	return "a number"
}

// ServiceTakesCV reports whether the service law of index law (in
// ServiceNames) takes service-cv: whether its dist.Table family has a cv
// key, as ServiceLaw reads it (lognormal and hyperexp; det, exp and
// erlang-k have a CV of their own).
func ServiceTakesCV(law int) bool {
	if law < 0 || law >= len(ServiceNames) {
		return false
	}
	row, err := dist.Lookup(familyOf(ServiceNames[law]))
	if err != nil {
		return false
	}
	_, ok := row.Key("cv")
	return ok
}
