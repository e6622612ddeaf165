package validate

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"strings"
	"text/tabwriter"
)

// FormatValue prints a number with 4 significant digits ("—" for NaN).
func FormatValue(x float64) string {
	switch {
	case math.IsNaN(x):
		return "—"
	case math.IsInf(x, 0):
		return fmt.Sprint(x)
	}
	return fmt.Sprintf("%.4g", x)
}

func (c *Check) simText() string {
	if math.IsInf(c.Sim.HalfWidth, 1) {
		return FormatValue(c.Sim.Mean) + " (no interval)"
	}
	return FormatValue(c.Sim.Mean) + " ± " + FormatValue(c.Sim.HalfWidth)
}

func (c *Check) relText() string {
	if math.IsNaN(c.RelErr) {
		return "—"
	}
	return fmt.Sprintf("%+.2f %%", 100*c.RelErr)
}

func (r *Report) summary() string {
	agree, approx, failed := 0, 0, 0
	for _, c := range r.Checks {
		switch c.Verdict {
		case Agrees:
			agree++
		case Approximate:
			approx++
		case Disagrees, Inconclusive, NoData:
			failed++
		}
	}
	mode := "full"
	if r.Quick {
		mode = "quick"
	}
	return fmt.Sprintf("%d checks (%s catalogue, seed %d): %d agree, %d approximate, %d fail. "+
		"Intervals are batch-means Student-t; a check passes when |sim − formula| ≤ h(α = %g) + documented tolerance "+
		"and h(α) ≤ %g %% of the value. Family-wise false-alarm rate ≤ %.1f %% (Bonferroni).",
		len(r.Checks), mode, r.Seed, agree, approx, failed, r.Rule.Alpha, 100*r.Rule.PowerRel, 100*r.FamilyWise())
}

// WriteText writes the report as an aligned plain-text table.
func (r *Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "experiment\tcheck\tsimulated ± 95 % CI\tformula\t(sim − formula)/formula\tverdict")
	group := ""
	for i := range r.Checks {
		c := &r.Checks[i]
		g := c.Group
		if g == group {
			g = ""
		}
		group = c.Group
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", g, c.Name, c.simText(), FormatValue(c.Formula), c.relText(), c.VerdictText())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s\nElapsed %.1f s.\n", r.summary(), r.Elapsed.Seconds())
	return err
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// WriteMarkdown writes the report as a Markdown document with one table.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# queuelab validation report\n\n")
	b.WriteString(r.summary() + "\n\n")
	b.WriteString("| experiment | check | simulated ± 95 % CI | formula | source | (sim − formula)/formula | verdict | note |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|\n")
	for i := range r.Checks {
		c := &r.Checks[i]
		v := c.VerdictText()
		if c.Verdict.Failed() {
			v = "**" + v + "**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", mdEscape(c.Group), mdEscape(c.Name), c.simText(),
			FormatValue(c.Formula), mdEscape(c.Source), c.relText(), v, mdEscape(c.Note))
	}
	b.WriteString("\n## Runs\n\n| experiment | seed | warm-up (s) | measured (s) | customers |\n|---|---|---|---|---|\n")
	for _, e := range r.Experiments {
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %d |\n", mdEscape(e.Name), e.Seed, FormatValue(e.Warmup), FormatValue(e.Measured), e.Customers)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteHTML writes the report as one self-contained HTML page (inline
// CSS, no scripts).
func (r *Report) WriteHTML(w io.Writer) error {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>queuelab validation report</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;font-size:14px}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f0f0f0}
td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.agrees td.v{color:#176b1d}
tr.approx td.v{color:#8a5a00}
tr.fail td.v{color:#b00020;font-weight:bold}
</style></head><body>
<h1>queuelab validation report</h1>
`)
	fmt.Fprintf(&b, "<p>%s</p>\n<table>\n<tr><th>experiment</th><th>check</th><th>simulated ± 95 %% CI</th><th>formula</th><th>source</th><th>(sim − formula)/formula</th><th>verdict</th><th>note</th></tr>\n", html.EscapeString(r.summary()))
	for i := range r.Checks {
		c := &r.Checks[i]
		class := "agrees"
		switch {
		case c.Verdict == Approximate:
			class = "approx"
		case c.Verdict.Failed():
			class = "fail"
		}
		fmt.Fprintf(&b, "<tr class=%q><td>%s</td><td>%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td>%s</td><td class=\"num\">%s</td><td class=\"v\">%s</td><td>%s</td></tr>\n",
			class, html.EscapeString(c.Group), html.EscapeString(c.Name), html.EscapeString(c.simText()), FormatValue(c.Formula),
			html.EscapeString(c.Source), html.EscapeString(c.relText()), html.EscapeString(c.VerdictText()), html.EscapeString(c.Note))
	}
	b.WriteString("</table>\n<h2>Runs</h2>\n<table>\n<tr><th>experiment</th><th>seed</th><th>warm-up (s)</th><th>measured (s)</th><th>customers</th></tr>\n")
	for _, e := range r.Experiments {
		fmt.Fprintf(&b, "<tr><td>%s</td><td class=\"num\">%d</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%d</td></tr>\n",
			html.EscapeString(e.Name), e.Seed, FormatValue(e.Warmup), FormatValue(e.Measured), e.Customers)
	}
	b.WriteString("</table>\n</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// JSONNumber is a float64 that encodes as a JSON number, or as null for
// NaN and ±Inf (which JSON cannot carry): a formula that does not apply, an
// interval that could not be computed.
type JSONNumber float64

// MarshalJSON implements json.Marshaler.
func (x JSONNumber) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return json.Marshal(f)
}

// WriteJSON writes the report as JSON: {"summary", "checks": [{"group",
// "name", "sim", "ci95", "formula", "source", "rel_error", "verdict",
// "note"}], "runs": [...]}; undefined numbers are null.
func (r *Report) WriteJSON(w io.Writer) error {
	type check struct {
		Group    string     `json:"group"`
		Name     string     `json:"name"`
		Sim      JSONNumber `json:"sim"`
		CI95     JSONNumber `json:"ci95"`
		HalfA    JSONNumber `json:"half_width_alpha"`
		Formula  JSONNumber `json:"formula"`
		Source   string     `json:"source"`
		RelError JSONNumber `json:"rel_error"`
		Verdict  string     `json:"verdict"`
		Failed   bool       `json:"failed"`
		Note     string     `json:"note,omitempty"`
	}
	type run struct {
		Name      string     `json:"name"`
		Seed      uint64     `json:"seed"`
		Warmup    JSONNumber `json:"warmup_s"`
		Measured  JSONNumber `json:"measured_s"`
		Customers int64      `json:"customers"`
	}
	out := struct {
		Summary    string  `json:"summary"`
		Quick      bool    `json:"quick"`
		Alpha      float64 `json:"alpha"`
		FamilyWise float64 `json:"family_wise_rate"`
		Failed     int     `json:"failed"`
		Checks     []check `json:"checks"`
		Runs       []run   `json:"runs"`
	}{Summary: r.summary(), Quick: r.Quick, Alpha: r.Rule.Alpha, FamilyWise: r.FamilyWise(), Failed: r.Failed}
	for i := range r.Checks {
		c := &r.Checks[i]
		out.Checks = append(out.Checks, check{c.Group, c.Name, JSONNumber(c.Sim.Mean), JSONNumber(c.Sim.HalfWidth), JSONNumber(c.HalfAlpha),
			JSONNumber(c.Formula), c.Source, JSONNumber(c.RelErr), c.VerdictText(), c.Verdict.Failed(), c.Note})
	}
	for _, e := range r.Experiments {
		out.Runs = append(out.Runs, run{e.Name, e.Seed, JSONNumber(e.Warmup), JSONNumber(e.Measured), e.Customers})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
