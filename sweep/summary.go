package sweep

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"queuelab/des"
)

// Level95 is the confidence level of the summaries' intervals.
const Level95 = 0.95

// Summary is the outcome of a complete sweep: per design point and
// response, the mean over replications with its 95 % Student-t interval
// (des.MeanCI; replications are independent, so the interval is exact for
// normal responses and asymptotically right otherwise — Law, Simulation
// Modeling and Analysis, 5th ed., §9.4.1) and, for goals, the share of
// replications that met it. It depends only on the plan and the records,
// which is why a merged sharded sweep prints the same bytes as one run.
type Summary struct {
	Plan   *Plan
	Points []PointSummary
}

// PointSummary is one design point's statistics, by plan response.
type PointSummary struct {
	Point PlanPoint
	Stats []Stat
}

// Stat summarises one response at one design point.
type Stat struct {
	N         int     // replications with a defined value
	Mean      float64 // NaN when N = 0
	HalfWidth float64 // 95 % half-width; NaN when N < 2
	Met       int     // replications that met it (verdict responses)
	Runs      int     // replications
}

// Success returns the share of replications that met a verdict response.
func (s Stat) Success() float64 { return float64(s.Met) / float64(s.Runs) }

// Summarize computes the summary from every task's record, by task index.
func Summarize(p *Plan, recs []Record) *Summary {
	s := &Summary{Plan: p, Points: make([]PointSummary, len(p.Points))}
	xs := make([]float64, 0, p.Replications)
	for pi, pt := range p.Points {
		ps := PointSummary{Point: pt, Stats: make([]Stat, len(p.Responses))}
		for ri := range p.Responses {
			xs = xs[:0]
			st := Stat{Runs: p.Replications}
			for rep := range p.Replications {
				r := recs[pi*p.Replications+rep]
				if r.Met[ri] {
					st.Met++
				}
				if v := r.Values[ri]; !math.IsNaN(v) {
					xs = append(xs, v)
				}
			}
			st.N = len(xs)
			st.Mean, st.HalfWidth = math.NaN(), math.NaN()
			if st.N > 0 {
				iv := des.MeanCI(xs, Level95)
				st.Mean = iv.Mean
				if st.N >= 2 {
					st.HalfWidth = iv.HalfWidth
				}
			}
			ps.Stats[ri] = st
		}
		s.Points[pi] = ps
	}
	return s
}

// scale is the factor a value in unit is shown with in the table.
func scale(unit string) float64 {
	switch unit {
	case "%":
		return 100
	case "‰":
		return 1000
	}
	return 1
}

// fmtNum renders a number for the table with 4 significant digits.
func fmtNum(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "—"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// WriteTable writes one row per design point: its levels, then each
// response as mean ± 95 % half-width (in the response's unit) and, for
// goals, how many replications met it.
func (s *Summary) WriteTable(w io.Writer) error {
	p := s.Plan
	fmt.Fprintf(w, "sweep %s: system %s", p.Hash, p.System)
	if p.Scenario != "" {
		fmt.Fprintf(w, ", scenario %s", p.Scenario)
	}
	if p.Network != "" {
		fmt.Fprintf(w, ", network %s", p.Network)
	}
	fmt.Fprintf(w, "; %d design points × %d replications, seed %d; mean ± 95 %% interval over replications\n",
		len(p.Points), p.Replications, p.Seed)
	if len(p.Set) > 0 {
		fmt.Fprintf(w, "fixed: %s\n", levelText(p.Set))
	}
	for _, r := range p.Responses {
		if r.Op != "" {
			fmt.Fprintf(w, "%s: %s (target %s %s%s)\n", r.Name, r.Label, r.Op, fmtNum(*r.Target*scale(r.Unit)), unitSuffix(r.Unit))
		}
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"point"}
	head = append(head, p.Factors...)
	for _, r := range p.Responses {
		head = append(head, r.Name+unitHead(r.Unit))
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, ps := range s.Points {
		row := []string{strconv.Itoa(ps.Point.Index)}
		for _, f := range p.Factors {
			row = append(row, levelOf(ps.Point.Levels, f))
		}
		for ri, r := range p.Responses {
			st := ps.Stats[ri]
			if r.Verdict && r.Op == "" { // a pass/fail response ("met"): the count says it all
				row = append(row, fmt.Sprintf("%d/%d", st.Met, st.Runs))
				continue
			}
			k := scale(r.Unit)
			cell := fmtNum(st.Mean * k)
			if !math.IsNaN(st.HalfWidth) {
				cell += " ± " + strconv.FormatFloat(st.HalfWidth*k, 'g', 2, 64)
			}
			if r.Verdict {
				cell += fmt.Sprintf(" [%d/%d]", st.Met, st.Runs)
			}
			row = append(row, cell)
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range p.Responses {
		if r.Verdict {
			_, err := fmt.Fprintln(w, "\n[k/n]: replications that met the goal; % and ‰ responses are shown in percent and per mille.")
			return err
		}
	}
	return nil
}

func unitHead(u string) string {
	if u == "" {
		return ""
	}
	return " (" + u + ")"
}

func unitSuffix(u string) string {
	if u == "" {
		return ""
	}
	return " " + u
}

func levelText(ls []Level) string {
	parts := make([]string, len(ls))
	for i, l := range ls {
		parts[i] = l.Name + "=" + l.Value
	}
	return strings.Join(parts, ", ")
}

func levelOf(ls []Level, name string) string {
	for _, l := range ls {
		if l.Name == name {
			return l.Value
		}
	}
	return ""
}

// csvNumber renders a number for CSV and JSON: shortest exact form, or
// empty (CSV) / null (JSON) when undefined.
func csvNumber(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// WriteCSV writes one line per design point and response: point, the
// factors' levels, response, n, mean, half_width, low, high (the 95 %
// interval), met and success (for goals; empty otherwise). Values are in
// the response's stored unit (fractions for % and ‰).
func (s *Summary) WriteCSV(w io.Writer) error {
	p := s.Plan
	cw := csv.NewWriter(w)
	head := append([]string{"point"}, p.Factors...)
	head = append(head, "response", "n", "mean", "half_width", "low", "high", "met", "success")
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, ps := range s.Points {
		for ri, r := range p.Responses {
			st := ps.Stats[ri]
			row := []string{strconv.Itoa(ps.Point.Index)}
			for _, f := range p.Factors {
				row = append(row, levelOf(ps.Point.Levels, f))
			}
			met, succ := "", ""
			if r.Verdict {
				met, succ = strconv.Itoa(st.Met), csvNumber(st.Success())
			}
			row = append(row, r.Name, strconv.Itoa(st.N), csvNumber(st.Mean), csvNumber(st.HalfWidth),
				csvNumber(st.Mean-st.HalfWidth), csvNumber(st.Mean+st.HalfWidth), met, succ)
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// jsonNum is a float64 that encodes as null when undefined.
type jsonNum float64

func (x jsonNum) MarshalJSON() ([]byte, error) {
	if s := csvNumber(float64(x)); s != "" {
		return []byte(s), nil
	}
	return []byte("null"), nil
}

// WriteJSON writes {"design", "system", …, "level", "points": [{"point",
// "levels", "responses": [{"name", "n", "mean", "half_width", "low",
// "high", "met", "success"}]}]}; undefined numbers are null.
func (s *Summary) WriteJSON(w io.Writer) error {
	type stat struct {
		Name      string   `json:"name"`
		N         int      `json:"n"`
		Mean      jsonNum  `json:"mean"`
		HalfWidth jsonNum  `json:"half_width"`
		Low       jsonNum  `json:"low"`
		High      jsonNum  `json:"high"`
		Met       *int     `json:"met,omitempty"`
		Success   *jsonNum `json:"success,omitempty"`
	}
	type point struct {
		Point     int     `json:"point"`
		Levels    []Level `json:"levels"`
		Responses []stat  `json:"responses"`
	}
	p := s.Plan
	out := struct {
		Design       string     `json:"design"`
		System       string     `json:"system"`
		Scenario     string     `json:"scenario,omitempty"`
		Network      string     `json:"network,omitempty"`
		Set          []Level    `json:"set"`
		Replications int        `json:"replications"`
		Seed         uint64     `json:"seed"`
		Level        float64    `json:"level"`
		Responses    []Response `json:"responses"`
		Points       []point    `json:"points"`
	}{Design: p.Hash, System: p.System, Scenario: p.Scenario, Network: p.Network, Set: p.Set,
		Replications: p.Replications, Seed: p.Seed, Level: Level95, Responses: p.Responses}
	for _, ps := range s.Points {
		pt := point{Point: ps.Point.Index, Levels: ps.Point.Levels}
		for ri, r := range p.Responses {
			st := ps.Stats[ri]
			x := stat{Name: r.Name, N: st.N, Mean: jsonNum(st.Mean), HalfWidth: jsonNum(st.HalfWidth),
				Low: jsonNum(st.Mean - st.HalfWidth), High: jsonNum(st.Mean + st.HalfWidth)}
			if r.Verdict {
				met, succ := st.Met, jsonNum(st.Success())
				x.Met, x.Success = &met, &succ
			}
			pt.Responses = append(pt.Responses, x)
		}
		out.Points = append(out.Points, pt)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// Write writes the summary in format: table, csv or json.
func (s *Summary) Write(w io.Writer, format string) error {
	switch format {
	case "csv":
		return s.WriteCSV(w)
	case "json":
		return s.WriteJSON(w)
	case "table":
		return s.WriteTable(w)
	}
	return fmt.Errorf("unknown format %q (valid: table, csv, json)", format)
}
