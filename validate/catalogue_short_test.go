package validate

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

// shortFactor shortens the quick station experiments for the default
// suite: each runs a fixed quarter of its quick length, with no
// precision target.
const shortFactor = 0.25

// shortStationReport runs every quick station experiment of the catalogue
// at shortFactor of its length (base seed 1, as the quick catalogue), with
// service times scaled by scale (1: the real model), and judges the checks
// by DefaultRule.
func shortStationReport(t *testing.T, scale float64) *Report {
	t.Helper()
	var exps []Experiment
	for _, e := range Catalogue() {
		if e.Quick {
			exps = append(exps, e)
		}
	}
	opts := Options{Quick: true, Seed: 1, serviceScale: scale}
	results := des.Replicate(len(exps), 0, func(i int) *Result {
		cfg := exps[i].runConfig(opts, des.ReplicationSeed(opts.Seed, i))
		cfg.Precision, cfg.Main, cfg.PrecisionAlso = 0, "", nil
		cfg.Duration *= shortFactor
		cfg.Warmup = WarmupShare * cfg.Duration
		r, err := Station(cfg)
		require.NoError(t, err, exps[i].Name)
		return r
	}, nil)
	rep := &Report{Quick: true, Seed: 1, Rule: DefaultRule}
	for i, r := range results {
		for _, c := range exps[i].Checks(r) {
			c.Group = exps[i].Name
			c.Judge(DefaultRule)
			if c.Verdict.Failed() {
				rep.Failed++
			}
			rep.Checks = append(rep.Checks, c)
		}
	}
	return rep
}

// TestShortStationCatalogue is the default suite's guard of the station
// model against the formulas: every quick station experiment at a quarter
// of its quick length (seed 1). No exact check may DISAGREE (α = 10⁻³ per
// check, DefaultRule); short runs may be inconclusive, which the full
// catalogue (TestQuickCatalogue, -tags long) does not allow. The reports
// render.
func TestShortStationCatalogue(t *testing.T) {
	t.Parallel()
	rep := shortStationReport(t, 1)
	require.NotEmpty(t, rep.Checks)
	conclusive := 0
	for _, c := range rep.Checks {
		assert.NotEqual(t, Disagrees, c.Verdict, "%s / %s: sim %v ± %v, formula %v: %s",
			c.Group, c.Name, c.Sim.Mean, c.Sim.HalfWidth, c.Formula, c.VerdictText())
		if c.Verdict == Agrees || c.Verdict == Approximate {
			conclusive++
		}
	}
	t.Logf("%d checks, %d agree or are approximate, %d inconclusive", len(rep.Checks), conclusive, len(rep.Checks)-conclusive)
	assert.Greater(t, conclusive, len(rep.Checks)/2, "most checks must have power even at a quarter of the length")

	assertReportsRender(t, rep)
}

// TestShortBrokenModelIsCaught is the default suite's power probe: with
// every service time 10 % too long, the short station catalogue must
// fail. Utilisation λS/c is then off by 10 % at every station without
// losses: none of those checks may agree, and at least three in four must
// DISAGREE (the shortest, the 100 s database lane at ρ = 0.19, may only
// be inconclusive; the long-tag TestBrokenModelIsCaught requires all).
func TestShortBrokenModelIsCaught(t *testing.T) {
	t.Parallel()
	rep := shortStationReport(t, 1.1)
	disagree, util, utilDisagree := 0, 0, 0
	for _, c := range rep.Checks {
		if c.Verdict == Disagrees {
			disagree++
		}
		if c.Name == "utilisation" && c.Source == "no losses: λ, λS/c" {
			util++
			assert.NotEqual(t, Agrees, c.Verdict, "%s: utilisation %v vs %v", c.Group, c.Sim.Mean, c.Formula)
			if c.Verdict == Disagrees {
				utilDisagree++
			}
		}
	}
	t.Logf("broken model, short runs: %d of %d checks DISAGREE; utilisation %d of %d", disagree, len(rep.Checks), utilDisagree, util)
	assert.Greater(t, util, 5, "the probe needs stations without losses")
	assert.GreaterOrEqual(t, 4*utilDisagree, 3*util, "utilisation off by 10 %% must DISAGREE")
	assert.Greater(t, disagree, len(rep.Checks)/3, "a 10 %% service-time error must fail many checks")
}

// assertReportsRender checks that a catalogue report renders as Markdown
// (with the M/M/1 row), HTML and JSON (one object per check).
func assertReportsRender(t *testing.T, rep *Report) {
	t.Helper()
	var md, html, js bytes.Buffer
	require.NoError(t, rep.WriteMarkdown(&md))
	require.NoError(t, rep.WriteHTML(&html))
	require.NoError(t, rep.WriteJSON(&js))
	assert.Contains(t, md.String(), "| M/M/1 ρ=0.5 | P(wait) |")
	assert.True(t, strings.HasPrefix(html.String(), "<!DOCTYPE html>"))
	var parsed struct {
		Checks []map[string]any `json:"checks"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &parsed))
	assert.Len(t, parsed.Checks, len(rep.Checks))
}
