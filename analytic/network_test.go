package analytic

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// metric returns the value of the one metric with these keys.
func metric(t *testing.T, ms []NetMetric, station, class string, name queueing.Metric, method string) NetMetric {
	t.Helper()
	var found []NetMetric
	for _, m := range ms {
		if m.Station == station && m.Class == class && m.Name == name && m.Method == method {
			found = append(found, m)
		}
	}
	require.Len(t, found, 1, "%s/%s/%s by %s", station, class, name, method)
	return found[0]
}

// hasMethod reports whether some metric uses method.
func hasMethod(ms []NetMetric, method string) bool {
	for _, m := range ms {
		if m.Method == method {
			return true
		}
	}
	return false
}

// matrix returns a size × size zero matrix.
func matrix(size int) [][]float64 {
	p := make([][]float64, size)
	for i := range p {
		p[i] = make([]float64, size)
	}
	return p
}

// station is an exponential single-class station.
func expStation(name string, servers int, mean float64) NetStation {
	return NetStation{Name: name, Servers: servers, Mean: []float64{mean}, SCV: []float64{1}}
}

func TestSolveTandemIsProductOfMM1(t *testing.T) {
	// Poisson arrivals at 1/s through two exponential FCFS servers of mean
	// 0.5 s and 0.8 s: each is an M/M/1 of its own (Jackson), T = S/(1 − ρ):
	// 1 s and 4 s, end to end 5 s; L = ρ/(1 − ρ) = 1 and 4.
	p := matrix(2)
	p[0][1] = 1
	n := Network{
		Stations: []NetStation{expStation("a", 1, 0.5), expStation("b", 1, 0.8)},
		Classes:  []NetClass{{Name: "job", Rate: 1, ArrivalSCV: 1}},
		Routing:  p,
	}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	for _, tc := range []struct {
		station, name string
		want          float64
	}{
		{"a", "mean_response", 1}, {"a", "mean_in_system", 1}, {"a", "mean_wait", 0.5}, {"a", "mean_in_queue", 0.5},
		{"b", "mean_response", 4}, {"b", "mean_in_system", 4}, {"b", "mean_wait", 3.2}, {"b", "mean_in_queue", 3.2},
		{"network", "mean_response", 5}, {"network", "mean_in_system", 5},
	} {
		m := metric(t, ms, tc.station, "job", queueing.Metric(tc.name), MethodJackson)
		assert.InDelta(t, tc.want, m.Value, 1e-12, "%s %s", tc.station, tc.name)
		assert.True(t, m.Exact)
	}
	assert.InDelta(t, 0.8, metric(t, ms, "b", "job", "utilization", MethodTraffic).Value, 1e-15)
	assert.InDelta(t, 1.0, metric(t, ms, "network", "", "throughput", MethodTraffic).Value, 1e-15)
}

func TestSolveJacksonWithFeedback(t *testing.T) {
	// Arrivals at 1/s to A; A → B 0.5, A → C 0.5; B → A 0.2, else out; C out.
	// By hand: λA = 1 + 0.2·λB, λB = λC = 0.5·λA, so λA = 1/0.9, λB = λC = 1/1.8.
	// A has 2 exponential servers of mean 1 s (M/M/2), B and C one each
	// (means 0.9 s and 0.5 s). End to end: Σ visits × T with visits
	// λ/1 (the arrival rate is 1).
	p := matrix(3)
	p[0][1], p[0][2], p[1][0] = 0.5, 0.5, 0.2
	n := Network{
		Stations: []NetStation{expStation("A", 2, 1), expStation("B", 1, 0.9), expStation("C", 1, 0.5)},
		Classes:  []NetClass{{Name: "job", Rate: 1, ArrivalSCV: 1}},
		Routing:  p,
	}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	rates := []float64{1 / 0.9, 1 / 1.8, 1 / 1.8}
	resp := []float64{
		MMc{2, rates[0], 1}.MeanResponseTime(),
		0.9 / (1 - 0.5),
		0.5 / (1 - 0.5/1.8),
	}
	e2e := 0.0
	for i, name := range []string{"A", "B", "C"} {
		assert.InDelta(t, rates[i], metric(t, ms, name, "job", "throughput", MethodTraffic).Value, 1e-12, name)
		assert.InDelta(t, resp[i], metric(t, ms, name, "job", "mean_response", MethodJackson).Value, 1e-12, name)
		e2e += rates[i] * resp[i]
	}
	assert.InDelta(t, e2e, metric(t, ms, "network", "job", "mean_response", MethodJackson).Value, 1e-12)
}

// centralServer is a Lazowska-style central-server model: terminals (think
// 5 s) → CPU (0.05 s a burst) → disk1 (0.04 s, p 0.5) / disk2 (0.03 s, p 0.3)
// → CPU, or back to the terminals (p 0.2). Per interaction: 5 CPU bursts,
// 2.5 disk1 and 1.5 disk2 visits, so demands 0.25, 0.1 and 0.045 s.
func centralServer(n int) Network {
	p := matrix(4)
	p[0][1] = 1
	p[1][2], p[1][3], p[1][0] = 0.5, 0.3, 0.2
	p[2][1], p[3][1] = 1, 1
	return Network{
		Stations: []NetStation{expStation("terminals", queueing.Infinite, 5), expStation("cpu", 1, 0.05), expStation("disk1", 1, 0.04), expStation("disk2", 1, 0.03)},
		Classes:  []NetClass{{Name: "user", Population: n, Start: 0}},
		Routing:  p,
	}
}

func TestSolveCentralServer(t *testing.T) {
	// N = 1: nobody queues, the cycle is 5 + 0.25 + 0.1 + 0.045 s.
	ms, err := SolveNetwork(centralServer(1))
	require.NoError(t, err)
	m := metric(t, ms, "network", "user", "mean_response", MethodExactMVA)
	assert.InDelta(t, 5.395, m.Value, 1e-12)
	assert.True(t, m.Exact)
	assert.InDelta(t, 0.05, metric(t, ms, "cpu", "user", "mean_response", MethodExactMVA).Value, 1e-12)

	// N = 20 against MVA on the hand-computed demands.
	ms, err = SolveNetwork(centralServer(20))
	require.NoError(t, err)
	c := ClosedModel{Servers: []int{queueing.Infinite, 1, 1, 1}, Demand: [][]float64{{5}, {0.25}, {0.1}, {0.045}}, Population: []int{20}}
	exact, err := c.ExactMVA()
	require.NoError(t, err)
	x := exact.Throughput[0]
	assert.InDelta(t, x, metric(t, ms, "network", "user", "throughput", MethodExactMVA).Value, 1e-12)
	assert.InDelta(t, 5*x, metric(t, ms, "cpu", "user", "throughput", MethodExactMVA).Value, 1e-12)
	assert.InDelta(t, 0.25*x, metric(t, ms, "cpu", "user", "utilization", MethodExactMVA).Value, 1e-12)
	assert.InDelta(t, exact.Residence[1][0]/5, metric(t, ms, "cpu", "user", "mean_response", MethodExactMVA).Value, 1e-12)
	assert.InDelta(t, exact.QueueLength[2][0], metric(t, ms, "disk1", "user", "mean_in_system", MethodExactMVA).Value, 1e-12)
	assert.InDelta(t, 20/x, metric(t, ms, "network", "user", "mean_response", MethodExactMVA).Value, 1e-9)
	for _, method := range []string{MethodSchweitzer, MethodLinearizer} {
		m := metric(t, ms, "network", "user", "throughput", method)
		assert.False(t, m.Exact)
		assert.InEpsilon(t, x, m.Value, 0.05, method)
	}
	// Both bound pairs bracket the exact throughput and cycle time.
	for _, method := range []string{MethodAsymptotic, MethodBalanced} {
		assert.LessOrEqual(t, metric(t, ms, "network", "user", "throughput_lower", method).Value, x)
		assert.GreaterOrEqual(t, metric(t, ms, "network", "user", "throughput_upper", method).Value, x)
		assert.LessOrEqual(t, metric(t, ms, "network", "user", "mean_response_lower", method).Value, 20/x)
		assert.GreaterOrEqual(t, metric(t, ms, "network", "user", "mean_response_upper", method).Value, 20/x)
	}
}

func TestSolveClassSwitching(t *testing.T) {
	// Class a arrives at 0.5/s at station s0 (mean 1 s), then moves to s1 as
	// class b (mean 0.5 s) and leaves; class b also arrives at 0.5/s at s1
	// directly. Station s1 serves 1/s of class b in all (PS, ρ = 0.5), so a
	// visit there takes 0.5/(1 − 0.5) = 1 s; class a's journey takes
	// 1/(1 − 0.5) + 1 = 3 s and class b's 1 s.
	m := 2
	p := matrix(4)
	p[0*m+0][1*m+1] = 1 // (a, s0) → (b, s1)
	n := Network{
		Stations: []NetStation{
			{Name: "s0", Servers: 1, Discipline: queueing.PS, Mean: []float64{1, 0}, SCV: []float64{1, 1}},
			{Name: "s1", Servers: 1, Discipline: queueing.PS, Mean: []float64{0, 0.5}, SCV: []float64{1, 9}},
		},
		Classes: []NetClass{{Name: "a", Rate: 0.5, ArrivalSCV: 1, Source: 0}, {Name: "b", Rate: 0.5, ArrivalSCV: 1, Source: 1}},
		Routing: p,
	}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	assert.InDelta(t, 1.0, metric(t, ms, "s1", "b", "throughput", MethodTraffic).Value, 1e-12)
	assert.InDelta(t, 1.0, metric(t, ms, "s1", "b", "mean_response", MethodBCMP).Value, 1e-12)
	assert.InDelta(t, 3.0, metric(t, ms, "network", "a", "mean_response", MethodBCMP).Value, 1e-12)
	assert.InDelta(t, 1.0, metric(t, ms, "network", "b", "mean_response", MethodBCMP).Value, 1e-12)
	assert.InDelta(t, 2.0, metric(t, ms, "network", "", "mean_response", MethodBCMP).Value, 1e-12)
}

// single returns a one-station, one-class open network.
func single(st NetStation, rate, arrivalSCV float64) Network {
	return Network{Stations: []NetStation{st}, Classes: []NetClass{{Name: "job", Rate: rate, ArrivalSCV: arrivalSCV}}, Routing: matrix(1)}
}

func TestSolveSingleStations(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n      Network
		method string
		exact  bool
		metric string
		want   float64
	}{
		{"M/M/3 Erlang C", single(expStation("q", 3, 1), 2.4, 1), MethodErlangC, true, "mean_wait", MMc{3, 2.4, 1}.MeanWait()},
		{"M/D/1 P-K", single(NetStation{Name: "q", Servers: 1, Mean: []float64{1}, SCV: []float64{0}}, 0.8, 1), MethodPK, true, "mean_wait", 2},
		{"M/H2/1-PS insensitive", single(NetStation{Name: "q", Servers: 1, Discipline: queueing.PS, Mean: []float64{1}, SCV: []float64{4}}, 0.8, 1), MethodInsensitive, true, "mean_response", 5},
		{"M/G/1-LCFS-PR insensitive", single(NetStation{Name: "q", Servers: 1, Discipline: queueing.LCFSPR, Mean: []float64{2}, SCV: []float64{0}}, 0.25, 1), MethodInsensitive, true, "mean_response", 4},
		{"M/G/inf", single(NetStation{Name: "q", Servers: queueing.Infinite, Mean: []float64{3}, SCV: []float64{2}}, 5, 1), "M/G/∞", true, "mean_in_system", 15},
		{"M/M/2/5", single(NetStation{Name: "q", Servers: 2, Capacity: 5, Mean: []float64{1}, SCV: []float64{1}}, 3, 1), MethodMMcK, true, "p_loss", MMcK{2, 5, 3, 1}.ProbBlock()},
		{"Erlang loss M/G/4/4", single(NetStation{Name: "q", Servers: queueing.Infinite, Capacity: 4, Mean: []float64{2}, SCV: []float64{0}}, 2, 1), MethodErlangB, true, "p_loss", ErlangB(4, 4)},
		{"Erlang-A", single(NetStation{Name: "q", Servers: 5, Mean: []float64{1}, SCV: []float64{1}, Patience: 2, PatienceSCV: 1}, 6, 1), MethodErlangA, true, "p_abandon", ErlangA{5, 6, 1, 0.5}.ProbAbandon()},
		{"M/M/c+D", single(NetStation{Name: "q", Servers: 5, Mean: []float64{1}, SCV: []float64{1}, Patience: 2, PatienceSCV: 0}, 6, 1), MethodMMcD, true, "mean_wait", MMcD{5, 6, 1, 2}.MeanWait()},
		// GI/G/1 with Erlang-2 arrivals (c²a = 0.5) and det service at ρ = 0.5:
		// Kingman Wq = 1·1·(0.5 + 0)/2 = 0.25, times QNA's correction
		// g = exp(−2·0.5·0.5²/(3·0.5·0.5)) = e^(−1/3) for c²a < 1.
		{"E2/D/1 QNA", single(NetStation{Name: "q", Servers: 1, Mean: []float64{1}, SCV: []float64{0}}, 0.5, 0.5), MethodWhittGG1, false, "mean_wait", 0.25 * math.Exp(-1.0/3)},
		// H2/M/1 (c²a = 2): no correction, Kingman Wq = 0.5/(1 − 0.5)·(2 + 1)/2 = 1.5.
		{"H2/M/1 Kingman", single(expStation("q", 1, 1), 0.5, 2), MethodKingman, false, "mean_wait", 1.5},
		{"M/D/2 Allen-Cunneen", single(NetStation{Name: "q", Servers: 2, Mean: []float64{1}, SCV: []float64{0}}, 1.5, 1), MethodAllenCunneen, false, "mean_wait", MMc{2, 1.5, 1}.MeanWait() / 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ms, err := SolveNetwork(tc.n)
			require.NoError(t, err)
			m := metric(t, ms, "q", "job", queueing.Metric(tc.metric), tc.method)
			assert.InDelta(t, tc.want, m.Value, 1e-12)
			assert.Equal(t, tc.exact, m.Exact)
		})
	}
}

func TestSolvePriorityTwoClasses(t *testing.T) {
	// The Cobham case of TestCobhamTwoClasses through SolveNetwork.
	st := NetStation{Name: "q", Servers: 1, Discipline: queueing.Priority, Mean: []float64{1, 1}, SCV: []float64{1, 1}}
	n := Network{
		Stations: []NetStation{st},
		Classes:  []NetClass{{Name: "hi", Rate: 0.3, ArrivalSCV: 1}, {Name: "lo", Rate: 0.4, ArrivalSCV: 1}},
		Routing:  matrix(2),
	}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	assert.InDelta(t, 1.0, metric(t, ms, "q", "hi", "mean_wait", MethodCobham).Value, 1e-12)
	assert.InDelta(t, 10.0/3, metric(t, ms, "q", "lo", "mean_wait", MethodCobham).Value, 1e-12)
	n.Stations[0].Discipline = queueing.PreemptivePriority
	ms, err = SolveNetwork(n)
	require.NoError(t, err)
	assert.InDelta(t, 10.0/7, metric(t, ms, "q", "hi", "mean_response", MethodCobham).Value, 1e-12)
	for _, m := range ms {
		assert.NotEqual(t, "mean_wait", m.Name, "preemptive priority has no single mean wait")
	}
}

func TestQNAReproducesJackson(t *testing.T) {
	// The Jackson network with feedback: every SCV is 1, so QNA's waits are
	// the Jackson ones exactly.
	p := matrix(3)
	p[0][1], p[0][2], p[1][0], p[2][2] = 0.5, 0.5, 0.2, 0.3
	n := Network{
		Stations: []NetStation{expStation("A", 2, 1), expStation("B", 1, 0.9), expStation("C", 1, 0.5)},
		Classes:  []NetClass{{Name: "job", Rate: 1, ArrivalSCV: 1}},
		Routing:  p,
	}
	res, err := QNA(n)
	require.NoError(t, err)
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	for i, st := range n.Stations {
		assert.InDelta(t, 1, res[i].ArrivalSCV, 1e-12, st.Name)
		assert.InDelta(t, 1, res[i].DepartureSCV, 1e-12, st.Name)
		assert.InDelta(t, metric(t, ms, st.Name, "job", "mean_wait", MethodJackson).Value, res[i].MeanWait, 1e-12, st.Name)
	}
}

func TestQNAOnGeneralNetwork(t *testing.T) {
	// Deterministic service smooths the flow: a tandem of two D servers fed
	// by Poisson arrivals. The second station's arrival SCV is the first's
	// departure SCV, ρ²·0 + (1 − ρ²)·1 = 0.75 at ρ = 0.5, so its Kingman
	// wait is 0.5·1/(1 − 0.5)·(0.75 + 0)/2 = 0.375 s, and QNA's (Whitt's
	// correction for c²a < 1) 0.375·exp(−2·0.5·0.25²/(3·0.5·0.75)) =
	// 0.375·e^(−1/18); the first is M/D/1, 0.5 s, exactly (P-K: only
	// Poisson arrivals reach it). SolveNetwork reports QNA, not exact,
	// for b and the network.
	p := matrix(2)
	p[0][1] = 1
	det := func(name string) NetStation {
		return NetStation{Name: name, Servers: 1, Mean: []float64{1}, SCV: []float64{0}}
	}
	n := Network{Stations: []NetStation{det("a"), det("b")}, Classes: []NetClass{{Name: "job", Rate: 0.5, ArrivalSCV: 1}}, Routing: p}
	res, err := QNA(n)
	require.NoError(t, err)
	wb := 0.375 * math.Exp(-1.0/18)
	assert.InDelta(t, 0.75, res[1].ArrivalSCV, 1e-12)
	assert.InDelta(t, wb, res[1].MeanWait, 1e-12)
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	m := metric(t, ms, "b", "job", "mean_wait", MethodQNA)
	assert.InDelta(t, wb, m.Value, 1e-12)
	assert.False(t, m.Exact)
	pk := metric(t, ms, "a", "job", "mean_wait", MethodPK)
	assert.InDelta(t, 0.5, pk.Value, 1e-12)
	assert.True(t, pk.Exact)
	assert.InDelta(t, 0.5+1+wb+1, metric(t, ms, "network", "job", "mean_response", MethodQNA).Value, 1e-12)
	assert.False(t, hasMethod(ms, MethodJackson))
}

// thinkAndServe is a mixed network: one closed customer cycling between a
// delay of 1 s and an FCFS station of c servers (1 s), which an open class
// also uses at 0.5/s.
func thinkAndServe(c int) Network {
	m := 2
	p := matrix(4)
	p[0*m+0][0*m+1], p[0*m+1][0*m+0] = 1, 1
	return Network{
		Stations: []NetStation{
			{Name: "think", Servers: queueing.Infinite, Mean: []float64{1, 0}},
			{Name: "server", Servers: c, Mean: []float64{1, 1}},
		},
		Classes: []NetClass{{Name: "closed", Population: 1, Start: 0}, {Name: "open", Rate: 0.5, ArrivalSCV: 1, Source: 1}},
		Routing: p,
	}
}

func TestSolveMixed(t *testing.T) {
	// One closed customer cycling between a delay (1 s) and an FCFS server
	// (1 s), which open traffic also uses at 0.5/s. Mixed MVA: the closed
	// demand stretches to 1/(1 − 0.5) = 2 s, so X = 1/3 and the closed
	// customer is at the server 2/3 of the time; an open customer's visit
	// takes 1·(1 + 2/3)/(1 − 0.5) = 10/3 s.
	ms, err := SolveNetwork(thinkAndServe(1))
	require.NoError(t, err)
	assert.InDelta(t, 1.0/3, metric(t, ms, "network", "closed", "throughput", MethodMixedMVA).Value, 1e-12)
	assert.InDelta(t, 2.0, metric(t, ms, "server", "closed", "mean_response", MethodMixedMVA).Value, 1e-12)
	assert.InDelta(t, 10.0/3, metric(t, ms, "server", "open", "mean_response", MethodMixedMVA).Value, 1e-12)
	assert.InDelta(t, 10.0/3, metric(t, ms, "network", "open", "mean_response", MethodMixedMVA).Value, 1e-12)
	assert.InDelta(t, 0.5+1.0/3, metric(t, ms, "server", "", "utilization", MethodMixedMVA).Value, 1e-12)
}

func TestSolveTooLargeKeepsApproximations(t *testing.T) {
	// Three closed classes of 150 on a central server: 151³ > MVAStateLimit.
	p := matrix(6)
	for k := range 3 {
		p[k*2+0][k*2+1], p[k*2+1][k*2+0] = 1, 1
	}
	n := Network{
		Stations: []NetStation{
			{Name: "think", Servers: queueing.Infinite, Mean: []float64{5, 4, 3}},
			{Name: "cpu", Servers: 1, Discipline: queueing.PS, Mean: []float64{0.1, 0.2, 0.05}},
		},
		Classes: []NetClass{{Name: "a", Population: 150}, {Name: "b", Population: 150}, {Name: "c", Population: 150}},
		Routing: p,
	}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	assert.False(t, hasMethod(ms, MethodExactMVA))
	assert.True(t, hasMethod(ms, MethodLinearizer))
	assert.True(t, hasMethod(ms, MethodSchweitzer))
	_, err = ClosedModel{Servers: []int{queueing.Infinite, 1}, Demand: [][]float64{{5, 4, 3}, {0.1, 0.2, 0.05}}, Population: []int{150, 150, 150}}.ExactMVA()
	var tl *TooLargeError
	assert.ErrorAs(t, err, &tl)
}

func TestSolveUnstable(t *testing.T) {
	p := matrix(2)
	p[0][1] = 1
	n := Network{
		Stations: []NetStation{expStation("front", 1, 0.5), expStation("back", 2, 2.5)},
		Classes:  []NetClass{{Name: "job", Rate: 1, ArrivalSCV: 1}},
		Routing:  p,
	}
	ms, err := SolveNetwork(n)
	var ue *UnstableError
	require.ErrorAs(t, err, &ue)
	assert.Nil(t, ms)
	assert.Equal(t, "back", ue.Station)
	assert.InDelta(t, 1.25, ue.Rho, 1e-15)
	assert.Contains(t, err.Error(), `"back"`)
	// With a finite capacity the same station is a loss system, stable.
	n.Stations[1].Capacity = 4
	_, err = SolveNetwork(n)
	assert.NoError(t, err)
}

func TestSolveInvalid(t *testing.T) {
	good := func() Network {
		p := matrix(2)
		p[0][1] = 1
		return Network{
			Stations: []NetStation{expStation("a", 1, 0.5), expStation("b", 1, 0.5)},
			Classes:  []NetClass{{Name: "job", Rate: 1, ArrivalSCV: 1}},
			Routing:  p,
		}
	}
	_, err := SolveNetwork(good())
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		break_ func(*Network)
		want   string
	}{
		{"no stations", func(n *Network) { n.Stations = nil }, "no stations"},
		{"no classes", func(n *Network) { n.Classes = nil }, "no classes"},
		{"routing rows", func(n *Network) { n.Routing = n.Routing[:1] }, "routing has 1 rows"},
		{"routing columns", func(n *Network) { n.Routing[1] = []float64{0} }, `routing row (class "job", station "b") has 1 entries`},
		{"row above 1", func(n *Network) { n.Routing[0][0] = 0.3 }, "sums to 1.3 > 1"},
		{"negative probability", func(n *Network) { n.Routing[1][0] = -0.1 }, "probability must be in [0, 1]"},
		{"NaN probability", func(n *Network) { n.Routing[1][0] = math.NaN() }, "probability must be in [0, 1]"},
		{"duplicate station", func(n *Network) { n.Stations[1].Name = "a" }, "duplicate station"},
		{"reserved name", func(n *Network) { n.Stations[1].Name = "network" }, "reserved"},
		{"negative servers", func(n *Network) { n.Stations[0].Servers = -2 }, "servers must be"},
		{"unknown discipline", func(n *Network) { n.Stations[0].Discipline = 9 }, "unknown discipline"},
		{"means", func(n *Network) { n.Stations[0].Mean = nil }, "0 mean service times for 1 classes"},
		{"negative mean", func(n *Network) { n.Stations[0].Mean[0] = -1 }, "mean service time must be"},
		{"bad SCV", func(n *Network) { n.Stations[0].SCV[0] = math.NaN() }, "service SCV"},
		{"negative SCV", func(n *Network) { n.Stations[0].SCV[0] = -1 }, "service SCV"},
		{"capacity below servers", func(n *Network) { n.Stations[0].Servers, n.Stations[0].Capacity = 3, 2 }, "capacity must be"},
		{"open and closed", func(n *Network) { n.Classes[0].Population = 3 }, "exactly one of rate"},
		{"neither", func(n *Network) { n.Classes[0].Rate = 0 }, "exactly one of rate"},
		{"source", func(n *Network) { n.Classes[0].Source = 2 }, "source station index 2"},
		{"no service at source", func(n *Network) { n.Stations[0].Mean[0] = 0 }, "no service time"},
		{"route to no service", func(n *Network) { n.Stations[1].Mean[0] = 0 }, `has no service time at station "b"`},
		{"closed class leaves", func(n *Network) { n.Classes[0] = NetClass{Name: "job", Population: 2} }, "cannot leave"},
		{"open loop without exit", func(n *Network) { n.Routing[1][0] = 1 }, "never leave"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := good()
			tc.break_(&n)
			ms, err := SolveNetwork(n)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Nil(t, ms)
		})
	}
}

func TestSolveOrderIsDeterministic(t *testing.T) {
	ms, err := SolveNetwork(centralServer(5))
	require.NoError(t, err)
	again, err := SolveNetwork(centralServer(5))
	require.NoError(t, err)
	assert.Equal(t, ms, again)
	order := map[string]int{"terminals": 0, "cpu": 1, "disk1": 2, "disk2": 3, "network": 4}
	for i := 1; i < len(ms); i++ {
		a, b := ms[i-1], ms[i]
		require.LessOrEqual(t, order[a.Station], order[b.Station])
		if a.Station == b.Station && a.Class == b.Class && a.Name == b.Name {
			assert.Less(t, a.Method, b.Method)
		}
	}
	assert.Equal(t, "network", ms[len(ms)-1].Station)
}

func TestSolveClosedClassSwitching(t *testing.T) {
	// Two customers, one of class a and one of class b, on a cycle where a
	// customer is class a at s0 (PS, 1 s) and turns into class b for s1
	// (PS, 2 s), then back: one chain of two customers, the same as one
	// class of N = 2 on the cycle. Its "network" figures are those of the
	// customers who start in each class: one customer each, whose cycle
	// (back to its start station) is the chain's cycle time and whose
	// throughput is half the chain's.
	m := 2
	p := matrix(4)
	p[0*m+0][1*m+1], p[1*m+1][0*m+0] = 1, 1
	n := Network{
		Stations: []NetStation{
			{Name: "s0", Servers: 1, Discipline: queueing.PS, Mean: []float64{1, 0}},
			{Name: "s1", Servers: 1, Discipline: queueing.PS, Mean: []float64{0, 2}},
		},
		Classes: []NetClass{{Name: "a", Population: 1, Start: 0}, {Name: "b", Population: 1, Start: 1}},
		Routing: p,
	}
	n.ForceCTMC = true // the chain too: one definition for both
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	// By hand (see TestExactMVAHandChecked): X = 3/7, cycle 14/3 s.
	for _, class := range []string{"a", "b"} {
		for _, method := range []string{MethodExactMVA, MethodCTMC} { // one definition for both
			assert.InDelta(t, 3.0/14, metric(t, ms, "network", class, "throughput", method).Value, 1e-9, method)
			assert.InDelta(t, 14.0/3, metric(t, ms, "network", class, "mean_response", method).Value, 1e-9, method)
			assert.InDelta(t, 1, metric(t, ms, "network", class, "mean_in_system", method).Value, 1e-12, method)
		}
	}
	assert.InDelta(t, 10.0/3, metric(t, ms, "s1", "b", "mean_response", MethodExactMVA).Value, 1e-12)
	assert.InDelta(t, 3.0/7, metric(t, ms, "s1", "b", "throughput", MethodExactMVA).Value, 1e-12)
}

func TestSolveClosedExactness(t *testing.T) {
	// Deterministic service at an FCFS server breaks product form: MVA still
	// runs but is marked inexact, and the balanced job bounds (which need
	// product form) are left out; the asymptotic bounds stay.
	n := centralServer(5)
	n.Stations[1].SCV = []float64{0}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	assert.False(t, metric(t, ms, "network", "user", "throughput", MethodExactMVA).Exact)
	assert.False(t, hasMethod(ms, MethodBalanced))
	assert.True(t, hasMethod(ms, MethodAsymptotic))
	// The same under PS is product form again (insensitivity).
	n.Stations[1].Discipline = queueing.PS
	ms, err = SolveNetwork(n)
	require.NoError(t, err)
	assert.True(t, metric(t, ms, "network", "user", "throughput", MethodExactMVA).Exact)
	// A priority station leaves only the asymptotic bounds.
	n.Stations[1].Discipline = queueing.Priority
	ms, err = SolveNetwork(n)
	require.NoError(t, err)
	for _, x := range ms {
		assert.Equal(t, MethodAsymptotic, x.Method)
	}
	assert.NotEmpty(t, ms)
}

// mixedPSChain solves by brute force the Markov chain of one closed customer
// cycling between a delay of mean z and a PS server it shares with Poisson
// open traffic (rate lambda, mean so; the closed customer's mean there is
// sc), with the open queue truncated at k. It returns the closed
// throughput and the mean number of open customers at the server.
func mixedPSChain(lambda, so, sc, z float64, k int) (x, openL float64) {
	idx := func(at, n int) int { return at*(k+1) + n } // at: 1 = closed customer at the server
	size := 2 * (k + 1)
	q := matrix(size) // generator transposed: q[to][from]
	move := func(from, to int, rate float64) {
		q[to][from] += rate
		q[from][from] -= rate
	}
	for at := range 2 {
		for n := 0; n <= k; n++ {
			here := idx(at, n)
			if n < k {
				move(here, idx(at, n+1), lambda)
			}
			m := float64(n + at)
			if n > 0 {
				move(here, idx(at, n-1), float64(n)/m/so)
			}
			if at == 1 {
				move(here, idx(0, n), 1/m/sc)
			} else {
				move(here, idx(1, n), 1/z)
			}
		}
	}
	b := make([]float64, size)
	for j := range q[0] { // replace one balance equation by Σπ = 1
		q[0][j] = 1
	}
	b[0] = 1
	pi, _ := solveLinear(q, b)
	for n := 0; n <= k; n++ {
		x += pi[idx(0, n)] / z
		openL += float64(n) * (pi[idx(0, n)] + pi[idx(1, n)])
	}
	return x, openL
}

func TestSolveMixedAgainstMarkovChain(t *testing.T) {
	// One closed customer (think 2 s, 0.5 s at the server) and open traffic
	// (0.4/s, 1 s) at a PS server: mixed MVA against the Markov chain
	// solved directly, truncated where the open queue's tail is below 1e-60.
	const lambda, so, sc, z = 0.4, 1.0, 0.5, 2.0
	m := 2
	p := matrix(4)
	p[0*m+0][0*m+1], p[0*m+1][0*m+0] = 1, 1
	n := Network{
		Stations: []NetStation{
			{Name: "think", Servers: queueing.Infinite, Mean: []float64{z, 0}},
			{Name: "server", Servers: 1, Discipline: queueing.PS, Mean: []float64{sc, so}, SCV: []float64{1, 1}},
		},
		Classes: []NetClass{{Name: "closed", Population: 1}, {Name: "open", Rate: lambda, ArrivalSCV: 1, Source: 1}},
		Routing: p,
	}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	x, openL := mixedPSChain(lambda, so, sc, z, 150)
	assert.InEpsilon(t, x, metric(t, ms, "network", "closed", "throughput", MethodMixedMVA).Value, 1e-10)
	assert.InEpsilon(t, openL, metric(t, ms, "server", "open", "mean_in_system", MethodMixedMVA).Value, 1e-10)
}

func TestSolveProductFormJudgedOnVisitors(t *testing.T) {
	// A station nobody is routed to, and service times given for a class at
	// a station it never visits, do not break product form.
	p := matrix(3)
	p[0][1] = 1
	n := Network{
		Stations: []NetStation{expStation("a", 1, 0.5), expStation("b", 1, 0.5), {Name: "spare", Servers: 1, Mean: []float64{1}, SCV: []float64{0}}},
		Classes:  []NetClass{{Name: "job", Rate: 1, ArrivalSCV: 1}},
		Routing:  p,
	}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	assert.InDelta(t, 2.0, metric(t, ms, "network", "job", "mean_response", MethodJackson).Value, 1e-12)

	c := centralServer(3)
	for i := range c.Stations {
		c.Stations[i].Mean = append(c.Stations[i].Mean, 7)
		c.Stations[i].SCV = append(c.Stations[i].SCV, 0)
	}
	// A second closed class that only ever thinks.
	c.Classes = append(c.Classes, NetClass{Name: "idle", Population: 2, Start: 0})
	big := matrix(8)
	for x, row := range c.Routing {
		copy(big[x], row)
	}
	big[4][4] = 1
	c.Routing = big
	ms, err = SolveNetwork(c)
	require.NoError(t, err)
	assert.True(t, metric(t, ms, "network", "user", "throughput", MethodExactMVA).Exact)
}

func TestSolveClosedTransientStart(t *testing.T) {
	// Customers start at "setup", which they never see again: in steady
	// state they cycle between a (1 s) and b (2 s), the network of
	// TestExactMVAHandChecked, and a becomes the reference station.
	p := matrix(3)
	p[0][1], p[1][2], p[2][1] = 1, 1, 1
	n := Network{
		Stations: []NetStation{expStation("setup", 1, 9), expStation("a", 1, 1), expStation("b", 1, 2)},
		Classes:  []NetClass{{Name: "job", Population: 2, Start: 0}},
		Routing:  p,
	}
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	assert.InDelta(t, 3.0/7, metric(t, ms, "a", "job", "throughput", MethodExactMVA).Value, 1e-12)
	for _, x := range ms {
		assert.NotEqual(t, "setup", x.Station, "nobody is at setup in steady state")
		// A cycle runs between two arrivals at the start station, which
		// nobody sees again: no end-to-end figure.
		if x.Name != "ctmc_states" && x.Name != "ctmc_mass_cut" { // the chain's size is the model's
			assert.NotEqual(t, "network", x.Station, "%+v", x)
		}
	}
	// If setup instead sends customers to either of two separate loops, how
	// many end up in each is a matter of luck: an error.
	n.Stations = append(n.Stations, expStation("c", 1, 1))
	p = matrix(4)
	p[0][1], p[0][3], p[1][2], p[2][1], p[3][3] = 0.5, 0.5, 1, 1, 1
	n.Routing = p
	_, err = SolveNetwork(n)
	assert.ErrorContains(t, err, "2 separate parts")
}

func TestQNAImmediateFeedback(t *testing.T) {
	// M/D/1 (λ = 0.25/s, S = 1 s) where half the customers go straight back
	// for another service: QNA serves a run of visits at once, a geometric
	// sum of services with mean 2 s and SCV 0.5 + 0.5·0 = 0.5, at rate
	// 0.125/s (ρ = 0.5). Kingman: the run waits 2·1·(1 + 0.5)/2 = 1.5 s, so
	// a visit waits 1.5·(1 − 0.5) = 0.75 s on average.
	p := matrix(1)
	p[0][0] = 0.5
	n := Network{
		Stations: []NetStation{{Name: "q", Servers: 1, Mean: []float64{1}, SCV: []float64{0}}},
		Classes:  []NetClass{{Name: "job", Rate: 0.25, ArrivalSCV: 1}},
		Routing:  p,
	}
	res, err := QNA(n)
	require.NoError(t, err)
	assert.InDelta(t, 0.75, res[0].MeanWait, 1e-12)
	assert.InDelta(t, 1, res[0].ArrivalSCV, 1e-12, "runs start as the Poisson arrivals do")
	ms, err := SolveNetwork(n)
	require.NoError(t, err)
	// Two visits per customer of 0.75 + 1 s each.
	assert.InDelta(t, 3.5, metric(t, ms, "network", "job", "mean_response", MethodQNA).Value, 1e-12)
}

func TestSolveMixedUnsolvedGivesNoAllClassTotals(t *testing.T) {
	// The same network as TestSolveMixed with two servers: mixed MVA does
	// not apply, so only the open class's flows are known. An all-class
	// throughput or utilisation of "server" would count the open class
	// alone and be wrong by the closed customer's share.
	ms, err := SolveNetwork(thinkAndServe(2))
	require.NoError(t, err)
	assert.InDelta(t, 0.5, metric(t, ms, "server", "open", "throughput", MethodTraffic).Value, 1e-12)
	assert.InDelta(t, 0.25, metric(t, ms, "server", "open", "utilization", MethodTraffic).Value, 1e-12)
	for _, x := range ms {
		assert.False(t, x.Station == "server" && x.Class == "" && x.Method != MethodCTMC, "all-class %s of a station a closed class visits: %v", x.Name, x)
	}
	// The exact CTMC covers both classes: its all-class throughput is the
	// sum of theirs.
	all := metric(t, ms, "server", "", "throughput", MethodCTMC).Value
	open := metric(t, ms, "server", "open", "throughput", MethodCTMC).Value
	closed := metric(t, ms, "server", "closed", "throughput", MethodCTMC).Value
	assert.InDelta(t, open+closed, all, 1e-12)
	assert.InDelta(t, 0.5, open, 1e-9)
}
