package serve

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/input"
	"queuelab/model/scenario"
)

func newTestServer(t *testing.T, opts Options) *Server {
	t.Helper()
	srv, err := New([]scenario.System{fakeSystem()}, opts)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	return srv
}

// newReq returns a request as the page itself sends it: to the server's
// own address (httptest's default host, example.com, is refused), with a
// JSON content type when it has a body.
func newReq(method, path string, body io.Reader) *http.Request {
	req := httptest.NewRequest(method, path, body)
	req.Host = "127.0.0.1:8080"
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// call sends a request to h and decodes a JSON answer into out (if not nil).
func call(t *testing.T, h http.Handler, method, path, body string, out any) int {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := newReq(method, path, rd)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if out != nil {
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), out), "body: %s", rec.Body.String())
	}
	return rec.Code
}

type testState struct {
	ID       string             `json:"id"`
	Seed     uint64             `json:"seed"`
	Epoch    int                `json:"epoch"`
	Minute   int                `json:"minute"`
	Scenario string             `json:"scenario"`
	Rows     [][]*float64       `json:"rows"`
	Twin     [][]*float64       `json:"twin"`
	HasTwin  bool               `json:"hasTwin"`
	Running  bool               `json:"running"`
	Final    *summaryJSON       `json:"final"`
	Picture  *scenario.Picture  `json:"picture"`
	Taken    []actionJSON       `json:"taken"`
	Planned  []actionJSON       `json:"planned"`
	Messages []string           `json:"messages"`
	Values   []valueJSON        `json:"values"`
	Events   []scenario.Mark    `json:"events"`
	Goals    []map[string]any   `json:"goals"`
	Columns  []map[string]any   `json:"columns"`
	Extra    map[string]float64 `json:"-"`
}

func create(t *testing.T, h http.Handler, body string) testState {
	t.Helper()
	var st testState
	require.Equal(t, http.StatusCreated, call(t, h, "POST", "/api/sessions", body, &st))
	require.NotEmpty(t, st.ID)
	return st
}

// waitMinute polls the state until minute m is reached.
func waitMinute(t *testing.T, h http.Handler, id string, m int) testState {
	t.Helper()
	return waitFor(t, h, "/api/sessions/"+id+"/state", func(st testState) bool { return st.Minute >= m },
		func(st testState) string { return fmt.Sprintf("minute %d not reached (at %d)", m, st.Minute) })
}

// waitFor polls the state at path (either page's) until cond holds, 10 s
// at most; why says what was awaited when it fails.
func waitFor[T any](t *testing.T, h http.Handler, path string, cond func(T) bool, why func(T) string) T {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var st T
		require.Equal(t, 200, call(t, h, "GET", path, "", &st))
		if cond(st) {
			return st
		}
		require.True(t, time.Now().Before(deadline), why(st))
		time.Sleep(2 * time.Millisecond)
	}
}

func TestSystemsAndPage(t *testing.T) {
	srv := newTestServer(t, Options{})
	var systems []systemJSON
	require.Equal(t, 200, call(t, srv, "GET", "/api/systems", "", &systems))
	require.Len(t, systems, 1)
	assert.Equal(t, "fake", systems[0].Name)
	assert.Len(t, systems[0].Controls, 6)
	assert.Equal(t, "percent", systems[0].Controls[3].Kind)
	assert.Equal(t, "4", systems[0].Controls[0].Default, "the page shows the default before any change")
	assert.Equal(t, "10%", systems[0].Controls[3].Default)
	assert.Equal(t, "", systems[0].Controls[5].Default, "a press button has no default")
	assert.Len(t, systems[0].Scenarios, 3)
	assert.Len(t, systems[0].Scenarios[1].Goals, 2)

	for _, p := range []string{"/", "/app.js", "/style.css"} {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, newReq("GET", p, nil))
		assert.Equal(t, 200, rec.Code, p)
		assert.NotEmpty(t, rec.Body.String(), p)
		// The only URL allowed is the SVG namespace name, which is never fetched.
		body := strings.ReplaceAll(rec.Body.String(), `"http://www.w3.org/2000/svg"`, "")
		assert.NotContains(t, body, "http://", p+" must not load anything from the network")
		assert.NotContains(t, body, "https://", p+" must not load anything from the network")
		assert.NotContains(t, body, "//cdn", p)
	}
}

func TestCreateErrors(t *testing.T) {
	srv := newTestServer(t, Options{})
	cases := []struct{ body, want string }{
		{`{"system":"nope"}`, `unknown system "nope" (valid: fake)`},
		{`{"system":"fake","scenario":"nope"}`, `unknown scenario "nope" for fake (valid: calm, surge, boom)`},
		{`{"system":"fake","at":["5m:servers=99"]}`, "want an integer from 1 to 20"},
		{`{"system":"fake","at":["5x:servers=9"]}`, "invalid time"},
		{`{"system":"fake","seed":-1}`, "invalid JSON"},
		{`{"system":"fake","bogus":1}`, "unknown field"},
		{`{"system":`, "invalid JSON"},
		{`[]`, "invalid JSON"},
	}
	for _, c := range cases {
		var e errorJSON
		assert.Equal(t, 400, call(t, srv, "POST", "/api/sessions", c.body, &e), c.body)
		assert.Contains(t, e.Error, c.want, c.body)
	}
	var e errorJSON
	assert.Equal(t, 404, call(t, srv, "GET", "/api/sessions/zzz/state", "", &e))
	assert.Contains(t, e.Error, "reload the page")
}

func TestControlValidation(t *testing.T) {
	srv := newTestServer(t, Options{})
	st := create(t, srv, `{"system":"fake","scenario":"surge","seed":3}`)
	base := "/api/sessions/" + st.ID
	cases := []struct {
		body   string
		status int
		want   string
	}{
		{`{"control":"servers","value":"10"}`, 202, ""},
		{`{"control":"servers","value":"0"}`, 400, `control servers: invalid value "0": want an integer from 1 to 20`},
		{`{"control":"servers","value":"2.5"}`, 400, "want an integer"},
		{`{"control":"shedding","value":"maybe"}`, 400, "want on or off"},
		{`{"control":"retry","value":"later"}`, 400, "want one of immediate, backoff"},
		{`{"control":"share","value":"60%"}`, 400, "want a percentage from 0 % to 50 %"},
		{`{"control":"timeout","value":"1h"}`, 400, "want a duration"},
		{`{"control":"flush"}`, 202, ""},
		{`{"control":"warp","value":"9"}`, 400, `unknown control "warp" (valid: servers, shedding, retry, share, timeout, flush)`},
		{`{"control":5}`, 400, "invalid JSON"},
	}
	for _, c := range cases {
		var out map[string]any
		assert.Equal(t, c.status, call(t, srv, "POST", base+"/control", c.body, &out), c.body)
		if c.want != "" {
			assert.Contains(t, out["error"], c.want, c.body)
		}
	}
	// The flush at minute 0 is refused by the engine: a note, not an action.
	require.Equal(t, 202, call(t, srv, "POST", base+"/step", "", nil))
	got := waitMinute(t, srv, st.ID, 1)
	require.Len(t, got.Taken, 1)
	assert.Equal(t, actionJSON{0, "servers", "10"}, got.Taken[0])
	require.Len(t, got.Messages, 1)
	assert.Contains(t, got.Messages[0], "flush=press not applied: nothing to flush yet")
	assert.Equal(t, valueJSON{"flush", "", false, 0}, got.Values[5], "a press the engine refused is no value")

	for _, body := range []string{`{}`, `{"speed":7000}`, `{"speed":-2}`, `{"speed":"fast"}`} {
		var e errorJSON
		assert.Equal(t, 400, call(t, srv, "POST", base+"/run", body, &e), body)
		assert.NotEmpty(t, e.Error)
	}
}

// TestLiveRunReplays drives a session through a scenario with changes
// made while it runs, and checks that the downloaded playbook replays the
// same rows through scenario.Run, and that a session created from the
// shared URL's actions does too.
func TestLiveRunReplays(t *testing.T) {
	srv := newTestServer(t, Options{})
	st := create(t, srv, `{"system":"fake","scenario":"surge","seed":42}`)
	require.Equal(t, uint64(42), st.Seed)
	require.True(t, st.HasTwin)
	// Before any change every control shows its default; no event yet.
	assert.Equal(t, []valueJSON{{"servers", "4", false, 0}, {"shedding", "off", false, 0}, {"retry", "immediate", false, 0},
		{"share", "10%", false, 0}, {"timeout", "5s", false, 0}, {"flush", "", false, 0}}, st.Values)
	require.NotNil(t, st.Events, "events travel as [], not null")
	assert.Empty(t, st.Events)
	base := "/api/sessions/" + st.ID
	step := func(n int) {
		for i := 0; i < n; i++ {
			require.Equal(t, 202, call(t, srv, "POST", base+"/step", "", nil))
		}
	}
	step(2)
	waitMinute(t, srv, st.ID, 2)
	require.Equal(t, 202, call(t, srv, "POST", base+"/control", `{"control":"servers","value":"2"}`, nil))
	step(1)
	at3 := waitMinute(t, srv, st.ID, 3)
	assert.Empty(t, at3.Events, "the surge of minute 3 is not reported before minute 3 is simulated")
	assert.Equal(t, valueJSON{"servers", "2", true, 2}, at3.Values[0], "the applied value replaces the default")
	step(1)
	at4 := waitMinute(t, srv, st.ID, 4)
	assert.Equal(t, []scenario.Mark{{Minute: 3, Label: "surge: load ×2"}}, at4.Events, "the engine's events travel with the state")
	require.Equal(t, 202, call(t, srv, "POST", base+"/control", `{"control":"servers","value":"9"}`, nil))
	require.Equal(t, 202, call(t, srv, "POST", base+"/control", `{"control":"shedding","value":"on"}`, nil))
	require.Equal(t, 200, call(t, srv, "POST", base+"/run", `{"speed":-1}`, nil))
	end := waitMinute(t, srv, st.ID, 12)
	// It pauses by itself at the end of the scenario, with a summary.
	time.Sleep(20 * time.Millisecond)
	end = waitMinute(t, srv, st.ID, 12)
	assert.Equal(t, 12, end.Minute)
	assert.False(t, end.Running)
	require.NotNil(t, end.Final)
	assert.Equal(t, 12, end.Final.Minute)
	assert.Len(t, end.Final.Goals, 2)
	require.Len(t, end.Rows, 12)
	require.Len(t, end.Twin, 12)
	assert.Nil(t, end.Rows[0][4], "NaN must travel as null")
	// The state picture is there with at most maxDots dots, NaN gauges cleaned.
	require.NotNil(t, end.Picture)
	assert.Len(t, end.Picture.Dots, maxDots)
	assert.Equal(t, 0.0, end.Picture.Gauges[1].Value)
	// Indicators responded: the surge at minute 3 with 2 servers hurts approval,
	// 9 servers restore it.
	assert.Less(t, *end.Rows[3][1], 0.5)
	assert.Equal(t, 1.0, *end.Rows[5][1])
	assert.Equal(t, []scenario.Mark{{Minute: 3, Label: "surge: load ×2"}}, end.Events)
	assert.Equal(t, []valueJSON{{"servers", "9", true, 4}, {"shedding", "on", true, 4}, {"retry", "immediate", false, 0}},
		end.Values[:3], "the last value applied, with its minute; untouched controls keep their default")

	// The playbook file replays the same rows.
	req := newReq("GET", base+"/playbook.yaml", nil)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	require.Equal(t, 200, rec.Code)
	assert.Contains(t, rec.Header().Get("Content-Disposition"), `filename="fake-surge-seed42.yaml"`)
	sys := fakeSystem()
	pb, err := scenario.ParseYAML("live.yaml", rec.Body.Bytes(), sys.Controls)
	require.NoError(t, err, rec.Body.String())
	require.Len(t, pb, 3)
	assert.Equal(t, 2, pb[0].Minute)
	assert.Equal(t, 4, pb[1].Minute)
	eng, err := sys.New(scenario.DES, "surge", 42)
	require.NoError(t, err)
	res, err := scenario.Run(eng, pb, 12)
	require.NoError(t, err)
	for m, row := range res.Minutes {
		for i, v := range row {
			if v != v {
				assert.Nil(t, end.Rows[m][i])
				continue
			}
			assert.Equal(t, v, *end.Rows[m][i], "minute %d column %d", m, i)
		}
	}

	// The shared URL's actions (as the page writes them) replay it too.
	var at []string
	for _, a := range end.Taken {
		at = append(at, `"`+formatAt(a)+`"`)
	}
	again := create(t, srv, `{"system":"fake","scenario":"surge","seed":42,"at":[`+strings.Join(at, ",")+`]}`)
	assert.Len(t, again.Planned, 3)
	require.Equal(t, 200, call(t, srv, "POST", "/api/sessions/"+again.ID+"/run", `{"speed":-1}`, nil))
	replay := waitMinute(t, srv, again.ID, 12)
	assert.Equal(t, end.Rows, replay.Rows)
	assert.Equal(t, end.Taken, replay.Taken)

	// Restart: same seed, a fresh run, a new epoch.
	var rs testState
	require.Equal(t, 200, call(t, srv, "POST", base+"/restart", `{"scenario":"calm"}`, &rs))
	assert.Equal(t, "calm", rs.Scenario)
	assert.Equal(t, uint64(42), rs.Seed)
	assert.Equal(t, st.Epoch+1, rs.Epoch)
	assert.Empty(t, rs.Rows)
	assert.Empty(t, rs.Taken)
	assert.Empty(t, rs.Events, "a restart forgets the old run's events")
	assert.Equal(t, valueJSON{"servers", "4", false, 0}, rs.Values[0], "a restart returns the controls to their defaults")
}

// formatAt writes an action the way the page puts it in a shared URL.
func formatAt(a actionJSON) string {
	return strconv.Itoa(a.Minute) + "m:" + a.Control + "=" + a.Value
}

func TestModelPanicStopsTheSessionNotTheServer(t *testing.T) {
	srv := newTestServer(t, Options{})
	st := create(t, srv, `{"system":"fake","scenario":"boom","seed":1}`)
	require.Equal(t, 200, call(t, srv, "POST", "/api/sessions/"+st.ID+"/run", `{"speed":-1}`, nil))
	deadline := time.Now().Add(5 * time.Second)
	for {
		var got testState
		require.Equal(t, 200, call(t, srv, "GET", "/api/sessions/"+st.ID+"/state", "", &got))
		if len(got.Messages) > 0 {
			assert.Contains(t, got.Messages[0], "internal error in the model: fake model broke")
			assert.Equal(t, 2, got.Minute)
			assert.False(t, got.Running)
			break
		}
		require.True(t, time.Now().Before(deadline))
		time.Sleep(time.Millisecond)
	}
}

func TestSessionCapAndExpiry(t *testing.T) {
	var mu sync.Mutex
	now := time.Unix(1000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	srv := newTestServer(t, Options{MaxSessions: 3, Idle: time.Minute, Now: clock})
	var ids []string
	for i := 0; i < 3; i++ {
		ids = append(ids, create(t, srv, `{"system":"fake"}`).ID)
	}
	var e errorJSON
	assert.Equal(t, 503, call(t, srv, "POST", "/api/sessions", `{"system":"fake"}`, &e))
	assert.Contains(t, e.Error, "too many simulations running (3)")

	// Closing one frees a place.
	assert.Equal(t, 200, call(t, srv, "POST", "/api/sessions/"+ids[0]+"/close", "", nil))
	assert.Equal(t, 404, call(t, srv, "POST", "/api/sessions/"+ids[0]+"/close", "", nil))
	ids[0] = create(t, srv, `{"system":"fake"}`).ID

	// After 40 s one is used again; after 70 s the two others have expired.
	mu.Lock()
	now = now.Add(40 * time.Second)
	mu.Unlock()
	assert.Equal(t, 200, call(t, srv, "GET", "/api/sessions/"+ids[1]+"/state", "", nil))
	mu.Lock()
	now = now.Add(30 * time.Second)
	mu.Unlock()
	srv.reg.expireNow()
	assert.Equal(t, 1, srv.Sessions())
	assert.Equal(t, 200, call(t, srv, "GET", "/api/sessions/"+ids[1]+"/state", "", nil))
	assert.Equal(t, 404, call(t, srv, "GET", "/api/sessions/"+ids[0]+"/state", "", nil))
}

// TestNoGoroutineLeak runs sessions of both pages at every speed, then
// closes the server and checks that the number of goroutines returns to
// where it was.
func TestNoGoroutineLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	// The idle limit is 50 ms of a clock the test moves: no session can
	// expire before the test says so, however slow the machine (on the
	// wall clock a loaded machine expired sessions before their /run).
	var mu sync.Mutex
	now := time.Unix(1000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	srv, err := New([]scenario.System{fakeSystem()}, Options{Idle: 50 * time.Millisecond, Now: clock, Networks: fakeCatalogue, OpenNetwork: openFake})
	require.NoError(t, err)
	var ids []string
	for i, speed := range []string{"0", "1", "10", "60", "-1"} {
		st := create(t, srv, `{"system":"fake","scenario":"surge"}`)
		ids = append(ids, st.ID)
		require.Equal(t, 200, call(t, srv, "POST", "/api/sessions/"+st.ID+"/run", `{"speed":`+speed+`}`, nil), i)
		net := netCreate(t, srv, `{"example":"fake"}`)
		require.Equal(t, 200, call(t, srv, "POST", "/api/networks/sessions/"+net.ID+"/run", `{"speed":`+speed+`}`, nil), i)
	}
	require.Equal(t, 200, call(t, srv, "POST", "/api/sessions/"+ids[0]+"/close", "", nil))
	require.Equal(t, 9, srv.Sessions())
	// Half of the idle limit: the one used now stays, the others expire
	// with the next: the expiry goroutine ends them on its own.
	mu.Lock()
	now = now.Add(30 * time.Millisecond)
	mu.Unlock()
	require.Equal(t, 200, call(t, srv, "GET", "/api/sessions/"+ids[1]+"/state", "", nil))
	mu.Lock()
	now = now.Add(30 * time.Millisecond)
	mu.Unlock()
	deadline := time.Now().Add(10 * time.Second)
	for srv.Sessions() > 1 {
		require.True(t, time.Now().Before(deadline), "the expiry goroutine ends idle sessions (%d left)", srv.Sessions())
		time.Sleep(time.Millisecond)
	}
	assert.Equal(t, 200, call(t, srv, "GET", "/api/sessions/"+ids[1]+"/state", "", nil), "the session in use stays")
	srv.Close()
	srv.Close() // idempotent
	assert.Equal(t, 503, call(t, srv, "POST", "/api/sessions", `{"system":"fake"}`, nil))
	for runtime.NumGoroutine() > before {
		require.True(t, time.Now().Before(deadline), "goroutines left behind: %d, before %d", runtime.NumGoroutine(), before)
		time.Sleep(5 * time.Millisecond)
	}
}

func TestNewRejectsBadSystems(t *testing.T) {
	_, err := New([]scenario.System{fakeSystem(), fakeSystem()}, Options{})
	assert.ErrorContains(t, err, `two systems are called "fake"`)
	_, err = New([]scenario.System{{Name: "x"}}, Options{})
	assert.ErrorContains(t, err, "needs a name, an engine constructor and a scenario")
}

// The fuzz targets feed arbitrary bodies and queries to the JSON handlers:
// every answer must be a well-formed JSON object with a status below 500
// (503 only for a full server), and nothing may panic.
func fuzzServer(f *testing.F) (*Server, string) {
	return fuzzSession(f, Options{}, "/api/sessions", `{"system":"fake","seed":1}`)
}

// fuzzSession starts a server (with the fake system when opts opens no
// network; at most 4 sessions) and creates a session by posting body to
// create; it returns the server and the session's id.
func fuzzSession(f *testing.F, opts Options, create, body string) (*Server, string) {
	var systems []scenario.System
	if opts.OpenNetwork == nil {
		systems = []scenario.System{fakeSystem()}
	}
	opts.MaxSessions = 4
	srv, err := New(systems, opts)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(srv.Close)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, newReq("POST", create, strings.NewReader(body)))
	var st struct{ ID string }
	if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil || st.ID == "" {
		f.Fatalf("creating the fuzz session: %v: %s", err, rec.Body.String())
	}
	return srv, st.ID
}

// fuzzBodies fuzzes the POST endpoints of one page: create (its sessions
// path) and each of ends on session id, seeded with every body of seeds
// on every endpoint. Each answer must pass checkAnswer; a session created
// is closed again and id is paused after each call, so that the server
// neither fills nor runs hot.
func fuzzBodies(f *testing.F, srv http.Handler, create, id string, ends, seeds []string) {
	paths := []string{create}
	for _, e := range ends {
		paths = append(paths, create+"/"+id+"/"+e)
	}
	for _, s := range seeds {
		for ep := range paths {
			f.Add(uint8(ep), s)
		}
	}
	f.Fuzz(func(t *testing.T, ep uint8, body string) {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, newReq("POST", paths[int(ep)%len(paths)], strings.NewReader(body)))
		checkAnswer(t, rec)
		if rec.Code == 201 {
			var st struct{ ID string }
			_ = json.Unmarshal(rec.Body.Bytes(), &st)
			srv.ServeHTTP(httptest.NewRecorder(), newReq("POST", create+"/"+st.ID+"/close", nil))
		}
		srv.ServeHTTP(httptest.NewRecorder(), newReq("POST", create+"/"+id+"/run", strings.NewReader(`{"speed":0}`)))
	})
}

func checkAnswer(t *testing.T, rec *httptest.ResponseRecorder) {
	if rec.Code >= 500 && rec.Code != 503 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	var v map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("answer is not a JSON object: %v: %q", err, rec.Body.String())
	}
	if rec.Code >= 400 && v["error"] == "" {
		t.Fatalf("error without a message: %s", rec.Body.String())
	}
}

func FuzzPostBodies(f *testing.F) {
	srv, id := fuzzServer(f)
	fuzzBodies(f, srv, "/api/sessions", id, []string{"control", "run", "restart"}, []string{
		`{"control":"servers","value":"10"}`, `{"speed":60}`, `{"scenario":"surge","seed":7,"at":["3m:servers=5"]}`,
		`{"system":"fake","scenario":"calm","at":["1m:flush=press,shedding=on"]}`, `{"control":"retry","value":"backoff"}`, `null`, `{"at":null}`, "\x00"})
}

func FuzzStateQuery(f *testing.F) {
	srv, id := fuzzServer(f)
	for _, q := range []string{"since=0", "since=3&epoch=1", "since=-1", "epoch=x", "since=99999999999999999999", "%zz", "since=1&since=2"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		req := newReq("GET", "/api/sessions/"+id+"/state", nil)
		req.URL.RawQuery = q
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		checkAnswer(t, rec)
	})
}

func TestControlValuesStartWhereTheScenarioStarts(t *testing.T) {
	controls := []input.Control{
		{Name: "boot-delay", Kind: input.Duration, Min: 0, Max: 3600, Default: "3m"},
		{Name: "ttl", Kind: input.Duration, Min: 1, Max: 3600, Default: "60s"},
	}
	sc := scenario.Scenario{Name: "viral", Start: []scenario.Setting{{Control: "boot-delay", Value: "8m"}}}
	got := controlValues(controls, sc, nil)
	assert.Equal(t, []valueJSON{{"boot-delay", "8m", false, 0}, {"ttl", "60s", false, 0}}, got)
	v, err := controls[1].Parse("30s")
	require.NoError(t, err)
	got = controlValues(controls, sc, scenario.Playbook{{Minute: 4, Control: "ttl", Value: v}})
	assert.Equal(t, valueJSON{"ttl", "30s", true, 4}, got[1])
}
