package scenario

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Status is the traffic-light word of a headline indicator.
type Status string

// The three statuses.
const (
	Normal   Status = "normal"
	Warning  Status = "warning"
	Critical Status = "critical"
)

// Thresholds classify a value: with HigherIsBetter, a value below Warning
// is a warning and below Critical is critical; otherwise above.
type Thresholds struct {
	Warning, Critical float64
	HigherIsBetter    bool
}

// Classify returns the status of v (Normal for NaN: nothing to report).
func (t Thresholds) Classify(v float64) Status {
	if v != v {
		return Normal
	}
	if t.HigherIsBetter {
		switch {
		case v < t.Critical:
			return Critical
		case v < t.Warning:
			return Warning
		}
		return Normal
	}
	switch {
	case v > t.Critical:
		return Critical
	case v > t.Warning:
		return Warning
	}
	return Normal
}

// Column describes one indicator of a row.
type Column struct {
	Key      string // JSON and CSV key, e.g. "good_approval"
	Label    string // table heading, e.g. "good approval"
	Unit     string // e.g. "%", "ms", "bp", "tx/s"; "%" and "‰" values are stored as fractions
	Digits   int    // decimals shown in the table
	Headline bool   // shown in the default table, with a status word if Status is set
	Status   *Thresholds
	Doc      string // definition: what is counted, per attempt or per transaction, which window
}

// Format renders v for the table in the column's unit.
func (c Column) Format(v float64) string {
	if v != v {
		return "—"
	}
	switch c.Unit {
	case "%":
		v *= 100
	case "‰":
		v *= 1000
	}
	s := strconv.FormatFloat(v, 'f', c.Digits, 64)
	if c.Unit != "" {
		s += " " + c.Unit
	}
	return s
}

// Row is one minute's (or the totals') values, aligned with the columns.
// NaN means "not defined" (e.g. an approval rate with no transactions).
type Row []float64

// Result is the outcome of one run of one engine.
type Result struct {
	System   string
	Scenario string
	Engine   string
	Seed     uint64
	Columns  []Column
	Minutes  []Row
	Totals   Row
	Goals    []Goal
	Playbook Playbook
	Events   []Mark // scenario events, when the engine reports them (Evented)
}

// Met reports whether every goal was met (true when there are none).
func (r *Result) Met() bool {
	for _, g := range r.Goals {
		if !g.Met {
			return false
		}
	}
	return true
}

// Value returns the totals value of the column key, or NaN.
func (r *Result) Value(key string) float64 {
	for i, c := range r.Columns {
		if c.Key == key {
			return r.Totals[i]
		}
	}
	return math.NaN()
}

// Series returns the per-minute values of column key (nil if unknown).
func (r *Result) Series(key string) []float64 {
	for i, c := range r.Columns {
		if c.Key == key {
			out := make([]float64, len(r.Minutes))
			for m, row := range r.Minutes {
				out[m] = row[i]
			}
			return out
		}
	}
	return nil
}

// jsonNumber renders v for JSON: null for NaN or ±Inf, otherwise the
// shortest representation that round-trips.
func jsonNumber(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "null"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func writeRowJSON(b *strings.Builder, cols []Column, row Row, minute int) {
	b.WriteByte('{')
	if minute >= 0 {
		fmt.Fprintf(b, `"minute":%d`, minute)
	}
	for i, c := range cols {
		if i > 0 || minute >= 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, "%q:%s", c.Key, jsonNumber(row[i]))
	}
	b.WriteByte('}')
}

// appendJSON writes the body of r's JSON object (without braces).
func (r *Result) appendJSON(b *strings.Builder) {
	fmt.Fprintf(b, `"system":%q,"scenario":%q,"engine":%q,"seed":%d,"minutes":[`, r.System, r.Scenario, r.Engine, r.Seed)
	for m, row := range r.Minutes {
		if m > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n  ")
		writeRowJSON(b, r.Columns, row, m)
	}
	b.WriteString("],\n\"totals\":")
	writeRowJSON(b, r.Columns, r.Totals, -1)
	b.WriteString(",\n\"goals\":[")
	for i, g := range r.Goals {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, `{"name":%q,"op":%q,"target":%s,"unit":%q,"value":%s,"met":%t`,
			g.Name, g.Op, jsonNumber(g.Target), g.Unit, jsonNumber(g.Value), g.Met)
		if g.Note != "" {
			fmt.Fprintf(b, `,"note":%q`, g.Note)
		}
		b.WriteByte('}')
	}
	b.WriteString("],\n\"events\":[")
	for i, ev := range r.Events {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, `{"minute":%d,"label":%q}`, ev.Minute, ev.Label)
	}
	fmt.Fprintf(b, "],\n\"met\":%t", r.Met())
}

// WriteJSON writes r as one JSON object with keys system, scenario, engine,
// seed, minutes (one object per minute: "minute" and every column key),
// totals, goals, events (scenario events: minute and label) and met. If twin is not nil its result is added under the
// key "formula" in the same shape. Output is deterministic: keys in a fixed
// order, NaN as null.
func WriteJSON(w io.Writer, r, twin *Result) error {
	var b strings.Builder
	b.WriteByte('{')
	r.appendJSON(&b)
	if twin != nil {
		b.WriteString(",\n\"formula\":{")
		twin.appendJSON(&b)
		b.WriteByte('}')
	}
	b.WriteString("}\n")
	if !json.Valid([]byte(b.String())) {
		return fmt.Errorf("scenario: internal error: invalid JSON output")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes a header (engine, minute and every column key) and one
// line per minute, then a line with minute "total". With a twin, its rows
// follow with engine "formula".
func WriteCSV(w io.Writer, results ...*Result) error {
	var b strings.Builder
	if len(results) == 0 {
		return nil
	}
	b.WriteString("engine,minute")
	for _, c := range results[0].Columns {
		b.WriteString("," + c.Key)
	}
	b.WriteByte('\n')
	for _, r := range results {
		line := func(label string, row Row) {
			b.WriteString(r.Engine + "," + label)
			for _, v := range row {
				b.WriteByte(',')
				if v == v && !math.IsInf(v, 0) {
					b.WriteString(strconv.FormatFloat(v, 'g', 10, 64))
				}
			}
			b.WriteByte('\n')
		}
		for m, row := range r.Minutes {
			line(strconv.Itoa(m), row)
		}
		line("total", r.Totals)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteTable writes a readable per-minute table of the headline indicators
// with their status words, the totals, the goal verdicts and the seed. With
// a twin, each headline column shows "des | formula".
func WriteTable(w io.Writer, r, twin *Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	var heads []int
	for i, c := range r.Columns {
		if c.Headline {
			heads = append(heads, i)
		}
	}
	title := fmt.Sprintf("%s · %s · engine %s", r.System, r.Scenario, r.Engine)
	if twin != nil {
		title = fmt.Sprintf("%s · %s · engines des | formula", r.System, r.Scenario)
	}
	fmt.Fprintln(w, title)
	fmt.Fprint(tw, "minute\t")
	for _, i := range heads {
		fmt.Fprintf(tw, "%s\t", r.Columns[i].Label)
	}
	fmt.Fprintln(tw)
	cell := func(i int, row, trow Row) string {
		c := r.Columns[i]
		s := c.Format(row[i])
		if trow != nil {
			s += " | " + c.Format(trow[i])
		} else if c.Status != nil {
			s += " " + string(c.Status.Classify(row[i]))
		}
		return s
	}
	for m, row := range r.Minutes {
		fmt.Fprintf(tw, "%d\t", m)
		var trow Row
		if twin != nil && m < len(twin.Minutes) {
			trow = twin.Minutes[m]
		}
		for _, i := range heads {
			fmt.Fprintf(tw, "%s\t", cell(i, row, trow))
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprint(tw, "total\t")
	var ttot Row
	if twin != nil {
		ttot = twin.Totals
	}
	for _, i := range heads {
		fmt.Fprintf(tw, "%s\t", cell(i, r.Totals, ttot))
	}
	fmt.Fprintln(tw)
	if err := tw.Flush(); err != nil {
		return err
	}
	writeGoals(w, r, "")
	if twin != nil {
		writeGoals(w, twin, " (formula engine)")
	}
	fmt.Fprintf(w, "seed %d\n", r.Seed)
	return nil
}

func writeGoals(w io.Writer, r *Result, suffix string) {
	if len(r.Goals) == 0 {
		return
	}
	fmt.Fprintf(w, "\ngoals%s:\n", suffix)
	for _, g := range r.Goals {
		mark := "MET   "
		if !g.Met {
			mark = "FAILED"
		}
		fmt.Fprintf(w, "  %s  %-52s %10s   (target %s)\n", mark, g.Name, g.format(g.Value), g.TargetText())
		if g.Note != "" {
			fmt.Fprintf(w, "          %s\n", g.Note)
		}
	}
	verdict := "all goals met"
	if !r.Met() {
		verdict = "some goals not met"
	}
	fmt.Fprintf(w, "  → %s\n", verdict)
}
