package report

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"

	"queuelab/model/scenario"
)

// Page is a self-contained HTML document in queuelab's report style: a
// title, an optional subtitle and verdict, and sections. It loads nothing
// from the network (no scripts, no fonts, no images outside the page).
//
// HTMLPage is meant to be reused: queuelab validate builds its report as
// a Page too, with sections made of Table, Pre and inline SVG from
// ChartSVG, e.g.
//
//	report.HTMLPage(w, report.Page{
//		Title: "queuelab validate",
//		Verdict: report.Verdict(ok, "all checks passed", "2 checks failed"),
//		Sections: []report.Section{{Heading: "Erlang C", Body: report.Table(head, rows)}},
//	})
type Page struct {
	Title    string
	Subtitle string
	Verdict  template.HTML // e.g. from Verdict; may be empty
	Sections []Section
}

// Section is one titled block of a Page. Body is trusted HTML: build it
// with Table, Pre, Para or template.HTML of markup you escaped yourself.
type Section struct {
	Heading string
	Note    string // a short grey line under the heading
	Body    template.HTML
}

// HTMLPage writes p as one HTML file.
func HTMLPage(w io.Writer, p Page) error {
	return pageTemplate.Execute(w, p)
}

// Table renders a table with a header row; cells are escaped. A cell
// starting with "✔" or "✘" is coloured as met or failed, and columns whose
// cells look like numbers are right-aligned.
func Table(head []string, rows [][]string) template.HTML {
	var b strings.Builder
	b.WriteString("<table><thead><tr>")
	for _, h := range head {
		fmt.Fprintf(&b, "<th>%s</th>", template.HTMLEscapeString(h))
	}
	b.WriteString("</tr></thead><tbody>")
	for _, r := range rows {
		b.WriteString("<tr>")
		for _, c := range r {
			class := ""
			switch {
			case strings.HasPrefix(c, "✔"):
				class = ` class="met"`
			case strings.HasPrefix(c, "✘"):
				class = ` class="failed"`
			case numeric(c):
				class = ` class="num"`
			}
			fmt.Fprintf(&b, "<td%s>%s</td>", class, template.HTMLEscapeString(c))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return template.HTML(b.String())
}

func numeric(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || s == "—" {
		return s == "—"
	}
	c := s[0]
	return c >= '0' && c <= '9' || (c == '-' || c == '+') && len(s) > 1 && s[1] >= '0' && s[1] <= '9'
}

// Pre renders text as a preformatted block (escaped).
func Pre(text string) template.HTML {
	return template.HTML("<pre>" + template.HTMLEscapeString(text) + "</pre>")
}

// Para renders text as a paragraph (escaped).
func Para(text string) template.HTML {
	return template.HTML("<p>" + template.HTMLEscapeString(text) + "</p>")
}

// Verdict renders a green badge with good when ok, else a red one with bad.
func Verdict(ok bool, good, bad string) template.HTML {
	if ok {
		return template.HTML(`<span class="badge met">` + template.HTMLEscapeString(good) + `</span>`)
	}
	return template.HTML(`<span class="badge failed">` + template.HTMLEscapeString(bad) + `</span>`)
}

// Meta is what a run's report needs besides its results.
type Meta struct {
	// Command is the exact command line that reproduces the run.
	Command string
	// Params are every parameter of the run, in order, as written (the
	// system, scenario, engine, seed and minutes are added from the
	// Result when absent).
	Params []Param
	// Scenario, when set, adds its title, story and lesson.
	Scenario *scenario.Scenario
	// Keys are the columns to chart (default: the headline indicators).
	Keys []string
	// Title overrides the page title.
	Title string
	// Extra sections go at the end (e.g. the event profile).
	Extra []Section
}

// Param is one named parameter of a run.
type Param struct{ Name, Value string }

// WriteHTML writes the report of one run as a single self-contained HTML
// file: the verdict, the command that reproduces it, the scenario's story,
// the goal table (with the formula twin's values when twin is not nil),
// the trend charts as inline SVG, the totals of every indicator with its
// definition, every parameter and the seed, the playbook as YAML and the
// per-minute headline table. The same inputs give the same bytes.
func WriteHTML(w io.Writer, r, twin *scenario.Result, meta Meta) error {
	if r == nil {
		return fmt.Errorf("report: no result")
	}
	chart, err := ChartSVG(r, twin, meta.Keys)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	title := meta.Title
	if title == "" {
		title = fmt.Sprintf("queuelab · %s · %s", r.System, r.Scenario)
	}
	p := Page{
		Title:    title,
		Subtitle: fmt.Sprintf("engine %s · seed %d · %d minutes", engineName(r, twin), r.Seed, len(r.Minutes)),
	}
	if len(r.Goals) > 0 {
		failed := 0
		for _, g := range r.Goals {
			if !g.Met {
				failed++
			}
		}
		p.Verdict = Verdict(failed == 0, "all goals met", fmt.Sprintf("%d of %d goals not met", failed, len(r.Goals)))
	}
	if meta.Command != "" {
		p.Sections = append(p.Sections, Section{Heading: "Reproduce", Note: "the same command gives the same numbers", Body: Pre(meta.Command)})
	}
	if sc := meta.Scenario; sc != nil {
		p.Sections = append(p.Sections, scenarioSection(sc))
	}
	if len(r.Goals) > 0 {
		p.Sections = append(p.Sections, goalsSection(r, twin))
	}
	note := "per minute; dotted verticals: playbook actions; dashed green: goal targets"
	if twin != nil {
		note += "; dashed purple: the formula twin"
	}
	p.Sections = append(p.Sections,
		Section{Heading: "Trends", Note: note, Body: template.HTML(`<div class="chart">` + chart + `</div>`)},
		indicatorsSection(r, twin),
		paramsSection(r, twin, meta.Params),
		playbookSection(r),
		minutesSection(r))
	p.Sections = append(p.Sections, meta.Extra...)
	return HTMLPage(w, p)
}

// scenarioSection tells the scenario's story and its lesson.
func scenarioSection(sc *scenario.Scenario) Section {
	var body strings.Builder
	if sc.Title != "" {
		body.WriteString("<p><b>" + template.HTMLEscapeString(sc.Title) + "</b></p>")
	}
	body.WriteString(string(Para(sc.Story)))
	if sc.Lesson != "" {
		body.WriteString(`<p class="lesson">Lesson: ` + template.HTMLEscapeString(sc.Lesson) + "</p>")
	}
	return Section{Heading: "Scenario " + sc.Name, Body: template.HTML(body.String())}
}

// goalsSection is the goal table: target, simulated value and, with a
// twin, the formula twin's value and verdict.
func goalsSection(r, twin *scenario.Result) Section {
	head := []string{"", "goal", "target", "simulation"}
	if twin != nil {
		head = append(head, "formula twin", "")
	}
	var rows [][]string
	for i, g := range r.Goals {
		t := scenario.Column{Unit: g.Unit, Digits: goalDigits(g)}
		v := scenario.Column{Unit: g.Unit, Digits: goalDigits(g) + 1}
		target := opText(g.Op) + " " + t.Format(g.Target)
		if g.Note != "" {
			target += " (" + g.Note + ")"
		}
		row := []string{mark(g.Met), g.Name, target, v.Format(g.Value)}
		if twin != nil && i < len(twin.Goals) {
			row = append(row, v.Format(twin.Goals[i].Value), mark(twin.Goals[i].Met))
		}
		rows = append(rows, row)
	}
	return Section{Heading: "Goals", Note: "evaluated at the end of the run", Body: Table(head, rows)}
}

// indicatorsSection is every indicator's total over the run, with its
// definition.
func indicatorsSection(r, twin *scenario.Result) Section {
	head := []string{"indicator", "unit", "whole run"}
	if twin != nil {
		head = append(head, "formula twin")
	}
	head = append(head, "definition")
	var rows [][]string
	for i, c := range r.Columns {
		row := []string{c.Label, c.Unit, valueAt(c, r.Totals, i)}
		if twin != nil {
			row = append(row, valueAt(c, twin.Totals, i))
		}
		rows = append(rows, append(row, c.Doc))
	}
	return Section{Heading: "Indicators", Note: "totals over the whole run", Body: Table(head, rows)}
}

// paramsSection lists the run's parameters: the result's own, replaced or
// extended by extra.
func paramsSection(r, twin *scenario.Result, extra []Param) Section {
	params := []Param{{"system", r.System}, {"scenario", r.Scenario}, {"engine", engineName(r, twin)},
		{"seed", fmt.Sprint(r.Seed)}, {"minutes", fmt.Sprint(len(r.Minutes))}}
	for _, q := range extra {
		replaced := false
		for i := range params {
			if params[i].Name == q.Name {
				params[i].Value, replaced = q.Value, true
			}
		}
		if !replaced {
			params = append(params, q)
		}
	}
	var rows [][]string
	for _, q := range params {
		rows = append(rows, []string{q.Name, q.Value})
	}
	return Section{Heading: "Parameters", Body: Table([]string{"parameter", "value"}, rows)}
}

// playbookSection is the playbook that ran, as YAML ready to replay.
func playbookSection(r *scenario.Result) Section {
	var pb strings.Builder
	if len(r.Playbook) == 0 {
		pb.WriteString("# no actions: the scenario ran untouched\n[]\n")
	} else {
		r.Playbook.WriteYAML(&pb)
	}
	return Section{Heading: "Playbook", Note: "save as a .yaml file and pass it to queuelab run --playbook", Body: Pre(pb.String())}
}

// minutesSection is the per-minute table of the headline indicators,
// folded.
func minutesSection(r *scenario.Result) Section {
	heads := r.Headlines()
	head := []string{"minute"}
	for _, i := range heads {
		head = append(head, r.Columns[i].Label)
	}
	var rows [][]string
	for m, row := range r.Minutes {
		cells := []string{fmt.Sprint(m)}
		for _, i := range heads {
			cells = append(cells, valueAt(r.Columns[i], row, i))
		}
		rows = append(rows, cells)
	}
	return Section{Heading: "Minute by minute", Note: "headline indicators of the simulation",
		Body: template.HTML("<details><summary>show the table</summary>" + string(Table(head, rows)) + "</details>")}
}

func engineName(r, twin *scenario.Result) string {
	if twin != nil {
		return "both (des and formula)"
	}
	if r.Engine == "" {
		return "des"
	}
	return r.Engine
}

func valueAt(c scenario.Column, row scenario.Row, i int) string {
	if i >= len(row) {
		return "—"
	}
	return c.Format(row[i])
}

func mark(met bool) string {
	if met {
		return "✔ met"
	}
	return "✘ failed"
}

func opText(op string) string {
	return strings.NewReplacer(">=", "≥", "<=", "≤").Replace(op)
}

// goalDigits chooses enough decimals to show a goal's target exactly in
// its unit (at most 3); values are shown with one more.
func goalDigits(g scenario.Goal) int {
	x := scale(g.Target, g.Unit)
	for d := 0; d < 3; d++ {
		p := 1.0
		for i := 0; i < d; i++ {
			p *= 10
		}
		if math.Abs(x*p-math.Round(x*p)) < 1e-9 {
			return d
		}
	}
	return 3
}

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
:root { --text:#1d2733; --muted:#637080; --line:#dfe4ea; --good:#2e9e5b; --bad:#d0433a; --accent:#1f6fb4; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--text); margin: 0; background: #f6f8fa; font-size: 14px; line-height: 1.45; }
main { max-width: 1000px; margin: 0 auto; padding: 24px 20px 48px; }
header { margin-bottom: 16px; }
h1 { font-size: 24px; margin: 0 0 4px; }
.sub { color: var(--muted); }
section { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 14px 18px; margin: 14px 0; }
h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 10px; }
h2 small { text-transform: none; letter-spacing: 0; font-weight: normal; margin-left: 8px; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th { white-space: nowrap; text-align: left; font-weight: 600; color: var(--muted); border-bottom: 2px solid var(--line); padding: 4px 8px; font-size: 12px; }
td { border-bottom: 1px solid var(--line); padding: 4px 8px; vertical-align: top; }
td.num { text-align: right; white-space: nowrap; }
td.met { color: var(--good); font-weight: 700; white-space: nowrap; }
td.failed { color: var(--bad); font-weight: 700; white-space: nowrap; }
pre { background: #f0f3f6; border-radius: 6px; padding: 10px 12px; overflow-x: auto; font-size: 13px; margin: 0; }
.badge { display: inline-block; border-radius: 6px; padding: 2px 10px; font-weight: 700; color: #fff; margin-top: 6px; }
.badge.met { background: var(--good); } .badge.failed { background: var(--bad); }
.lesson { color: var(--muted); font-style: italic; }
.chart svg { width: 100%; height: auto; }
details summary { cursor: pointer; color: var(--accent); }
footer { color: var(--muted); font-size: 12px; text-align: center; }
</style>
</head>
<body>
<main>
<header>
<h1>{{.Title}}</h1>
{{if .Subtitle}}<div class="sub">{{.Subtitle}}</div>{{end}}
{{.Verdict}}
</header>
{{range .Sections}}<section>
<h2>{{.Heading}}{{if .Note}} <small>{{.Note}}</small>{{end}}</h2>
{{.Body}}
</section>
{{end}}<footer>written by queuelab · this file needs no network to open</footer>
</main>
</body>
</html>
`))
