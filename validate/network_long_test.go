//go:build long

package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
	"queuelab/model/network"
)

// TestNetworkCatalogueFull runs every example network at the full
// catalogue's length and precision (FullPrecision, FullFactor × the quick
// length) with seed 1 and requires every check to pass with power, as the
// full `queuelab validate` does.
func TestNetworkCatalogueFull(t *testing.T) {
	for i, e := range NetworkCatalogue() {
		cs, _, err := e.run(des.ReplicationSeed(1, i), false)
		require.NoError(t, err, e.File)
		require.NotEmpty(t, cs, e.File)
		for _, c := range cs {
			c.Judge(DefaultRule)
			assert.False(t, c.Verdict.Failed(), "%s: %s: sim %v ± %v, %s %v: %s", e.File, c.Name, c.Sim.Mean, c.Sim.HalfWidth, c.Source, c.Formula, c.VerdictText())
		}
	}
}

// TestNetworkExamplesLong runs every example file at `net run`'s default
// length with replications (5 × independent runs, intervals across them)
// and requires that no metric DISAGREES with an exact method.
func TestNetworkExamplesLong(t *testing.T) {
	for _, f := range networkExamples(t) {
		n, err := LoadExample(f[len("../examples/networks/"):])
		require.NoError(t, err, f)
		rep, err := RunNetwork(NetworkConfig{Network: n, Seed: 11, Generator: des.PCG, Duration: network.DefaultDuration(n), Warmup: network.DefaultDuration(n) / 20, Replications: 5})
		require.NoError(t, err, f)
		for _, c := range rep.Checks {
			assert.NotEqual(t, Disagrees, c.Verdict, "%s: %s %s %s: sim %v ± %v, %s %v", f, c.Station, c.Class, c.Name, c.Sim.Mean, c.Sim.HalfWidth, c.Source, c.Formula)
		}
	}
}
