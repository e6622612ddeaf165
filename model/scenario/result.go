package scenario

import (
	"math"
	"strconv"
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

// Headlines returns the indices of r's headline columns (Column.Headline),
// in column order: what the table, the report and the default plot show.
func (r *Result) Headlines() []int {
	var idx []int
	for i, c := range r.Columns {
		if c.Headline {
			idx = append(idx, i)
		}
	}
	return idx
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
