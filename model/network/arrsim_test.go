package network

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/des"
)

// TestVaryingDelayFollowsLt: the number present in an infinite-server
// station fed by a periodic Poisson rate is Poisson with the
// Eick–Massey–Whitt mean m(t) (the station starts empty; after 10
// periods the start is forgotten to e^-100). Sampled at four phases of
// 2000 periods (10 mean stays apart, so the samples are independent to
// e^-10), each phase's average must be within 3.29 standard errors
// √(m/n) of m(t): 99.9 % per check, seed 5.
func TestVaryingDelayFollowsLt(t *testing.T) {
	n, err := ParseFile("../../examples/networks/rush-hour-delay.yaml")
	require.NoError(t, err)
	s, err := New(n, Options{Seed: 5, Generator: des.PCG})
	require.NoError(t, err)
	defer s.Close()
	phases := []float64{10, 45, 60, 95}
	sums := make([]float64, len(phases))
	const skip, periods = 10, 2000
	for p := 0; p < skip+periods; p++ {
		for k, ph := range phases {
			require.NoError(t, s.RunUntil(float64(p)*100+ph))
			if p >= skip {
				sums[k] += float64(s.Snapshot().InNetwork[0])
			}
		}
	}
	an, err := n.Analytic()
	require.NoError(t, err)
	v := an.Classes[0].Varying
	require.NotNil(t, v)
	surv := func(u float64) float64 { return math.Exp(-u / 10) }
	for k, ph := range phases {
		m := analytic.InfiniteServerMean(v, 10, surv, nil, ph)
		got := sums[k] / periods
		assert.InDelta(t, m, got, 3.29*math.Sqrt(m/periods), "phase %v s: m(t) = %.3f", ph, m)
	}
}

// TestBatchArrivalsEnterTogether: with det batches of 3 every arrival
// event brings exactly 3 customers.
func TestBatchArrivalsEnterTogether(t *testing.T) {
	n := &Network{
		Classes:  []Class{{Name: "c", Arrivals: &Arrivals{To: "d", Interarrival: Exponential(1), Batch: &Batch{Kind: BatchDet, Mean: 3}}}},
		Stations: []Station{{Name: "d", Servers: des.Infinite, Service: Deterministic(1e-3)}},
	}
	s, err := New(n, Options{Seed: 1})
	require.NoError(t, err)
	defer s.Close()
	events := 0
	all := &s.net0[len(s.net0)-1] // every class's counts (a one-class network keeps only these)
	for steps := 0; events < 10; steps++ {
		require.Less(t, steps, 1000, "ten arrival events within 1000 steps")
		before := all.entered
		require.True(t, s.env.Step())
		if d := all.entered - before; d != 0 {
			assert.Equal(t, int64(3), d, "one event, three customers")
			events++
		}
	}
	assert.InDelta(t, 3, n.Classes[0].Arrivals.Rate(), 1e-12)
}

func TestInitialPlacement(t *testing.T) {
	src := `classes:
  - {name: open, arrivals: {to: a, rate: 1}, initial: {b: 4}}
  - {name: shut, population: 5, start: a, initial: {a: 2, b: 3}}
stations:
  - {name: a, service: {dist: exp, mean: 0.1}}
  - {name: b, service: {dist: exp, mean: 0.1}}
routing:
  a: {shut: {b: 1}}
  b: {shut: {a: 1}}
`
	n, err := Parse("init.yaml", []byte(src))
	require.NoError(t, err)
	s, err := New(n, Options{Seed: 1})
	require.NoError(t, err)
	defer s.Close()
	snap := s.Snapshot()
	assert.Equal(t, []int{4, 5}, snap.InNetwork)
	in := func(i, r int) int { return snap.Stations[i].Waiting[r] + snap.Stations[i].InService[r] }
	assert.Equal(t, [4]int{0, 4, 2, 3}, [4]int{in(0, 0), in(1, 0), in(0, 1), in(1, 1)})
	out, err := n.YAML()
	require.NoError(t, err)
	back, err := Parse("out.yaml", out)
	require.NoError(t, err)
	assert.Equal(t, noLines(n), noLines(back))

	bad := []struct{ src, want string }{
		{`classes: [{name: c, population: 5, start: a, initial: {a: 2}}]
stations: [{name: a, service: {dist: exp, mean: 1}}]
routing: {a: {a: 1}}`, "bad.yaml:1: class \"c\" initial: the counts sum to 2, but the closed class has population 5"},
		{`classes: [{name: c, arrivals: {to: a, rate: 1}, initial: {z: 2}}]
stations: [{name: a, service: {dist: exp, mean: 1}}]`, `unknown station "z" (valid: a)`},
		{`classes: [{name: c, arrivals: {to: a, rate: 1}, initial: {a: -1}}]
stations: [{name: a, service: {dist: exp, mean: 1}}]`, "bad.yaml:1: class \"c\" initial a: must be a whole number from 0 to 1000000"},
	}
	for _, b := range bad {
		_, err := Parse("bad.yaml", []byte(b.src))
		require.Error(t, err)
		assert.Contains(t, err.Error(), b.want)
	}
}

func TestParseArrivalErrors(t *testing.T) {
	tests := []struct{ arr, want string }{
		{`{to: q, rate: [[0, 2], [50, 6]], period: 40}`, "bad.yaml:2: class \"c\" arrivals rate: period: must be longer than the last step's time"},
		{`{to: q, rate: [[5, 2]]}`, "first step must start at time 0"},
		{`{to: q, rate: [[0, 2], [0, 3]]}`, "step times must increase"},
		{`{to: q, rate: [[0, 2], [10, 0]]}`, "without a period the last rate holds for ever"},
		{`{to: q, rate: [[0, 2, 3]]}`, "step 1: must be a pair [time, rate]"},
		{`{to: q, rate: 2, period: 10}`, "applies only to a time-varying rate"},
		{`{to: q, map: {D0: [[-1]]}}`, "needs both D0"},
		{`{to: q, map: {D0: [[-2]], D1: [[1]]}}`, "row 1 of D0+D1 must sum to 0"},
		{`{to: q, map: {D0: [[-1]], D1: [[1]]}, rate: 1}`, "give exactly one of rate"},
		{`{to: q, rate: 1, batch: {dist: poisson, mean: 2}}`, "unknown batch law \"poisson\" (valid: geometric, det, values)"},
		{`{to: q, rate: 1, batch: {dist: det, mean: 2.5}}`, "whole number"},
		{`{to: q, rate: 1, batch: {dist: det, values: [1]}}`, "values does not apply to a det batch (it takes: mean)"},
		{`{to: q, rate: 1, batch: {dist: values, values: [1, 2], p: [0.3]}}`, "one probability per value"},
		{`{to: q, rate: 1, bursts: 3}`, "unknown key \"bursts\" (valid: to, rate, interarrival, map, period, batch)"},
	}
	for _, tt := range tests {
		src := "classes:\n  - {name: c, arrivals: " + tt.arr + "}\nstations: [{name: q, service: {dist: exp, mean: 0.1}}]\n"
		_, err := Parse("bad.yaml", []byte(src))
		require.Error(t, err, tt.arr)
		assert.Contains(t, err.Error(), tt.want, tt.arr)
		assert.Contains(t, err.Error(), "bad.yaml:2", tt.arr)
	}
}

// mmppM1Mean solves the MMPP/M/1 queue's Markov chain (levels n ≤ N,
// phases 1 and 2) by Gauss–Seidel sweeps and returns its mean number.
func mmppM1Mean(l1, l2, a, b, mu float64, N int) float64 {
	lam, sw := [2]float64{l1, l2}, [2]float64{a, b}
	p := make([][2]float64, N+1)
	for n := range p {
		p[n] = [2]float64{1, 1}
	}
	for it := 0; it < 100_000; it++ {
		diff := 0.0
		for n := 0; n <= N; n++ {
			for ph := 0; ph < 2; ph++ {
				out, in := sw[ph], sw[1-ph]*p[n][1-ph]
				if n < N {
					out += lam[ph]
					in += mu * p[n+1][ph]
				}
				if n > 0 {
					out += mu
					in += lam[ph] * p[n-1][ph]
				}
				diff = math.Max(diff, math.Abs(in/out-p[n][ph])/math.Max(p[n][ph], 1e-300))
				p[n][ph] = in / out
			}
		}
		if diff < 1e-12 {
			break
		}
	}
	sum, mean := 0.0, 0.0
	for n := range p {
		sum += p[n][0] + p[n][1]
		mean += float64(n) * (p[n][0] + p[n][1])
	}
	return mean / sum
}

// TestMMPPExample: the bursty server of examples/networks/mmpp-vs-poisson
// holds the mean number its chain gives (≈ 1.71, the lesson's figure),
// the smooth one the M/M/1's 1. Batch-means t interval at 99.9 % (30
// batches), seed 2, 4·10⁵ s.
func TestMMPPExample(t *testing.T) {
	want := mmppM1Mean(1.2, 0.15, 0.3, 0.15, 1, 400)
	assert.InDelta(t, 1.71, want, 0.005, "the lesson's figure")
	n, err := ParseFile("../../examples/networks/mmpp-vs-poisson.yaml")
	require.NoError(t, err)
	s, err := New(n, Options{Seed: 2, Generator: des.PCG, Window: 1000})
	require.NoError(t, err)
	defer s.Close()
	require.NoError(t, s.RunUntil(400_000))
	res := s.Result(20_000, 30)
	for station, exact := range map[string]float64{"bursty-server": want, "smooth-server": 1} {
		m, ok := res.Metric(station, "", "mean_in_system")
		require.True(t, ok)
		var tl des.Tally
		for b := range m.Num {
			tl.Add(m.Num[b] / m.Den[b])
		}
		assert.InDelta(t, exact, m.Value(), t29*tl.StdDev()/math.Sqrt(30), station)
	}
}
