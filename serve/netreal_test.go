package serve

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/network"
)

// TestLeadingComments: the description and source at the top of a file
// head the edited file; nothing after the first other line does.
func TestLeadingComments(t *testing.T) {
	assert.Equal(t, "# Tandem\n#  source\n", leadingComments([]byte("# Tandem\n#  source\r\nname: t\n# later\n")))
	assert.Empty(t, leadingComments([]byte("name: t\n# later\n")))
}

func openExample(t *testing.T, name string, seed uint64) NetLive {
	t.Helper()
	src, err := os.ReadFile("../examples/networks/" + name)
	require.NoError(t, err)
	l, err := OpenNetwork(name, src, seed)
	require.NoError(t, err)
	return l
}

func TestOpenNetworkErrors(t *testing.T) {
	_, err := OpenNetwork("mine.yaml", []byte("stations: [{name: a}]\n"), 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "mine.yaml:1", "the file and line are named")
}

// TestLiveNetGraph: the graph of jackson-feedback, with what leaves.
func TestLiveNetGraph(t *testing.T) {
	g := openExample(t, "jackson-feedback.yaml", 1).Graph()
	assert.Equal(t, "jackson-feedback", g.Name)
	assert.Equal(t, []NetClass{{Name: "job", Rate: 1, To: "a"}}, g.Classes)
	require.Len(t, g.Stations, 3)
	assert.Equal(t, NetStation{Name: "b", Servers: 1, Capacity: -1, Discipline: "fcfs",
		Service: []NetService{{Class: "job", Dist: "exp", Mean: 0.4, SCV: 1}}}, g.Stations[1])
	assert.Equal(t, 0.6, g.Unit, "the longest mean service time")
	out := map[string]float64{}
	for _, r := range g.Routes {
		if r.To == "" {
			out[r.From] = r.P
		}
	}
	assert.InDelta(t, 0.3, out["b"], 1e-12)
	assert.InDelta(t, 0.6, out["c"], 1e-12)
	assert.NotContains(t, out, "a", "a sends everyone to b")

	closed := openExample(t, "central-server.yaml", 1).Graph()
	for _, r := range closed.Routes {
		assert.NotEmpty(t, r.To, "a closed class never leaves")
	}
	assert.Equal(t, -1, closed.Stations[0].Servers)
	assert.Equal(t, "delay", closed.Stations[0].Discipline)
}

// TestLiveNetApply makes every kind of change on the real simulator and
// checks the network, the formulas and the statistics restart.
func TestLiveNetApply(t *testing.T) {
	l := openExample(t, "jackson-feedback.yaml", 3)
	require.NoError(t, l.RunUntil(100))
	formula := func(station, name string) float64 {
		for _, f := range l.Analytic().Formulas {
			if f.Station == station && f.Class == "" && f.Name == name {
				return f.Value
			}
		}
		return math.NaN()
	}
	assert.InDelta(t, 2.0, formula("b", "mean_in_system"), 1e-9)

	require.NoError(t, l.Apply(NetChange{Kind: "rate", Class: "job", Value: "2"}))
	assert.Equal(t, []NetUnstable{{"a", 1}, {"b", 1.333333333}, {"c", 1}}, roundRho(l.Analytic().Unstable), "λa = λb = 10/3, λc = 5/3: ρ = 1 is unstable too")
	require.NoError(t, l.Apply(NetChange{Kind: "rate", Class: "job", Value: "1"}))
	assert.Empty(t, l.Analytic().Unstable)
	require.NoError(t, l.Apply(NetChange{Kind: "route", Station: "b", To: "a", Value: "0.3"}))
	assert.InDelta(t, 4.0, formula("b", "mean_in_system"), 1e-9, "λa = 2, ρb = 0.8")
	require.NoError(t, l.Apply(NetChange{Kind: "servers", Station: "b", Value: "2"}))
	assert.Equal(t, 2, l.Graph().Stations[1].Servers)
	require.NoError(t, l.Apply(NetChange{Kind: "service", Station: "a", Value: "det"}))
	assert.Equal(t, NetService{Class: "job", Dist: "det", Mean: 0.3, SCV: 0}, l.Graph().Stations[0].Service[0], "same mean, no variability")
	require.NoError(t, l.Apply(NetChange{Kind: "rate", Class: "job", Value: "0.5"}))
	assert.Equal(t, 0.5, l.Graph().Classes[0].Rate)
	require.NoError(t, l.RunUntil(150))
	require.NoError(t, l.Apply(NetChange{Kind: "discipline", Station: "c", Value: "ps"}))
	assert.Equal(t, 150.0, l.Now(), "a new discipline starts an empty run whose clock continues")
	assert.Equal(t, "ps", l.Graph().Stations[2].Discipline)
	assert.Equal(t, 0.5, l.Graph().Classes[0].Rate, "the earlier changes are kept")
	require.NoError(t, l.RunUntil(160))
	assert.Equal(t, 160.0, l.Snapshot().Time)
	for _, e := range l.Estimates() {
		assert.LessOrEqual(t, e.K, network.DefaultBatches, "%+v", e)
	}
	file := string(l.File())
	for _, want := range []string{"rate: 0.5", "servers: 2", "{dist: det, mean: 0.3}", "discipline: ps", "b: {c: 0.5, a: 0.3}"} {
		assert.Contains(t, file, want)
	}
	_, err := network.Parse("edited.yaml", l.File())
	assert.NoError(t, err)

	for _, tc := range []struct {
		c    NetChange
		want string
	}{
		{NetChange{Kind: "servers", Station: "x", Value: "2"}, `"x"`},
		{NetChange{Kind: "servers", Station: "a", Value: "two"}, "not a whole number"},
		{NetChange{Kind: "servers", Station: "a", Value: "inf"}, "delay station"},
		{NetChange{Kind: "service", Station: "a", Value: "fancy"}, "fancy"},
		{NetChange{Kind: "service", Station: "nope", Value: "exp"}, `unknown station "nope" (valid: a, b, c)`},
		{NetChange{Kind: "discipline", Station: "a", Value: "lifo"}, "lifo"},
		{NetChange{Kind: "rate", Class: "job", Value: "-1"}, "must be > 0"},
		{NetChange{Kind: "route", Station: "b", To: "out", Value: "0.5"}, "what leaves is what the row leaves"},
		{NetChange{Kind: "route", Station: "b", To: "a", Value: "0.9"}, "b"},
		{NetChange{Kind: "fly", Value: "1"}, "unknown change"},
	} {
		err := l.Apply(tc.c)
		if assert.Error(t, err, tc.c.String()) {
			assert.Contains(t, err.Error(), tc.want, tc.c.String())
		}
	}
}

// TestLiveNetPopulation changes the number of users of the closed terminal
// model: the run starts again from now with the new population at the
// class's start station, exact MVA follows (below N* = 21 users the server
// is no bottleneck, at 30 it is saturated), the file carries the change,
// and bad populations are refused with the class and the limit named.
func TestLiveNetPopulation(t *testing.T) {
	l := openExample(t, "terminal.yaml", 2)
	require.NoError(t, l.RunUntil(200))
	throughput := func() float64 {
		f, ok := refFormula(l.Analytic().Formulas, "server", "", "throughput")
		require.True(t, ok)
		require.True(t, f.Exact, f.Method)
		return f.Value
	}
	assert.InDelta(t, 2, throughput(), 0.03, "30 users: saturated at 1/D = 2/s")
	require.NoError(t, l.Apply(NetChange{Kind: "population", Class: "user", Value: "5"}))
	assert.Equal(t, 200.0, l.Now(), "the new run's clock continues")
	assert.Equal(t, 5, l.Graph().Classes[0].Population)
	// One server of mean 0.5 s and 10 s of thinking, exact MVA by hand:
	// R(n) = D(1 + Q(n−1)), X(n) = n/(Z + R(n)), Q(n) = X(n)R(n).
	q, x := 0.0, 0.0
	for n := 1; n <= 5; n++ {
		r := 0.5 * (1 + q)
		x = float64(n) / (10 + r)
		q = x * r
	}
	assert.InDelta(t, x, throughput(), 1e-9, "exact MVA at 5 users")
	snap := l.Snapshot()
	assert.Equal(t, 5, snap.Stations[0].Count+snap.Stations[1].Count, "five users, all at their start station")
	assert.Equal(t, 5, snap.Stations[0].Count)
	require.NoError(t, l.RunUntil(400))
	assert.Contains(t, string(l.File()), "population: 5")

	for _, tc := range []struct {
		c    NetChange
		want string
	}{
		{NetChange{Kind: "population", Class: "user", Value: "0"}, "from 1 to 1000000"},
		{NetChange{Kind: "population", Class: "user", Value: "2000000"}, "from 1 to 1000000"},
		{NetChange{Kind: "population", Class: "user", Value: "many"}, "not a whole number"},
		{NetChange{Kind: "population", Class: "admin", Value: "3"}, `unknown class "admin" (valid: user)`},
	} {
		err := l.Apply(tc.c)
		if assert.Error(t, err, tc.c.String()) {
			assert.Contains(t, err.Error(), tc.want, tc.c.String())
		}
	}
	assert.Equal(t, 5, l.Graph().Classes[0].Population, "a refused change leaves the run as it was")

	open := openExample(t, "jackson-feedback.yaml", 1)
	err := open.Apply(NetChange{Kind: "population", Class: "job", Value: "3"})
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), "an open class has no population")
	}
}

// TestNetworkReplayIsIdentical: a run with a live change and its replay
// (the same seed, the change planned at the time it was taken) give
// byte-identical states.
func TestNetworkReplayIsIdentical(t *testing.T) {
	srv := newTestServer(t, Options{Networks: realCatalogueFiles(t), OpenNetwork: OpenNetwork})
	stepTo := func(id string, n int) netTestState {
		for range n {
			require.Equal(t, 202, call(t, srv, "POST", "/api/networks/sessions/"+id+"/step", "", nil))
		}
		return netWait(t, srv, id, "the steps", func(s netTestState) bool { return !s.Running && len(s.Pending) == 0 })
	}
	live := netCreate(t, srv, `{"example":"jackson-feedback","seed":11}`)
	stepTo(live.ID, 5)
	require.Equal(t, 202, call(t, srv, "POST", "/api/networks/sessions/"+live.ID+"/change", `{"change":"route b>a=0.3"}`, nil))
	first := stepTo(live.ID, 4)
	require.Len(t, first.Taken, 1)
	assert.Equal(t, "3:route b>a=0.3", first.Taken[0], "applied after 5 units of 0.6 s")

	replay := netCreate(t, srv, fmt.Sprintf(`{"example":"jackson-feedback","seed":11,"at":[%q]}`, first.Taken[0]))
	second := stepTo(replay.ID, 10)
	assert.Equal(t, first.Taken, second.Taken)
	a, b := first.netStateJSON, second.netStateJSON
	a.ID, b.ID = "", ""
	ja, err := json.Marshal([]any{a.Time, a.Snapshot, first.Rows, a.Points, a.Marks})
	require.NoError(t, err)
	jb, err := json.Marshal([]any{b.Time, b.Snapshot, second.Rows, b.Points, b.Marks})
	require.NoError(t, err)
	assert.Equal(t, string(ja), string(jb))
}

func realCatalogueFiles(t *testing.T) []NetworkFile {
	t.Helper()
	src, err := os.ReadFile("../examples/networks/jackson-feedback.yaml")
	require.NoError(t, err)
	return []NetworkFile{{Name: "jackson-feedback.yaml", Source: src}}
}

func roundRho(us []NetUnstable) []NetUnstable {
	for i := range us {
		us[i].Rho = math.Round(us[i].Rho*1e9) / 1e9
	}
	return us
}

// TestNetworkManyEventsStayResponsive: a network with a billion arrivals
// a second asked to run at speed 1000 still answers at once, pauses,
// downloads and closes without waiting for the time asked for. A request
// waits at most for the step in progress, netTick of computing; the time
// asked for is 100 units a tick, 10¹¹ events, hours of CPU. The bound,
// 50 netTicks, is far below that and above what a loaded machine adds
// (500 ms failed at load 25 on 2 cores: 660 ms).
func TestNetworkManyEventsStayResponsive(t *testing.T) {
	src := "arrivals: {to: a, rate: 1e9}\nstations: [{name: a, servers: inf, service: {dist: exp, mean: 1}}]\n"
	srv := newTestServer(t, Options{OpenNetwork: OpenNetwork})
	st := netCreate(t, srv, fmt.Sprintf(`{"name":"busy.yaml","source":%q}`, src))
	require.Equal(t, 200, call(t, srv, "POST", "/api/networks/sessions/"+st.ID+"/run", `{"speed":1000}`, nil))
	time.Sleep(300 * time.Millisecond)
	for _, req := range []struct{ method, path, body string }{
		{"GET", "/state", ""}, {"POST", "/run", `{"speed":0}`}, {"GET", "/network.yaml", ""}, {"POST", "/close", ""},
	} {
		began := time.Now()
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, newReq(req.method, "/api/networks/sessions/"+st.ID+req.path, strings.NewReader(req.body)))
		assert.Equal(t, 200, rec.Code, req.path)
		assert.Less(t, time.Since(began), 50*netTick, req.path)
	}
}
