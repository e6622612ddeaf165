package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/model/network"
)

// parseNet parses a network file given inline.
func parseNet(t *testing.T, src string) *network.Network {
	t.Helper()
	n, err := network.Parse("t.yaml", []byte(src))
	require.NoError(t, err)
	return n
}

// switchingChain is a closed chain of 5 customers with class switching: a
// customer is class x at a and y at b, then y at a and x at b, and so on;
// 3 start as x at a, 2 as y at b.
const switchingChain = `name: chain
classes:
  - {name: x, population: 3, start: a}
  - {name: y, population: 2, start: b}
stations:
  - name: a
    service: {dist: exp, mean: 1}
  - name: b
    service: {dist: exp, mean: 0.5}
routing:
  a: {x: {b/y: 1}, y: {b/x: 1}}
  b: {x: {a/x: 1}, y: {a/y: 1}}
`

// TestNetworkChainDefinition (issue 19.1): the simulator and the solver
// define the "network" rows of a closed chain with class switching the
// same way (the customers who start in a class, cycling back to its start
// station), so every exact network row agrees. Seed 4, 50 000 s, warm-up
// 1 000 s; α = 10⁻⁴ per check, 6 checks. On the old definitions the
// throughput (0.59 vs 0.49), customers (3 vs 5) and cycle time (5.1 vs
// 10.2) disagreed.
func TestNetworkChainDefinition(t *testing.T) {
	n := parseNet(t, switchingChain)
	rep, err := RunNetwork(NetworkConfig{Network: n, Seed: 4, Generator: des.PCG, Duration: 50_000, Warmup: 1_000})
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, c := range rep.Checks {
		if c.Station != network.NetworkStation || c.Class == "" || c.Source != analytic.MethodExactMVA {
			continue
		}
		seen[c.Class+" "+c.Name] = true
		assert.Equal(t, Agrees, c.Verdict, "%s %s: sim %v ± %v, MVA %v", c.Class, c.Name, c.Sim.Mean, c.Sim.HalfWidth, c.Formula)
	}
	assert.Len(t, seen, 6, "throughput, mean_response and mean_in_system of x and y")
}

// TestNetworkTrappedRefused (issue 19.2, 20.3): an open network whose
// customers never leave (a → b → a) has no steady state; RunNetwork
// refuses it before simulating, with the error net solve gives.
func TestNetworkTrappedRefused(t *testing.T) {
	n := parseNet(t, "name: trap\narrivals: {to: a, rate: 1}\nstations:\n  - name: a\n    service: {dist: exp, mean: 0.1}\n"+
		"  - name: b\n    service: {dist: exp, mean: 0.1}\nrouting:\n  a: {b: 1}\n  b: {a: 1}\n")
	rep, err := RunNetwork(NetworkConfig{Network: n, Seed: 1, Generator: des.PCG, Duration: 1_000, Warmup: 0})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "never leave the network")
	assert.Nil(t, rep)
}

// TestNetworkApproxRuleSymmetric (issue 19.5): an approximate method's
// verdict follows the error it prints, (formula − sim)/|sim|: off by more
// than 50 % fails whichever side the formula is on, within 50 % passes.
// The simulated mean is 1 with a half-width of 0.2 % (30 batches).
func TestNetworkApproxRuleSymmetric(t *testing.T) {
	n := &network.Network{Name: "n", Classes: []network.Class{{Name: "job"}}}
	num, den := make([]float64, 30), make([]float64, 30)
	for b := range num {
		num[b], den[b] = 1+0.005*float64(b%3-1), 1
	}
	res := &network.Result{Customers: 1e6, Metrics: []network.Metric{{Station: "q", Name: "mean_wait", Num: num, Den: den}}}
	for _, tc := range []struct {
		formula float64
		want    Verdict
		text    string
	}{
		{1.71, Disagrees, "DISAGREES"},
		{2.08, Disagrees, "DISAGREES"},
		{0.29, Disagrees, "DISAGREES"},
		{0.59, Approximate, "approximate: formula off by -41.0 %"},
		{1.45, Approximate, "approximate: formula off by +45.0 %"},
		{0.55, Approximate, "approximate: formula off by -45.0 %"},
	} {
		cs := NetworkChecks(n, []*network.Result{res}, []analytic.NetMetric{{Station: "q", Class: "job", Name: "mean_wait", Value: tc.formula, Method: analytic.MethodQNA}})
		require.Len(t, cs, 1)
		assert.Equal(t, tc.want, cs[0].Verdict, "formula %v", tc.formula)
		assert.Equal(t, tc.text, cs[0].VerdictText(), "formula %v", tc.formula)
	}
}

// TestNetworkInfiniteMean (issues 19.3, 20.10): an M/G/1 queue with
// Pareto service of α = 1.8 (infinite variance) keeps its exact throughput
// and utilisation checks, and every mean that is infinite is marked "no
// finite limit" instead of being shown as an estimate. Seed 5, 100 000 s.
func TestNetworkInfiniteMean(t *testing.T) {
	n := parseNet(t, "name: pareto\narrivals: {to: a, rate: 0.5}\nstations:\n  - name: a\n    service: {dist: pareto, mean: 1, alpha: 1.8}\n")
	rep, err := RunNetwork(NetworkConfig{Network: n, Seed: 5, Generator: des.PCG, Duration: 100_000, Warmup: 0})
	require.NoError(t, err)
	require.NoError(t, rep.SolveErr)
	got := map[string]Verdict{}
	for _, c := range rep.Checks {
		got[c.Station+" "+c.Name] = c.Verdict
	}
	assert.Equal(t, Agrees, got["a throughput"])
	assert.Equal(t, Agrees, got["a utilization"])
	for _, k := range []string{"a mean_wait", "a mean_in_queue", "a mean_response", "a mean_in_system", "network mean_response"} {
		assert.Equal(t, Unbounded, got[k], k)
	}
}

// TestNetworkDefaultWarmup (issue 19.4): without a given warm-up,
// RunNetwork discards a fixed NetworkWarmupShare of the run (to within one
// observation window), not what MSER-5 picks: the rule whose bias
// TestNetworkWarmupBias (long) measures on heavy-tailed queues. Seed 1
// (with MSER-5 back as the default it fails); seeds 2 and 3 in
// TestNetworkDefaultWarmupSeeds (build tag long).
func TestNetworkDefaultWarmup(t *testing.T) {
	checkDefaultWarmup(t, 1)
}

// checkDefaultWarmup runs an M/H2/1 LCFS-PR queue for 100 000 s on each
// seed with AutoWarmup and checks that the warm-up is NetworkWarmupShare
// of the run, taken out of it.
func checkDefaultWarmup(t *testing.T, seeds ...uint64) {
	n := parseNet(t, "name: lcfs\narrivals: {to: a, rate: 0.8}\nstations:\n  - name: a\n    discipline: lcfs-pr\n    service: {dist: hyperexp, mean: 1, cv: 2}\n")
	const d = 100_000.0
	for _, seed := range seeds {
		rep, err := RunNetwork(NetworkConfig{Network: n, Seed: seed, Generator: des.PCG, Duration: d, Warmup: AutoWarmup})
		require.NoError(t, err)
		assert.InDelta(t, 0.05*d, rep.Warmup, d/windowsPerRun+1e-6, "seed %d", seed)
		assert.InDelta(t, d, rep.Warmup+rep.Measured, 1e-6, "seed %d: the warm-up comes out of the run", seed)
	}
}

// TestNetworkNobodyWaited (issue 20.5): at a load of 10⁻⁶ a run with 400
// customers sees nobody wait: mean_wait 0 ± 0 against the formula's
// 10⁻⁶ s is "inconclusive" (the formula expects far fewer than ln(1/α)
// waiting customers), not DISAGREES. A run that saw nobody wait where
// hundreds should have still DISAGREES.
func TestNetworkNobodyWaited(t *testing.T) {
	n := parseNet(t, "name: rare\narrivals: {to: a, rate: 1e-6}\nstations:\n  - name: a\n    service: {dist: exp, mean: 1}\n")
	rep, err := RunNetwork(NetworkConfig{Network: n, Seed: 1, Generator: des.PCG, Duration: 1e8, Warmup: 0, Replications: 4})
	require.NoError(t, err)
	for _, c := range rep.Checks {
		if c.Name == "mean_wait" || c.Name == "mean_in_queue" {
			require.Zero(t, c.Sim.Mean, "nobody waited at this seed")
			assert.Equal(t, Inconclusive, c.Verdict, c.Name)
		}
	}
	zero, den, deps := make([]float64, 30), make([]float64, 30), make([]float64, 30)
	for b := range den {
		den[b], deps[b] = 40, 40
	}
	res := &network.Result{Customers: 1200, Metrics: []network.Metric{
		{Station: "q", Name: "throughput", Num: deps, Den: den},
		{Station: "q", Name: "mean_wait", Num: zero, Den: den},
	}}
	cs := NetworkChecks(&network.Network{Name: "n", Classes: []network.Class{{Name: "job"}}}, []*network.Result{res}, []analytic.NetMetric{
		{Station: "q", Name: "utilization", Value: 0.5, Method: analytic.MethodErlangC, Exact: true},
		{Station: "q", Class: "job", Name: "mean_wait", Value: 1, Method: analytic.MethodErlangC, Exact: true},
	})
	for _, c := range cs {
		if c.Name == "mean_wait" {
			assert.Equal(t, Disagrees, c.Verdict, "600 waiting customers expected, none seen")
		}
	}
}
