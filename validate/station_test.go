package validate

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/model/dist"
	"queuelab/model/network"
	"queuelab/validate/estimate"
)

func mm1(rho, dur float64, seed uint64) Config {
	return Config{Servers: 1, ArrivalRate: rho, Service: network.Exponential(1), Duration: dur, Warmup: AutoWarmup, Seed: seed}
}

func TestConfigValidate(t *testing.T) {
	ok := mm1(0.5, 100, 1)
	require.NoError(t, ok.Validate())
	cases := []struct {
		name string
		edit func(c *Config)
		want string
	}{
		{"servers", func(c *Config) { c.Servers = 0 }, "servers: must be between 1 and 1000000"},
		{"rate", func(c *Config) { c.ArrivalRate = math.NaN() }, "arrival rate"},
		{"mean", func(c *Config) { c.Service = network.Exponential(-1) }, "service mean"},
		{"lognormal cv", func(c *Config) { c.Service = dist.Of(dist.LogNormal{Mean: 1, CV: 500}) }, "service cv: lognormal needs"},
		{"hyperexp cv", func(c *Config) { c.Service = dist.Of(dist.HyperExp{Mean: 1, CV: 0.5}) }, "service cv: hyperexp needs a coefficient of variation > 1"},
		{"erlang k", func(c *Config) { c.Service = network.ErlangK(1, -2) }, "service k: erlang needs"},
		{"no law", func(c *Config) { c.Service = network.Dist{} }, "service: no distribution given"},
		{"patience", func(c *Config) { c.Patience = Patience{PatienceDet, -1} }, "patience: must be between 0"},
		{"patience mean", func(c *Config) { c.Patience = Patience{PatienceExp, 0} }, "patience mean"},
		{"capacity", func(c *Config) { c.Servers, c.Capacity = 3, 2 }, "capacity: must be 0 (unlimited) or between servers (3)"},
		{"duration", func(c *Config) { c.Duration = 0 }, "duration"},
		{"precision", func(c *Config) { c.Precision = 0.1 }, "precision run length"},
		{"batches", func(c *Config) { c.Batches = 10 }, "batches: must be between 20 and 1000"},
		{"main", func(c *Config) { c.Main = "nope" }, `main metric: unknown name "nope"`},
		{"threshold", func(c *Config) { c.WaitThresholds = []float64{-1} }, "wait threshold"},
		{"quantile", func(c *Config) { c.ResponseQuantiles = []float64{1} }, "response quantile"},
		{"unstable", func(c *Config) { c.ArrivalRate = 1 }, "unstable queue: offered load λS = 1·1 = 1 erlangs is not below the 1 servers"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			tc.edit(&c)
			err := c.Validate()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			_, err = Station(c)
			require.Error(t, err)
		})
	}
	// Overload is fine when patience or a capacity bounds the queue.
	c := ok
	c.ArrivalRate = 2
	assert.True(t, errors.Is(c.Validate(), ErrUnstable))
	c.Patience = Patience{PatienceDet, 1}
	assert.NoError(t, c.Validate())
	c.Patience, c.Capacity = Patience{}, 5
	assert.NoError(t, c.Validate())
}

// TestServiceLaws checks the mmc names of the service laws and their
// default shapes.
func TestServiceLaws(t *testing.T) {
	for _, tc := range []struct {
		name string
		want network.Dist
	}{
		{"exp", network.Exponential(0.5)},
		{"det", network.Deterministic(0.5)},
		{"lognormal", dist.Of(dist.LogNormal{Mean: 0.5, CV: DefaultLogNormalCV})},
		{"erlang-k", network.ErlangK(0.5, 3)},
		{"hyperexp", dist.Of(dist.HyperExp{Mean: 0.5, CV: DefaultHyperExpCV})},
	} {
		d, err := ServiceLaw(tc.name, 0.5, 0, 3)
		require.NoError(t, err)
		assert.Equal(t, tc.want, d, tc.name)
		assert.Equal(t, tc.name, ServiceName(d))
	}
	d, err := ServiceLaw("lognormal", 1, 0.7, 0)
	require.NoError(t, err)
	assert.InDelta(t, 0.49, d.SCV(), 1e-12, "a given cv is kept")
	_, err = ServiceLaw("gamma", 1, 0, 0)
	assert.ErrorContains(t, err, "valid: exp, det, lognormal, erlang-k, hyperexp")
	assert.Equal(t, "gamma", ServiceName(dist.Of(dist.Gamma{Mean: 1, CV: 1})))
}

// TestServiceMeans checks that a run draws the service law it is given:
// the measured utilisation of a lightly loaded station is λS/c for every
// law (M/G/∞-like: 4 servers, a = 0.4; 5·10⁴ s, seed 3). Utilisation
// does not depend on the law's shape, so the check is the mean.
func TestServiceMeans(t *testing.T) {
	for _, s := range []network.Dist{network.Exponential(0.5), network.Deterministic(0.5),
		dist.Of(dist.LogNormal{Mean: 0.5, CV: 0.7}), network.ErlangK(0.5, 3), dist.Of(dist.HyperExp{Mean: 0.5, CV: 1.5})} {
		t.Run(s.Name(), func(t *testing.T) {
			r, err := Station(Config{Servers: 4, ArrivalRate: 0.8, Service: s, Duration: 5e4, Warmup: 0, Seed: 3})
			require.NoError(t, err)
			u, _ := r.Metric("utilization")
			// Two half-widths of the 95 % interval: about 3.9 standard errors.
			assert.InDelta(t, 0.1, u.Mean, 2*u.HalfWidth, "utilisation %v ± %v, want λS/c = 0.1", u.Mean, u.HalfWidth)
		})
	}
}

func TestStationDeterministic(t *testing.T) {
	c := mm1(0.8, 5e3, 42)
	c.Generator = des.PCG
	a, err := Station(c)
	require.NoError(t, err)
	b, err := Station(c)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	c.Seed = 43
	d, err := Station(c)
	require.NoError(t, err)
	assert.NotEqual(t, a.Metrics[0].Mean, d.Metrics[0].Mean)
	c.Seed, c.Generator = 42, des.Mulberry32
	e, err := Station(c)
	require.NoError(t, err)
	assert.NotEqual(t, a.Metrics[0].Mean, e.Metrics[0].Mean)
}

func TestStationResultShape(t *testing.T) {
	c := mm1(0.5, 2e4, 1)
	c.WaitThresholds = []float64{0.5, 2}
	c.ResponseQuantiles = []float64{0.5, 0.99}
	r, err := Station(c)
	require.NoError(t, err)
	var names []string
	for _, m := range r.Metrics {
		names = append(names, m.Name)
		assert.Equal(t, DefaultBatches, m.K, m.Name)
		assert.Len(t, m.Batch, DefaultBatches, m.Name)
	}
	var want []string
	for _, n := range MetricNames {
		want = append(want, string(n))
	}
	want = append(want, "p_wait_gt_0.5", "p_wait_gt_2", "response_p50", "response_p99")
	assert.Equal(t, want, names)
	assert.True(t, r.WarmupByMSER)
	assert.LessOrEqual(t, r.Warmup, 2e4/2+1, "MSER-5 is capped at half the run")
	assert.InDelta(t, 2e4, r.Warmup+r.Measured, 2e4/windowsPerRun*float64(DefaultBatches)+1)
	// Conservation: without patience or capacity nothing is lost.
	for _, n := range []queueing.Metric{queueing.PAbandon, queueing.PBlock} {
		m, _ := r.Metric(n)
		assert.Equal(t, 0.0, m.Mean, n)
	}
	// An explicit warm-up is honoured.
	c.Warmup = 1000
	r, err = Station(c)
	require.NoError(t, err)
	assert.False(t, r.WarmupByMSER)
	assert.GreaterOrEqual(t, r.Warmup, 1000.0)
	assert.Less(t, r.Warmup, 1000+21000.0/windowsPerRun*float64(DefaultBatches))
}

// TestPrecisionStopping checks that a precision-driven run stops as soon
// as the main metric is precise enough, and at the maximum otherwise.
func TestPrecisionStopping(t *testing.T) {
	c := mm1(0.5, 0, 5)
	c.Precision, c.MinDuration, c.MaxDuration = 0.05, 1000, 1e6
	r, err := Station(c)
	require.NoError(t, err)
	m, _ := r.Metric("mean_wait")
	assert.LessOrEqual(t, m.RelativeHalfWidth(), 0.05)
	assert.Less(t, r.Warmup+r.Measured, 1e6)
	assert.Greater(t, r.Warmup+r.Measured, 1000.0)

	c.Precision, c.MaxDuration = 0.001, 4000
	r, err = Station(c)
	require.NoError(t, err)
	assert.InDelta(t, 4000, r.Warmup+r.Measured, 4000.0/windowsPerRun*float64(DefaultBatches)*2)
}

func TestJudge(t *testing.T) {
	est := func(mean, se float64) estimate.Estimate { return estimate.Estimate{Mean: mean, SE: se, K: 30} }
	h := est(0, 1).HalfWidthAt(1 - 1e-3) // t(0.9995, 29)·1 ≈ 3.66
	require.InDelta(t, 3.659, h, 0.01)
	cases := []struct {
		name string
		c    Check
		want Verdict
	}{
		{"agrees", Check{Sim: est(100.5, 0.5), Formula: 100}, Agrees},
		{"disagrees", Check{Sim: est(110, 0.5), Formula: 100}, Disagrees},
		{"inside the α interval but too wide", Check{Sim: est(101, 2), Formula: 100}, Inconclusive},
		{"tolerance", Check{Sim: est(80, 0.5), Formula: 100, Approx: true, Tol: 0.25}, Approximate},
		{"beyond tolerance", Check{Sim: est(60, 0.5), Formula: 100, Approx: true, Tol: 0.25}, Disagrees},
		{"no formula", Check{Sim: est(1, 1), Formula: math.NaN()}, Info},
		{"exact zero", Check{Sim: est(0, 0), Formula: 0}, Agrees},
		{"rare, none seen", Check{Sim: est(0, 0), Formula: 1e-6, Expected: 0.5}, Inconclusive},
		{"frequent, none seen", Check{Sim: est(0, 0), Formula: 0.1, Expected: 1e4}, Disagrees},
		{"undefined estimate", Check{Sim: est(math.NaN(), math.Inf(1)), Formula: 1}, NoData},
		{"no interval", Check{Sim: est(0.5, math.Inf(1)), Formula: 1}, NoData},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			c.Judge(DefaultRule)
			assert.Equal(t, tc.want, c.Verdict, c.VerdictText())
		})
	}
	c := Check{Sim: est(80, 0.5), Formula: 100, Approx: true, Tol: 0.25}
	c.Judge(DefaultRule)
	assert.Equal(t, "approximate: formula off by +25.0 %", c.VerdictText())
	assert.InDelta(t, -0.2, c.RelErr, 1e-12)
}

// TestFormulasCoverCases checks which formulas apply to which station.
func TestFormulasCoverCases(t *testing.T) {
	base := Config{Servers: 4, ArrivalRate: 3, Service: network.Exponential(1), Duration: 1}
	cases := []struct {
		name   string
		edit   func(c *Config)
		has    []queueing.Metric
		hasnt  []queueing.Metric
		source string
	}{
		{"M/M/c", func(c *Config) {}, []queueing.Metric{"p_wait", "mean_wait", "mean_in_system"}, nil, "M/M/c (Erlang C)"},
		{"M/G/c", func(c *Config) { c.Service = network.Deterministic(1) }, []queueing.Metric{"utilization", "throughput"}, []queueing.Metric{"p_wait", "mean_wait"}, ""},
		{"M/G/1", func(c *Config) { c.Servers, c.ArrivalRate, c.Service = 1, 0.5, network.Deterministic(1) }, []queueing.Metric{"mean_wait"}, nil, "M/G/1 (Pollaczek–Khinchine)"},
		{"M/G/c/c", func(c *Config) { c.Capacity, c.Service = 4, dist.Of(dist.LogNormal{Mean: 1, CV: 1}) }, []queueing.Metric{"p_block"}, nil, "Erlang B (insensitive)"},
		{"M/M/c/K", func(c *Config) { c.Capacity = 8 }, []queueing.Metric{"p_block", "p_wait"}, nil, "M/M/c/K"},
		{"M/G/c/K", func(c *Config) { c.Capacity, c.Service = 8, network.Deterministic(1) }, nil, []queueing.Metric{"p_block", "p_wait"}, ""},
		{"M/M/c+D", func(c *Config) { c.Patience = Patience{PatienceDet, 2} }, []queueing.Metric{"p_abandon", "mean_wait_served"}, nil, "M/M/c+D"},
		{"Erlang-A", func(c *Config) { c.Patience = Patience{PatienceExp, 2} }, []queueing.Metric{"p_abandon", "p_wait"}, []queueing.Metric{"mean_wait_served"}, "Erlang-A (M/M/c+M)"},
		{"M/G/c+D", func(c *Config) { c.Patience, c.Service = Patience{PatienceDet, 2}, network.Deterministic(1) }, []queueing.Metric{"p_block"}, []queueing.Metric{"p_abandon"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := base
			tc.edit(&c)
			f := Formulas(c)
			for _, n := range tc.has {
				assert.Contains(t, f, n)
			}
			for _, n := range tc.hasnt {
				assert.NotContains(t, f, n)
			}
			if tc.source != "" {
				assert.Equal(t, tc.source, f[tc.has[0]].Source)
			}
		})
	}
}

// TestOriginalTimeoutEstimate checks the estimate's claimed error in the
// regime where it holds: with cμD ≫ 1 the original's estimate is about
// 1/(1 − ρ) times the exact M/M/c+D abandonment.
func TestOriginalTimeoutEstimate(t *testing.T) {
	for _, c := range []Config{
		{Servers: 192, ArrivalRate: 575, Service: network.Exponential(0.33)},
		{Servers: 50, ArrivalRate: 48, Service: network.Exponential(1)},
	} {
		t.Run(fmt.Sprint(c.Servers), func(t *testing.T) {
			c.Patience = Patience{PatienceDet, 2}
			exact := Formulas(c)["p_abandon"].Value
			est := OriginalTimeoutEstimate(c, 2)
			assert.InDelta(t, 1/(1-c.Rho()), est/exact, 0.05/(1-c.Rho()))
		})
	}
	assert.True(t, math.IsNaN(OriginalTimeoutEstimate(Config{Servers: 1, ArrivalRate: 2, Service: network.Exponential(1)}, 2)))
}

func TestLabels(t *testing.T) {
	assert.Equal(t, "P(wait)", Label("p_wait"))
	assert.Equal(t, "P(W > 0.5 s)", Label(WaitMetricName(0.5)))
	assert.Equal(t, "response p99", Label(QuantileMetricName(0.99)))
	assert.Equal(t, "little_gap", Label("little_gap"))
}
