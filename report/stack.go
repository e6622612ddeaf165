package report

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Stack is the layout of queuelab's charts (a run's trends, a sweep's
// summary): panels of one width stacked top to bottom and aligned on their
// axes, on white, under an optional legend strip.
type Stack struct {
	Panels      []*plot.Plot
	PanelHeight vg.Length
	Legend      vg.Length         // height of the legend strip; 0: none
	DrawLegend  func(draw.Canvas) // draws the legend in its strip
}

// stackWidth is the width of every chart.
const stackWidth = 8 * vg.Inch

// PictureFormat returns "svg" or "png" by path's extension, or an error
// naming the file and the formats it may have.
func PictureFormat(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".svg", ".png":
		return ext[1:], nil
	default:
		return "", fmt.Errorf("plot %s: unknown picture format %q: want a file ending in .svg or .png", path, ext)
	}
}

// Draw draws the stack as format ("svg" or "png") to w.
func (s Stack) Draw(w io.Writer, format string) error {
	height := s.PanelHeight*vg.Length(len(s.Panels)) + s.Legend
	var cw vg.CanvasWriterTo
	switch format {
	case "svg":
		cw = vgsvg.New(stackWidth, height)
	case "png":
		cw = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(stackWidth, height), vgimg.UseDPI(110))}
	default:
		return fmt.Errorf("unknown format %q", format)
	}
	dc := draw.New(cw)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	if s.Legend > 0 {
		top := dc
		top.Min.Y = top.Max.Y - s.Legend
		s.DrawLegend(top)
		dc.Max.Y -= s.Legend
	}
	rows := make([][]*plot.Plot, len(s.Panels))
	for i, p := range s.Panels {
		rows[i] = []*plot.Plot{p}
	}
	tiles := draw.Tiles{Rows: len(rows), Cols: 1, PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(6), PadRight: vg.Points(10), PadY: vg.Points(6)}
	canvases := plot.Align(rows, tiles, dc)
	for i := range rows {
		rows[i][0].Draw(canvases[i][0])
	}
	_, err := cw.WriteTo(w)
	return err
}

// WriteFile draws the stack to path, as SVG or PNG by its extension,
// through a temporary file renamed into place (WriteFile).
func (s Stack) WriteFile(path string) error {
	format, err := PictureFormat(path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := s.Draw(&buf, format); err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	return WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(buf.Bytes())
		return err
	})
}

// PlainTicks are gonum's default ticks labelled without trailing zeros
// ("425", not "425.00"), and in at most 4 significant digits when longer.
type PlainTicks struct{}

// Ticks implements plot.Ticker.
func (PlainTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'f', -1, 64)
			if len(ticks[i].Label) > 8 {
				ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'g', 4, 64)
			}
		}
	}
	return ticks
}
