package report

import (
	"bytes"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/input"
	"queuelab/model/scenario"
)

var testColumns = []scenario.Column{
	{Key: "good_approval", Label: "good approval", Unit: "%", Digits: 1, Headline: true, Doc: "approved genuine attempts / genuine attempts"},
	{Key: "auth_ms", Label: "authorization", Unit: "ms", Digits: 0, Headline: true, Doc: "mean time to answer"},
	{Key: "busy", Label: "busy slots", Unit: "%", Digits: 0, Headline: true},
	{Key: "cost", Label: "cost so far", Unit: "u", Digits: 1},
	{Key: "never", Label: "never defined", Unit: "", Digits: 0, Headline: false},
}

// testResult is a small hand-made run: approval dips at minute 5 until
// the playbook adds servers at minute 6; minute 3 is undefined.
func testResult(engine string, shift float64) *scenario.Result {
	r := &scenario.Result{System: "switch", Scenario: "sale-surge", Engine: engine, Seed: 7, Columns: testColumns}
	for m := 0; m < 12; m++ {
		appr := 0.99 - shift
		if m >= 5 && m < 8 {
			appr = 0.80
		}
		row := scenario.Row{appr, 330 + 10*float64(m), 0.69, float64(m) * 0.6, math.NaN()}
		if m == 3 {
			row[0] = math.NaN()
		}
		r.Minutes = append(r.Minutes, row)
	}
	r.Totals = scenario.Row{0.94, 385, 0.69, 7.2, math.NaN()}
	r.Goals = []scenario.Goal{
		(scenario.Goal{Name: "mean good-customer approval from the sale on", Op: ">=", Target: 0.95, Unit: "%"}).Check(0.94),
		(scenario.Goal{Name: "mean authorization time from the sale on", Op: "<=", Target: 500, Unit: "ms"}).Check(385),
		(scenario.Goal{Name: "server cost", Op: "<=", Target: 75, Unit: "u"}).Check(7.2),
	}
	pb, err := scenario.ParseAt("6m:servers=10,shedding=on", []input.Control{
		{Name: "servers", Kind: input.Int, Min: 1, Max: 40},
		{Name: "shedding", Kind: input.Switch},
	})
	if err != nil {
		panic(err)
	}
	r.Playbook = pb
	r.Events = []scenario.Mark{{Minute: 5, Label: "sale opens"}}
	return r
}

func TestWritePlotSVGAndPNG(t *testing.T) {
	dir := t.TempDir()
	r, twin := testResult("des", 0), testResult("formula", 0.004)
	svgPath := filepath.Join(dir, "run.svg")
	require.NoError(t, WritePlot(svgPath, r, twin, nil))
	data, err := os.ReadFile(svgPath)
	require.NoError(t, err)
	s := string(data)
	for _, want := range []string{"good approval (%)", "authorization (ms)", "busy slots (%)", "minutes from the start",
		"servers=10, shedding=on", "goal ≥ 95.0 %", "goal ≤ 500 ms", "formula twin", "simulation", "playbook action",
		"sale opens", "scenario event"} {
		assert.Contains(t, s, want)
	}
	assert.NotContains(t, s, "cost so far", "only the headline columns by default")

	// Same inputs, same bytes.
	again := filepath.Join(dir, "again.svg")
	require.NoError(t, WritePlot(again, r, twin, nil))
	data2, err := os.ReadFile(again)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(data, data2), "SVG output is not deterministic")

	pngPath := filepath.Join(dir, "run.PNG")
	require.NoError(t, WritePlot(pngPath, r, nil, []string{"cost", "good_approval"}))
	f, err := os.Open(pngPath)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, 880, img.Bounds().Dx(), "8 inches at 110 dpi")
	assert.InDelta(t, (2*1.9*72+16)*110/72, img.Bounds().Dy(), 1, "two panels and the legend strip")
}

func TestWritePlotErrors(t *testing.T) {
	dir := t.TempDir()
	r := testResult("des", 0)
	cases := []struct {
		path string
		r    *scenario.Result
		keys []string
		want string
	}{
		{"x.pdf", r, nil, `unknown picture format ".pdf": want a file ending in .svg or .png`},
		{"x", r, nil, `unknown picture format ""`},
		{"x.svg", r, []string{"good_approval", "nope"}, `unknown indicator "nope" (valid: good_approval, auth_ms, busy, cost, never)`},
		{"x.svg", &scenario.Result{Columns: testColumns}, nil, "the run has no minutes to plot"},
		{"x.svg", nil, nil, "no result to plot"},
		{filepath.Join(dir, "missing", "x.svg"), r, nil, "no such file or directory"},
	}
	for _, c := range cases {
		p := c.path
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		err := WritePlot(p, c.r, nil, c.keys)
		require.Error(t, err, c.path)
		assert.Contains(t, err.Error(), c.want)
	}
	// A column never defined plots as an empty panel, not an error.
	require.NoError(t, WritePlot(filepath.Join(dir, "nan.svg"), r, nil, []string{"never"}))
}

func TestGoalsFor(t *testing.T) {
	cols := []scenario.Column{
		{Key: "good_approval", Label: "good approval", Unit: "%"},
		{Key: "busy", Label: "busy slots", Unit: "%"},
		{Key: "fraud_bp", Label: "fraud", Unit: "bp"},
		{Key: "error_rate", Label: "errors", Unit: "%"},
		{Key: "db_util", Label: "DB", Unit: "%"},
		{Key: "cache_hit", Label: "cache hits", Unit: "%"},
		{Key: "budget_left", Label: "budget left", Unit: "%"},
		{Key: "cost", Label: "cost so far", Unit: "$"},
	}
	cases := []struct {
		goal string
		unit string
		want int // column index, -1 none
	}{
		{"mean good-customer approval from the sale on", "%", 0},
		{"mean fraud rate from the wave on", "bp", 2},
		{"errors ≤ 0.1 % of requests", "%", 3},
		{"DB utilisation ≤ 90 % in every minute from 12:01", "%", 4},
		{"cache hits in the 20 minutes after the flush ≥ 40 %", "%", 5},
		{"error budget left at the end ≥ 18 %", "%", 6},
		{"fleet cost ≤ $4.10", "$", 7},
		{"stand-in risk", "M u", -1},           // no column with that unit
		{"recommendations available", "%", -1}, // no shared word
	}
	for _, c := range cases {
		got := GoalsFor(cols, []scenario.Goal{{Name: c.goal, Unit: c.unit}})
		if c.want < 0 {
			assert.Empty(t, got, c.goal)
			continue
		}
		assert.Len(t, got[c.want], 1, c.goal)
	}
}

func TestWriteHTML(t *testing.T) {
	r, twin := testResult("des", 0), testResult("formula", 0.004)
	sc := &scenario.Scenario{Name: "sale-surge", Title: "Black Friday", Story: "Load triples <fast>.", Lesson: "Add servers early."}
	cmd := "queuelab run switch --scenario sale-surge --seed 7 --at 6m:servers=10,shedding=on --engine both --report r.html"
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, r, twin, Meta{Command: cmd, Scenario: sc, Params: []Param{{"minutes", "12"}, {"rate", "400 tx/s"}}}))
	s := b.String()
	for _, want := range []string{
		"<title>queuelab · switch · sale-surge</title>",
		"1 of 3 goals not met",
		"queuelab run switch --scenario sale-surge --seed 7 --at 6m:servers=10,shedding=on --engine both --report r.html",
		"Load triples &lt;fast&gt;.", "Lesson: Add servers early.",
		"mean good-customer approval from the sale on", "✘ failed", "✔ met", "≥ 95.0 %", "94.0 %",
		"<svg", "good approval (%)",
		"- at: 6m\n  set: {servers: 10, shedding: on}",
		"<td>seed</td><td class=\"num\">7</td>", "<td>rate</td><td class=\"num\">400 tx/s</td>",
		"approved genuine attempts / genuine attempts",
		"never defined", "cost so far", "formula twin",
	} {
		assert.Contains(t, s, want)
	}
	assert.NotContains(t, s, "<?xml")
	assert.NotContains(t, s, "<script")
	assert.NotContains(t, s, "<link")
	// The only URLs are XML namespace names, which browsers never fetch.
	for _, u := range regexp.MustCompile(`https?://[^"' )]+`).FindAllString(s, -1) {
		assert.True(t, strings.HasPrefix(u, "http://www.w3.org/"), "unexpected URL %s", u)
	}
	var b2 bytes.Buffer
	require.NoError(t, WriteHTML(&b2, r, twin, Meta{Command: cmd, Scenario: sc, Params: []Param{{"minutes", "12"}, {"rate", "400 tx/s"}}}))
	assert.Equal(t, s, b2.String(), "same inputs, same bytes")

	require.ErrorContains(t, WriteHTML(&b, r, nil, Meta{Keys: []string{"zzz"}}), `unknown indicator "zzz"`)

	// A target scaled to another run length says so.
	r.Goals = scenario.ScaleGoals(r.Goals, 60, 120)
	b.Reset()
	require.NoError(t, WriteHTML(&b, r, nil, Meta{}))
	assert.Contains(t, b.String(), "(target scaled from ")
}

func TestHTMLPageEscapes(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, HTMLPage(&b, Page{Title: "a <b>", Verdict: Verdict(false, "ok", "bad & worse"),
		Sections: []Section{{Heading: "h", Body: Table([]string{"x<"}, [][]string{{"<i>", "12.5", "✔ fine"}})}}}))
	s := b.String()
	assert.Contains(t, s, "<title>a &lt;b&gt;</title>")
	assert.Contains(t, s, "bad &amp; worse")
	assert.Contains(t, s, "<th>x&lt;</th>")
	assert.Contains(t, s, "<td>&lt;i&gt;</td><td class=\"num\">12.5</td><td class=\"met\">✔ fine</td>")
}

// ExampleHTMLPage shows how another report (queuelab validate's) reuses
// the page frame.
func ExampleHTMLPage() {
	var b bytes.Buffer
	_ = HTMLPage(&b, Page{
		Title:   "queuelab validate",
		Verdict: Verdict(true, "all checks passed", ""),
		Sections: []Section{{
			Heading: "Erlang C",
			Note:    "simulation against formula, 95 % confidence",
			Body:    Table([]string{"case", "formula", "simulated", ""}, [][]string{{"c=6, ρ=0.69", "0.214", "0.211 ± 0.004", "✔ agrees"}}),
		}},
	})
	os.Stdout.WriteString(b.String()[:15] + "\n")
	// Output: <!doctype html>
}
