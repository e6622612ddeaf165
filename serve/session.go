package serve

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"queuelab/model/scenario"
)

// MaxRunMinutes bounds how far a session can be run past its scenario's
// length (one simulated day), which bounds its memory.
const MaxRunMinutes = 24 * 60

// maxDots bounds the sampled entities sent to the page per minute.
const maxDots = 400

// maxMessages bounds the notes kept per session.
const maxMessages = 20

// SpeedMax is the speed value meaning "as fast as possible".
const SpeedMax = -1

// session is one browser tab's simulation of a built-in system. The
// engines are touched only by the stepping goroutine and restart, under
// engMu; mu (in sessionCore) guards the fields from epoch on. The stepping
// goroutine never holds mu while it steps, so HTTP handlers wait at most
// for a copy of the state. Speeds are in simulated minutes per second.
type session struct {
	sessionCore
	sys scenario.System

	engMu sync.Mutex
	des   scenario.Engine
	twin  scenario.Engine // nil when the system has no formula engine

	epoch    int // bumped by every restart
	hasTwin  bool
	scen     scenario.Scenario
	seed     uint64
	columns  []scenario.Column
	rows     []scenario.Row
	twinRows []scenario.Row
	totals   scenario.Row
	twinTot  scenario.Row
	goals    []scenario.Goal
	twinGls  []scenario.Goal
	final    *summary // goals when the scenario's length was reached
	picture  *scenario.Picture
	picMin   int               // minute the picture belongs to
	plan     scenario.Playbook // planned actions (from a shared URL), by minute
	pending  []scenario.Action // changes waiting for the next minute
	taken    scenario.Playbook // actions applied, with the minute they took effect
	events   []scenario.Mark   // scenario events so far (scenario.Evented), by minute
}

// summary is the verdict at the end of the scenario's run length.
type summary struct {
	Minute int             `json:"minute"`
	Goals  []scenario.Goal `json:"goals"`
	Met    bool            `json:"met"`
}

// start makes the engines for scenario name and seed, with plan as the
// actions to apply at their minutes. It resets the run.
func (s *session) start(name string, seed uint64, plan scenario.Playbook) error {
	scen, err := s.sys.Scenario(name)
	if err != nil {
		return err
	}
	des, err := s.sys.New(scenario.DES, name, seed)
	if err != nil {
		return fmt.Errorf("%s: %w", s.sys.Name, err)
	}
	twin, err := s.sys.New(scenario.Formula, name, seed)
	var note string
	if err != nil {
		twin, note = nil, "no formula twin: "+err.Error()
	}
	// Lock order: engMu, then mu. Holding engMu keeps the stepping
	// goroutine out while the run is replaced.
	s.engMu.Lock()
	defer s.engMu.Unlock()
	s.des, s.twin = des, twin
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hasTwin = twin != nil
	s.epoch++
	s.scen, s.seed = scen, seed
	s.columns = des.Columns()
	s.rows, s.twinRows = nil, nil
	s.totals, s.twinTot = nil, nil
	s.goals = des.Goals()
	s.twinGls = nil
	if twin != nil {
		s.twinGls = twin.Goals()
	}
	s.final, s.picture, s.picMin = nil, nil, -1
	s.plan = plan.Merge(nil)
	s.pending, s.taken = nil, nil
	s.speed, s.steps = 0, 0
	s.messages = nil
	s.events = safeEvents(des, twin)
	if p, ok := des.(scenario.Pictured); ok {
		pic := safePicture(p)
		s.picture = &pic
	}
	if note != "" {
		s.note(note)
	}
	return nil
}

// speeds: simulated minutes per second.
func (s *session) speeds() speedRule {
	return speedRule{most: 600, units: "simulated minutes", usual: "1, 10 or 60 simulated minutes"}
}

// ended reports whether the run reached MaxRunMinutes (mu held).
func (s *session) ended() bool { return len(s.rows) >= MaxRunMinutes }

// loop steps the engines while the session runs; it ends when ctx is
// cancelled.
func (s *session) loop() {
	defer close(s.done)
	next := time.Now()
	for {
		speed, steps := s.pace()
		switch {
		case steps > 0 || speed == SpeedMax:
			// step now
		case speed > 0:
			if d := time.Until(next); d > 0 {
				alive, nudged := s.wait(d)
				if !alive {
					return
				}
				if nudged {
					continue
				}
			}
		default:
			if alive, _ := s.wait(0); !alive {
				return
			}
			next = time.Now()
			continue
		}
		if s.ctx.Err() != nil {
			return
		}
		s.stepOnce()
		if speed > 0 {
			next = next.Add(time.Second / time.Duration(speed))
			if now := time.Now(); next.Before(now.Add(-time.Second)) {
				next = now // do not burst to catch up after a slow minute
			}
		}
	}
}

// stepOnce applies the actions due and simulates one minute on both
// engines, then publishes the results.
func (s *session) stepOnce() {
	s.engMu.Lock()
	defer s.engMu.Unlock()
	s.mu.Lock()
	if s.steps > 0 {
		s.steps--
	}
	minute := len(s.rows)
	if minute >= MaxRunMinutes {
		s.speed, s.steps = 0, 0
		s.note(fmt.Sprintf("stopped: a session runs at most %d minutes", MaxRunMinutes))
		s.mu.Unlock()
		return
	}
	due := append(append([]scenario.Action(nil), s.plan.At(minute)...), s.pending...)
	s.pending = nil
	epoch := s.epoch
	s.busy = true
	s.mu.Unlock()

	var applied scenario.Playbook
	var notes []string
	for _, a := range due {
		a.Minute = s.des.Minute()
		if err := s.des.Apply(a); err != nil {
			notes = append(notes, fmt.Sprintf("minute %d: %s=%s not applied: %v", a.Minute, a.Control, a.Value.Text, err))
			continue
		}
		if s.twin != nil {
			if err := s.twin.Apply(a); err != nil {
				notes = append(notes, fmt.Sprintf("minute %d: formula twin: %s=%s: %v", a.Minute, a.Control, a.Value.Text, err))
			}
		}
		applied = append(applied, a)
	}
	res, err := stepEngines(s.des, s.twin)

	s.mu.Lock()
	defer s.mu.Unlock()
	s.busy = false
	if s.epoch != epoch {
		return // restarted meanwhile; this minute belongs to the old run
	}
	for _, n := range notes {
		s.note(n)
	}
	s.taken = append(s.taken, applied...)
	if err != nil {
		s.speed, s.steps = 0, 0
		s.note(err.Error())
		return
	}
	s.rows = append(s.rows, res.row)
	s.totals, s.goals = res.totals, res.goals
	if s.hasTwin {
		s.twinRows = append(s.twinRows, res.twinRow)
		s.twinTot, s.twinGls = res.twinTotals, res.twinGoals
	}
	if res.picture != nil {
		s.picture, s.picMin = res.picture, minute
	}
	s.events = res.events
	if len(s.rows) == s.scen.Minutes && s.final == nil {
		met := true
		for _, g := range res.goals {
			met = met && g.Met
		}
		s.final = &summary{Minute: len(s.rows), Goals: res.goals, Met: met}
		s.speed, s.steps = 0, 0 // pause at the end of the scenario
	}
}

type stepResult struct {
	row, totals, twinRow, twinTotals scenario.Row
	goals, twinGoals                 []scenario.Goal
	picture                          *scenario.Picture
	events                           []scenario.Mark
}

// stepEngines steps des and twin (if not nil) once; a panic in a model is
// turned into an error so that one bad minute cannot take the server down.
func stepEngines(des, twin scenario.Engine) (r stepResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("simulation stopped: internal error in the model: %v", p)
		}
	}()
	r.row = des.Step()
	r.totals = des.Totals()
	r.goals = des.Goals()
	if twin != nil {
		r.twinRow = twin.Step()
		r.twinTotals = twin.Totals()
		r.twinGoals = twin.Goals()
	}
	if p, ok := des.(scenario.Pictured); ok {
		pic := safePicture(p)
		r.picture = &pic
	}
	r.events = safeEvents(des, twin)
	return r, nil
}

// maxEvents bounds the scenario events kept per session.
const maxEvents = 200

// safeEvents copies the scenario events reported by des or, when des does
// not report them, by twin (both run the same scenario); nil when neither
// implements scenario.Evented. At most maxEvents, the earliest, are kept.
func safeEvents(des, twin scenario.Engine) []scenario.Mark {
	ev, ok := des.(scenario.Evented)
	if !ok {
		if ev, ok = twin.(scenario.Evented); !ok {
			return nil
		}
	}
	marks := ev.Events()
	if len(marks) > maxEvents {
		marks = marks[:maxEvents]
	}
	return append([]scenario.Mark(nil), marks...)
}

// safePicture takes a picture and bounds its dots.
func safePicture(p scenario.Pictured) scenario.Picture {
	pic := p.Picture()
	if n := len(pic.Dots); n > maxDots {
		// keep an even sample across the minute
		out := make([]scenario.Dot, maxDots)
		for i := range out {
			out[i] = pic.Dots[i*n/maxDots]
		}
		pic.Dots = out
	}
	for i := range pic.Gauges {
		v := pic.Gauges[i].Value
		if math.IsNaN(v) || math.IsInf(v, 0) {
			pic.Gauges[i].Value = 0
		}
	}
	return pic
}

// playbookYAML renders the actions taken as a playbook file.
func (s *session) playbookYAML() (string, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "# queuelab playbook: %s, scenario %s, seed %d\n", s.sys.Name, s.scen.Name, s.seed)
	fmt.Fprintf(&b, "# replay: queuelab run %s --scenario %s --seed %d --playbook FILE\n", s.sys.Name, s.scen.Name, s.seed)
	if len(s.taken) == 0 {
		b.WriteString("# no actions taken\n[]\n")
	} else {
		s.taken.WriteYAML(&b)
	}
	name := fmt.Sprintf("%s-%s-seed%d.yaml", s.sys.Name, s.scen.Name, s.seed)
	return b.String(), name
}
