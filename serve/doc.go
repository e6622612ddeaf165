// Package serve is queuelab's live simulator: an HTTP server that runs one
// simulation per browser tab and the page (embedded in the binary, under
// static/) that shows it.
//
// The server is built around scenario.System values. A browser tab creates
// a session (POST /api/sessions) for one system, scenario and seed; the
// session owns a des engine and, when the system has one, its formula twin,
// and a goroutine that steps them one simulated minute at a time at the
// chosen speed. The page polls GET /api/sessions/{id}/state for the new
// rows, the goals, the state picture, the actions taken, every control's
// current value (its default until an action sets it) and the scenario
// events so far (when the engine is scenario.Evented), and posts
// control changes and run commands. Control changes are validated by
// Control.Parse and applied by the stepping goroutine before the next
// minute, so the minute at which each one took effect is exact and the
// recorded playbook replays the run: the same system, scenario, seed and
// playbook give the same rows in `queuelab run` and in a shared URL.
//
// API (all answers are JSON, errors are {"error": "..."} with a 4xx/5xx
// status):
//
//	GET  /api/systems                       systems, controls, scenarios and goals
//	POST /api/sessions                      {system, scenario, seed?, at?: ["5m:servers=10", …]} → state
//	GET  /api/sessions/{id}/state?since=N&epoch=E   rows from minute N (all when E is stale)
//	POST /api/sessions/{id}/control         {control, value} → 400 with the reason if invalid
//	POST /api/sessions/{id}/run             {speed}: 0 pause, 1, 10, 60 (simulated minutes per second), -1 as fast as possible
//	POST /api/sessions/{id}/step            one minute (pauses)
//	POST /api/sessions/{id}/restart         {scenario?, seed?, at?} start again (same seed unless given)
//	GET  /api/sessions/{id}/playbook.yaml   the actions taken, as a playbook file for `queuelab run`
//	POST /api/sessions/{id}/close           end the session now
//	GET  /api/sessions/{id}/why             "show why": traffic by part against the capacity N/S per minute (why.go)
//	GET  /api/guide?system=S&scenario=C     the scenario's guided steps (guide.go)
//	POST /api/sessions/{id}/guide           {step, answer} → checked against the session's own last minute
//
// An error answer is written in the request's Accept-Language as far as
// the catalogue's templates know its parts (i18n_errors.go).
//
// Sessions are capped: Options.MaxSessions counts the sessions of both
// pages together (a systems session and a network session each take one
// place); a create beyond it answers 503 with Retry-After. A session
// expires after Options.Idle without a request. Close stops every session
// goroutine. A request body over MaxBody (a network create, which may
// carry an uploaded file, is allowed 320 KiB) answers 413.
//
// # Networks
//
// The network page (static/network.html) runs any queueing network behind
// the NetLive interface: OpenNetwork adapts model/network's Sim (stepped in
// simulated time, observed between steps, changed while it runs with its
// statistics restarting) and analytic.SolveNetwork. A session steps its
// network every 100 ms by a tenth of the speed in time units (the longest
// mean service time), or as far as 80 ms of computing allows at full speed;
// changes are applied at the simulated time the run reached, and planned
// ones (from a replay link) at their time, so a replay gives the same
// states. Verdicts use validate's rule. The API (netHub.routes):
//
//	GET  /api/networks                               the catalogue (Options.Networks)
//	POST /api/networks/sessions                      {example | name+source, seed?, at?: ["120:servers cpu=2", …]}
//	GET  /api/networks/sessions/{id}/state           graph, snapshot, estimates with formulas and verdicts, chart points, marks
//	POST /api/networks/sessions/{id}/change          {change: "servers cpu=2"} (NetChange's text form)
//	POST /api/networks/sessions/{id}/run             {speed}
//	POST /api/networks/sessions/{id}/step
//	POST /api/networks/sessions/{id}/restart         {seed?, at?}
//	GET  /api/networks/sessions/{id}/network.yaml    the network file with the changes applied
//	GET  /api/networks/sessions/{id}/whatif          X and R against N (one closed class); ?mean.STATION=SECONDS edits means
//	GET  /api/networks/sessions/{id}/percentiles     net run --percentiles on the network now (netpercentile.go); ?duration=SECONDS
//	POST /api/networks/sessions/{id}/close
package serve
