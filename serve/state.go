package serve

import (
	"queuelab/model/scenario"

	"queuelab/model/input"
)

// The state of a built-in system's session as the page reads it (GET
// /api/sessions/{id}/state).

type columnJSON struct {
	Key      string     `json:"key"`
	Label    string     `json:"label"`
	Unit     string     `json:"unit"`
	Digits   int        `json:"digits"`
	Headline bool       `json:"headline"`
	Status   *statusDef `json:"status"`
	Doc      string     `json:"doc"`
}

type statusDef struct {
	Warning        num  `json:"warning"`
	Critical       num  `json:"critical"`
	HigherIsBetter bool `json:"higherIsBetter"`
}

type actionJSON struct {
	Minute  int    `json:"minute"`
	Control string `json:"control"`
	Value   string `json:"value"`
}

// valueJSON is a control's current value in a session: the system's
// default until an action is applied, then the last value applied and its
// minute. Press buttons have no value until pressed.
type valueJSON struct {
	Control string `json:"control"`
	Value   string `json:"value"`
	Set     bool   `json:"set"`    // false: the value the scenario starts with
	Minute  int    `json:"minute"` // the minute the value took effect; 0 for the default
}

// controlValues returns each control's current value: the value the
// scenario starts with, then the last of the taken actions (in the order
// applied) that set it.
func controlValues(controls []input.Control, sc scenario.Scenario, taken scenario.Playbook) []valueJSON {
	out := make([]valueJSON, len(controls))
	for i, c := range controls {
		out[i] = valueJSON{Control: c.Name, Value: sc.StartValue(c)}
		for _, a := range taken {
			if a.Control == c.Name {
				out[i].Value, out[i].Set, out[i].Minute = a.Value.Text, true, a.Minute
			}
		}
	}
	return out
}

type stateJSON struct {
	ID         string            `json:"id"`
	System     string            `json:"system"`
	Scenario   string            `json:"scenario"`
	Seed       uint64            `json:"seed"`
	Epoch      int               `json:"epoch"`
	Minute     int               `json:"minute"`
	Length     int               `json:"length"` // the scenario's minutes
	Speed      int               `json:"speed"`
	Running    bool              `json:"running"`
	Since      int               `json:"since"` // minute of rows[0]
	Columns    []columnJSON      `json:"columns"`
	Rows       [][]num           `json:"rows"`
	Twin       [][]num           `json:"twin,omitempty"`
	HasTwin    bool              `json:"hasTwin"`
	Totals     []num             `json:"totals"`
	TwinTotals []num             `json:"twinTotals,omitempty"`
	Goals      []goalJSON        `json:"goals"`
	TwinGoals  []goalJSON        `json:"twinGoals,omitempty"`
	Final      *summaryJSON      `json:"final"`
	Picture    *scenario.Picture `json:"picture"`
	PicMinute  int               `json:"pictureMinute"`
	Taken      []actionJSON      `json:"taken"`
	Planned    []actionJSON      `json:"planned"`
	Pending    []actionJSON      `json:"pending"`
	Messages   []string          `json:"messages"`
	Values     []valueJSON       `json:"values"` // every control's current value, in the system's order
	Events     []scenario.Mark   `json:"events"` // scenario events that happened so far, by minute
}

type summaryJSON struct {
	Minute int        `json:"minute"`
	Goals  []goalJSON `json:"goals"`
	Met    bool       `json:"met"`
}

func actionsJSON(pb []scenario.Action) []actionJSON {
	out := make([]actionJSON, len(pb))
	for i, a := range pb {
		out[i] = actionJSON{a.Minute, a.Control, a.Value.Text}
	}
	return out
}

// state returns the session's state with the rows from minute since; a
// stale epoch gets every row.
func (s *session) state(since, epoch int) stateJSON {
	s.mu.Lock()
	defer s.mu.Unlock()
	if epoch != s.epoch || since < 0 || since > len(s.rows) {
		since = 0
	}
	st := stateJSON{
		ID: s.id, System: s.sys.Name, Scenario: s.scen.Name, Seed: s.seed, Epoch: s.epoch,
		Minute: len(s.rows), Length: s.scen.Minutes, Speed: s.speed,
		Running: s.speed != 0 || s.steps > 0 || s.busy, Since: since,
		HasTwin: s.hasTwin, Totals: nums(s.totals), TwinTotals: nums(s.twinTot),
		Goals: goalsJSON(s.goals), Picture: s.picture, PicMinute: s.picMin,
		Taken: actionsJSON(s.taken), Pending: actionsJSON(s.pending),
		Messages: append([]string{}, s.messages...),
		Values:   controlValues(s.sys.Controls, s.scen, s.taken),
		Events:   append([]scenario.Mark{}, s.events...),
	}
	if s.hasTwin {
		st.TwinGoals = goalsJSON(s.twinGls)
	}
	for _, c := range s.columns {
		cj := columnJSON{Key: c.Key, Label: c.Label, Unit: c.Unit, Digits: c.Digits, Headline: c.Headline, Doc: c.Doc}
		if c.Status != nil {
			cj.Status = &statusDef{num(c.Status.Warning), num(c.Status.Critical), c.Status.HigherIsBetter}
		}
		st.Columns = append(st.Columns, cj)
	}
	st.Rows = make([][]num, 0, len(s.rows)-since)
	for _, r := range s.rows[since:] {
		st.Rows = append(st.Rows, nums(r))
	}
	if s.hasTwin {
		for _, r := range s.twinRows[since:] {
			st.Twin = append(st.Twin, nums(r))
		}
	}
	if s.final != nil {
		st.Final = &summaryJSON{s.final.Minute, goalsJSON(s.final.Goals), s.final.Met}
	}
	var planned scenario.Playbook
	for _, a := range s.plan {
		if a.Minute >= len(s.rows) {
			planned = append(planned, a)
		}
	}
	st.Planned = actionsJSON(planned)
	return st
}

func nums(r scenario.Row) []num {
	if r == nil {
		return nil
	}
	out := make([]num, len(r))
	for i, v := range r {
		out[i] = num(v)
	}
	return out
}

type goalJSON struct {
	Name   string `json:"name"`
	Op     string `json:"op"`
	Target num    `json:"target"`
	Unit   string `json:"unit"`
	Value  num    `json:"value"`
	Met    bool   `json:"met"`
	// From is the first minute of a windowed goal's window (0 for a goal
	// on the whole run): before it the goal has no verdict yet.
	From int `json:"from"`
}

func goalsJSON(gs []scenario.Goal) []goalJSON {
	out := make([]goalJSON, len(gs))
	for i, g := range gs {
		out[i] = goalJSON{g.Name, g.Op, num(g.Target), g.Unit, num(g.Value), g.Met, windowStart(g)}
	}
	return out
}

// windowStart is the first minute whose row a goal reads: From for the
// windowed reductions, 0 for a goal on the whole run.
func windowStart(g scenario.Goal) int {
	if g.Reduce == scenario.MeanOver || g.Reduce == scenario.MaxOver {
		return g.From
	}
	return 0
}
