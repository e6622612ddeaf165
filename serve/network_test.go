package serve

import (
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newNetServer(t *testing.T, opts Options) *Server {
	t.Helper()
	opts.Networks, opts.OpenNetwork = fakeCatalogue, openFake
	return newTestServer(t, opts)
}

type netTestState struct {
	netStateJSON
	Time float64 `json:"time"`
	Rows []struct {
		Station, Class, Name string
		Sim                  *float64
		HalfWidth            *float64
		Formulas             []struct {
			Value  float64
			Method string
			Exact  bool
		}
		Verdict, Text string
	} `json:"rows"`
}

func netCreate(t *testing.T, h http.Handler, body string) netTestState {
	t.Helper()
	var st netTestState
	require.Equal(t, http.StatusCreated, call(t, h, "POST", "/api/networks/sessions", body, &st))
	require.NotEmpty(t, st.ID)
	return st
}

// netWait polls the state until cond holds (10 s at most).
func netWait(t *testing.T, h http.Handler, id string, what string, cond func(netTestState) bool) netTestState {
	t.Helper()
	return waitFor(t, h, "/api/networks/sessions/"+id+"/state", cond,
		func(st netTestState) string { return fmt.Sprintf("waiting for %s; at t = %g", what, st.Time) })
}

func row(st netTestState, station, name string) (sim, hw float64, verdict, text string, formula float64) {
	for _, r := range st.Rows {
		if r.Station == station && r.Class == "" && r.Name == name {
			sim, hw, formula = math.NaN(), math.NaN(), math.NaN()
			if r.Sim != nil {
				sim = *r.Sim
			}
			if r.HalfWidth != nil {
				hw = *r.HalfWidth
			}
			if len(r.Formulas) > 0 {
				formula = r.Formulas[0].Value
			}
			return sim, hw, r.Verdict, r.Text, formula
		}
	}
	return math.NaN(), math.NaN(), "", "no row", math.NaN()
}

func TestNetworkCatalogueAndPage(t *testing.T) {
	srv := newNetServer(t, Options{})
	var cat struct {
		Available bool
		Networks  []catalogueJSON
	}
	require.Equal(t, 200, call(t, srv, "GET", "/api/networks", "", &cat))
	assert.True(t, cat.Available)
	require.Len(t, cat.Networks, 2)
	assert.Equal(t, "fake.yaml", cat.Networks[0].Name)
	assert.Contains(t, cat.Networks[0].Lesson, "two servers")
	assert.Equal(t, "other.yaml", cat.Networks[1].Title, "the title defaults to the name")
	for _, path := range []string{"/network.html", "/network.js", "/network.css"} {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, newReq("GET", path, nil))
		assert.Equal(t, 200, rec.Code, path)
	}

	off := newTestServer(t, Options{})
	require.Equal(t, 200, call(t, off, "GET", "/api/networks", "", &cat))
	assert.False(t, cat.Available)
	assert.Equal(t, http.StatusNotImplemented, call(t, off, "POST", "/api/networks/sessions", `{"example":"fake"}`, nil))
}

func TestNetworkCreateErrors(t *testing.T) {
	srv := newNetServer(t, Options{})
	for _, tc := range []struct{ body, want string }{
		{`{}`, "want {\"example\""},
		{`{"example":"nope"}`, "unknown network \"nope\" (valid: fake.yaml, other.yaml)"},
		{`{"example":"fake","source":"x"}`, "either example or source"},
		{`{"name":"mine.yaml","source":"bad: yes"}`, "mine.yaml:1: bad network"},
		{`{"example":"fake","at":["x"]}`, "want SECONDS:CHANGE"},
		{`{"example":"fake","at":["5:fly cpu=2"]}`, "unknown kind \"fly\""},
		{`{"example":"fake","bogus":1}`, "unknown field"},
		{fmt.Sprintf(`{"name":"big.yaml","source":%q}`, strings.Repeat("x", maxNetworkFile+1)), "at most"},
	} {
		var e errorJSON
		assert.Equal(t, 400, call(t, srv, "POST", "/api/networks/sessions", tc.body, &e), tc.body[:min(len(tc.body), 60)])
		assert.Contains(t, e.Error, tc.want)
	}
	var e errorJSON
	huge := fmt.Sprintf(`{"name":"big.yaml","source":%q}`, strings.Repeat("x", 2*maxNetworkFile))
	assert.Equal(t, http.StatusRequestEntityTooLarge, call(t, srv, "POST", "/api/networks/sessions", huge, &e))
	assert.Contains(t, e.Error, "larger than 320 KiB")
	assert.Equal(t, 404, call(t, srv, "GET", "/api/networks/sessions/nope/state", "", &e))
	assert.Contains(t, e.Error, "ended or expired")
}

func TestParseNetChangeRoundTrip(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"rate web=6", "rate web=6"},
		{"population user=40", "population user=40"},
		{"servers cpu=inf", "servers cpu=inf"},
		{"service cpu=det", "service cpu=det"},
		{"service cpu/web=hyperexp", "service cpu/web=hyperexp"},
		{"discipline cpu=ps", "discipline cpu=ps"},
		{"route cpu>disk=0.8", "route cpu>disk=0.8"},
		{"route cpu>out/batch=0.1", "route cpu>out/batch=0.1"},
		{"  servers  cpu = 2 ", "servers cpu=2"},
	} {
		c, err := ParseNetChange(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, c.String())
		again, err := ParseNetChange(c.String())
		require.NoError(t, err)
		assert.Equal(t, c, again)
	}
	for _, bad := range []string{"", "servers", "servers cpu", "servers =2", "route cpu=0.5", "fly cpu=1", "rate web=", "population =3"} {
		_, err := ParseNetChange(bad)
		assert.Error(t, err, bad)
	}
	tm, err := ParseNetTimed("12.5:servers cpu=2")
	require.NoError(t, err)
	assert.Equal(t, "12.5:servers cpu=2", tm.String())
	for _, bad := range []string{"-1:servers cpu=2", "NaN:servers cpu=2", "x:servers cpu=2", "servers cpu=2"} {
		_, err := ParseNetTimed(bad)
		assert.Error(t, err, bad)
	}
}

// TestNetworkLiveChange runs the fake network, changes the number of
// servers mid-run and checks that the change is marked, the statistics
// restart, the analytic values follow, the verdict appears once the
// interval is narrow, and the download carries the change.
func TestNetworkLiveChange(t *testing.T) {
	srv := newNetServer(t, Options{})
	st := netCreate(t, srv, `{"example":"fake","seed":7}`)
	id := st.ID
	assert.Equal(t, uint64(7), st.Seed)
	require.Len(t, st.Graph.Stations, 2)
	require.Len(t, st.Marks, 1, "the start is marked")
	_, _, verdict, _, f := row(st, "cpu", "mean_in_system")
	assert.InDelta(t, 1.0, f, 1e-12, "cpu: λ = 2, mean 0.25 → ρ = 0.5, L = 1")
	assert.Equal(t, "inconclusive", verdict)

	require.Equal(t, 200, call(t, srv, "POST", "/api/networks/sessions/"+id+"/run", `{"speed":-1}`, nil))
	st = netWait(t, srv, id, "an agreeing verdict", func(s netTestState) bool {
		_, _, v, _, _ := row(s, "cpu", "mean_in_system")
		return v == "agrees"
	})
	require.Equal(t, 200, call(t, srv, "POST", "/api/networks/sessions/"+id+"/run", `{"speed":0}`, nil))
	st = netWait(t, srv, id, "the pause", func(s netTestState) bool { return !s.Running })
	before := st.Time
	_, _, _, text, _ := row(st, "cpu", "mean_in_system")
	assert.Equal(t, "agrees with Jackson product form", text)

	var e errorJSON
	assert.Equal(t, 400, call(t, srv, "POST", "/api/networks/sessions/"+id+"/change", `{"change":"servers cpu"}`, &e))
	assert.Contains(t, e.Error, "KIND TARGET=VALUE")
	require.Equal(t, http.StatusAccepted, call(t, srv, "POST", "/api/networks/sessions/"+id+"/change", `{"change":"servers gpu=2"}`, nil))
	st = netWait(t, srv, id, "the refusal", func(s netTestState) bool { return len(s.Messages) > 0 && !s.Running })
	assert.Contains(t, st.Messages[0], `servers gpu=2 not applied: unknown station "gpu" (valid: cpu, disk)`)
	assert.Empty(t, st.Taken)
	before = st.Time
	require.Equal(t, http.StatusAccepted, call(t, srv, "POST", "/api/networks/sessions/"+id+"/change", `{"change":"servers cpu=2"}`, nil))
	st = netWait(t, srv, id, "the change", func(s netTestState) bool { return len(s.Taken) == 1 && !s.Running })
	assert.Equal(t, strconv.FormatFloat(before, 'g', -1, 64)+":servers cpu=2", st.Taken[0], "applied where the run was paused")
	require.Len(t, st.Marks, 2)
	assert.Equal(t, before, st.Marks[1].T)
	assert.Equal(t, "servers cpu=2", st.Marks[1].Text)
	assert.Equal(t, 2, st.Graph.Stations[0].Servers)
	_, _, verdict, _, f = row(st, "cpu", "mean_in_system")
	assert.InDelta(t, 1.0/3, f, 1e-12, "ρ = 0.25 now")
	assert.Equal(t, "inconclusive", verdict, "the statistics restarted")

	res := httptest.NewRecorder()
	srv.ServeHTTP(res, newReq("GET", "/api/networks/sessions/"+id+"/network.yaml", nil))
	assert.Equal(t, 200, res.Code)
	assert.Contains(t, res.Header().Get("Content-Disposition"), `filename="fake-edited.yaml"`)
	assert.Contains(t, res.Body.String(), "servers: 2")
	assert.Contains(t, res.Body.String(), "#   "+strconv.FormatFloat(before, 'g', -1, 64)+":servers cpu=2")
}

// TestNetworkReplayAppliesAtTheTime checks that a planned change is applied
// at its simulated time exactly, and that an unstable setting is reported
// and pauses the run when the queue passes the bound.
func TestNetworkReplayAndUnstable(t *testing.T) {
	srv := newNetServer(t, Options{})
	st := netCreate(t, srv, `{"example":"fake.yaml","seed":3,"at":["1.35:rate job=2.5"]}`)
	assert.Equal(t, []string{"1.35:rate job=2.5"}, st.Planned)
	for range 5 {
		require.Equal(t, http.StatusAccepted, call(t, srv, "POST", "/api/networks/sessions/"+st.ID+"/step", "", nil))
	}
	st = netWait(t, srv, st.ID, "five steps", func(s netTestState) bool { return s.Time >= 1.5-1e-9 && !s.Running })
	require.Equal(t, []string{"1.35:rate job=2.5"}, st.Taken)
	assert.Empty(t, st.Planned)
	require.Len(t, st.Unstable, 1, "λ_cpu = 5, mean 0.25 → ρ = 1.25; disk: ρ = 0.75")
	assert.Equal(t, "cpu", st.Unstable[0].Station)
	assert.InDelta(t, 1.25, st.Unstable[0].Rho, 1e-12)
	require.Equal(t, 200, call(t, srv, "POST", "/api/networks/sessions/"+st.ID+"/run", `{"speed":-1}`, nil))
	st = netWait(t, srv, st.ID, "the bound on customers", func(s netTestState) bool { return !s.Running && len(s.Messages) > 0 })
	assert.Contains(t, st.Messages[len(st.Messages)-1], "growing without bound")
	assert.Greater(t, st.Snapshot.Stations[0].Count, maxNetCustomers)
}

func TestNetworkRestartAndClose(t *testing.T) {
	srv := newNetServer(t, Options{})
	st := netCreate(t, srv, `{"name":"../../etc/my net.yaml","source":"name: mine\n"}`)
	assert.Equal(t, "....etcmynet.yaml", st.File, "an uploaded name keeps safe characters only")
	assert.Empty(t, st.Origin)
	require.Equal(t, http.StatusAccepted, call(t, srv, "POST", "/api/networks/sessions/"+st.ID+"/step", "", nil))
	netWait(t, srv, st.ID, "a step", func(s netTestState) bool { return s.Time > 0 })
	var again netTestState
	require.Equal(t, 200, call(t, srv, "POST", "/api/networks/sessions/"+st.ID+"/restart", `{"seed":9}`, &again))
	assert.Equal(t, uint64(9), again.Seed)
	assert.Equal(t, st.Epoch+1, again.Epoch)
	assert.Zero(t, again.Time)
	var e errorJSON
	assert.Equal(t, 400, call(t, srv, "POST", "/api/networks/sessions/"+st.ID+"/run", `{"speed":20000}`, &e))
	assert.Contains(t, e.Error, "1 to 10000")
	require.Equal(t, 200, call(t, srv, "POST", "/api/networks/sessions/"+st.ID+"/close", "", nil))
	assert.Equal(t, 404, call(t, srv, "GET", "/api/networks/sessions/"+st.ID+"/state", "", nil))
}

func TestNetworkSessionCap(t *testing.T) {
	srv := newNetServer(t, Options{MaxSessions: 1})
	netCreate(t, srv, `{"example":"fake"}`)
	var e errorJSON
	assert.Equal(t, 503, call(t, srv, "POST", "/api/networks/sessions", `{"example":"fake"}`, &e))
	assert.Contains(t, e.Error, "too many network simulations")
}

// TestSessionCapCountsBothPages: Options.MaxSessions caps the sessions of
// both pages together. With a cap of 2 and one session of each kind, a
// third of either kind is refused (503, Retry-After); closing one of
// either kind frees the place for the other kind; an id of one kind is
// unknown to the other page's API.
func TestSessionCapCountsBothPages(t *testing.T) {
	const (
		sysCreate = "/api/sessions"
		netCreate = "/api/networks/sessions"
		sysBody   = `{"system":"fake","seed":1}`
		netBody   = `{"example":"fake","seed":1}`
	)
	open := func(t *testing.T, srv http.Handler, path, body string) string {
		t.Helper()
		var st struct{ ID string }
		require.Equal(t, http.StatusCreated, call(t, srv, "POST", path, body, &st), path)
		return st.ID
	}
	for _, tc := range []struct {
		name             string
		closeBase        string // the API of the session closed to free a place
		thenPath, thenIn string // the kind created in that place
	}{
		{"a network closes, a system comes", "/api/networks/sessions/", sysCreate, sysBody},
		{"a system closes, a network comes", "/api/sessions/", netCreate, netBody},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newNetServer(t, Options{MaxSessions: 2})
			ids := map[string]string{"/api/sessions/": open(t, srv, sysCreate, sysBody), "/api/networks/sessions/": open(t, srv, netCreate, netBody)}
			assert.Equal(t, 2, srv.Sessions(), "both kinds are counted")
			for _, full := range []struct{ path, body, msg string }{
				{sysCreate, sysBody, "too many simulations running (2)"},
				{netCreate, netBody, "too many network simulations running (2)"},
			} {
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, newReq("POST", full.path, strings.NewReader(full.body)))
				assert.Equal(t, http.StatusServiceUnavailable, rec.Code, full.path)
				assert.Equal(t, RetryAfter, rec.Header().Get("Retry-After"), full.path)
				assert.Contains(t, rec.Body.String(), full.msg, full.path)
			}
			// An id is unknown to the other page, which neither shows nor closes it.
			assert.Equal(t, 404, call(t, srv, "GET", "/api/networks/sessions/"+ids["/api/sessions/"]+"/state", "", nil))
			assert.Equal(t, 404, call(t, srv, "POST", "/api/sessions/"+ids["/api/networks/sessions/"]+"/close", "", nil))
			assert.Equal(t, 2, srv.Sessions())

			require.Equal(t, 200, call(t, srv, "POST", tc.closeBase+ids[tc.closeBase]+"/close", "", nil))
			assert.Equal(t, 1, srv.Sessions())
			open(t, srv, tc.thenPath, tc.thenIn)
			assert.Equal(t, 2, srv.Sessions())
			assert.Equal(t, 503, call(t, srv, "POST", tc.thenPath, tc.thenIn, nil), "full again")
		})
	}
}

func TestNetworkSessionExpiry(t *testing.T) {
	var mu sync.Mutex
	now := time.Unix(1000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	srv := newNetServer(t, Options{Idle: time.Minute, Now: clock})
	a := netCreate(t, srv, `{"example":"fake"}`).ID
	b := netCreate(t, srv, `{"example":"fake"}`).ID
	require.Equal(t, 200, call(t, srv, "POST", "/api/networks/sessions/"+a+"/run", `{"speed":-1}`, nil))
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	advance(40 * time.Second)
	require.Equal(t, 200, call(t, srv, "GET", "/api/networks/sessions/"+b+"/state", "", nil))
	advance(30 * time.Second)
	srv.reg.expireNow()
	assert.Equal(t, 1, srv.Sessions(), "the running one was idle for 70 s; the other was seen 30 s ago")
	assert.Equal(t, 404, call(t, srv, "GET", "/api/networks/sessions/"+a+"/state", "", nil))
	assert.Equal(t, 200, call(t, srv, "GET", "/api/networks/sessions/"+b+"/state", "", nil))
}

func FuzzParseNetChange(f *testing.F) {
	for _, s := range []string{"rate web=6", "servers cpu=inf", "service cpu/web=det", "route cpu>disk/batch=0.8", "route a>b", "x y=z", "==", "route >=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseNetChange(s)
		if err != nil {
			return
		}
		again, err := ParseNetChange(c.String())
		require.NoError(t, err, "%q → %q", s, c.String())
		require.Equal(t, c, again, "%q → %q", s, c.String())
	})
}

// FuzzNetworkBodies posts arbitrary bodies, uploaded files among them, to
// the network API on the real simulator: every answer is JSON, with a
// message when it is an error, and nothing panics.
func FuzzNetworkBodies(f *testing.F) {
	srv, id := fuzzSession(f, Options{OpenNetwork: OpenNetwork,
		Networks: []NetworkFile{{Name: "two.yaml", Source: []byte("arrivals: {to: a, rate: 1}\nstations: [{name: a, service: {dist: exp, mean: 0.5}}]\n")}}},
		"/api/networks/sessions", `{"example":"two","seed":1}`)
	fuzzBodies(f, srv, "/api/networks/sessions", id, []string{"change", "run", "restart"}, []string{
		`{"change":"servers a=2"}`, `{"change":"rate job=0.5"}`, `{"speed":10}`, `{"seed":3,"at":["1:servers a=3"]}`,
		`{"name":"u.yaml","source":"arrivals: {to: a, rate: 1}\nstations: [{name: a, servers: inf, service: {dist: det, mean: 2}}]\n"}`,
		`{"name":"u.yaml","source":"stations: [{name: a}]"}`, `{"example":"two","at":["0:discipline a=ps"]}`, `null`, "\x00"})
}

// TestNetworkOversizedBodies: a body over MaxBody to a network session's
// endpoints answers 413, as on the systems' page.
func TestNetworkOversizedBodies(t *testing.T) {
	srv := newNetServer(t, Options{})
	id := netCreate(t, srv, `{"example":"fake"}`).ID
	big := `{"change":"` + strings.Repeat("x", MaxBody) + `"}`
	for _, ep := range []string{"change", "run", "restart"} {
		var e errorJSON
		assert.Equal(t, http.StatusRequestEntityTooLarge, call(t, srv, "POST", "/api/networks/sessions/"+id+"/"+ep, big, &e), ep)
		assert.Contains(t, e.Error, "larger than 64 KiB", ep)
	}
}
