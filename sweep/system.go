package sweep

import (
	"fmt"
	"sort"
	"strings"

	"queuelab/des"
	"queuelab/model/input"
	"queuelab/model/systems"
)

// System is what a sweep runs: one adapter per kind of model (a scenario
// of the payment switch or the web service, the mmc station, a network).
// An adapter names the factors a design may set or vary — as
// scenario.Controls, so that their values are range-checked by the
// controls' own Parse — and the responses a run records, and runs one
// design point with one seed. Adding a kind of model is one adapter and
// one entry in systems.
type System interface {
	// Factors lists what set and vary may name, with their valid ranges.
	Factors() []input.Control
	// Responses lists every response a run records, in order; a design
	// records all of them unless it lists a subset.
	Responses() []Response
	// Check reports what is wrong with a whole design point (a
	// combination of settings each valid alone, such as an unstable
	// station), or nil.
	Check(settings []Setting) error
	// Work estimates, before anything runs, the events and memory of one
	// replication of a design point (see des.Work); settings are valid.
	Work(settings []Setting) des.Work
	// Run runs one replication of a design point. It is called from many
	// goroutines at once and must depend on settings and seed only.
	Run(settings []Setting, seed uint64) (Outcome, error)
}

// Setting is one factor set to a value, with where it was written
// ("design.yaml:7") for error messages.
type Setting struct {
	Name  string
	Value input.Value
	Where string
	// Varied marks a level of a vary: or latin: factor (not a set: value).
	Varied bool
}

// Response is one number a run records.
type Response struct {
	Name   string   `json:"name"`             // key in task lines and summaries, e.g. "good_approval", "goal1"
	Label  string   `json:"label"`            // human name, e.g. the goal's text
	Unit   string   `json:"unit,omitempty"`   // "%" and "‰" values are fractions, as in scenario.Column
	Op     string   `json:"op,omitempty"`     // for a goal: ">=" or "<="
	Target *float64 `json:"target,omitempty"` // for a goal: its target
	// Verdict marks a response whose runs also pass or fail (a goal, or
	// "met"): its summary has a success share.
	Verdict bool `json:"verdict,omitempty"`
}

// Outcome is what one run recorded: every response's value (NaN when
// undefined) and, for verdict responses, whether it passed.
type Outcome struct {
	Values map[string]float64
	Met    map[string]bool
}

// builder makes a System from a design's system-level fields.
type builder func(d *Design) (System, error)

// builders maps a design's "system" to its adapter's builder: every
// system of the registry (package model/systems) runs its scenarios, and
// mmc and net are the sweep's own.
var builders = newBuilders()

func newBuilders() map[string]builder {
	b := map[string]builder{"mmc": newMMc, "net": newNet}
	for _, sys := range systems.All() {
		b[sys.Name] = scenarioBuilder(sys)
	}
	return b
}

// newSystem builds the adapter for d.System, or says which names are valid.
func newSystem(d *Design) (System, error) {
	b, ok := builders[d.System]
	if !ok {
		names := make([]string, 0, len(builders))
		for n := range builders {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("unknown system %q (valid: %s)", d.System, strings.Join(names, ", "))
	}
	return b(d)
}

// checkKeys refuses design keys the system does not use, so that a
// setting is never silently ignored; it returns the key at fault.
func checkKeys(d *Design) (string, error) {
	_, err := systems.Find(d.System)
	scen := err == nil
	only := "only " + strings.Join(systems.Names(), " and ")
	for _, k := range []struct {
		key  string
		set  bool
		ok   bool
		hint string
	}{
		{"scenario", d.Scenario != "", scen, only + " run scenarios"},
		{"at", d.At != 0, scen, only + " apply settings at a minute"},
		{"minutes", d.Minutes != 0, scen, "set the run length of mmc and net with the factor duration"},
		{"engine", d.Engine != "", scen, only + " have a formula engine"},
		{"network", d.Network != "", d.System == "net", "only system net reads a network file"},
	} {
		if k.set && !k.ok {
			return k.key, fmt.Errorf("system %s does not use %q: %s", d.System, k.key, k.hint)
		}
	}
	return "", nil
}

// identified is implemented by systems whose runs depend on more than the
// design (a network file): Identity goes into the plan, and so into its
// hash.
type identified interface{ Identity() string }
