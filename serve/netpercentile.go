package serve

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/model/network"
	"queuelab/validate"
)

// The network page's percentiles: p50/p90/p99 of the response time (and
// the wait) per station and class and end to end, each with its
// batch-quantile 95 % interval beside the exact value where the analytic
// side gives one. They are what
//
//	queuelab net run --percentiles --seed SEED --duration D network.yaml
//
// prints for the session's network as it is now (the page's "download
// network" file) — the same code path (validate.RunNetwork), so the same
// numbers, byte for byte in its --json form — not the live run's running
// estimates: a quantile needs every observation of a batch kept, and the
// live run goes on without end. One request is one fresh run of its own,
// computed once per (network, seed, duration) and kept.
//
// Memory, per request and so per session (and, since one is computed at a
// time in the whole server, for the server too):
//
//   - the observations kept: at most pctObservations float32 (8 MiB); a run
//     that would keep more thins them, keeping every k-th
//     (network.Options.PercentileBudget), and says so (stride k): the
//     interval stays honest, the numbers then differ from net run's, which
//     keeps up to network.PercentileBudget;
//   - their batch boundaries: one int32 per percentile series and window
//     boundary, refused beyond pctMaxBoundaryBytes (16 MiB; a network of
//     some 500 stations and classes);
//   - the simulation itself, network.Work's estimate: refused beyond
//     pctMaxBytes (64 MiB), and at most pctMaxEvents events (about two
//     seconds of one core).
//
// Without ?duration= the run is sized to about pctAutoEvents events,
// whatever the arrival rate (a billion a second runs a fraction of a
// second of simulated time), and long enough to measure
// validate.MinCustomers customers when that fits under pctMaxEvents.

// Limits of the page's percentiles.
const (
	pctObservations     = 1 << 21
	pctMaxBoundaryBytes = 16 << 20
	pctMaxBytes         = 64 << 20
	pctAutoEvents       = 2e5
	pctMaxEvents        = 2e6
	// pctPeakBytes is the most one computation holds, by the bounds
	// above: 88 MiB (the flood of TestPercentilesMemoryBound allocates
	// 42 MiB in all; a catalogue example's heap grows by at most 27).
	pctPeakBytes = 4*pctObservations + pctMaxBoundaryBytes + pctMaxBytes
	// pctMaxDuration is net run's longest --duration (s).
	pctMaxDuration = 1e8
	// pctCached is how many results the server keeps (a few kB each).
	pctCached = 32
	// pctSolved is how many networks' formulas the server keeps (one
	// NetMetric, about 100 bytes, per station, class and measure).
	pctSolved = 8
	// pctWaiting is how many requests may wait for the server's one
	// computing slot, besides the one computing; more are told to come
	// back (503).
	pctWaiting = 4
)

// pctJSON is GET /api/networks/sessions/{id}/percentiles: the run's
// settings (Command reproduces it), Stride (1: every observation kept) and
// Budget (pctObservations), and the percentile metrics in net run's order.
// Times are in seconds.
type pctJSON struct {
	Network   string                      `json:"network"`
	Epoch     int                         `json:"epoch"`
	Seed      uint64                      `json:"seed"`
	Duration  validate.JSONNumber         `json:"duration_s"`
	Warmup    validate.JSONNumber         `json:"warmup_s"`
	Measured  validate.JSONNumber         `json:"measured_s"`
	Batches   int                         `json:"batches"`
	Customers int64                       `json:"customers"`
	Stride    int64                       `json:"stride"`
	Budget    int                         `json:"budget"`
	Command   string                      `json:"command"`
	Metrics   []validate.NetworkCheckJSON `json:"metrics"`
}

// pctKey names one computation: the network file, the seed and the
// duration asked for (math.Float64bits of pctDuration's value, 0 for the
// page's own), so "3000", "3e3" and " 3000" are one entry.
type pctKey struct {
	file     [32]byte
	seed     uint64
	duration uint64
}

// pctCache keeps the results computed (shared by every session) and lets
// one computation run at a time.
// It also keeps the last pctSolved networks' formulas (pctRun.formulas' answer,
// a refusal included), by the file's hash: another seed or duration of the
// same file solves nothing again.
type pctCache struct {
	mu      sync.Mutex
	res     map[pctKey]*pctJSON
	order   []pctKey
	solved  map[[32]byte]pctSolution
	sorder  [][32]byte
	waiting int
	slot    chan struct{}
}

// pctSolution is pctRun.formulas' answer.
type pctSolution struct {
	ms  []analytic.NetMetric
	err error
}

func newPctCache() *pctCache {
	return &pctCache{res: map[pctKey]*pctJSON{}, solved: map[[32]byte]pctSolution{}, slot: make(chan struct{}, 1)}
}

var percentiles = newPctCache()

// kept returns the result of key if it is kept.
func (c *pctCache) kept(key pctKey) (*pctJSON, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.res[key]
	return r, ok
}

// formulas returns run.formulas(), solving them only when the file of hash
// (run's) is not among the last pctSolved. Its slices are shared: read only.
func (c *pctCache) formulas(hash [32]byte, run *pctRun) ([]analytic.NetMetric, error) {
	c.mu.Lock()
	sol, ok := c.solved[hash]
	c.mu.Unlock()
	if ok {
		return sol.ms, sol.err
	}
	ms, err := run.formulas()
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.solved[hash]; !ok {
		if len(c.sorder) >= pctSolved {
			delete(c.solved, c.sorder[0])
			c.sorder = c.sorder[1:]
		}
		c.solved[hash] = pctSolution{ms, err}
		c.sorder = append(c.sorder, hash)
	}
	return ms, err
}

// errPctBusy is the answer when pctWaiting requests already wait.
var errPctBusy = errors.New("the server is computing other percentiles; ask again in a moment")

// get returns the result of key, computing it with f when it is not kept;
// it waits for the slot (or for the request to end: done).
func (c *pctCache) get(key pctKey, done <-chan struct{}, f func() (*pctJSON, error)) (*pctJSON, error) {
	c.mu.Lock()
	if r, ok := c.res[key]; ok {
		c.mu.Unlock()
		return r, nil
	}
	if c.waiting >= pctWaiting {
		c.mu.Unlock()
		return nil, errPctBusy
	}
	c.waiting++ // until it has the slot: the computing one does not count
	c.mu.Unlock()
	var ended bool
	select {
	case c.slot <- struct{}{}:
	case <-done:
		ended = true
	}
	c.mu.Lock()
	c.waiting--
	if ended {
		c.mu.Unlock()
		return nil, errPctBusy
	}
	r, ok := c.res[key] // computed while this one waited
	c.mu.Unlock()
	defer func() { <-c.slot }()
	if ok {
		return r, nil
	}
	r, err := f()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.order) >= pctCached {
		delete(c.res, c.order[0])
		c.order = c.order[1:]
	}
	c.res[key] = r
	c.order = append(c.order, key)
	return r, nil
}

func (h *netHub) handlePercentiles(w http.ResponseWriter, r *http.Request, s *netSession) {
	duration, err := pctDuration(r.URL.Query().Get("duration"))
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	// The file and the seed of one epoch: read together, engMu held (a
	// restart holds it to change them), then mu (the lock order).
	s.engMu.Lock()
	file := s.live.File()
	s.mu.Lock()
	seed, epoch := s.seed, s.epoch
	s.mu.Unlock()
	s.engMu.Unlock()
	hash := sha256.Sum256(file)
	key := pctKey{hash, seed, math.Float64bits(duration)}
	res, ok := percentiles.kept(key)
	if !ok {
		// The cheap refusals first, outside the computing slot.
		var run *pctRun
		if run, err = pctPlan(file, s.file, seed, duration); err == nil {
			res, err = percentiles.get(key, r.Context().Done(), func() (*pctJSON, error) {
				return run.compute(percentiles.formulas(hash, run))
			})
		}
	}
	switch {
	case errors.Is(err, errPctBusy):
		fail(w, http.StatusServiceUnavailable, "%v", err)
		return
	case err != nil:
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	out := *res
	out.Epoch = epoch
	writeJSON(w, http.StatusOK, &out)
}

// pctDuration reads ?duration= (seconds, 0 when absent: the page's own).
func pctDuration(text string) (float64, error) {
	if text == "" {
		return 0, nil
	}
	d, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	if err != nil || !(d > 0) || d > pctMaxDuration {
		return 0, fmt.Errorf("duration: want seconds > 0 and ≤ %g, got %q", float64(pctMaxDuration), clip(text, 40))
	}
	return d, nil
}

// pctRun is one computation planned: its configuration, checked against
// the page's limits, without the formulas; quick is the network's
// solution without the exact chain.
type pctRun struct {
	cfg   validate.NetworkConfig
	title string // validate.NetworkTitle: how messages name the network
	quick []analytic.NetMetric
}

// pctPlan parses the network file src (named file), solves it without the exact chain
// (refusing a network with no steady state) and sizes its run
// (pctRunLength) with seed for duration seconds (0: pctRunLength's): the
// refusals the handler makes before it waits for the computing slot.
func pctPlan(src []byte, file string, seed uint64, duration float64) (*pctRun, error) {
	n, err := network.Parse(file, src)
	if err != nil {
		return nil, err
	}
	title := validate.NetworkTitle(n.Name, file)
	an, err := n.Analytic()
	if err != nil {
		return nil, err
	}
	an.SkipCTMC = true
	quick, solveErr := analytic.SolveNetwork(an)
	if err := pctNoSteadyState(title, solveErr); err != nil {
		return nil, err
	}
	cfg := validate.NetworkConfig{Network: n, Seed: seed, Generator: des.PCG, Warmup: validate.AutoWarmup,
		Percentiles: true, PercentileBudget: pctObservations}
	if cfg.Duration, err = pctRunLength(cfg, duration, n.WorkSolved(quick, solveErr, 1, 1)); err != nil {
		return nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if quick == nil {
		quick = []analytic.NetMetric{} // none: RunNetwork must not solve it again
	}
	return &pctRun{cfg, title, quick}, nil
}

// pctNoSteadyState is the refusal of a network whose solution failed with
// err because it has no steady state (an overloaded station, customers who
// never leave: the run's memory estimate is then meaningless too), as net
// run says it, else nil.
func pctNoSteadyState(title string, err error) error {
	var u *analytic.UnstableError
	switch {
	case errors.As(err, &u):
		return errors.New(validate.NetworkUnstableText(title, u.Station, u.Rho))
	case errors.Is(err, analytic.ErrNoExit):
		return fmt.Errorf("%s has no steady state: %v", title, err)
	}
	return nil
}

// compute runs net run --percentiles with the formulas (pctRun.formulas' answer
// for the run's network and its error).
func (p *pctRun) compute(formulas []analytic.NetMetric, err error) (*pctJSON, error) {
	if err != nil {
		if refusal := pctNoSteadyState(p.title, err); refusal != nil {
			return nil, refusal
		}
		return nil, err
	}
	cfg := p.cfg
	cfg.Formulas = formulas
	rep, err := validate.RunNetwork(cfg)
	var dl *network.DeadlockError
	switch {
	case errors.Is(err, analytic.ErrNoExit), errors.As(err, &dl):
		return nil, fmt.Errorf("%s has no steady state: %v", p.title, err)
	case err != nil:
		return nil, err
	case rep.Unstable != nil:
		return nil, errors.New(validate.NetworkUnstableText(p.title, rep.Unstable.Station, rep.Unstable.Rho))
	}
	if enough := rep.EnoughData(); enough != nil {
		return nil, fmt.Errorf("duration %g s: %v", cfg.Duration, enough)
	}
	return pctReport(rep, cfg.Seed), nil
}

// percentilesOf runs net run --percentiles on the network file src with
// seed for duration seconds (0: pctRunLength's) within the page's limits,
// as the handler does but without the cache.
func percentilesOf(src []byte, seed uint64, duration float64) (*pctJSON, error) {
	run, err := pctPlan(src, "network.yaml", seed, duration)
	if err != nil {
		return nil, err
	}
	return run.compute(run.formulas())
}

// formulas are the run's checks' formulas. The exact CTMC gives
// percentiles at a single station only (analytic's ctmcPercentiles), so a
// network of several stations keeps the solution without the chain — net
// run solves it for the means, which the page does not show: a fork
// network's cost up to a GB and seconds — and a single station is solved
// again with the page's chain limits (transientOptions), the expensive
// part, made in the computing slot. The percentile rows are net run's
// wherever the single station's chain has at most 10⁵ states. Its error
// is SolveNetwork's when the network has no steady state (an
// *analytic.UnstableError, analytic.ErrNoExit), naming no file.
func (p *pctRun) formulas() ([]analytic.NetMetric, error) {
	n := p.cfg.Network
	if len(n.Stations) > 1 {
		return p.quick, nil
	}
	an, err := n.Analytic()
	if err != nil {
		return nil, err
	}
	an.CTMC = &transientOptions
	ms, err := analytic.SolveNetwork(an)
	if pctNoSteadyState(p.title, err) != nil {
		return nil, err
	}
	if ms == nil {
		ms = []analytic.NetMetric{} // none: RunNetwork must not solve it again
	}
	return ms, nil
}

// pctReport keeps the percentile checks of rep, as net run --json writes them.
func pctReport(rep *validate.NetworkReport, seed uint64) *pctJSON {
	d := strconv.FormatFloat(rep.Config.Duration, 'f', -1, 64)
	out := &pctJSON{Network: rep.Config.Network.Name, Seed: seed, Duration: validate.JSONNumber(rep.Config.Duration),
		Warmup: validate.JSONNumber(rep.Warmup), Measured: validate.JSONNumber(rep.Measured), Batches: rep.Result.Batches,
		Customers: rep.Customers, Stride: rep.Result.PercentileStride, Budget: pctObservations,
		Command: fmt.Sprintf("queuelab net run --percentiles --seed %d --duration %s network.yaml", seed, d),
		Metrics: []validate.NetworkCheckJSON{}}
	for i := range rep.Checks {
		c := &rep.Checks[i]
		if !queueing.IsPercentile(queueing.Metric(c.Name)) {
			continue
		}
		out.Metrics = append(out.Metrics, c.CheckJSON(1))
	}
	return out
}

// pctRunLength is the run's duration: asked (checked against the limits)
// with one the network's work for one second of one run (its events grow
// in proportion to the duration, its bytes do not depend on it: Work)
// or, when 0, about pctAutoEvents events, lengthened to expect twice
// validate.MinCustomers customers where that fits, rounded down to two
// significant digits so that the command reads well.
func pctRunLength(cfg validate.NetworkConfig, asked float64, one des.Work) (float64, error) {
	n := cfg.Network
	perSecond := one.Events
	if !(perSecond > 0) || math.IsInf(perSecond, 0) {
		return 0, errors.New("the network's event rate cannot be estimated")
	}
	if b := network.PercentileBoundaryBytes(len(n.Stations), len(n.Classes)); b > pctMaxBoundaryBytes {
		return 0, fmt.Errorf("%d stations and %d classes: the percentiles' batch boundaries would take %.3g MB, more than the page's %d MB (queuelab net run --percentiles computes them)",
			len(n.Stations), len(n.Classes), b/1e6, pctMaxBoundaryBytes>>20)
	}
	d := asked
	if d == 0 {
		d = niceDown(min(pctAutoEvents/perSecond, pctMaxDuration))
		cfg.Duration = d
		if exp, need := cfg.ExpectedCustomers(), float64(2*cfg.MinCustomers()); exp < need {
			d = niceDown(min(d*need/exp, pctMaxEvents/perSecond, pctMaxDuration))
		}
	}
	cfg.Duration = d
	if events := perSecond * d; events > pctMaxEvents {
		return 0, fmt.Errorf("duration %g s: about %.3g events, more than the page's %.3g (at most %.3g s here; queuelab net run has no such limit)",
			d, events, float64(pctMaxEvents), niceDown(pctMaxEvents/perSecond))
	}
	if one.Bytes > pctMaxBytes {
		return 0, fmt.Errorf("duration %g s: about %.3g MB of simulation state, more than the page's %d MB", d, one.Bytes/1e6, pctMaxBytes>>20)
	}
	if exp, need := cfg.ExpectedCustomers(), cfg.MinCustomers(); exp < float64(need) {
		return 0, fmt.Errorf("duration %g s: not enough data: expects %.3g customers, need %d (%d per batch); lengthen the duration", d, exp, need, validate.MinPerBatch)
	}
	return d, nil
}

// niceDown rounds x > 0 down to two significant digits.
func niceDown(x float64) float64 {
	if !(x > 0) {
		return x
	}
	p := math.Pow(10, math.Floor(math.Log10(x))-1)
	v := math.Floor(x/p) * p
	// Read back through the decimal text: 0.1·3 is not 0.3 in binary.
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 2, 64), 64)
	return r
}
