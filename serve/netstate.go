package serve

import (
	"fmt"
	"math"
	"strings"

	"queuelab/validate"
	"queuelab/validate/estimate"
)

// netRule is the pass rule of the page's verdicts, the one `queuelab net
// run` applies (validate.NetworkChecks): validate.DefaultRule (α = 10⁻⁴ per
// check, half-width ≤ 5 % of the formula), exact methods must agree, an
// approximate one is reported with how far it is off and fails only past
// validate.NetworkApproxTol. The small α keeps the verdict honest although
// the page looks at it again at every step.
var netRule = validate.DefaultRule

// Before a verdict is given, the estimate must have its full set of
// batches and span at least judgeUnits time units (the network's longest
// mean service time): batch means of a few customers each are neither
// normal nor independent, so their interval would be a lie, and a verdict
// that flashes DISAGREES in the first seconds teaches the wrong thing.
const (
	judgeBatches = 30
	judgeUnits   = 600
)

// netRowJSON is one measure of one station (or "network") and class: the
// running estimate, the analytic values that apply, and the verdict
// against the first exact one (else the first approximate one).
type netRowJSON struct {
	Station   string `json:"station"`
	Class     string `json:"class"`
	Name      string `json:"name"`
	Sim       num    `json:"sim"`
	HalfWidth num    `json:"halfWidth"`
	K         int    `json:"k"`
	// VerdictHalf is the half-width of the interval the verdict uses
	// (confidence 1 − netRule.Alpha, wider than the 95 % one), once
	// there is a verdict; Alpha is that α.
	VerdictHalf num           `json:"verdictHalf"`
	Alpha       float64       `json:"alpha"`
	Formulas    []formulaJSON `json:"formulas"`
	Verdict     string        `json:"verdict"` // agrees, approximate, inconclusive, disagrees, "" (no formula)
	Text        string        `json:"text"`    // the verdict as reports print it, or why there is none yet
}

type formulaJSON struct {
	Value  num    `json:"value"`
	Method string `json:"method"`
	Exact  bool   `json:"exact"`
}

// netRows joins estimates and formulas. Formulas without an estimate are
// listed too (Sim null), so the page can draw every reference line, except
// per-class ones of a class that has no estimates.
func netRows(ests []NetEstimate, an NetAnalytic, unit float64) []netRowJSON {
	type key struct{ st, cl, name string }
	byKey := map[key][]NetFormula{}
	for _, f := range an.Formulas {
		k := key{f.Station, f.Class, f.Name}
		byKey[k] = append(byKey[k], f)
	}
	seen := map[key]bool{}
	measured := map[string]bool{} // classes with estimates of their own
	rows := make([]netRowJSON, 0, len(ests))
	for _, e := range ests {
		k := key{e.Station, e.Class, e.Name}
		seen[k] = true
		measured[e.Class] = true
		rows = append(rows, judgeRow(e, byKey[k], unit))
	}
	for _, f := range an.Formulas {
		k := key{f.Station, f.Class, f.Name}
		if seen[k] || (f.Class != "" && !measured[f.Class]) {
			// A per-class formula of a class the simulation does not
			// report apart (a network of one class) repeats the total.
			continue
		}
		seen[k] = true
		r := netRowJSON{Station: f.Station, Class: f.Class, Name: f.Name, Sim: num(math.NaN()), HalfWidth: num(math.NaN()), VerdictHalf: num(math.NaN()), Alpha: netRule.Alpha}
		r.Formulas = formulasJSON(byKey[k])
		rows = append(rows, r)
	}
	return rows
}

func formulasJSON(fs []NetFormula) []formulaJSON {
	out := make([]formulaJSON, len(fs))
	for i, f := range fs {
		out[i] = formulaJSON{num(f.Value), f.Method, f.Exact}
	}
	return out
}

// judgeRow applies netRule to an estimate and its formulas, once the
// estimate spans enough batches and time (see judgeBatches).
func judgeRow(e NetEstimate, fs []NetFormula, unit float64) netRowJSON {
	r := netRowJSON{Station: e.Station, Class: e.Class, Name: e.Name, Sim: num(e.Mean), HalfWidth: num(e.HalfWidth), K: e.K,
		VerdictHalf: num(math.NaN()), Alpha: netRule.Alpha}
	if e.K < 2 {
		r.HalfWidth = num(math.NaN())
	}
	r.Formulas = formulasJSON(fs)
	if len(fs) == 0 {
		return r
	}
	ref := fs[0]
	for _, f := range fs {
		if f.Exact {
			ref = f
			break
		}
	}
	if math.IsInf(ref.Value, 1) { // service of infinite variance: see validate.Unbounded
		unbounded := validate.Check{Verdict: validate.Unbounded}
		r.Text = unbounded.VerdictText()
		return r
	}
	if e.K < 2 || math.IsNaN(e.Mean) || math.IsNaN(ref.Value) || math.IsInf(ref.Value, 0) {
		r.Verdict, r.Text = "inconclusive", "collecting: no interval yet"
		return r
	}
	if e.K < judgeBatches || e.SE == 0 || e.Measured < judgeUnits*unit {
		r.Verdict = "inconclusive"
		switch {
		case e.Measured < judgeUnits*unit:
			r.Text = fmt.Sprintf("collecting: %.0f of %.0f s measured", e.Measured, judgeUnits*unit)
		case e.K < judgeBatches:
			r.Text = fmt.Sprintf("collecting: %d of %d batches", e.K, judgeBatches)
		default:
			r.Text = "collecting: every batch alike so far"
		}
		return r
	}
	rule := netRule
	c := validate.Check{
		Name:    e.Name,
		Sim:     estimate.Estimate{Name: e.Name, Mean: e.Mean, HalfWidth: e.HalfWidth, SE: e.SE, K: e.K},
		Formula: ref.Value,
		Approx:  !ref.Exact,
	}
	if c.Approx {
		c.Tol, c.SimRelative = validate.NetworkApproxTol, true // net run's rule
	}
	c.Judge(rule)
	r.VerdictHalf = num(c.HalfAlpha)
	switch c.Verdict {
	case validate.Agrees:
		r.Verdict, r.Text = "agrees", "agrees with "+ref.Method
	case validate.Approximate:
		r.Verdict, r.Text = "approximate", c.VerdictText()
	case validate.Disagrees:
		r.Verdict, r.Text = "disagrees", fmt.Sprintf("DISAGREES with %s by %+.1f %%", ref.Method, 100*c.RelErr)
	default:
		r.Verdict = "inconclusive"
		r.Text = fmt.Sprintf("collecting: ±%s, needs ≤ %s", relText(c.HalfAlpha, ref.Value), relText(rule.PowerRel*math.Abs(ref.Value), ref.Value))
	}
	return r
}

// relText prints a half-width relative to a value, as a percentage.
func relText(h, v float64) string {
	if v == 0 {
		return fmt.Sprintf("%.2g", h)
	}
	return fmt.Sprintf("%.1f %%", 100*h/math.Abs(v))
}

// netStateJSON is GET /api/networks/sessions/{id}/state.
type netStateJSON struct {
	ID       string         `json:"id"`
	Epoch    int            `json:"epoch"`
	File     string         `json:"file"`
	Origin   string         `json:"origin"` // catalogue example, or "" for an uploaded file
	Seed     uint64         `json:"seed"`
	Time     num            `json:"time"`
	Speed    int            `json:"speed"`
	Running  bool           `json:"running"`
	Graph    NetGraph       `json:"graph"`
	Snapshot NetSnapshot    `json:"snapshot"`
	Rows     []netRowJSON   `json:"rows"`
	Unstable []NetUnstable  `json:"unstable"`
	Trapped  []string       `json:"trapped"` // stations open customers can never leave (NetAnalytic.Trapped)
	PWait    []NetPWait     `json:"pWait"`   // P(wait) at the Erlang C stations (netPWaits)
	Note     string         `json:"note"`
	Measures []string       `json:"measures"`
	Slots    []string       `json:"slots"` // the classes of each station's chart series: "" (all), then each class
	Points   []netPointJSON `json:"points"`
	Marks    []netMark      `json:"marks"`
	Taken    []string       `json:"taken"`   // "T:CHANGE", as in replay links
	Planned  []string       `json:"planned"` // replay changes still to come
	Pending  []string       `json:"pending"`
	Messages []string       `json:"messages"`
	// RunAverage is the run's running time average at each station over
	// its first units, for the transient chart (nettransient.go).
	RunAverage netAvgJSON `json:"runAverage"`
}

type netPointJSON struct {
	T num     `json:"t"`
	V [][]num `json:"v"`
}

func (s *netSession) state() netStateJSON {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := netStateJSON{
		ID: s.id, Epoch: s.epoch, File: s.file, Origin: s.origin, Seed: s.seed,
		Time: num(s.snap.Time), Speed: s.speed, Running: s.speed != 0 || s.steps > 0 || s.busy,
		Graph: s.graph, Snapshot: s.snap, Rows: netRows(s.ests, s.analytic, s.graph.Unit),
		Unstable: append([]NetUnstable{}, s.analytic.Unstable...), Note: s.analytic.Note,
		Trapped:  append([]string{}, s.analytic.Trapped...),
		PWait:    netPWaits(s.graph, s.analytic.Formulas, s.ests),
		Measures: netMeasures, Slots: s.slots(), Marks: append([]netMark{}, s.marks...),
		Messages: append([]string{}, s.messages...),
		Taken:    timedStrings(s.taken), Planned: timedStrings(s.plan), Pending: []string{},
		RunAverage: s.runAverage(),
	}
	for _, c := range s.pending {
		st.Pending = append(st.Pending, c.String())
	}
	st.Points = make([]netPointJSON, len(s.points))
	for i, p := range s.points {
		v := make([][]num, len(p.V))
		for j := range p.V {
			v[j] = make([]num, netSeries)
			for k, x := range p.V[j] {
				v[j][k] = num(x)
			}
		}
		st.Points[i] = netPointJSON{num(p.T), v}
	}
	return st
}

func timedStrings(ts []NetTimed) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.String()
	}
	return out
}

// fileYAML returns the network file with the changes applied, headed by a
// comment saying where it comes from and what was changed, and a file
// name for it.
func (s *netSession) fileYAML() (string, string) {
	s.engMu.Lock()
	body := s.live.File()
	s.engMu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "# queuelab network: %s, seed %d\n", s.file, s.seed)
	if len(s.taken) == 0 {
		b.WriteString("# no changes made in the live simulator\n")
	} else {
		b.WriteString("# changed in the live simulator (simulated second: change):\n")
		for _, t := range s.taken {
			fmt.Fprintf(&b, "#   %s\n", t)
		}
	}
	b.Write(body)
	name := strings.TrimSuffix(strings.TrimSuffix(s.file, ".yaml"), ".yml")
	if len(s.taken) > 0 {
		name += "-edited"
	}
	return b.String(), name + ".yaml"
}
