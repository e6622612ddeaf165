package serve

import (
	"fmt"
	"math"

	"queuelab/model/input"
	"queuelab/model/scenario"
)

// fakeSystem is a tiny deterministic system for the server's tests: a
// desk of `servers` clerks facing a load that rises in scenario "surge".
// Its numbers mean nothing; they only have to respond to the controls and
// depend on the seed.
func fakeSystem() scenario.System {
	controls := []input.Control{
		{Name: "servers", Default: "4", Kind: input.Int, Min: 1, Max: 20, Help: "clerks at the desk"},
		{Name: "shedding", Default: "off", Kind: input.Switch, Help: "turn away work when full"},
		{Name: "retry", Default: "immediate", Kind: input.Enum, Choices: []string{"immediate", "backoff"}},
		{Name: "share", Default: "10%", Kind: input.Percent, Min: 0, Max: 0.5},
		{Name: "timeout", Default: "5s", Kind: input.Duration, Min: 1, Max: 30},
		{Name: "flush", Kind: input.Press},
	}
	goals := []scenario.Goal{
		{Name: "approval at least 90 %", Op: ">=", Target: 0.9, Unit: "%"},
		{Name: "latency at most 400 ms", Op: "<=", Target: 400, Unit: "ms"},
	}
	return scenario.System{
		Name: "fake", Title: "Fake desk", Controls: controls,
		Scenarios: []scenario.Scenario{
			{Name: "calm", Title: "A calm day", Story: "Nothing happens.", Lesson: "Calm.", Minutes: 10, Goals: goals},
			{Name: "surge", Title: "A surge", Story: "Load doubles at minute 3.", Lesson: "Add clerks.", Minutes: 12, Goals: goals},
			{Name: "boom", Title: "A broken model", Story: "The model panics at minute 2.", Minutes: 5},
		},
		New: func(kind scenario.EngineKind, name string, seed uint64) (scenario.Engine, error) {
			if name != "calm" && name != "surge" && name != "boom" {
				return nil, fmt.Errorf("unknown scenario %q", name)
			}
			return &fakeEngine{kind: kind, scen: name, seed: seed, servers: 4, goals: goals}, nil
		},
	}
}

type fakeEngine struct {
	kind     scenario.EngineKind
	scen     string
	seed     uint64
	servers  int
	shedding bool
	minute   int
	sumAppr  float64
	sumLat   float64
	goals    []scenario.Goal
}

var fakeColumns = []scenario.Column{
	{Key: "load", Label: "load", Unit: "tx/s", Digits: 0, Headline: true},
	{Key: "approval", Label: "approval", Unit: "%", Digits: 1, Headline: true,
		Status: &scenario.Thresholds{Warning: 0.95, Critical: 0.9, HigherIsBetter: true}},
	{Key: "latency", Label: "latency", Unit: "ms", Digits: 0, Headline: true,
		Status: &scenario.Thresholds{Warning: 300, Critical: 400}},
	{Key: "servers", Label: "servers", Unit: "", Digits: 0},
	{Key: "empty", Label: "never defined", Unit: "", Digits: 0},
}

func (e *fakeEngine) Columns() []scenario.Column { return fakeColumns }
func (e *fakeEngine) Minute() int                { return e.minute }

func (e *fakeEngine) Apply(a scenario.Action) error {
	switch a.Control {
	case "servers":
		e.servers = int(a.Value.Num)
	case "shedding":
		e.shedding = a.Value.On()
	case "flush":
		if e.minute == 0 {
			return fmt.Errorf("nothing to flush yet")
		}
	}
	return nil
}

func (e *fakeEngine) load() float64 {
	l := 100 + float64(e.seed%7)*3 + float64(e.minute%3)
	if e.scen == "surge" && e.minute >= 3 {
		l *= 2
	}
	if e.kind == scenario.Formula {
		l = math.Round(l)
	}
	return l
}

func (e *fakeEngine) Step() scenario.Row {
	if e.scen == "boom" && e.minute == 2 {
		panic("fake model broke")
	}
	l := e.load()
	capa := float64(e.servers) * 40
	rho := l / capa
	appr, lat := 1.0, 100.0
	if rho >= 1 {
		appr = 1 / rho
		lat = 900
		if e.shedding {
			lat = 250
		}
	} else {
		lat = 100 / (1 - rho*0.8)
	}
	e.minute++
	e.sumAppr += appr
	e.sumLat += lat
	return scenario.Row{l, appr, lat, float64(e.servers), math.NaN()}
}

func (e *fakeEngine) Totals() scenario.Row {
	n := float64(e.minute)
	if n == 0 {
		return scenario.Row{math.NaN(), math.NaN(), math.NaN(), float64(e.servers), math.NaN()}
	}
	return scenario.Row{math.NaN(), e.sumAppr / n, e.sumLat / n, float64(e.servers), math.NaN()}
}

// Events implements scenario.Evented: in "surge", the load doubles at
// minute 3, reported once minute 3 has been simulated.
func (e *fakeEngine) Events() []scenario.Mark {
	if e.scen == "surge" && e.minute > 3 {
		return []scenario.Mark{{Minute: 3, Label: "surge: load ×2"}}
	}
	return nil
}

func (e *fakeEngine) Goals() []scenario.Goal {
	t := e.Totals()
	return []scenario.Goal{e.goals[0].Check(t[1]), e.goals[1].Check(t[2])}
}

// Picture implements scenario.Pictured for the des engine.
func (e *fakeEngine) Picture() scenario.Picture {
	items := make([]string, 20)
	for i := range items {
		switch {
		case i < e.servers:
			items[i] = "in-service"
		default:
			items[i] = "empty"
		}
	}
	var dots []scenario.Dot
	for i := 0; i < 1000; i++ { // more than maxDots, to test the sampling
		out := "approved"
		if i%9 == 0 {
			out = "declined"
		}
		dots = append(dots, scenario.Dot{At: float64(i) * 0.06, Class: "genuine", Outcome: out})
	}
	return scenario.Picture{
		Groups: []scenario.Group{{Name: "servers", Items: items}},
		Gauges: []scenario.Gauge{{Name: "busy", Value: math.Min(1, e.load()/(float64(e.servers)*40))}, {Name: "broken", Value: math.NaN()}},
		Dots:   dots,
	}
}
