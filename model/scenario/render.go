package scenario

// Rendering of a Result: the per-minute table people read, CSV for
// spreadsheets and JSON for programs. The domain types live in result.go.

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

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
	heads := r.Headlines()
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
