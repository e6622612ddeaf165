package serve

import (
	"fmt"
	"math"
	"net/http"

	"queuelab/calculator"
	"queuelab/model/input"
	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// The "show why" view of the systems page (GET /api/sessions/{id}/why):
// per minute, the traffic the system was offered, split the way its
// story turns on, against the capacity line N/S — the most work per
// second its servers can hold, N servers (slots, workers) over the mean
// time S each request holds one, S from the calculator package at that
// minute's indicators and controls. The switch splits its attempts into
// new transactions and merchants' retries (a retry storm is retries
// filling the gap above capacity); the web service splits its requests
// into its priority classes (the low-priority share the load balancer
// may shed). Each system's view is a value (whyView) keyed by its name.

// whySeries is one stacked part of the traffic, per minute (req/s).
type whySeries struct {
	Key    string `json:"key"`
	Label  string `json:"label"` // English; the page translates it
	Values []num  `json:"values"`
}

// whyJSON is the view: stacked series (bottom first), the capacity line
// and what S was computed from.
type whyJSON struct {
	Title    string      `json:"title"`
	Note     string      `json:"note"`
	Since    int         `json:"since"` // minute of the first value
	Series   []whySeries `json:"series"`
	Capacity []num       `json:"capacity"` // N/S per minute (req/s); null where S is unknown
	Unit     string      `json:"unit"`
}

// whyRows reads a session's rows: col(i, key) is indicator key in minute
// i (NaN when the model has no such column), ctl(i, name) the control's
// value in force during minute i.
type whyRows struct {
	n   int
	col func(i int, key string) float64
	ctl func(i int, name string) string
}

// whyView computes a system's view from its rows.
type whyView func(r whyRows) (whyJSON, error)

var whyViews = map[string]whyView{
	paymentswitch.System.Name: switchWhy,
	webservice.System.Name:    webWhy,
}

// switchWhy: offered attempts = new + retries, against N/S with N the
// slots in service and S the holding time with reversals (calculator
// holding-time at the minute's issuer timeout and group B latency).
func switchWhy(r whyRows) (whyJSON, error) {
	out := whyJSON{Title: "Offered traffic against capacity", Unit: "tx/s",
		Note: "new and retried attempts per second, stacked; the line is the capacity N/S: slots in service over the mean holding time S (calculator holding-time at that minute's issuer timeout and group B latency)"}
	newS, retry := make([]num, r.n), make([]num, r.n)
	out.Capacity = make([]num, r.n)
	for i := range r.n {
		newS[i], retry[i] = num(r.col(i, "new_tps")), num(r.col(i, "retry_tps"))
		c, err := capacityAt(r, i, switchSlots(r, i), switchHolding)
		if err != nil {
			return whyJSON{}, err
		}
		out.Capacity[i] = c
	}
	out.Series = []whySeries{{"new", "new transactions", newS}, {"retried", "retries", retry}}
	return out, nil
}

// webWhy: requests by priority class (high, low admitted, low shed)
// against N/S with N the workers serving and S the service time
// (calculator service-time at the minute's hit share, query time and
// recommendations setting).
func webWhy(r whyRows) (whyJSON, error) {
	p := webDefaults
	out := whyJSON{Title: "Requests by priority class against capacity", Unit: "req/s",
		Note: fmt.Sprintf("high priority (%.0f %% of requests), low priority admitted and low priority shed, stacked; the line is the capacity N/S: workers serving over the mean service time S (calculator service-time at that minute's cache hits, query time and recommendations)", 100*(1-p.Traffic.LowShare))}
	high, low, shed := make([]num, r.n), make([]num, r.n), make([]num, r.n)
	out.Capacity = make([]num, r.n)
	for i := range r.n {
		req, sh := r.col(i, "requests"), r.col(i, "shed")
		high[i] = num(req * (1 - p.Traffic.LowShare))
		low[i], shed[i] = num(req*p.Traffic.LowShare-req*sh), num(req*sh)
		c, err := capacityAt(r, i, webWorkers(r, i), webService)
		if err != nil {
			return whyJSON{}, err
		}
		out.Capacity[i] = c
	}
	out.Series = []whySeries{{"high", "high priority", high}, {"low", "low priority admitted", low}, {"shed", "low priority shed", shed}}
	return out, nil
}

// capacityAt is the capacity N/S of minute i: n servers (slots, workers)
// over the mean holding time S that hold gives for the minute; NaN where
// n or S is not positive or not known.
func capacityAt(r whyRows, i int, n float64, hold func(whyRows, int) (float64, error)) (num, error) {
	s, err := hold(r, i)
	if err != nil {
		return 0, err
	}
	if n > 0 && s > 0 {
		return num(n / s), nil
	}
	return num(math.NaN()), nil
}

// switchSlots is the switch's connection slots in service in minute i.
func switchSlots(r whyRows, i int) float64 {
	return r.col(i, "servers") * paymentswitch.SlotsPerServer
}

// switchAdmitted is the switch's attempts admitted per second in minute i
// (offered less shed): the λ of its Little's law.
func switchAdmitted(r whyRows, i int) float64 {
	return r.col(i, "offered_tps") - r.col(i, "shed_tps")
}

// webWorkers is the web service's workers serving in minute i.
func webWorkers(r whyRows, i int) float64 {
	return r.col(i, "serving") * float64(webDefaults.Workers.PerInstance)
}

// webAdmitted is the web service's requests admitted per second in minute
// i (arriving less shed): the λ of its Little's law.
func webAdmitted(r whyRows, i int) float64 {
	return r.col(i, "requests") * (1 - r.col(i, "shed"))
}

// switchHolding is the switch's mean holding time S in minute i (s),
// with reversals: calculator holding-time at the minute's issuer timeout
// and group B latency; NaN when the minute lacks them.
func switchHolding(r whyRows, i int) (float64, error) {
	lat := r.col(i, "groupb_ms")
	if math.IsNaN(lat) {
		return math.NaN(), nil
	}
	f, _ := calculator.Lookup("holding-time")
	groups := fmt.Sprintf("%g:%gms,%g:%.0fms", 1-paymentswitch.GroupBShare, 1000*paymentswitch.IssuerMean, paymentswitch.GroupBShare, lat)
	_, res, err := f.Evaluate(map[string]string{"timeout": r.ctl(i, "issuer-timeout"), "groups": groups})
	if err != nil {
		return 0, fmt.Errorf("minute %d: %w", i+1, err)
	}
	return output(res, "holding_time_with_reversal"), nil
}

// webService is the web service's mean service time S in minute i (s):
// calculator service-time at the minute's hit share, query time and
// recommendations setting; NaN when the minute lacks them.
func webService(r whyRows, i int) (float64, error) {
	p := webDefaults
	hit, qt := r.col(i, "cache_hit"), r.col(i, "db_query_ms")
	if math.IsNaN(hit) || math.IsNaN(qt) {
		return math.NaN(), nil
	}
	app, queries := p.Workers.AppTime, p.DB.Queries
	if r.ctl(i, "recommendations") == "on" {
		app, queries = app+p.Workers.RecsAppTime, queries+p.DB.RecsQueries
	}
	f, _ := calculator.Lookup("service-time")
	_, res, err := f.Evaluate(map[string]string{"app-time": fmt.Sprintf("%gms", 1000*app), "hit": fmt.Sprint(hit),
		"queries": fmt.Sprint(queries), "query-time": fmt.Sprintf("%.3fms", qt)})
	if err != nil {
		return 0, fmt.Errorf("minute %d: %w", i+1, err)
	}
	return output(res, "service_time"), nil
}

// output returns the calculator output key's value (NaN if absent).
func output(res []calculator.Output, key string) float64 {
	for _, o := range res {
		if o.Key == key {
			return o.Value
		}
	}
	return math.NaN()
}

// why computes the session's view, or reports that its system has none.
func (s *session) why() (whyJSON, bool, error) {
	view, ok := whyViews[s.sys.Name]
	if !ok {
		return whyJSON{}, false, nil
	}
	s.mu.Lock()
	rows := append([]scenario.Row(nil), s.rows...)
	cols := append([]scenario.Column(nil), s.columns...)
	taken := append(scenario.Playbook(nil), s.taken...)
	scen := s.scen
	s.mu.Unlock()
	out, err := view(newWhyRows(cols, rows, s.sys.Controls, scen, taken))
	return out, true, err
}

// newWhyRows reads rows of columns cols, with the controls' values of
// scenario sc after the actions taken.
func newWhyRows(cols []scenario.Column, rows []scenario.Row, controls []input.Control, sc scenario.Scenario, taken scenario.Playbook) whyRows {
	idx := map[string]int{}
	for i, c := range cols {
		idx[c.Key] = i
	}
	return whyRows{n: len(rows),
		col: func(i int, key string) float64 {
			if j, ok := idx[key]; ok && j < len(rows[i]) {
				return rows[i][j]
			}
			return math.NaN()
		},
		ctl: func(i int, name string) string { return valueAt(controls, sc, taken, i, name) },
	}
}

// valueAt is control name's value in force during minute i (0-based):
// the scenario's start value, then the last action taken at a minute ≤ i.
func valueAt(controls []input.Control, sc scenario.Scenario, taken scenario.Playbook, i int, name string) string {
	v := ""
	for _, c := range controls {
		if c.Name == name {
			v = sc.StartValue(c)
		}
	}
	for _, a := range taken {
		if a.Control == name && a.Minute <= i {
			v = a.Value.Text
		}
	}
	return v
}

func (srv *Server) handleWhy(w http.ResponseWriter, _ *http.Request, s *session) {
	out, ok, err := s.why()
	switch {
	case !ok:
		fail(w, http.StatusNotFound, "%s has no \"show why\" view", s.sys.Name)
	case err != nil:
		fail(w, http.StatusInternalServerError, "show why: %v", err)
	default:
		writeJSON(w, http.StatusOK, out)
	}
}
