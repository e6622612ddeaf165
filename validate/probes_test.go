package validate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runProbe runs the quick probe experiment whose name contains name, with
// the given breaks and seed, and judges its checks under DefaultRule.
func runProbe(t *testing.T, b breaks, name string, seed uint64) []Check {
	t.Helper()
	for _, p := range probeCatalogue(b) {
		if strings.Contains(p.Name, name) {
			cs, measured, err := p.Run(seed, true)
			require.NoError(t, err, p.Name)
			require.Positive(t, measured, p.Name)
			for i := range cs {
				cs[i].Judge(DefaultRule)
			}
			return cs
		}
	}
	t.Fatalf("no probe experiment %q", name)
	return nil
}

// TestProbesCatchBrokenMechanisms proves the probe checks have power: each
// deliberately broken mechanism — ω = 0.35 instead of 0.3 in the switch,
// group B's issuer latency 10 % longer than its nominal 12 s, the web
// service's clock an hour late (09:00 gives 1177 req/s, not 1125) — must
// make the checks that depend on it DISAGREE, while the checks that do not
// depend on it (Little's law, group A's latency) still pass. Seed 1, the
// quick lengths; the unbroken runs of the same probes pass in
// TestQuickCatalogue and TestProbesPassUnbroken.
func TestProbesCatchBrokenMechanisms(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		b        breaks
		probe    string
		mustFail []string // check names (prefixes) that must DISAGREE
		mustPass []string // check names (prefixes) that must not fail
	}{
		{"omega 0.35", breaks{omega: 0.35}, "λ = 1.5·N/S, no retries",
			[]string{"goodput", "share abandoned", "slot time of an abandoned request"}, []string{"Little"}},
		{"omega 0.35 at 2·N/S", breaks{omega: 0.35}, "λ = 2·N/S, no retries",
			[]string{"goodput", "share abandoned", "slot time of an abandoned request"}, []string{"Little"}},
		{"latency ×1.1", breaks{latencyScale: 1.1}, "issuer timeout T = 8 s",
			[]string{"group B (m = 12 s): E[min", "group B (m = 12 s): P(timeout)", "slot holding time"}, []string{"group A"}},
		{"clock +1 h", breaks{clockShift: 3600}, "arrival rate at 08:00",
			[]string{"mean arrival rate"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cs := runProbe(t, c.b, c.probe, 1)
			for _, ch := range cs {
				t.Logf("%s: sim %.5g, formula %.5g (%+.2f %%): %s", ch.Name, ch.Sim.Mean, ch.Formula, 100*ch.RelErr, ch.VerdictText())
				for _, p := range c.mustFail {
					if strings.HasPrefix(ch.Name, p) {
						assert.Equal(t, Disagrees, ch.Verdict, "%s must catch %s", ch.Name, c.name)
					}
				}
				for _, p := range c.mustPass {
					if strings.HasPrefix(ch.Name, p) {
						assert.False(t, ch.Verdict.Failed(), "%s does not depend on %s", ch.Name, c.name)
					}
				}
			}
		})
	}
}

// TestProbesPassUnbroken runs the same probes as
// TestProbesCatchBrokenMechanisms unbroken, on a second seed (2; the
// quick catalogue uses the seeds derived from 1): every check passes and
// the approximate ones say so.
func TestProbesPassUnbroken(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"λ = 1.5·N/S, no retries", "issuer timeout T = 8 s", "λ = 0.9·N/S, shedding on", "arrival rate at 08:00"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, ch := range runProbe(t, breaks{}, name, 2) {
				assert.False(t, ch.Verdict.Failed(), "%s: sim %v ± %v, formula %v: %s", ch.Name, ch.Sim.Mean, ch.HalfAlpha, ch.Formula, ch.VerdictText())
				if ch.Approx {
					assert.Equal(t, Approximate, ch.Verdict, ch.Name)
				}
			}
		})
	}
}

// TestProbeCatalogueWellFormed: unique names, and every model station is
// covered by a Little's-law probe.
func TestProbeCatalogueWellFormed(t *testing.T) {
	names := map[string]bool{}
	little := 0
	for _, p := range ProbeCatalogue() {
		assert.False(t, names[p.Name], "duplicate probe %q", p.Name)
		names[p.Name] = true
		assert.NotNil(t, p.Run, p.Name)
		if strings.Contains(p.Name, "Little's law") {
			little++
		}
	}
	assert.Equal(t, 3, little, "switch slot pool; web stations with least-connections and pooled routing")
}
