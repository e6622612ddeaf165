package serve

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"
)

// NetworkFile is a network the page offers: a catalogue example or a file
// named on the command line.
type NetworkFile struct {
	Name   string // file name, e.g. "tandem.yaml"
	Title  string // one line for the picker; the name when empty
	Source []byte // the YAML file
	Lesson string // what to try and what to see (Markdown: paragraphs, "- " lists, `code`, **bold**)
}

// maxNetworkFile bounds an uploaded network file.
const maxNetworkFile = 256 << 10

// netHub serves the network page's API: the catalogue and one network
// session per browser tab. Its sessions live in the Server's registry,
// under the one cap shared with the systems' sessions.
type netHub struct {
	files []NetworkFile
	open  NetOpener
	reg   *registry
}

// netWhat names a network session in messages.
const netWhat = "network simulation"

// routes registers the network API on m.
//
//	GET  /api/networks                               the catalogue: name, title, lesson, source
//	POST /api/networks/sessions                      {example | name+source, seed?, at?: ["120:servers cpu=2", …]} → state
//	GET  /api/networks/sessions/{id}/state
//	POST /api/networks/sessions/{id}/change          {change: "servers cpu=2"} → applied at the next step
//	POST /api/networks/sessions/{id}/run             {speed}: 0 pause, 1 to 10000 time units per second, -1 as fast as possible
//	POST /api/networks/sessions/{id}/step            one time unit (pauses)
//	POST /api/networks/sessions/{id}/restart         {seed?, at?}
//	GET  /api/networks/sessions/{id}/network.yaml    the network file with the changes applied
//	GET  /api/networks/sessions/{id}/whatif          X and R against N with bounds and N* (one closed class; see whatif.go);
//	                                                 ?mean.STATION=SECONDS recomputes them with edited service means
//	GET  /api/networks/sessions/{id}/transient       the exact transient E[N(t)] over the first 60 units (nettransient.go):
//	                                                 202 {status: computing} until it is ready, once per network
//	GET  /api/networks/sessions/{id}/percentiles     p50/p90/p99 response and wait per station and class and end to end, as
//	                                                 net run --percentiles gives them for the network now (netpercentile.go);
//	                                                 ?duration=SECONDS, else the page's own length
//	POST /api/networks/sessions/{id}/close
func (h *netHub) routes(m *http.ServeMux) {
	m.HandleFunc("GET /api/networks", h.handleCatalogue)
	m.HandleFunc("POST /api/networks/sessions", h.handleCreate)
	m.HandleFunc("GET /api/networks/sessions/{id}/state", with(h.reg, netWhat, h.handleState))
	m.HandleFunc("POST /api/networks/sessions/{id}/change", with(h.reg, netWhat, h.handleChange))
	m.HandleFunc("POST /api/networks/sessions/{id}/run", with(h.reg, netWhat, handleRun[*netSession]))
	m.HandleFunc("POST /api/networks/sessions/{id}/step", with(h.reg, netWhat, handleStep[*netSession]))
	m.HandleFunc("POST /api/networks/sessions/{id}/restart", with(h.reg, netWhat, h.handleRestart))
	m.HandleFunc("GET /api/networks/sessions/{id}/network.yaml", with(h.reg, netWhat, h.handleFile))
	m.HandleFunc("GET /api/networks/sessions/{id}/whatif", with(h.reg, netWhat, h.handleWhatIf))
	m.HandleFunc("GET /api/networks/sessions/{id}/transient", with(h.reg, netWhat, h.handleTransient))
	m.HandleFunc("GET /api/networks/sessions/{id}/percentiles", with(h.reg, netWhat, h.handlePercentiles))
	m.HandleFunc("POST /api/networks/sessions/{id}/close", closer[*netSession](h.reg, netWhat))
}

type catalogueJSON struct {
	Name   string `json:"name"`
	Title  string `json:"title"`
	Lesson string `json:"lesson"`
	Source string `json:"source"`
}

func (h *netHub) handleCatalogue(w http.ResponseWriter, _ *http.Request) {
	out := make([]catalogueJSON, len(h.files))
	for i, f := range h.files {
		out[i] = catalogueJSON{f.Name, f.Title, f.Lesson, string(f.Source)}
		if out[i].Title == "" {
			out[i].Title = f.Name
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"available": h.open != nil, "networks": out})
}

type netCreateReq struct {
	Example string `json:"example"` // a catalogue name, or
	Name    string `json:"name"`    // an uploaded file's name
	Source  string `json:"source"`  // and its text
	startReq
}

// netPlan parses planned changes ("T:CHANGE").
func netPlan(at []string) ([]NetTimed, error) {
	if len(at) > maxPlanned {
		return nil, fmt.Errorf("too many planned changes (%d; at most %d)", len(at), maxPlanned)
	}
	out := make([]NetTimed, 0, len(at))
	for _, a := range at {
		t, err := ParseNetTimed(a)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// source finds the file a create request names.
func (h *netHub) source(req netCreateReq) (name string, src []byte, origin string, err error) {
	switch {
	case req.Example != "" && req.Source != "":
		return "", nil, "", errors.New("give either example or source, not both")
	case req.Example != "":
		var names []string
		for _, f := range h.files {
			if f.Name == req.Example || strings.TrimSuffix(f.Name, ".yaml") == req.Example {
				return f.Name, f.Source, f.Name, nil
			}
			names = append(names, f.Name)
		}
		return "", nil, "", fmt.Errorf("unknown network %q (valid: %s)", clip(req.Example, 60), strings.Join(names, ", "))
	case req.Source != "":
		if len(req.Source) > maxNetworkFile {
			return "", nil, "", fmt.Errorf("the network file is %d bytes; at most %d", len(req.Source), maxNetworkFile)
		}
		if !utf8.ValidString(req.Source) {
			return "", nil, "", errors.New("the network file is not UTF-8 text")
		}
		return fileName(req.Name), []byte(req.Source), "", nil
	}
	return "", nil, "", errors.New("want {\"example\": NAME} or {\"name\": FILE, \"source\": YAML}")
}

func (h *netHub) handleCreate(w http.ResponseWriter, r *http.Request) {
	if h.open == nil {
		fail(w, http.StatusNotImplemented, "this server cannot simulate networks")
		return
	}
	req, ok := readJSONUpTo[netCreateReq](w, r, maxNetworkFile+MaxBody)
	if !ok {
		return
	}
	name, src, origin, err := h.source(req)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	plan, err := netPlan(req.At)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	seed := req.seedOr(randomSeed())
	s := &netSession{open: h.open, file: name, src: src, origin: origin}
	s.init(h.reg.now())
	if err := s.start(seed, plan); err != nil {
		s.cancel()
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	if !h.reg.admit(w, s, netWhat) {
		return
	}
	writeJSON(w, http.StatusCreated, s.stateIn(pageLanguage(r)))
}

func (h *netHub) handleState(w http.ResponseWriter, r *http.Request, s *netSession) {
	writeJSON(w, http.StatusOK, s.stateIn(pageLanguage(r)))
}

type netChangeReq struct {
	Change string `json:"change"`
}

// handleChange checks a change against the network as it is now (when the
// simulation can, see netChecker) and queues it for the next step; a
// change that still fails there (after other changes waiting with it) is
// reported in the state's messages.
func (h *netHub) handleChange(w http.ResponseWriter, r *http.Request, s *netSession) {
	req, ok := readJSON[netChangeReq](w, r)
	if !ok {
		return
	}
	c, err := ParseNetChange(req.Change)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	if err := s.check(c); err != nil {
		fail(w, http.StatusBadRequest, "%s: %v", clip(c.String(), 80), err)
		return
	}
	s.mu.Lock()
	if len(s.pending) >= maxPending {
		s.mu.Unlock()
		fail(w, http.StatusTooManyRequests, "too many changes waiting for the next step")
		return
	}
	s.pending = append(s.pending, c)
	if s.speed == 0 && s.steps == 0 {
		s.steps = 1 // paused: apply it now, and show one unit of its effect
	}
	s.mu.Unlock()
	s.nudge()
	writeJSON(w, http.StatusAccepted, map[string]string{"change": c.String()})
}

func (h *netHub) handleRestart(w http.ResponseWriter, r *http.Request, s *netSession) {
	req, ok := readJSON[startReq](w, r)
	if !ok {
		return
	}
	plan, err := netPlan(req.At)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	s.mu.Lock()
	seed := req.seedOr(s.seed)
	s.mu.Unlock()
	if err := s.start(seed, plan); err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	s.nudge()
	writeJSON(w, http.StatusOK, s.stateIn(pageLanguage(r)))
}

func (h *netHub) handleFile(w http.ResponseWriter, _ *http.Request, s *netSession) {
	text, name := s.fileYAML()
	writeYAML(w, text, name)
}

// fileName keeps the letters, digits, '.', '-' and '_' of an uploaded
// file's name (at most 80), so that it is safe in a header and a message.
func fileName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if b.Len() >= 80 {
			break
		}
		if r == '.' || r == '-' || r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 || strings.Trim(b.String(), ".") == "" {
		return "network.yaml"
	}
	return b.String()
}

// check asks the running network whether it would take c.
func (s *netSession) check(c NetChange) error {
	s.engMu.Lock()
	defer s.engMu.Unlock()
	if ch, ok := s.live.(netChecker); ok && s.live != nil {
		return ch.Check(c)
	}
	return nil
}
