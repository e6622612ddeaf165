package network

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/model/dist"
)

func mm1(rate, mean float64) *Network {
	return &Network{
		Name:     "mm1",
		Classes:  []Class{{Name: "job", Arrivals: PoissonArrivals("q", rate)}},
		Stations: []Station{{Name: "q", Servers: 1, Service: Exponential(mean)}},
	}
}

func run(t *testing.T, n *Network, seed uint64, dur float64) *Result {
	t.Helper()
	s, err := New(n, Options{Seed: seed, Generator: des.PCG, Window: dur / 1000})
	require.NoError(t, err)
	require.NoError(t, s.RunUntil(dur))
	return s.Result(0.05*dur, 0)
}

func value(t *testing.T, r *Result, station, class string, name queueing.Metric) float64 {
	t.Helper()
	m, ok := r.Metric(station, class, name)
	require.True(t, ok, "%s %s %s", station, class, name)
	return m.Value()
}

// TestMM1 checks the M/M/1 station's means against L = ρ/(1−ρ),
// W = S/(1−ρ) at ρ = 0.5 within 5 % (a 200 000 s run has about 100 000
// customers; the batch-means relative half-width of L is near 2 %, so 5 %
// is about 5 standard errors: a real 10 % bug fails, noise does not).
func TestMM1(t *testing.T) {
	r := run(t, mm1(0.5, 1), 7, 200_000)
	assert.InEpsilon(t, 1.0, value(t, r, "q", "", "mean_in_system"), 0.05)
	assert.InEpsilon(t, 2.0, value(t, r, "q", "", "mean_response"), 0.05)
	assert.InEpsilon(t, 0.5, value(t, r, "q", "", "utilization"), 0.03)
	assert.InEpsilon(t, 0.5, value(t, r, "network", "", "throughput"), 0.03)
	assert.InEpsilon(t, 2.0, value(t, r, "network", "", "mean_response"), 0.05)
	assert.Equal(t, DefaultBatches, r.Batches)
}

func TestSameSeedSameResult(t *testing.T) {
	n, err := ParseFile("../../examples/networks/jackson-feedback.yaml")
	require.NoError(t, err)
	a := run(t, n, 5, 5_000)
	b := run(t, n, 5, 5_000)
	assert.Equal(t, a, b)
	c := run(t, n, 6, 5_000)
	assert.NotEqual(t, a.Metrics, c.Metrics)
}

// TestNoAllocationPerCustomer: once the slabs and queues have grown, a
// stretch of simulation allocates nothing (windows are 1000 s long so
// none closes during the measured stretches).
func TestNoAllocationPerCustomer(t *testing.T) {
	n, err := ParseFile("../../examples/networks/central-server.yaml")
	require.NoError(t, err)
	s, err := New(n, Options{Seed: 1, Generator: des.PCG, Window: 1e6})
	require.NoError(t, err)
	require.NoError(t, s.RunUntil(1000))
	allocs := testing.AllocsPerRun(50, func() { require.NoError(t, s.RunUntil(s.Now()+10)) })
	assert.Zero(t, allocs)
}

// TestClosedNetworkConservesCustomers: the 20 customers of the central
// server are always somewhere, and the measured cycle time obeys
// Little's law N = X·C (to 2 %, well inside the noise of a 20 000 s run).
func TestClosedNetworkConservesCustomers(t *testing.T) {
	n, err := ParseFile("../../examples/networks/central-server.yaml")
	require.NoError(t, err)
	s, err := New(n, Options{Seed: 2, Generator: des.PCG, Window: 20})
	require.NoError(t, err)
	for _, at := range []float64{0, 1.5, 700, 20_000} {
		require.NoError(t, s.RunUntil(at))
		snap := s.Snapshot()
		total := 0
		for _, st := range snap.Stations {
			total += st.Waiting[0] + st.InService[0]
		}
		assert.Equal(t, 20, total, "t=%v", at)
		assert.Equal(t, []int{20}, snap.InNetwork)
	}
	r := s.Result(1000, 0)
	x := value(t, r, NetworkStation, "", "throughput")
	c := value(t, r, NetworkStation, "", "mean_response")
	assert.InEpsilon(t, 20, x*c, 0.02)
	assert.InDelta(t, 20, value(t, r, NetworkStation, "", "mean_in_system"), 1e-9)
	assert.InEpsilon(t, x, value(t, r, "terminals", "", "throughput"), 1e-3, "one cycle per terminal visit")
}

// TestClassSwitching: class a switches to class b at station r with
// probability 0.5, so r serves λ_b + 0.5·λ_a of class b (to 3 %, about
// five standard errors of a 200 000 s run).
func TestClassSwitching(t *testing.T) {
	n, err := Parse("sw.yaml", []byte(`
classes:
  - {name: a, arrivals: {to: q, rate: 1}}
  - {name: b, arrivals: {to: r, rate: 0.2}}
stations:
  - {name: q, service: {dist: exp, mean: 0.3}}
  - {name: r, service: {a: {dist: exp, mean: 0.2}, b: {dist: det, mean: 0.4}}}
routing:
  q: {a: {"r/b": 0.5, r: 0.5}}
`))
	require.NoError(t, err)
	res := run(t, n, 3, 200_000)
	assert.InEpsilon(t, 0.7, value(t, res, "r", "b", "throughput"), 0.03)
	assert.InEpsilon(t, 0.5, value(t, res, "r", "a", "throughput"), 0.03)
	assert.InEpsilon(t, 1.0, value(t, res, NetworkStation, "a", "throughput"), 0.03, "switched customers count under the class they entered with")
	_, ok := res.Metric("q", "b", "throughput")
	assert.False(t, ok, "class b never reaches q")
}

// TestLossesAndAbandonsAreAccounted: every customer that entered is done,
// lost, abandoned or still inside.
func TestLossesAndAbandonsAreAccounted(t *testing.T) {
	n := mm1(2, 1)
	n.Stations[0].Servers = 2
	n.Stations[0].Capacity = 4
	n.Stations[0].Patience = Exponential(0.5)
	s, err := New(n, Options{Seed: 4, Generator: des.PCG})
	require.NoError(t, err)
	require.NoError(t, s.RunUntil(5000))
	c := s.net0[1]
	assert.Positive(t, c.lost)
	assert.Positive(t, c.abandoned)
	assert.Equal(t, c.entered, c.exits+c.lost+c.abandoned+int64(c.inNet.Value()))
	res := s.Result(100, 0)
	for _, name := range []queueing.Metric{queueing.PLoss, queueing.PAbandon} {
		_, ok := res.Metric("q", "", name)
		assert.True(t, ok, name)
		_, ok = res.Metric(NetworkStation, "", name)
		assert.True(t, ok, name)
	}
}

// TestWindowsStayBounded: a run of many more windows than MaxWindows
// merges them, keeping the measurements.
func TestWindowsStayBounded(t *testing.T) {
	s, err := New(mm1(0.5, 1), Options{Seed: 1, Generator: des.PCG, Window: 1})
	require.NoError(t, err)
	require.NoError(t, s.RunUntil(3*MaxWindows+7))
	assert.LessOrEqual(t, s.obs.n-1, MaxWindows)
	assert.Equal(t, 4*des.Second, s.obs.width)
	r := s.Result(0, 0)
	assert.InDelta(t, float64(s.obs.n-1)*4, r.Measured+r.Warmup, 4*DefaultBatches)
	assert.InEpsilon(t, 0.5, value(t, r, "q", "", "utilization"), 0.05)
}

func TestParameterChanges(t *testing.T) {
	n, err := ParseFile("../../examples/networks/central-server.yaml")
	require.NoError(t, err)
	s, err := New(n, Options{Seed: 1, Generator: des.PCG, Window: 10})
	require.NoError(t, err)
	require.NoError(t, s.RunUntil(500))

	require.NoError(t, s.SetServers("disk2", 2))
	assert.Equal(t, 500.0, s.MarkedAt())
	assert.Equal(t, 2, s.Network().Stations[3].Servers)
	assert.Error(t, s.SetServers("disk2", 0))
	assert.Error(t, s.SetServers("terminals", 3), "a delay station stays one")
	assert.ErrorContains(t, s.SetServers("nope", 1), "unknown station")

	require.NoError(t, s.SetService("cpu", "", Deterministic(0.02)))
	assert.Equal(t, "det", s.Network().Stations[1].Service.Name())
	assert.Error(t, s.SetService("cpu", "", dist.Of(dist.HyperExp{Mean: 1, CV: 0.5})))

	assert.ErrorContains(t, s.SetRoute("", "cpu", "nope", 0.4), "unknown station")
	// The row was disk1 0.5, disk2 0.3, terminals 0.2: the disks share
	// the remaining 0.7 in proportion 5:3.
	require.NoError(t, s.SetRoute("", "cpu", "terminals", 0.3))
	for _, rt := range s.Network().Routes {
		if rt.From == "cpu" && rt.To == "disk1" {
			assert.InDelta(t, 0.7*5/8, rt.Prob, 1e-12)
		}
	}
	assert.ErrorContains(t, s.SetArrivalRate("user", 1), "not an open class")

	require.NoError(t, s.RunUntil(5000))
	r := s.Result(0, 0)
	assert.InDelta(t, s.MarkedAt(), r.Start, 1e-9)
	// After the change: a visit to the CPU ends with probability 0.3 at
	// the terminals, so the CPU sees 1/0.3 visits per cycle.
	x := value(t, r, "terminals", "", "throughput")
	assert.InEpsilon(t, x/0.3, value(t, r, "cpu", "", "throughput"), 0.05)

	open, err := New(mm1(0.5, 1), Options{Seed: 1, Generator: des.PCG, Window: 10})
	require.NoError(t, err)
	require.NoError(t, open.RunUntil(100))
	require.NoError(t, open.SetArrivalRate("job", 0.25))
	assert.Error(t, open.SetArrivalRate("job", -1))
	require.NoError(t, open.RunUntil(100_100))
	assert.InEpsilon(t, 0.25, value(t, open.Result(0, 0), "q", "", "throughput"), 0.04)
	assert.InDelta(t, 4.0, open.Network().Classes[0].Arrivals.Interarrival.MeanValue(), 1e-12)
}
