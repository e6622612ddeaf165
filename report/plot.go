// Package report turns a queuelab run into pictures and pages: trend charts
// of the indicators (WritePlot, as SVG or PNG, drawn with gonum/plot), a
// self-contained HTML report of one run (WriteHTML), and the page frame
// both use (HTMLPage), which other reports — queuelab validate's — reuse
// for the same look.
package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"queuelab/model/scenario"
)

// Chart colours (also used by the HTML page's legend).
var (
	colorDES    = color.RGBA{R: 0x1f, G: 0x6f, B: 0xb4, A: 0xff} // the simulation
	colorTwin   = color.RGBA{R: 0x9b, G: 0x4d, B: 0xca, A: 0xff} // the formula twin
	colorGoal   = color.RGBA{R: 0x2e, G: 0x9e, B: 0x5b, A: 0xff} // goal thresholds
	colorAction = color.RGBA{R: 0x70, G: 0x70, B: 0x70, A: 0xff} // playbook actions
	colorEvent  = color.RGBA{R: 0xd0, G: 0x6a, B: 0x00, A: 0xff} // scenario events
)

// chartPanelHeight is the height of one panel of a run's trends.
const chartPanelHeight = 1.9 * vg.Inch

// WritePlot writes trend charts of r to path, as SVG or PNG by the file's
// extension (.svg, .png). There is one panel per column key, stacked on a
// common time axis (minutes from the start); with no keys, the headline
// indicators. Each panel draws the per-minute values of r (a point per
// minute, at the middle of the minute; undefined minutes leave a gap), the
// formula twin dashed when twin is not nil, the goals of r that concern
// the column as horizontal reference lines (see GoalsFor), and every
// playbook action of r as a dotted vertical line at the start of the
// minute it applied, labelled on the top panel.
func WritePlot(path string, r, twin *scenario.Result, keys []string) error {
	if _, err := PictureFormat(path); err != nil {
		return err
	}
	st, err := charts(r, twin, keys)
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	return st.WriteFile(path)
}

// ChartSVG returns the charts of WritePlot as an SVG element (without the
// XML prolog), ready to be inlined in an HTML page.
func ChartSVG(r, twin *scenario.Result, keys []string) (string, error) {
	st, err := charts(r, twin, keys)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := st.Draw(&buf, "svg"); err != nil {
		return "", err
	}
	s := buf.String()
	if i := strings.Index(s, "<svg"); i > 0 {
		s = s[i:]
	}
	return s, nil
}

// Columns returns the indices of keys in r's columns (the headline columns
// when keys is empty), or an error naming an unknown key and the valid
// ones.
func Columns(r *scenario.Result, keys []string) ([]int, error) {
	if len(keys) == 0 {
		idx := r.Headlines()
		if len(idx) == 0 {
			return nil, fmt.Errorf("the result has no headline indicators; name the columns to plot")
		}
		return idx, nil
	}
	var idx []int
	for _, k := range keys {
		k = strings.TrimSpace(k)
		found := -1
		for i, c := range r.Columns {
			if c.Key == k {
				found = i
				break
			}
		}
		if found < 0 {
			valid := make([]string, len(r.Columns))
			for i, c := range r.Columns {
				valid[i] = c.Key
			}
			return nil, fmt.Errorf("unknown indicator %q (valid: %s)", k, strings.Join(valid, ", "))
		}
		idx = append(idx, found)
	}
	return idx, nil
}

// scale converts a stored value to the unit it is shown in ("%" and "‰"
// values are stored as fractions).
func scale(v float64, unit string) float64 {
	switch unit {
	case "%":
		return v * 100
	case "‰":
		return v * 1000
	}
	return v
}

// charts lays out the trend charts of WritePlot: a panel per column of
// keys, under the legend.
func charts(r, twin *scenario.Result, keys []string) (Stack, error) {
	if r == nil {
		return Stack{}, fmt.Errorf("no result to plot")
	}
	if len(r.Minutes) == 0 {
		return Stack{}, fmt.Errorf("the run has no minutes to plot")
	}
	cols, err := Columns(r, keys)
	if err != nil {
		return Stack{}, err
	}
	goals := GoalsFor(r.Columns, r.Goals)
	st := Stack{PanelHeight: chartPanelHeight, Legend: legendHeight, DrawLegend: func(c draw.Canvas) {
		drawLegend(c, twin != nil, len(goals) > 0, len(r.Playbook) > 0, len(r.Events) > 0)
	}}
	for row, ci := range cols {
		p, err := panel(r, twin, ci, goals[ci], row == 0, row == len(cols)-1)
		if err != nil {
			return Stack{}, err
		}
		st.Panels = append(st.Panels, p)
	}
	return st, nil
}

// panel draws column ci of r (and twin) with its goal lines and the
// playbook's actions.
func panel(r, twin *scenario.Result, ci int, goals []scenario.Goal, top, bottom bool) (*plot.Plot, error) {
	c := r.Columns[ci]
	p := plot.New()
	p.Title.Text = c.Label
	if c.Unit != "" {
		p.Title.Text += " (" + c.Unit + ")"
	}
	p.Title.TextStyle.Font.Size = vg.Points(10)
	p.Title.Padding = vg.Points(2)
	if bottom {
		p.X.Label.Text = "minutes from the start"
	}
	p.X.Min, p.X.Max = 0, float64(len(r.Minutes))
	p.X.Tick.Label.Font.Size = vg.Points(8)
	p.Y.Tick.Label.Font.Size = vg.Points(8)
	p.Y.Tick.Marker = PlainTicks{}
	p.Add(plotter.NewGrid())

	lo, hi := math.Inf(1), math.Inf(-1)
	widen := func(v float64) {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	series := func(res *scenario.Result, col color.Color, dashed bool) error {
		segs := segments(res, ci, c.Unit)
		for _, seg := range segs {
			for _, pt := range seg {
				widen(pt.Y)
			}
			l, err := plotter.NewLine(seg)
			if err != nil {
				return err
			}
			l.LineStyle.Color = col
			l.LineStyle.Width = vg.Points(1.4)
			if dashed {
				l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			}
			p.Add(l)
		}
		return nil
	}
	if err := series(r, colorDES, false); err != nil {
		return nil, err
	}
	if twin != nil {
		if ci >= len(twin.Columns) || twin.Columns[ci].Key != c.Key {
			return nil, fmt.Errorf("the formula twin's columns differ from the simulation's at %q", c.Key)
		}
		if err := series(twin, colorTwin, true); err != nil {
			return nil, err
		}
	}
	for _, g := range goals {
		y := scale(g.Target, c.Unit)
		widen(y)
		p.Add(&goalLine{GoalText{Y: y, Text: "goal " + opText(g.Op) + " " + c.Format(g.Target), Style: p.X.Tick.Label}})
	}
	if math.IsInf(lo, 1) { // nothing defined in the whole run
		lo, hi = 0, 1
	}
	if hi-lo < 1e-9 {
		pad := math.Max(1, math.Abs(lo)*0.1)
		lo, hi = lo-pad, hi+pad
	}
	pad := (hi - lo) * 0.08
	if lo >= 0 && lo-pad < 0 {
		p.Y.Min = 0
	} else {
		p.Y.Min = lo - pad
	}
	p.Y.Max = hi + pad*2.5 // room for the action labels
	if len(r.Events) > 0 {
		p.Add(&eventMarks{events: r.Events, labels: top, style: p.X.Tick.Label})
	}
	if len(r.Playbook) > 0 {
		p.Add(&actionMarks{pb: r.Playbook, labels: top, style: p.X.Tick.Label})
	}
	return p, nil
}

// legendHeight is the strip above the panels that holds the legend.
var legendHeight = vg.Points(16)

// drawLegend draws a one-line legend across c: the simulation, and the
// formula twin, goals and actions when they appear.
func drawLegend(c draw.Canvas, twin, goals, actions, events bool) {
	sty := draw.TextStyle{Color: color.Black, Font: plot.DefaultFont, Handler: plot.DefaultTextHandler, YAlign: draw.YCenter}
	sty.Font.Size = vg.Points(9)
	type entry struct {
		name string
		line draw.LineStyle
	}
	entries := []entry{{"simulation", draw.LineStyle{Color: colorDES, Width: vg.Points(1.6)}}}
	if twin {
		entries = append(entries, entry{"formula twin", draw.LineStyle{Color: colorTwin, Width: vg.Points(1.6), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}})
	}
	if goals {
		entries = append(entries, entry{"goal target", GoalStyle})
	}
	if actions {
		entries = append(entries, entry{"playbook action (at the start of its minute)", actionLine})
	}
	if events {
		entries = append(entries, entry{"scenario event", eventLine})
	}
	x := c.Min.X + vg.Points(40)
	y := (c.Min.Y + c.Max.Y) / 2
	for _, e := range entries {
		c.StrokeLine2(e.line, x, y, x+vg.Points(22), y)
		x += vg.Points(26)
		c.FillText(sty, vg.Point{X: x, Y: y}, e.name)
		x += sty.Width(e.name) + vg.Points(18)
	}
}

// GoalStyle is the line a goal's target is drawn with, in these charts
// and in the sweep's.
var GoalStyle = draw.LineStyle{Color: colorGoal, Width: vg.Points(1.1), Dashes: []vg.Length{vg.Points(6), vg.Points(2)}}

// GoalText is a plotter that writes a goal's target text just above
// height Y at the panel's right end, in Style's font at 7.5 pt and the
// goal colour: the label of a goal line here and in the sweep's charts.
type GoalText struct {
	Y     float64
	Text  string
	Style draw.TextStyle
}

// Plot implements plot.Plotter.
func (g *GoalText) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	sty := g.Style
	sty.Font.Size = vg.Points(7.5)
	sty.Color = colorGoal
	sty.XAlign = draw.XRight
	sty.YAlign = draw.YBottom
	c.FillText(sty, vg.Point{X: c.Max.X - vg.Points(3), Y: trY(g.Y) + vg.Points(1.5)}, g.Text)
}

// goalLine draws a goal's target across the panel, labelled at the right.
type goalLine struct{ GoalText }

// Plot implements plot.Plotter.
func (g *goalLine) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	y := trY(g.Y)
	c.StrokeLine2(GoalStyle, c.Min.X, y, c.Max.X, y)
	g.GoalText.Plot(c, p)
}

// segments returns column ci of res as runs of defined points: x at the
// middle of each minute, y in the column's display unit.
func segments(res *scenario.Result, ci int, unit string) []plotter.XYs {
	var out []plotter.XYs
	var cur plotter.XYs
	for m, row := range res.Minutes {
		v := math.NaN()
		if ci < len(row) {
			v = row[ci]
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			if len(cur) > 0 {
				out = append(out, cur)
				cur = nil
			}
			continue
		}
		cur = append(cur, plotter.XY{X: float64(m) + 0.5, Y: scale(v, unit)})
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// actionMarks draws a playbook's actions as dotted vertical lines at the
// start of their minute; with labels, it writes "servers=10" beside each.
type actionMarks struct {
	pb     scenario.Playbook
	labels bool
	style  draw.TextStyle
}

var actionLine = draw.LineStyle{Color: colorAction, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(1.5), vg.Points(2)}}

// Plot implements plot.Plotter.
func (a *actionMarks) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	sty := markText(a.style, colorAction, draw.YTop)
	for i := 0; i < len(a.pb); {
		m := a.pb[i].Minute
		var parts []string
		for ; i < len(a.pb) && a.pb[i].Minute == m; i++ {
			parts = append(parts, a.pb[i].Control+"="+a.pb[i].Value.Text)
		}
		x, in := minuteMark(c, trX, m, actionLine)
		if in && a.labels {
			c.FillText(sty, vg.Point{X: x + vg.Points(2), Y: c.Max.Y - vg.Points(2)}, strings.Join(parts, ", "))
		}
	}
}

// eventMarks draws scenario events ("sale opens", "cache flushed") as solid
// vertical lines at the start of their minute; with labels, it writes the
// event's label at the bottom of the panel.
type eventMarks struct {
	events []scenario.Mark
	labels bool
	style  draw.TextStyle
}

var eventLine = draw.LineStyle{Color: colorEvent, Width: vg.Points(0.9)}

// Plot implements plot.Plotter.
func (e *eventMarks) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	sty := markText(e.style, colorEvent, draw.YBottom)
	for _, ev := range e.events {
		x, in := minuteMark(c, trX, ev.Minute, eventLine)
		if in && e.labels {
			c.FillText(sty, vg.Point{X: x + vg.Points(2), Y: c.Min.Y + vg.Points(2)}, ev.Label)
		}
	}
}

// minuteMark draws line across the panel at the start of minute m and
// returns its x; in is false, and nothing is drawn, when the minute lies
// outside the panel.
func minuteMark(c draw.Canvas, trX func(float64) vg.Length, m int, line draw.LineStyle) (x vg.Length, in bool) {
	x = trX(float64(m))
	if x < c.Min.X || x > c.Max.X {
		return x, false
	}
	c.StrokeLine2(line, x, c.Min.Y, x, c.Max.Y)
	return x, true
}

// markText is the style of a mark's label: base's font at 7 pt in col,
// left-aligned at the line, hanging from or standing on the given edge.
func markText(base draw.TextStyle, col color.Color, y draw.YAlignment) draw.TextStyle {
	sty := base
	sty.Font.Size = vg.Points(7)
	sty.Color = col
	sty.XAlign = draw.XLeft
	sty.YAlign = y
	return sty
}

// Thumbnail implements plot.Thumbnailer for the legend.
func (a *actionMarks) Thumbnail(c *draw.Canvas) {
	x := (c.Min.X + c.Max.X) / 2
	c.StrokeLine2(actionLine, x, c.Min.Y, x, c.Max.Y)
}

// GoalsFor assigns each goal to the column it is about, for drawing its
// target as a reference line: a goal belongs to the column with the same
// unit whose label or key shares the most words with the goal's name
// (ties go to the earlier column); a goal sharing no word with any column
// of its unit is not drawn. The result maps column index to goals.
func GoalsFor(cols []scenario.Column, goals []scenario.Goal) map[int][]scenario.Goal {
	out := map[int][]scenario.Goal{}
	for _, g := range goals {
		gw := words(g.Name)
		best, bestScore := -1, 0
		for i, c := range cols {
			if c.Unit != g.Unit || c.Unit == "" {
				continue
			}
			score := 0
			for w := range words(c.Label + " " + strings.ReplaceAll(c.Key, "_", " ")) {
				if gw[w] {
					score++
				}
			}
			if score > bestScore {
				best, bestScore = i, score
			}
		}
		if best >= 0 {
			out[best] = append(out[best], g)
		}
	}
	return out
}

// stopWords are ignored when matching goals to columns.
var stopWords = map[string]bool{"the": true, "of": true, "on": true, "in": true, "at": true, "by": true, "from": true,
	"mean": true, "per": true, "so": true, "far": true, "end": true, "and": true, "every": true, "minute": true, "minutes": true, "run": true}

// words returns the lower-case words (letters and digits, at least two
// characters) of s, split also at hyphens.
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if len(f) >= 2 && !stopWords[f] {
			out[f] = true
			if strings.HasSuffix(f, "s") && len(f) > 3 { // "errors" ~ "error", "hits" ~ "hit"
				out[f[:len(f)-1]] = true
			}
		}
	}
	return out
}
