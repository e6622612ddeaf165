package sweep

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseErrors: every bad design is refused with an error naming the
// file, the line and the value at fault.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, design string
		want         []string
	}{
		{"yaml syntax", "system: [mmc", []string{"d.yaml:"}},
		{"not a mapping", "- system: mmc", []string{"d.yaml:1", "a design is a mapping"}},
		{"empty", "", []string{"d.yaml", "empty design"}},
		{"unknown key", "system: mmc\nvaryy: {servers: [1]}", []string{"d.yaml:2", `unknown key "varyy"`, "vary"}},
		{"duplicate key", "system: mmc\nseed: 1\nseed: 2", []string{"d.yaml:3", `"seed" given twice`}},
		{"no system", "seed: 1", []string{"d.yaml:1", `missing key "system"`}},
		{"unknown system", "system: bank\nvary: {servers: [1]}", []string{"d.yaml:1", `unknown system "bank"`, "mmc, net, switch", "web"}},
		{"missing scenario", "system: switch\nvary: {servers: [8]}", []string{"d.yaml:1", "needs a scenario", "sale-surge"}},
		{"unknown scenario", "system: web\nscenario: lunch\nvary: {ttl: [30s]}", []string{"d.yaml:1", `unknown scenario "lunch"`}},
		{"unknown factor", "system: switch\nscenario: sale-surge\nvary:\n  serverz: [8, 10]", []string{"d.yaml:4", `unknown factor "serverz"`, "servers"}},
		{"out of range", "system: switch\nscenario: sale-surge\nvary:\n  servers: [8,\n    1000]", []string{"d.yaml:5", `"1000"`, "an integer from"}},
		{"bad enum in set", "system: switch\nscenario: sale-surge\nset: {retry: sometimes}\nvary: {servers: [8]}", []string{"d.yaml:3", `"sometimes"`, "one of"}},
		{"empty grid", "system: mmc\nvary: {}", []string{"d.yaml:2", "empty grid"}},
		{"empty level list", "system: mmc\nvary:\n  servers: []", []string{"d.yaml:3", "servers", "empty"}},
		{"set and vary", "system: mmc\nset: {servers: 3}\nvary: {servers: [4]}", []string{"d.yaml:3", `"servers" is already given at d.yaml:2`}},
		{"unstable point", "system: mmc\nset: {arrival-rate: 8, service-mean: 1}\nvary:\n  servers: [9, 7]", []string{"design point 1", "servers=7 (d.yaml:4)", "unstable"}},
		{"replications", "system: mmc\nvary: {servers: [200]}\nreplications: 0", []string{"d.yaml:3", "replications", "from 1 to"}},
		{"seed", "system: mmc\nvary: {servers: [200]}\nseed: -1", []string{"d.yaml:3", "seed", `"-1"`}},
		{"at past the end", "system: switch\nscenario: sale-surge\nat: 2h\nvary: {servers: [8]}", []string{"d.yaml:1", "at 120m", "60 minutes"}},
		{"at not whole minutes", "system: switch\nscenario: sale-surge\nat: 90s\nvary: {servers: [8]}", []string{"d.yaml:3", "whole minutes"}},
		{"at past a week", "system: switch\nscenario: sale-surge\nat: 99999999999h\nvary: {servers: [8]}", []string{"d.yaml:3", "after the end of the longest run"}},
		{"unknown response", "system: mmc\nvary: {servers: [200]}\nresponses: [p_wait, waiting]", []string{"d.yaml:3", `unknown response "waiting"`, "mean_wait"}},
		{"engine", "system: switch\nscenario: sale-surge\nengine: fast\nvary: {servers: [8]}", []string{"d.yaml:3", "des or formula"}},
		{"latin choice factor", "system: switch\nscenario: sale-surge\nlatin: {points: 3, ranges: {retry: [a, b]}}", []string{"d.yaml:3", "retry", "vary"}},
		{"latin reversed", "system: mmc\nlatin:\n  points: 3\n  ranges: {servers: [300, 200]}", []string{"d.yaml:4", "low end 300"}},
		{"latin out of range", "system: mmc\nlatin:\n  points: 3\n  ranges: {servers: [0, 200]}", []string{"d.yaml:4", `"0"`, "an integer from 1"}},
		{"too many tasks", "system: mmc\nvary:\n  servers: [" + count(1, 2000) + "]\n  capacity: [" + count(1, 1000) + "]\nreplications: 2", []string{"d.yaml", "more than 1000000 tasks"}},
		{"repeated level", "system: mmc\nvary:\n  service-mean: [1s, 2s,\n    1000ms]", []string{"d.yaml:4", "level 1000ms is the same as 1s at d.yaml:3"}},
		{"net without file", "system: net\nvary: {duration: [10s]}", []string{"d.yaml:1", "needs network"}},
		{"net missing file", "system: net\nnetwork: nowhere.yaml\nvary: {duration: [10s]}", []string{"d.yaml:1", "nowhere.yaml"}},
		{"net unknown factor", "system: net\nnetwork: ../examples/networks/tandem.yaml\nvary: {servers.third: [2]}", []string{"d.yaml:3", `unknown factor "servers.third"`, "servers.first"}},
		{"net unstable", "system: net\nnetwork: ../examples/networks/tandem.yaml\nvary:\n  rate.job: [1, 1.3]", []string{"design point 1", "rate.job=1.3 (d.yaml:4)", "second"}},
		{"mmc with a scenario", "system: mmc\nscenario: sale-surge\nvary: {servers: [200]}", []string{"d.yaml:2", `does not use "scenario"`}},
		{"switch with a network", "system: switch\nscenario: sale-surge\nnetwork: x.yaml\nvary: {servers: [8]}", []string{"d.yaml:3", `does not use "network"`}},
		{"net with minutes", "system: net\nnetwork: ../examples/networks/tandem.yaml\nminutes: 5", []string{"d.yaml:3", `does not use "minutes"`, "duration"}},
		{"patience twice", "system: mmc\nset: {patience: 2s, patience-mean: 3s}\nvary: {servers: [200]}", []string{"d.yaml:2", "give at most one"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("d.yaml", []byte(tc.design))
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// count returns "lo, lo+1, …, hi".
func count(lo, hi int) string {
	var b strings.Builder
	for i := lo; i <= hi; i++ {
		if i > lo {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(i))
	}
	return b.String()
}

// TestLoadSizeCap: a file over MaxDesignBytes is refused before parsing.
func TestLoadSizeCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	require.NoError(t, os.WriteFile(path, []byte("system: mmc\n#"+strings.Repeat("x", MaxDesignBytes)), 0o644))
	_, err := Load(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "larger than")
}

// TestGrid: the full grid in the order written, the last factor fastest;
// fixed settings apply before the point's levels.
func TestGrid(t *testing.T) {
	d, err := Parse("g.yaml", []byte(`system: switch
scenario: sale-surge
at: 5m
set: {retry: backoff}
vary:
  servers: [8, 10, 12]
  shedding: [on, off]
replications: 3
responses: [good_approval, goals]
`))
	require.NoError(t, err)
	require.Len(t, d.Points, 6)
	var got []string
	for _, p := range d.Points {
		got = append(got, describe(p.Levels, false))
	}
	assert.Equal(t, []string{"servers=8, shedding=on", "servers=8, shedding=off", "servers=10, shedding=on",
		"servers=10, shedding=off", "servers=12, shedding=on", "servers=12, shedding=off"}, got)
	assert.Equal(t, "retry", d.Settings(d.Points[3])[0].Name)
	assert.Equal(t, "g.yaml:7", d.Points[1].Levels[1].Where)
	assert.Equal(t, 5, d.At)
	names := []string{}
	for _, r := range d.Responses {
		names = append(names, r.Name)
	}
	assert.Equal(t, []string{"good_approval", "goal1", "goal2", "goal3"}, names, "goals expands to every goal")
	p := d.Plan()
	assert.Equal(t, 18, p.NumTasks())
	assert.Equal(t, Task{Index: 7, Point: 2, Rep: 1, Seed: p.Task(1).Seed}, p.Task(7), "seed depends on the replication only")
	assert.NotEqual(t, p.Task(0).Seed, p.Task(1).Seed)
}

// TestLatinHypercube: every factor uses each of its n strata exactly once,
// and the sample is the same for the same seed.
func TestLatinHypercube(t *testing.T) {
	const n = 8
	src := `system: mmc
set: {service-mean: 1}
latin:
  points: 8
  ranges: {arrival-rate: [1, 5], servers: [10, 17]}
`
	d, err := Parse("l.yaml", []byte(src))
	require.NoError(t, err)
	require.Len(t, d.Points, n)
	rateStrata := map[int]bool{}
	servers := map[float64]bool{}
	for _, p := range d.Points {
		require.Len(t, p.Levels, 2)
		rate := p.Levels[0].Value.Num
		require.True(t, rate >= 1 && rate <= 5, "rate %v", rate)
		rateStrata[int((rate-1)/(4.0/n))] = true
		servers[p.Levels[1].Value.Num] = true
	}
	assert.Len(t, rateStrata, n, "one point per stratum of arrival-rate")
	assert.Len(t, servers, n, "servers 10…17 in 8 strata of width 7/8: every integer once")
	again, err := Parse("l.yaml", []byte(src))
	require.NoError(t, err)
	assert.Equal(t, d.Plan().Hash, again.Plan().Hash)
}
