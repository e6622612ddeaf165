package serve

import (
	"embed"
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"time"

	"queuelab/model/input"
	"queuelab/model/scenario"
)

//go:embed static
var staticFiles embed.FS

// Options configure a Server. Zero fields take the defaults.
type Options struct {
	MaxSessions int           // concurrent sessions of both pages together; default 16
	Idle        time.Duration // a session without requests for this long ends; default 10 min
	Now         func() time.Time
	Networks    []NetworkFile // the network page's catalogue (see network.go)
	OpenNetwork NetOpener     // simulates a network file; nil: the network page is off
	// Hosts are further host names (besides localhost and IP addresses)
	// the server answers to, e.g. the machine's name when it serves a
	// classroom; see guard.
	Hosts []string
}

// Server serves the live simulator for a list of systems. It is an
// http.Handler; call Close to end every session.
type Server struct {
	systems []scenario.System
	opts    Options
	mux     http.Handler // the routes, errors translated (errorLanguage)

	reg  *registry // the sessions of both pages
	nets *netHub   // the network page
}

// New returns a server for systems (their names must differ). It starts a
// goroutine that expires idle sessions; Close ends it.
func New(systems []scenario.System, opts Options) (*Server, error) {
	if opts.MaxSessions <= 0 {
		opts.MaxSessions = 16
	}
	if opts.Idle <= 0 {
		opts.Idle = 10 * time.Minute
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	seen := map[string]bool{}
	for _, s := range systems {
		if s.Name == "" || s.New == nil || len(s.Scenarios) == 0 {
			return nil, fmt.Errorf("serve: system %q needs a name, an engine constructor and a scenario", s.Name)
		}
		if seen[s.Name] {
			return nil, fmt.Errorf("serve: two systems are called %q", s.Name)
		}
		seen[s.Name] = true
	}
	srv := &Server{systems: systems, opts: opts}
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		return nil, err
	}
	m := http.NewServeMux()
	files := http.FileServerFS(static)
	m.Handle("GET /", noCache(files))
	m.HandleFunc("GET /api/systems", srv.handleSystems)
	m.HandleFunc("GET /api/i18n", handleI18n)
	m.HandleFunc("GET /api/classroom", handleClassroom)
	m.HandleFunc("GET /api/calculator", handleCalcList)
	m.HandleFunc("GET /api/playbook", srv.handleReference)
	m.HandleFunc("POST /api/calculator/{name}", handleCalc)
	m.HandleFunc("POST /api/sessions", srv.handleCreate)
	srv.reg = newRegistry(opts)
	const what = "simulation"
	m.HandleFunc("GET /api/sessions/{id}/state", with(srv.reg, what, srv.handleState))
	m.HandleFunc("POST /api/sessions/{id}/control", with(srv.reg, what, srv.handleControl))
	m.HandleFunc("GET /api/sessions/{id}/why", with(srv.reg, what, srv.handleWhy))
	m.HandleFunc("GET /api/guide", handleGuide)
	m.HandleFunc("POST /api/sessions/{id}/guide", with(srv.reg, what, srv.handleGuideCheck))
	m.HandleFunc("POST /api/sessions/{id}/run", with(srv.reg, what, handleRun[*session]))
	m.HandleFunc("POST /api/sessions/{id}/step", with(srv.reg, what, handleStep[*session]))
	m.HandleFunc("POST /api/sessions/{id}/restart", with(srv.reg, what, srv.handleRestart))
	m.HandleFunc("GET /api/sessions/{id}/playbook.yaml", with(srv.reg, what, srv.handlePlaybook))
	m.HandleFunc("POST /api/sessions/{id}/close", closer[*session](srv.reg, what))
	srv.nets = &netHub{files: opts.Networks, open: opts.OpenNetwork, reg: srv.reg}
	srv.nets.routes(m)
	srv.mux = errorLanguage(m)
	return srv, nil
}

func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// ServeHTTP implements http.Handler.
func (srv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	if !srv.guard(w, r) {
		return
	}
	srv.mux.ServeHTTP(w, r)
}

// Sessions returns the number of live sessions, of both pages.
func (srv *Server) Sessions() int { return srv.reg.count() }

// Close ends every session and the expiry goroutine and waits for them.
// Requests after Close answer 503.
func (srv *Server) Close() { srv.reg.close() }

// ---- systems ----

type controlJSON struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Min     num      `json:"min"`
	Max     num      `json:"max"`
	Choices []string `json:"choices,omitempty"`
	Help    string   `json:"help"`
	Range   string   `json:"range"`
	Default string   `json:"default"` // the system's default as written; "" for press buttons
	// StartOnly: settable before the first minute only (the page disables it later)
	StartOnly bool `json:"startOnly"`
}

var stationKinds = map[input.ValueKind]string{
	input.Int: "int", input.Float: "float", input.Percent: "percent",
	input.Switch: "switch", input.Enum: "enum", input.Duration: "duration",
	input.Press: "press",
}

type scenarioJSON struct {
	Name    string     `json:"name"`
	Title   string     `json:"title"`
	Story   string     `json:"story"`
	Lesson  string     `json:"lesson"`
	Minutes int        `json:"minutes"`
	Goals   []goalJSON `json:"goals"`
	Clock   string     `json:"clock"` // time of day at minute 0, "" for none
}

type systemJSON struct {
	Name      string         `json:"name"`
	Title     string         `json:"title"`
	Controls  []controlJSON  `json:"controls"`
	Scenarios []scenarioJSON `json:"scenarios"`
}

func (srv *Server) handleSystems(w http.ResponseWriter, _ *http.Request) {
	out := make([]systemJSON, 0, len(srv.systems))
	for _, s := range srv.systems {
		sj := systemJSON{Name: s.Name, Title: s.Title}
		for _, c := range s.Controls {
			sj.Controls = append(sj.Controls, controlJSON{c.Name, stationKinds[c.Kind], num(c.Min), num(c.Max), c.Choices, c.Help, c.Range(), c.Default, c.StartOnly})
		}
		for _, sc := range s.Scenarios {
			sj.Scenarios = append(sj.Scenarios, scenarioJSON{sc.Name, sc.Title, sc.Story, sc.Lesson, sc.Minutes, goalsJSON(sc.Goals), sc.Clock})
		}
		out = append(out, sj)
	}
	writeJSON(w, http.StatusOK, out)
}

func (srv *Server) system(name string) (scenario.System, error) {
	return scenario.FindSystem(srv.systems, name)
}

// ---- sessions ----

type createReq struct {
	System   string `json:"system"`
	Scenario string `json:"scenario"`
	startReq        // the seed and the planned actions, each as in --at
}

// MaxPlanned is the most planned actions a session takes (a control
// change is one action, however the request groups them).
const MaxPlanned = 1000

// plan parses the planned actions of a request.
func plan(sys scenario.System, at []string) (scenario.Playbook, error) {
	var pb scenario.Playbook
	for _, spec := range at {
		p, err := scenario.ParseAt(spec, sys.Controls)
		if err != nil {
			return nil, err
		}
		if pb = append(pb, p...); len(pb) > MaxPlanned {
			return nil, fmt.Errorf("too many planned actions (at most %d control changes)", MaxPlanned)
		}
	}
	return pb.Merge(nil), nil
}

func (srv *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	req, ok := readJSON[createReq](w, r)
	if !ok {
		return
	}
	sys, err := srv.system(req.System)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	if req.Scenario == "" {
		req.Scenario = sys.Scenarios[0].Name
	}
	pb, err := plan(sys, req.At)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	seed := req.seedOr(randomSeed())
	s := &session{sys: sys}
	s.init(srv.opts.Now())
	if err := s.start(req.Scenario, seed, pb); err != nil {
		s.cancel()
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	if !srv.reg.admit(w, s, "simulation") {
		return
	}
	writeJSON(w, http.StatusCreated, s.stateIn(pageLanguage(r), 0, -1))
}

func (srv *Server) handleState(w http.ResponseWriter, r *http.Request, s *session) {
	q := r.URL.Query()
	since, epoch := 0, -1
	if v := q.Get("since"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			fail(w, http.StatusBadRequest, "since=%q: want a minute (a whole number ≥ 0)", clip(v, 40))
			return
		}
		since = n
	}
	if v := q.Get("epoch"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			fail(w, http.StatusBadRequest, "epoch=%q: want a whole number", clip(v, 40))
			return
		}
		epoch = n
	}
	writeJSON(w, http.StatusOK, s.stateIn(pageLanguage(r), since, epoch))
}

// ---- commands ----

type controlReq struct {
	Control string `json:"control"`
	Value   string `json:"value"`
}

func (srv *Server) handleControl(w http.ResponseWriter, r *http.Request, s *session) {
	req, ok := readJSON[controlReq](w, r)
	if !ok {
		return
	}
	c, err := input.Find(s.sys.Controls, req.Control)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	if c.Kind == input.Press && strings.TrimSpace(req.Value) == "" {
		req.Value = "press"
	}
	v, err := c.Parse(req.Value)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	s.mu.Lock()
	minute := len(s.rows)
	if minute >= MaxRunMinutes {
		s.mu.Unlock()
		fail(w, http.StatusConflict, "the session has run its last minute (%d): a change would never apply; restart to try again", MaxRunMinutes)
		return
	}
	if c.StartOnly && minute > 0 {
		s.mu.Unlock()
		fail(w, http.StatusConflict, "%s can only be set before the first minute; restart to choose it", c.Name)
		return
	}
	if len(s.pending) >= maxPending {
		s.mu.Unlock()
		fail(w, http.StatusTooManyRequests, "too many changes waiting for the next minute")
		return
	}
	s.pending = append(s.pending, scenario.Action{Minute: minute, Control: c.Name, Value: v, Source: "live"})
	s.mu.Unlock()
	writeJSON(w, http.StatusAccepted, map[string]any{"control": c.Name, "value": v.Text, "minute": minute})
}

// scenarioRestartReq is a restart of the systems' page: it may also
// choose another scenario of the session's system.
type scenarioRestartReq struct {
	Scenario string `json:"scenario"`
	startReq
}

func (srv *Server) handleRestart(w http.ResponseWriter, r *http.Request, s *session) {
	req, ok := readJSON[scenarioRestartReq](w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	name, seed := s.scen.Name, req.seedOr(s.seed)
	s.mu.Unlock()
	if req.Scenario != "" {
		name = req.Scenario
	}
	pb, err := plan(s.sys, req.At)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	if err := s.start(name, seed, pb); err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	s.nudge()
	writeJSON(w, http.StatusOK, s.stateIn(pageLanguage(r), 0, -1))
}

func (srv *Server) handlePlaybook(w http.ResponseWriter, r *http.Request, s *session) {
	text, name := s.playbookYAML()
	writeYAML(w, text, name)
}
