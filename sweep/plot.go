package sweep

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"queuelab/report"
)

// chartPanelHeight is the height of one response's panel.
const chartPanelHeight = 2.2 * vg.Inch

// palette colours the series of a chart (one per combination of the
// other factors); the first is report's simulation blue.
var palette = []color.RGBA{
	{R: 0x1f, G: 0x6f, B: 0xb4, A: 0xff}, {R: 0xd0, G: 0x6a, B: 0x00, A: 0xff},
	{R: 0x2e, G: 0x9e, B: 0x5b, A: 0xff}, {R: 0x9b, G: 0x4d, B: 0xca, A: 0xff},
	{R: 0xc0, G: 0x39, B: 0x2b, A: 0xff}, {R: 0x70, G: 0x70, B: 0x70, A: 0xff},
}

// WritePlot draws every response of the summary against the plan's first
// varied factor, one panel per response, stacked: a point at each level
// with its 95 % interval as an error bar, one coloured series per
// combination of the other factors (named in a legend above). A
// numeric factor is a true axis; a factor of choices (on/off, a policy)
// is spaced evenly in the order written. Goals are drawn as a dashed
// target line. The picture format follows the extension: .svg or .png.
func (s *Summary) WritePlot(path string) error {
	if _, err := report.PictureFormat(path); err != nil {
		return err
	}
	p := s.Plan
	if len(p.Factors) == 0 {
		return fmt.Errorf("plot %s: the design varies no factor: nothing to draw a response against", path)
	}
	st := report.Stack{PanelHeight: chartPanelHeight}
	for ri := range p.Responses {
		pl, err := s.panel(ri, ri == len(p.Responses)-1)
		if err != nil {
			return fmt.Errorf("plot %s: %w", path, err)
		}
		st.Panels = append(st.Panels, pl)
	}
	if names := s.seriesNames(); len(names) > 1 || names[0] != "" {
		st.Legend = legendHeight
		st.DrawLegend = func(c draw.Canvas) { drawLegend(c, names) }
	}
	return st.WriteFile(path)
}

// xPositions maps the first factor's levels to x: their numbers for a
// numeric factor, else 0, 1, 2, … in order of first appearance.
func (s *Summary) xPositions() (map[string]float64, []plot.Tick) {
	p := s.Plan
	pos := map[string]float64{}
	var ticks []plot.Tick
	for _, pt := range p.Points {
		l := pt.Levels[0]
		if _, ok := pos[l.Value]; ok {
			continue
		}
		x := float64(len(pos))
		if p.Numeric[0] {
			x = l.Num
		}
		pos[l.Value] = x
		ticks = append(ticks, plot.Tick{Value: x, Label: l.Value})
	}
	sort.Slice(ticks, func(i, j int) bool { return ticks[i].Value < ticks[j].Value })
	return pos, ticks
}

// panel draws response ri against the first factor.
func (s *Summary) panel(ri int, bottom bool) (*plot.Plot, error) {
	p := s.Plan
	r := p.Responses[ri]
	k := scale(r.Unit)
	pl := plot.New()
	pl.Title.Text = r.Name
	if r.Label != "" && r.Label != r.Name {
		pl.Title.Text += " — " + r.Label
	}
	pl.Title.Text += unitHead(r.Unit)
	pl.Title.TextStyle.Font.Size = vg.Points(10)
	pl.X.Tick.Label.Font.Size = vg.Points(8)
	pl.Y.Tick.Label.Font.Size = vg.Points(8)
	pl.Y.Tick.Marker = report.PlainTicks{}
	if bottom {
		pl.X.Label.Text = p.Factors[0]
	}
	pos, ticks := s.xPositions()
	pl.X.Tick.Marker = plot.ConstantTicks(ticks)
	pl.Add(plotter.NewGrid())

	for i, sr := range s.series(ri, pos, k) {
		if len(sr.pts) == 0 {
			continue
		}
		col := palette[i%len(palette)]
		ln, pts, err := plotter.NewLinePoints(sr.pts)
		if err != nil {
			return nil, err
		}
		ln.Color, pts.Color = col, col
		pts.Shape = draw.CircleGlyph{}
		bars, err := plotter.NewYErrorBars(struct {
			plotter.XYer
			plotter.YErrorer
		}{sr.pts, sr.errs})
		if err != nil {
			return nil, err
		}
		bars.Color = col
		bars.Width = vg.Points(1)
		pl.Add(ln, pts, bars)
	}
	if len(ticks) == 1 {
		pl.X.Min, pl.X.Max = ticks[0].Value-1, ticks[0].Value+1
	} else {
		pad := (ticks[len(ticks)-1].Value - ticks[0].Value) * 0.05
		pl.X.Min, pl.X.Max = ticks[0].Value-pad, ticks[len(ticks)-1].Value+pad
	}
	if r.Target != nil {
		t := *r.Target * k
		line, err := plotter.NewLine(plotter.XYs{{X: pl.X.Min, Y: t}, {X: pl.X.Max, Y: t}})
		if err != nil {
			return nil, err
		}
		line.LineStyle = report.GoalStyle
		pl.Add(line, &report.GoalText{Y: t, Text: "goal " + r.Op + " " + strconv.FormatFloat(t, 'g', 4, 64) + unitSuffix(r.Unit), Style: pl.X.Tick.Label})
	}
	return pl, nil
}

// legendHeight is the strip above the panels that names the series.
var legendHeight = vg.Points(16)

// seriesNames returns the names of the series every panel draws, in order.
func (s *Summary) seriesNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, ps := range s.Points {
		if name := levelText(ps.Point.Levels[1:]); !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

// drawLegend draws one line across c: each series' colour and name.
func drawLegend(c draw.Canvas, names []string) {
	sty := draw.TextStyle{Color: color.Black, Font: plot.DefaultFont, Handler: plot.DefaultTextHandler, YAlign: draw.YCenter}
	sty.Font.Size = vg.Points(9)
	x := c.Min.X + vg.Points(40)
	y := (c.Min.Y + c.Max.Y) / 2
	for i, name := range names {
		if name == "" {
			name = "mean ± 95 % interval"
		}
		col := palette[i%len(palette)]
		c.StrokeLine2(draw.LineStyle{Color: col, Width: vg.Points(1.6)}, x, y, x+vg.Points(22), y)
		c.DrawGlyph(draw.GlyphStyle{Color: col, Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}, vg.Point{X: x + vg.Points(11), Y: y})
		x += vg.Points(26)
		c.FillText(sty, vg.Point{X: x, Y: y}, name)
		x += sty.Width(name) + vg.Points(18)
	}
}

// series is one line of a panel: the design points that share the levels
// of every factor but the first.
type series struct {
	name string // those levels, e.g. "shedding=on"
	pts  plotter.XYs
	errs plotter.YErrors
}

// series returns response ri's lines, in the order their levels first
// appear, scaled by k; points with no defined mean are left out and a
// missing interval draws no bar.
func (s *Summary) series(ri int, pos map[string]float64, k float64) []*series {
	var out []*series
	byName := map[string]*series{}
	for _, ps := range s.Points {
		name := levelText(ps.Point.Levels[1:])
		sr := byName[name]
		if sr == nil {
			sr = &series{name: name}
			byName[name] = sr
			out = append(out, sr)
		}
		st := ps.Stats[ri]
		if math.IsNaN(st.Mean) {
			continue
		}
		hw := st.HalfWidth
		if math.IsNaN(hw) {
			hw = 0
		}
		sr.pts = append(sr.pts, plotter.XY{X: pos[ps.Point.Levels[0].Value], Y: st.Mean * k})
		sr.errs = append(sr.errs, struct{ Low, High float64 }{hw * k, hw * k})
	}
	return out
}
