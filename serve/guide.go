package serve

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"queuelab/model/paymentswitch"
	"queuelab/model/webservice"
)

// The classroom mode: per scenario, guided steps a student follows on the
// live page, each ending in a check question. The answer is not a number
// written in the lesson but one the model produces on this run: the
// server computes it from the session's own rows (the last minute, once
// the run has reached the step's minute) with the relation the step
// teaches, and compares the student's number with it. The texts are
// catalogue messages; the working shown after a check is a message with
// the run's numbers filled in.

// guideStep is one step: what to do and look at, and the question.
type guideStep struct {
	Do     pageText // what to do and what to look at
	Ask    pageText // the question
	Work   pageText // how the answer comes from the run's numbers: {0}… are args
	Unit   string   // of the answer, e.g. "slots", "%", "ms"
	Minute int      // the run must have reached this minute
	// Answer computes the expected answer from the run's last minute and
	// the numbers the working quotes.
	Answer func(r whyRows, i int) (want float64, args []float64, err error)
}

// guideTolerance is how far (relative) an answer may be from the run's:
// the student reads rounded numbers off the page.
const guideTolerance = 0.05

// guideList holds each scenario's steps by "system/scenario", in the
// order the catalogue lists their texts (guideTexts): a scenario's steps
// are entered here once.
var guideList = []struct {
	key   string
	steps []guideStep
}{
	{"switch/" + paymentswitch.Normal, []guideStep{stepLittleSwitch}},
	{"switch/" + paymentswitch.SaleSurge, []guideStep{stepRetryShare}},
	{"switch/" + paymentswitch.FraudWave, []guideStep{stepThresholdShift}},
	{"switch/" + paymentswitch.IssuerOutage, []guideStep{stepGroupBSlots}},
	{"web/normal", []guideStep{stepWorkerUtilisation}},
	{"web/bad-build", []guideStep{stepBurnRate}},
	{"web/viral-link", []guideStep{stepFleetForSurge}},
	{"web/cache-flush", []guideStep{stepQueryTime}},
}

// guides are guideList's steps by "system/scenario".
var guides = func() map[string][]guideStep {
	m := make(map[string][]guideStep, len(guideList))
	for _, g := range guideList {
		m[g.key] = g.steps
	}
	return m
}()

// guideJSON is GET /api/guide?system=…&scenario=…: the steps as keys.
type guideJSON struct {
	Steps []guideStepJSON `json:"steps"`
}

type guideStepJSON struct {
	Do     string `json:"do"`
	Ask    string `json:"ask"`
	Unit   string `json:"unit"`
	Minute int    `json:"minute"`
}

func handleGuide(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("system") + "/" + r.URL.Query().Get("scenario")
	out := guideJSON{Steps: []guideStepJSON{}}
	for _, s := range guides[key] {
		out.Steps = append(out.Steps, guideStepJSON{s.Do.key(), s.Ask.key(), s.Unit, s.Minute})
	}
	writeJSON(w, http.StatusOK, out)
}

type guideCheckReq struct {
	Step   int    `json:"step"`
	Answer string `json:"answer"`
}

// guideCheckJSON is a checked answer: right within guideTolerance or not,
// the run's own answer and the working (a message key and its numbers).
type guideCheckJSON struct {
	Correct bool   `json:"correct"`
	Given   num    `json:"given"`
	Want    num    `json:"want"`
	Work    string `json:"work"`
	Args    []num  `json:"args"`
	Minute  int    `json:"minute"` // the minute whose numbers were used
}

// parseAnswer reads a student's number: a decimal point or comma (Turkish
// and Uzbek write 99,9), an optional % sign and spaces.
func parseAnswer(s string) (float64, error) {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "%"), "%"))
	t = strings.ReplaceAll(t, " ", "")
	if !strings.Contains(t, ".") {
		t = strings.Replace(t, ",", ".", 1)
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("answer: want a number, got %s", strconv.Quote(clip(s, 40)))
	}
	return x, nil
}

// checkStep checks answer against step of the run r.
func checkStep(step guideStep, r whyRows, answer string) (guideCheckJSON, error) {
	if r.n < step.Minute {
		return guideCheckJSON{}, fmt.Errorf("run to minute %d first (the run is at minute %d)", step.Minute, r.n)
	}
	given, err := parseAnswer(answer)
	if err != nil {
		return guideCheckJSON{}, err
	}
	i := r.n - 1
	want, args, err := step.Answer(r, i)
	if err != nil {
		return guideCheckJSON{}, err
	}
	if math.IsNaN(want) || math.IsInf(want, 0) {
		return guideCheckJSON{}, fmt.Errorf("minute %d has no answer to this question (a number it needs is missing)", i+1)
	}
	out := guideCheckJSON{Given: num(given), Want: num(want), Work: step.Work.key(), Minute: i + 1,
		Correct: math.Abs(given-want) <= guideTolerance*math.Abs(want)+1e-9}
	for _, a := range args {
		out.Args = append(out.Args, num(a))
	}
	return out, nil
}

func (srv *Server) handleGuideCheck(w http.ResponseWriter, r *http.Request, s *session) {
	req, ok := readJSON[guideCheckReq](w, r)
	if !ok {
		return
	}
	steps := guides[s.sys.Name+"/"+s.scen.Name]
	if req.Step < 0 || req.Step >= len(steps) {
		fail(w, http.StatusBadRequest, "step %d: this scenario has %d guided steps", req.Step, len(steps))
		return
	}
	s.mu.Lock()
	rows := newWhyRows(s.columns, append(s.rows[:0:0], s.rows...), s.sys.Controls, s.scen, append(s.taken[:0:0], s.taken...))
	s.mu.Unlock()
	out, err := checkStep(steps[req.Step], rows, req.Answer)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// webDefaults are the web service's constants the steps quote.
var webDefaults = webservice.Defaults()
