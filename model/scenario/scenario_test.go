package scenario

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/input"
)

var testControls = []input.Control{
	{Name: "servers", Kind: input.Int, Min: 2, Max: 24},
	{Name: "threshold", Kind: input.Float, Min: 0, Max: 6},
	{Name: "shed-low", Kind: input.Percent, Min: 0, Max: 1},
	{Name: "shedding", Kind: input.Switch},
	{Name: "retry", Kind: input.Enum, Choices: []string{"immediate", "backoff"}},
	{Name: "issuer-timeout", Kind: input.Duration, Min: 0.1, Max: 60},
	{Name: "rollback", Kind: input.Press},
}

func TestParseYAML(t *testing.T) {
	src := `# sale-surge response
- at: 5m
  set: {servers: 10, shedding: on, retry: backoff}
- at: 1h
  set:
    servers: 6
- at: 2
  set: {issuer-timeout: 2s}
`
	pb, err := ParseYAML("pb.yaml", []byte(src), testControls)
	require.NoError(t, err)
	require.Len(t, pb, 5)
	assert.Equal(t, []int{2, 5, 5, 5, 60}, []int{pb[0].Minute, pb[1].Minute, pb[2].Minute, pb[3].Minute, pb[4].Minute})
	assert.Equal(t, "issuer-timeout", pb[0].Control)
	assert.Equal(t, "pb.yaml:3", pb[1].Source)
	assert.Equal(t, "pb.yaml:6", pb[4].Source)
	assert.Len(t, pb.At(5), 3)
	assert.Empty(t, pb.At(7))

	var sb strings.Builder
	pb.WriteYAML(&sb)
	again, err := ParseYAML("round.yaml", []byte(sb.String()), testControls)
	require.NoError(t, err)
	require.Len(t, again, len(pb))
	for i := range pb {
		assert.Equal(t, pb[i].Minute, again[i].Minute)
		assert.Equal(t, pb[i].Control, again[i].Control)
		assert.Equal(t, pb[i].Value.Num, again[i].Value.Num)
	}

	empty, err := ParseYAML("e.yaml", nil, testControls)
	require.NoError(t, err)
	assert.Empty(t, empty)
}

func TestParseYAMLErrorsNameFileLineControlValueRange(t *testing.T) {
	tests := []struct{ src, want string }{
		{"- at: 5m\n  set: {servers: 99}\n", "bad.yaml:2: control servers: invalid value \"99\": want an integer from 2 to 24"},
		{"- at: 5m\n  set:\n    shedding: on\n    sevrers: 3\n", "bad.yaml:4: unknown control \"sevrers\""},
		{"- at: 5m30s\n  set: {servers: 3}\n", "bad.yaml:1: invalid time \"5m30s\": controls change at whole minutes"},
		{"- at: soon\n  set: {servers: 3}\n", "bad.yaml:1: invalid time \"soon\""},
		{"- at: 5m\n", "bad.yaml:1: a step needs both \"at\" and \"set\""},
		{"- at: 5m\n  sett: {servers: 3}\n", "bad.yaml:2: unknown key \"sett\""},
		{"servers: 3\n", "bad.yaml:1: a playbook is a list of steps"},
		{"- at: 5m\n  set: [servers, 3]\n", "bad.yaml:2: \"set\" must be a mapping"},
		{"- at: 5m\n  set: {servers: [3]}\n", "bad.yaml:2: control servers: the value must be a single value"},
		{"- at: 5m\n  set: {servers: 3\n", "bad.yaml:"},
		{"- at: -5m\n  set: {servers: 3}\n", "bad.yaml:1: invalid time"},
		{"- at: 100000h\n  set: {servers: 3}\n", "bad.yaml:1: invalid time \"100000h\": after the end of the longest run (10080 minutes, one week)"},
		{"- at: 1e9\n  set: {servers: 3}\n", "bad.yaml:1: invalid time \"1e9\": after the end of the longest run"},
		{"- at: 99999999999h\n  set: {servers: 3}\n", "bad.yaml:1: invalid time \"99999999999h\": after the end of the longest run"},
		{"- at: -1e30\n  set: {servers: 3}\n", "bad.yaml:1: invalid time \"-1e30\": controls change at whole minutes from the start (0m, 1m, 2m, …), not before it"},
		{"- at: 5m\n  at: 6m\n  set: {servers: 3}\n", "bad.yaml:2: duplicate key \"at\" (first at line 1)"},
		{"- at: 5m\n  set: {servers: 3}\n  set: {shedding: on}\n", "bad.yaml:3: duplicate key \"set\" (first at line 2)"},
		{"- at: 5m\n  set:\n    servers: 3\n    servers: 4\n", "bad.yaml:4: duplicate key \"servers\" (first at line 3)"},
		{"- at: 5m\n  set: {servers: 3}\n---\n- at: 6m\n  set: {servers: 4}\n", "bad.yaml:3: a second YAML document"},
		{"- at: 5m\n  set: {servers: " + strings.Repeat("9", 5000) + "}\n", "invalid value \"" + strings.Repeat("9", input.MaxEcho) + "\"… (5000 bytes)"},
	}
	for _, tt := range tests {
		_, err := ParseYAML("bad.yaml", []byte(tt.src), testControls)
		require.Error(t, err, tt.src)
		assert.Contains(t, err.Error(), tt.want, tt.src)
	}
}

func TestParseAt(t *testing.T) {
	pb, err := ParseAt("5m:servers=10,shedding=on", testControls)
	require.NoError(t, err)
	require.Len(t, pb, 2)
	assert.Equal(t, 5, pb[0].Minute)
	assert.Equal(t, "--at 5m:servers=10,shedding=on", pb[0].Source)

	for spec, want := range map[string]string{
		"5m":                         "want TIME:control=value",
		"5m:servers":                 `"servers" is not control=value`,
		"5m:servers=1":               "--at 5m:servers=1: control servers: invalid value \"1\": want an integer from 2 to 24",
		"x:servers=3":                `invalid time "x"`,
		"5m:=3":                      "is not control=value",
		"5m:color=red":               `unknown control "color"`,
		"90s:servers=3":              "whole minutes",
		"5m:shedding=perhaps":        "want on or off",
		"5m:servers=12,servers=8":    `--at 5m:servers=12,servers=8: "servers" is set twice at the same time (first servers=12)`,
		"5m:servers=12, servers =12": `"servers" is set twice`,
	} {
		_, err := ParseAt(spec, testControls)
		require.Error(t, err, spec)
		assert.Contains(t, err.Error(), want, spec)
	}
}

// FuzzParseYAML checks that no input makes the playbook parser panic, and
// that whatever it accepts is sorted, in range and survives a round trip
// through WriteYAML.
func FuzzParseYAML(f *testing.F) {
	f.Add("- at: 5m\n  set: {servers: 10, shedding: on, retry: backoff}\n")
	f.Add("- at: 1h\n  set:\n    issuer-timeout: 2s\n    shed-low: 20%\n")
	f.Add("[{at: 0, set: {rollback: press}}]")
	f.Add("- at: 5m\n  set: {servers: 3\n")
	f.Add("&a [*a]")
	f.Fuzz(func(t *testing.T, src string) {
		pb, err := ParseYAML("fuzz.yaml", []byte(src), testControls)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.yaml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for i, a := range pb {
			if i > 0 && pb[i-1].Minute > a.Minute {
				t.Fatalf("not sorted: %v", pb)
			}
			c, err := input.Find(testControls, a.Control)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.Parse(a.Value.Text); err != nil {
				t.Fatalf("accepted value does not re-parse: %v", err)
			}
		}
		var sb strings.Builder
		pb.WriteYAML(&sb)
		again, err := ParseYAML("round.yaml", []byte(sb.String()), testControls)
		if err != nil {
			t.Fatalf("round trip of %q failed: %v\n%s", src, err, sb.String())
		}
		if len(again) != len(pb) {
			t.Fatalf("round trip changed the length")
		}
	})
}

// FuzzParseAt checks that no --at value makes the parser panic.
func FuzzParseAt(f *testing.F) {
	f.Add("5m:servers=10,shedding=on")
	f.Add("0:rollback=press")
	f.Add(":::")
	f.Fuzz(func(t *testing.T, spec string) {
		pb, err := ParseAt(spec, testControls)
		if err == nil && len(pb) == 0 {
			t.Fatalf("accepted %q with no actions", spec)
		}
	})
}

// fakeEngine counts minutes and records the actions applied before each.
type fakeEngine struct {
	minute  int
	applied []string
}

func (f *fakeEngine) Columns() []Column {
	return []Column{
		{Key: "load", Label: "load", Unit: "%", Digits: 1, Headline: true, Status: &Thresholds{Warning: 0.8, Critical: 0.9}},
		{Key: "undefined", Label: "undefined", Unit: "ms"},
	}
}
func (f *fakeEngine) Minute() int { return f.minute }
func (f *fakeEngine) Apply(a Action) error {
	f.applied = append(f.applied, a.String())
	return nil
}
func (f *fakeEngine) Step() Row {
	f.minute++
	return Row{float64(f.minute) / 4, math.NaN()}
}
func (f *fakeEngine) Totals() Row    { return Row{0.5, math.NaN()} }
func (f *fakeEngine) Events() []Mark { return []Mark{{Minute: 2, Label: "sale opens"}} }
func (f *fakeEngine) Goals() []Goal {
	return []Goal{
		Goal{Name: "load", Op: "<=", Target: 0.6, Unit: "%"}.Check(0.5),
		Goal{Name: "nothing", Op: ">=", Target: 1}.Check(math.NaN()),
	}
}

func TestRunAndRender(t *testing.T) {
	pb, err := ParseAt("1m:servers=3", testControls)
	require.NoError(t, err)
	late, err := ParseAt("9m:servers=4", testControls)
	require.NoError(t, err)
	e := &fakeEngine{}
	r, err := Run(e, pb.Merge(late), 4)
	require.NoError(t, err)
	r.System, r.Scenario, r.Engine, r.Seed = "fake", "normal", "des", 7
	assert.Equal(t, []string{"1m servers=3"}, e.applied, "actions past the end never apply")
	require.Len(t, r.Minutes, 4)
	assert.False(t, r.Met(), "a NaN goal value is not met")
	assert.Equal(t, []float64{0.25, 0.5, 0.75, 1}, r.Series("load"))
	assert.Equal(t, 0.5, r.Value("load"))
	assert.Equal(t, []Mark{{Minute: 2, Label: "sale opens"}}, r.Events, "Run collects the events of an Evented engine")

	var js bytes.Buffer
	require.NoError(t, WriteJSON(&js, r, nil))
	var doc struct {
		Minutes []map[string]any `json:"minutes"`
		Totals  map[string]any   `json:"totals"`
		Goals   []Goal           `json:"goals"`
		Met     bool             `json:"met"`
		Events  []Mark           `json:"events"`
		Seed    uint64           `json:"seed"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &doc))
	require.Len(t, doc.Minutes, 4)
	assert.Equal(t, 0.25, doc.Minutes[0]["load"])
	assert.Nil(t, doc.Minutes[0]["undefined"], "NaN is written as null")
	assert.Equal(t, float64(2), doc.Minutes[2]["minute"])
	assert.Equal(t, uint64(7), doc.Seed)
	assert.False(t, doc.Met)
	assert.Equal(t, r.Events, doc.Events)
	assert.True(t, doc.Goals[0].Met)

	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, r, nil))
	out := table.String()
	assert.Contains(t, out, "75.0 % normal")
	assert.Contains(t, out, "100.0 % critical")
	assert.Contains(t, out, "FAILED")
	assert.Contains(t, out, "seed 7")

	var csv bytes.Buffer
	require.NoError(t, WriteCSV(&csv, r))
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	assert.Equal(t, "engine,minute,load,undefined", lines[0])
	assert.Equal(t, "des,0,0.25,", lines[1])
	assert.Equal(t, "des,total,0.5,", lines[5])
}

func TestThresholds(t *testing.T) {
	up := Thresholds{Warning: 0.99, Critical: 0.95, HigherIsBetter: true}
	assert.Equal(t, Normal, up.Classify(0.999))
	assert.Equal(t, Warning, up.Classify(0.97))
	assert.Equal(t, Critical, up.Classify(0.5))
	down := Thresholds{Warning: 0.4, Critical: 0.5}
	assert.Equal(t, Normal, down.Classify(0.33))
	assert.Equal(t, Warning, down.Classify(0.45))
	assert.Equal(t, Critical, down.Classify(0.7))
	assert.Equal(t, Normal, down.Classify(math.NaN()))
}

func TestStationStatsSub(t *testing.T) {
	a := StationStats{Name: "pool", Time: 60, Area: 120, Arrivals: 30, Departures: 28, Sojourn: 112}
	b := StationStats{Name: "pool", Time: 120, Area: 250, Arrivals: 62, Departures: 61, Sojourn: 240}
	w := b.Sub(a)
	assert.Equal(t, StationStats{Name: "pool", Time: 60, Area: 130, Arrivals: 32, Departures: 33, Sojourn: 128}, w)
	// Little's law on the window: L = 130/60, λ = 32/60, W = 128/33.
	assert.InDelta(t, w.Area/w.Time, w.Arrivals/w.Time*w.Sojourn/w.Departures, 0.1)
}
