package sweep

import (
	"fmt"
	"slices"
	"strconv"

	"queuelab/des"
	"queuelab/model/input"
	"queuelab/model/scenario"
)

// scenarioSystem runs a scenario of the payment switch or the web service
// with the design's settings applied as a playbook step at minute At
// (fixed settings first, then the varied ones), and records the totals of
// every indicator, each goal's value and verdict, and "met" (every goal
// met).
type scenarioSystem struct {
	sys       scenario.System
	sc        scenario.Scenario
	engine    scenario.EngineKind
	at        int
	minutes   int
	responses []Response
}

// scenarioBuilder runs the scenarios of sys (one of systems.All).
func scenarioBuilder(sys scenario.System) builder {
	name := sys.Name
	return func(d *Design) (System, error) {
		if d.Scenario == "" {
			return nil, fmt.Errorf("system %s needs a scenario (valid: %s)", name, scenarioNames(sys))
		}
		sc, err := sys.Scenario(d.Scenario)
		if err != nil {
			return nil, err
		}
		s := &scenarioSystem{sys: sys, sc: sc, engine: scenario.DES, at: d.At, minutes: sc.Minutes}
		if d.Engine == string(scenario.Formula) {
			s.engine = scenario.Formula
		}
		if d.Minutes > 0 {
			s.minutes = d.Minutes
		}
		if s.at >= s.minutes {
			return nil, fmt.Errorf("at %dm is not before the end of the run (%d minutes): the settings would never apply", s.at, s.minutes)
		}
		e, err := sys.New(s.engine, sc.Name, 0)
		if err != nil {
			return nil, err
		}
		for _, c := range e.Columns() {
			s.responses = append(s.responses, Response{Name: c.Key, Label: c.Label, Unit: c.Unit})
		}
		for i, g := range sc.Goals {
			target := g.Target
			s.responses = append(s.responses, Response{Name: goalKey(i), Label: g.Name, Unit: g.Unit,
				Op: g.Op, Target: &target, Verdict: true})
		}
		s.responses = append(s.responses, Response{Name: "met", Label: "every goal met", Verdict: true})
		return s, nil
	}
}

func scenarioNames(sys scenario.System) string {
	s := ""
	for i, sc := range sys.Scenarios {
		if i > 0 {
			s += ", "
		}
		s += sc.Name
	}
	return s
}

// goalKey is the response name of the scenario's goal i: goal1, goal2, …
func goalKey(i int) string { return "goal" + strconv.Itoa(i+1) }

func (s *scenarioSystem) Factors() []input.Control { return s.sys.Controls }
func (s *scenarioSystem) Responses() []Response    { return s.responses }
func (s *scenarioSystem) Check([]Setting) error    { return nil }

// Work is the per-entity engine's cost of the run (the formula twin's is
// next to nothing).
func (s *scenarioSystem) Work([]Setting) des.Work {
	if s.engine == scenario.Formula {
		return des.Work{Events: float64(s.minutes), Bytes: 1 << 20, Basis: fmt.Sprintf("%d formula minutes", s.minutes)}
	}
	return scenario.RunWork(s.sys.Name, s.minutes, len(s.responses))
}

// cost estimates what a per-entity run of the settings costs, relative to
// the design's other points, by the formula twin's run of the same
// playbook (milliseconds): the entities it would simulate, the totals of
// the system's CostColumns. A servers-8 sale surge with backoff retries
// from minute 5 makes 1.75 times the attempts of a servers-10 one, and
// its run costs about twice the CPU (BENCHMARKS.md, issue 25 item 5).
// Not ok when the twin cannot tell (no cost columns, the formula engine
// itself, a twin that fails or counts nothing).
func (s *scenarioSystem) cost(settings []Setting) (c float64, ok bool) {
	keys := s.sys.CostColumns
	if s.engine == scenario.Formula || len(keys) == 0 {
		return 0, false
	}
	e, err := s.sys.New(scenario.Formula, s.sc.Name, 0)
	if err != nil {
		return 0, false
	}
	r, err := scenario.Run(e, s.playbook(settings), s.minutes)
	if err != nil {
		return 0, false
	}
	for i, col := range r.Columns {
		if slices.Contains(keys, col.Key) {
			c += r.Totals[i]
		}
	}
	return c, c > 0
}

// playbook applies the settings at minute At.
func (s *scenarioSystem) playbook(settings []Setting) scenario.Playbook {
	pb := make(scenario.Playbook, len(settings))
	for i, st := range settings {
		pb[i] = scenario.Action{Minute: s.at, Control: st.Name, Value: st.Value, Source: st.Where}
	}
	return pb
}

func (s *scenarioSystem) Run(settings []Setting, seed uint64) (Outcome, error) {
	e, err := s.sys.New(s.engine, s.sc.Name, seed)
	if err != nil {
		return Outcome{}, err
	}
	r, err := scenario.Run(e, s.playbook(settings), s.minutes)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Values: make(map[string]float64, len(s.responses)), Met: make(map[string]bool, len(r.Goals)+1)}
	for i, c := range r.Columns {
		out.Values[c.Key] = r.Totals[i]
	}
	for i, g := range r.Goals {
		out.Values[goalKey(i)] = g.Value
		out.Met[goalKey(i)] = g.Met
	}
	met := r.Met()
	out.Values["met"] = b2f(met)
	out.Met["met"] = met
	return out, nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
