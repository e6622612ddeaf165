package analytic

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"queuelab/des/queueing"
)

// fuzzNetwork builds a random network from seed (up to 4 stations and 3
// classes, populations up to 40 so that exact MVA stays quick), then writes
// the raw value v into the field picked by where, so that NaN, ±Inf,
// negative and huge numbers reach every input.
func fuzzNetwork(seed uint64, shape uint8, where uint16, v float64) Network {
	rng := rand.New(rand.NewPCG(seed, uint64(shape)))
	m, r := 1+int(shape%4), 1+int(shape/4%3)
	n := Network{Stations: make([]NetStation, m), Classes: make([]NetClass, r), Routing: matrix(m * r)}
	names := []string{"a", "b", "c", "d"}
	for i := range m {
		st := NetStation{Name: names[i], Servers: rng.IntN(4), Discipline: Discipline(rng.IntN(6)), Mean: make([]float64, r), SCV: make([]float64, r)}
		if st.Servers == 0 { // a quarter of the stations are delay stations
			st.Servers = queueing.Infinite
		}
		if rng.IntN(5) == 0 {
			st.Capacity = max(st.Servers, 0) + rng.IntN(5)
		}
		if rng.IntN(5) == 0 {
			st.Patience, st.PatienceSCV = 0.1+3*rng.Float64(), float64(rng.IntN(2))
		}
		for k := range r {
			st.Mean[k] = 0.05 + rng.Float64()
			st.SCV[k] = []float64{0, 0.5, 1, 1, 4}[rng.IntN(5)]
		}
		n.Stations[i] = st
	}
	open := rng.IntN(3)
	for k := range r {
		c := NetClass{Name: string(rune('p' + k))}
		if (open == 0) || (open == 2 && k%2 == 0) {
			c.Rate, c.ArrivalSCV, c.Source = 0.05+rng.Float64(), []float64{1, 1, 0.5, 2}[rng.IntN(4)], rng.IntN(m)
		} else {
			c.Population, c.Start = 1+rng.IntN(40), rng.IntN(m)
		}
		n.Classes[k] = c
	}
	for x := range n.Routing {
		k := x / m
		sum := 0.0
		for y := range n.Routing[x] {
			if n.Classes[y/m].open() == n.Classes[k].open() && rng.IntN(3) == 0 {
				n.Routing[x][y] = rng.Float64()
				sum += n.Routing[x][y]
			}
		}
		keep := 1.0 // closed rows sum to 1
		if n.Classes[k].open() {
			keep = 0.8 * rng.Float64()
		}
		for y := range n.Routing[x] {
			if sum > 0 {
				n.Routing[x][y] *= keep / sum
			}
		}
		if sum == 0 && !n.Classes[k].open() {
			n.Routing[x][k*m+x%m] = 1 // a closed customer stays where it is
		}
	}
	inject(&n, rng, where, v)
	return n
}

// inject writes v into one field of n chosen by where.
func inject(n *Network, rng *rand.Rand, where uint16, v float64) {
	m, r := len(n.Stations), len(n.Classes)
	i, k := rng.IntN(m), rng.IntN(r)
	switch where % 8 {
	case 0:
		n.Stations[i].Mean[k] = v
	case 1:
		n.Stations[i].SCV[k] = v
	case 2:
		n.Classes[k].Rate = v
	case 3:
		n.Classes[k].ArrivalSCV = v
	case 4:
		n.Routing[k*m+i][rng.IntN(m*r)] = v
	case 5:
		n.Stations[i].Patience = v
	case 6:
		n.Stations[i].Servers = int(math.Mod(v, 1000))
	default: // leave the random network as it is
	}
}

// FuzzSolveNetwork checks that no network makes SolveNetwork panic, return
// a NaN or an infinity, a negative measure, or a probability above 1.
func FuzzSolveNetwork(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint16(7), 1.0)
	f.Add(uint64(2), uint8(5), uint16(0), math.NaN())
	f.Add(uint64(3), uint8(11), uint16(2), math.Inf(1))
	f.Add(uint64(4), uint8(7), uint16(4), -0.5)
	f.Add(uint64(5), uint8(3), uint16(6), 2.0)
	f.Add(uint64(6), uint8(10), uint16(1), 1e300)
	f.Add(uint64(7), uint8(9), uint16(5), 1e-300)
	f.Fuzz(func(t *testing.T, seed uint64, shape uint8, where uint16, v float64) {
		n := fuzzNetwork(seed, shape, where, v)
		ms, err := SolveNetwork(n)
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("%v\nnetwork %+v", err, n)
			}
			return
		}
		for _, x := range ms {
			if !fuzzValueOK(x) {
				t.Fatalf("%+v\nnetwork %+v", x, n)
			}
			if (strings.HasPrefix(string(x.Name), "p_") || x.Name == "utilization") && x.Value > 1+1e-9 {
				t.Fatalf("%+v above 1\nnetwork %+v", x, n)
			}
		}
	})
}

// costlyRandomSeeds are the seeds of TestSolveNetworkRandom whose
// networks take the exact CTMC most of the test's time (612: one station,
// three classes, about 4.5 s; 746: about 0.5 s; the other 2 998 together
// about 0.7 s): TestSolveNetworkRandomCostly (build tag long) runs them.
var costlyRandomSeeds = map[uint64]bool{612: true, 746: true}

// TestSolveNetworkRandom runs the fuzz body over many seeds in the ordinary
// test run (the fuzzer explores further with go test -fuzz): seeds 0–2999
// but costlyRandomSeeds.
func TestSolveNetworkRandom(t *testing.T) {
	solved := 0
	for seed := range uint64(3000) {
		if costlyRandomSeeds[seed] {
			continue
		}
		if checkRandomNetwork(t, seed) {
			solved++
		}
	}
	if solved < 500 {
		t.Fatalf("only %d of 2998 random networks gave metrics: the generator no longer exercises the solver", solved)
	}
}

// checkRandomNetwork solves the random network of seed: no internal error,
// every value finite and non-negative, probabilities and utilisations at
// most 1. It reports whether the solve gave metrics.
func checkRandomNetwork(t *testing.T, seed uint64) bool {
	t.Helper()
	n := fuzzNetwork(seed, uint8(seed*7), uint16(7), 0)
	ms, err := SolveNetwork(n)
	if err != nil {
		if strings.Contains(err.Error(), "internal error") {
			t.Fatalf("seed %d: %v", seed, err)
		}
		return false
	}
	for _, x := range ms {
		if !fuzzValueOK(x) {
			t.Fatalf("seed %d: %+v", seed, x)
		}
		if (strings.HasPrefix(string(x.Name), "p_") || x.Name == "utilization") && x.Value > 1+1e-9 {
			t.Fatalf("seed %d: %+v above 1", seed, x)
		}
	}
	return len(ms) > 0
}

// FuzzClosedModel checks that MVA, its approximations and the bounds give
// finite, non-negative numbers (or an error) for any closed model of up to
// three stations and two classes.
func FuzzClosedModel(f *testing.F) {
	f.Add(1, 0, 3, 1.0, 0.5, 2.0, 0.1, 10, 5)
	f.Add(0, 0, 0, 0.0, 0.0, 0.0, 0.0, 0, 0)
	f.Add(2, 1, 200, 1e-300, 1e300, math.NaN(), 1.0, 1000, 1)
	f.Fuzz(func(t *testing.T, s0, s1, s2 int, d0, d1, d2, d3 float64, n0, n1 int) {
		c := ClosedModel{
			Servers:    []int{s0 % 300, s1 % 300, s2 % 300},
			Demand:     [][]float64{{d0, d1}, {d2, d3}, {d1, d0}},
			Population: []int{n0 % 500, n1 % 500},
		}
		for name, solve := range map[string]func() (MVAResult, error){"exact": c.ExactMVA, "Schweitzer": c.Schweitzer, "Linearizer": c.Linearizer} {
			res, err := solve()
			if err != nil {
				continue
			}
			for k, x := range res.Throughput {
				if !nonneg(x) {
					t.Fatalf("%s: throughput %d = %v for %+v", name, k, x, c)
				}
				for i := range c.Servers {
					if !nonneg(res.Residence[i][k]) || !nonneg(res.QueueLength[i][k]) {
						t.Fatalf("%s: station %d class %d: R %v Q %v for %+v", name, i, k, res.Residence[i][k], res.QueueLength[i][k], c)
					}
				}
			}
		}
		for _, bound := range []func([]float64, float64, int) (JobBounds, error){AsymptoticBounds, BalancedJobBounds} {
			b, err := bound([]float64{d0, d2}, d1, n0%500)
			if err == nil && (!nonneg(b.ThroughputLower) || b.ThroughputLower > b.ThroughputUpper*(1+1e-12) || b.ResponseLower > b.ResponseUpper*(1+1e-12)) {
				t.Fatalf("bounds %+v for D = %v, %v, Z = %v", b, d0, d2, d1)
			}
		}
	})
}

// FuzzSingleStationFormulas checks the M/G/1, priority and GI/G/c formulas:
// NaN only for invalid input, never a negative time.
func FuzzSingleStationFormulas(f *testing.F) {
	f.Add(0.3, 1.0, 1.0, 0.4, 2.0, 0.0, 1.0, 2)
	f.Add(0.0, 1e-300, 0.0, 1e300, 1.0, 5.0, 0.5, 1)
	f.Fuzz(func(t *testing.T, l0, m0, v0, l1, m1, v1, ca float64, servers int) {
		servers = servers % 1000
		times := []float64{
			MG1{l0, m0, v0}.MeanWait(), MG1{l0, m0, v0}.PSResponseTime(),
			KingmanWait(l0, m0, ca, v0), AllenCunneenWait(servers, l0, m0, ca, v0),
		}
		for _, pre := range []bool{false, true} {
			q := PriorityQueue{Servers: servers, Preemptive: pre, Classes: []PriorityClass{{l0, m0, v0}, {l1, m1, v1}}}
			times = append(times, q.MeanWait(0), q.MeanWait(1), q.MeanResponseTime(1))
			if q.Validate() == nil && q.Utilization() < 1 {
				for _, x := range times[len(times)-3:] {
					if math.IsNaN(x) {
						t.Fatalf("NaN for valid stable %+v", q)
					}
				}
			}
		}
		for _, x := range times {
			if x < 0 {
				t.Fatalf("negative time %v", x)
			}
		}
	})
}

// fuzzValueOK reports whether x is a value SolveNetwork may return: a
// finite number ≥ 0, or +Inf for a mean (service of infinite variance),
// never for a throughput, utilisation or probability.
func fuzzValueOK(x NetMetric) bool {
	if math.IsInf(x.Value, 1) {
		return strings.HasPrefix(string(x.Name), "mean_")
	}
	return finite(x.Value) && x.Value >= 0
}
