package validate

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
	"queuelab/model/dist"
	"queuelab/model/network"
)

// TestSeedsDependOnIndexOnly runs a few short experiments with 1 and with 3
// workers: results are gathered by index and each run's seed depends on
// its index only, so they must be identical.
func TestSeedsDependOnIndexOnly(t *testing.T) {
	t.Parallel()
	cfgs := []Config{
		{Servers: 1, ArrivalRate: 0.7, Service: network.Exponential(1), Duration: 2e4, Warmup: AutoWarmup},
		{Servers: 5, ArrivalRate: 4, Service: network.ErlangK(1, 3), Duration: 5e3, Warmup: 100},
		{Servers: 3, ArrivalRate: 4, Service: network.Exponential(1), Patience: Patience{PatienceExp, 1}, Duration: 5e3, Warmup: AutoWarmup},
		{Servers: 4, ArrivalRate: 4, Service: dist.Of(dist.LogNormal{Mean: 1, CV: 1.5}), Capacity: 4, Duration: 5e3, Warmup: AutoWarmup},
	}
	runAll := func(workers int) []*Result {
		return des.Replicate(len(cfgs), workers, func(i int) *Result {
			c := cfgs[i]
			c.Seed = des.ReplicationSeed(7, i)
			r, err := Station(c)
			require.NoError(t, err)
			return r
		}, nil)
	}
	a, b := runAll(1), runAll(3)
	require.Equal(t, a, b)
	assert.NotEqual(t, des.ReplicationSeed(7, 0), des.ReplicationSeed(7, 1))
	assert.NotEqual(t, des.ReplicationSeed(7, 0), des.ReplicationSeed(8, 0))
}

// TestCatalogueConfigsValid checks that every experiment is well formed in
// both modes, so a typo cannot hide as a runtime error.
func TestCatalogueConfigsValid(t *testing.T) {
	names := map[string]bool{}
	for _, e := range Catalogue() {
		assert.False(t, names[e.Name], "duplicate experiment %q", e.Name)
		names[e.Name] = true
		cfg := e.Config
		if e.Quick {
			require.NoError(t, cfg.Validate(), e.Name)
		}
		if e.FullDuration > 0 {
			cfg.Duration = e.FullDuration
		} else {
			cfg.Duration *= FullFactor
		}
		require.NoError(t, cfg.Validate(), e.Name)
		if e.Main != "" {
			assert.True(t, cfg.hasMetric(e.Main), e.Name)
		}
	}
}

// TestFamilyWise checks the Bonferroni bound.
func TestFamilyWise(t *testing.T) {
	r := &Report{Rule: DefaultRule, Checks: make([]Check, 40)}
	assert.InDelta(t, 40*DefaultRule.Alpha, r.FamilyWise(), 1e-12)
	r.Checks = append(r.Checks, Check{Verdict: Info})
	assert.InDelta(t, 40*DefaultRule.Alpha, r.FamilyWise(), 1e-12, "informational rows are not tests")
	r.Checks = make([]Check, 2*int(math.Round(1/DefaultRule.Alpha))) // m·α = 2, capped at 1
	assert.Equal(t, 1.0, r.FamilyWise())
	assert.False(t, math.IsNaN(r.FamilyWise()))
}
