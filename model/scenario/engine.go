package scenario

import (
	"fmt"
	"sort"
	"strings"

	"queuelab/des"
	"queuelab/model/input"
)

// Engine is one running simulation of a system under a scenario, advanced
// a minute at a time. Both the per-entity des engine and the per-minute
// formula twin implement it, with the same Columns, so their rows can be
// compared minute by minute.
type Engine interface {
	// Columns describes the values of every Row.
	Columns() []Column
	// Minute returns the number of minutes simulated so far.
	Minute() int
	// Apply changes a control now (before the next minute is simulated).
	// The value was parsed against the system's Controls; Apply returns an
	// error only for a change the current state cannot take.
	Apply(a Action) error
	// Step simulates the next minute and returns its indicators.
	Step() Row
	// Totals returns the indicators over the whole run so far.
	Totals() Row
	// Goals evaluates the scenario's goals on the run so far.
	Goals() []Goal
}

// Goal specifications and stories live with each Scenario.
type Scenario struct {
	Name    string
	Title   string
	Story   string
	Lesson  string // what the learner should take away (for the README and `queuelab scenarios`)
	Minutes int    // default run length
	Goals   []Goal // Name, Op, Target and Unit; Value and Met unset
	// Start lists the controls this scenario starts with a value other
	// than the control's Default (e.g. a longer boot delay), as written.
	Start []Setting
	// Clock is the time of day at minute 0 ("09:00") for a scenario whose
	// story runs on a clock, so that pages can say 09:10 for minute 10;
	// "" for none.
	Clock string
}

// Setting is a control's value as written, e.g. {"boot-delay", "8m"}.
type Setting struct{ Control, Value string }

// StartValue returns the value control c has when the scenario starts:
// its entry in Start, else c.Default.
func (s Scenario) StartValue(c input.Control) string {
	for _, st := range s.Start {
		if st.Control == c.Name {
			return st.Value
		}
	}
	return c.Default
}

// EngineKind selects the des engine or the formula twin.
type EngineKind string

// The two engines.
const (
	DES     EngineKind = "des"
	Formula EngineKind = "formula"
)

// System describes one model: its controls, scenarios and how to make an
// engine.
type System struct {
	Name      string // "switch", "web"
	Title     string
	Controls  []input.Control
	Scenarios []Scenario
	// New makes an engine for the named scenario and seed.
	New func(kind EngineKind, scenario string, seed uint64) (Engine, error)
	// NewWithGenerator is New with the random generator of the engine's
	// streams (New's is des.Mulberry32, the originals'); nil when the
	// system has no other.
	NewWithGenerator func(kind EngineKind, scenario string, seed uint64, gen des.Generator) (Engine, error)
	// CostColumns are the Formula engine's columns whose totals count the
	// entities the DES engine simulates, so that a sweep can tell which
	// of its design points cost more to run; nil when none do.
	CostColumns []string
}

// FindSystem returns the system of list called name, or an error that
// quotes name (cut, see input.QuoteShort) and lists the valid names.
func FindSystem(list []System, name string) (System, error) {
	names := make([]string, 0, len(list))
	for _, s := range list {
		if s.Name == name {
			return s, nil
		}
		names = append(names, s.Name)
	}
	return System{}, fmt.Errorf("unknown system %s (valid: %s)", input.QuoteShort(name), strings.Join(names, ", "))
}

// Scenario returns the scenario called name, or an error listing the valid
// names.
func (s System) Scenario(name string) (Scenario, error) {
	for _, sc := range s.Scenarios {
		if sc.Name == name {
			return sc, nil
		}
	}
	var names []string
	for _, sc := range s.Scenarios {
		names = append(names, sc.Name)
	}
	return Scenario{}, fmt.Errorf("%w %s for %s (valid: %s)", ErrUnknownScenario, input.QuoteShort(name), s.Name, strings.Join(names, ", "))
}

// Run plays pb on e for the given number of minutes and returns the
// result. Actions of minute m apply before minute m is simulated; actions
// at or past the end never apply. The Result's System, Scenario, Engine and
// Seed are left for the caller.
func Run(e Engine, pb Playbook, minutes int) (*Result, error) {
	return RunProgress(e, pb, minutes, nil)
}

// RunProgress is Run that calls progress, if not nil, after every
// simulated minute with the minutes done and the total.
func RunProgress(e Engine, pb Playbook, minutes int, progress func(done, total int)) (*Result, error) {
	if !sort.SliceIsSorted(pb, func(i, j int) bool { return pb[i].Minute < pb[j].Minute }) {
		pb = pb.Merge(nil)
	}
	r := &Result{Columns: e.Columns(), Playbook: pb}
	for m := e.Minute(); m < minutes; m++ {
		for _, a := range pb.At(m) {
			if err := e.Apply(a); err != nil {
				return nil, fmt.Errorf("%s: %w", a.Source, err)
			}
		}
		r.Minutes = append(r.Minutes, e.Step())
		if progress != nil {
			progress(m+1, minutes)
		}
	}
	r.Totals = e.Totals()
	r.Goals = e.Goals()
	if ev, ok := e.(Evented); ok {
		r.Events = ev.Events()
	}
	return r, nil
}

// Mark is a scenario event at a minute: "sale opens", "deploy of v2",
// "cache flushed". Charts draw them on the time axis.
type Mark struct {
	Minute int    `json:"minute"`
	Label  string `json:"label"`
}

// Evented is implemented by engines that report their scenario's events
// (some, like a viral link's surge, are drawn from the seed, so they are
// known only to the engine).
type Evented interface {
	// Events returns the scenario events that happened so far, by minute.
	Events() []Mark
}
