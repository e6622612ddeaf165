//go:build long

package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The whole quick catalogue (what `queuelab validate --quick` runs) and
// its power against a broken model: several minutes of CPU, so behind the
// long tag (go test -tags long ./validate/). The default suite guards the
// same behaviour with shortened station runs (catalogue_short_test.go).

// TestQuickCatalogue runs the quick catalogue — what CI runs — with the
// fixed base seed 1 and requires every check to pass: exact formulas
// agree, approximations stay within their documented tolerance, and every
// check has power. With α = 10⁻³ per check a failure here is a bug (or a
// 1-in-1000 event for that check, which a fixed seed makes reproducible:
// rerun with another seed to tell them apart).
func TestQuickCatalogue(t *testing.T) {
	t.Parallel()
	rep, err := Run(Options{Quick: true, Seed: 1})
	require.NoError(t, err)
	require.NotEmpty(t, rep.Checks)
	for _, c := range rep.Checks {
		assert.False(t, c.Verdict.Failed(), "%s / %s: sim %v ± %v (α: %v), formula %v: %s",
			c.Group, c.Name, c.Sim.Mean, c.Sim.HalfWidth, c.HalfAlpha, c.Formula, c.VerdictText())
	}
	assert.Zero(t, rep.Failed)

	// Every kind of formula of the catalogue is exercised.
	sources := map[string]bool{}
	for _, c := range rep.Checks {
		sources[c.Source] = true
	}
	for _, s := range []string{"M/M/c (Erlang C)", "Erlang B", "Erlang B (insensitive)", "M/M/c/K", "M/M/c+D",
		"Erlang-A (M/M/c+M)", "M/G/1 (Pollaczek–Khinchine)", "Little's law, λ·W measured", "M/M/c exact sojourn quantile",
		"overload goodput (fluid balance)", "exponential latency under a timeout", "diurnal curve", "original (shedding cap)",
		"Jackson product form", "exact MVA", "Linearizer AMVA", "Cobham priority", "M/G/1-PS insensitivity", "QNA (Whitt 1983)"} {
		assert.True(t, sources[s], "no check uses %s", s)
	}
	// The original's approximations are reported as approximations.
	approx := 0
	for _, c := range rep.Checks {
		if c.Verdict == Approximate {
			approx++
			assert.Contains(t, c.VerdictText(), "approximate: formula off by")
		}
	}
	assert.GreaterOrEqual(t, approx, 3)

	// Reports render.
	assertReportsRender(t, rep)
}

// TestBrokenModelIsCaught proves the quick catalogue has power: with every
// service time 10 % too long — a plausible bug — it must fail, and fail in
// the checks that depend on the service time.
func TestBrokenModelIsCaught(t *testing.T) {
	t.Parallel()
	rep, err := Run(Options{Quick: true, Seed: 1, serviceScale: 1.1, NoModels: true})
	require.NoError(t, err)
	disagree := map[string]int{}
	for _, c := range rep.Checks {
		if c.Verdict == Disagrees {
			disagree[c.Name]++
		}
	}
	t.Logf("broken model: %d of %d checks fail; DISAGREES by check: %v", rep.Failed, len(rep.Checks), disagree)
	assert.Greater(t, rep.Failed, len(rep.Checks)/3, "a 10 %% service-time error must fail many checks")
	// Utilisation is λS/c: it is off by 10 % wherever nothing is lost, and
	// every such check must see it.
	for _, c := range rep.Checks {
		if c.Name == "utilisation" && c.Source == "no losses: λ, λS/c" {
			assert.Equal(t, Disagrees, c.Verdict, "%s: utilisation %v vs %v", c.Group, c.Sim.Mean, c.Formula)
		}
	}
	// Little's law holds whatever the service time, as long as a steady
	// state exists: it must not fail — except in "M/M/10 ρ=0.95", which
	// the broken service time makes unstable (ρ = 1.045): its queue grows
	// all run long and L − λW > 0, as it should.
	for _, c := range rep.Checks {
		if c.Name == "Little L = λW" && c.Group != "M/M/10 ρ=0.95" {
			assert.NotEqual(t, Disagrees, c.Verdict, c.Group)
		}
	}
}
