package report

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"image/color"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"queuelab/des"
)

// EventProfileSection is a report's view of an event profile: the
// pending-set size over simulated time as a small chart, and per event
// kind its count, share and pending-set sizes. It shows only what the
// seed decides (no times), so a report stays the same bytes for the same
// inputs.
func EventProfileSection(ep *des.EventProfile) (Section, error) {
	if ep == nil || len(ep.Pending) == 0 {
		return Section{}, errors.New("the event profile recorded no events")
	}
	p := plot.New()
	p.Title.Text = "pending events when an event ran"
	p.Title.TextStyle.Font.Size = vg.Points(10)
	p.X.Label.Text = "simulated seconds from the start"
	p.X.Tick.Label.Font.Size = vg.Points(8)
	p.Y.Tick.Label.Font.Size = vg.Points(8)
	p.X.Tick.Marker = PlainTicks{}
	p.Y.Tick.Marker = PlainTicks{}
	p.Y.Min = 0
	p.Add(plotter.NewGrid())
	xy := make(plotter.XYs, len(ep.Pending))
	for i, pt := range ep.Pending {
		xy[i].X, xy[i].Y = pt.At.Seconds(), float64(pt.Pending)
	}
	l, err := plotter.NewLine(xy)
	if err != nil {
		return Section{}, err
	}
	l.LineStyle.Color = color.RGBA{R: 0x1f, G: 0x5f, B: 0xa8, A: 0xff}
	l.LineStyle.Width = vg.Points(1.2)
	p.Add(l)
	var buf bytes.Buffer
	if err := (Stack{Panels: []*plot.Plot{p}, PanelHeight: 2 * vg.Inch}).Draw(&buf, "svg"); err != nil {
		return Section{}, err
	}
	svg := buf.String()
	if i := strings.Index(svg, "<svg"); i > 0 {
		svg = svg[i:]
	}
	rows := make([][]string, 0, len(ep.Kinds))
	for _, k := range ep.Kinds {
		rows = append(rows, []string{k.Name, strconv.FormatUint(k.Count, 10),
			fmt.Sprintf("%.1f %%", 100*k.Share), fmt.Sprintf("%.1f", k.MeanPending), strconv.Itoa(k.MaxPending)})
	}
	note := fmt.Sprintf("%d events in %d environments; the chart follows the one that ran the most; times are in the --event-profile output, not here (they differ from run to run)", ep.Events, ep.Envs)
	body := template.HTML(`<div class="chart">`+svg+`</div>`) +
		Table([]string{"kind", "events", "share", "mean pending", "max pending"}, rows)
	return Section{Heading: "Event profile", Note: note, Body: body}, nil
}
