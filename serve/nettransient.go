package serve

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/language"

	"queuelab/analytic"
	"queuelab/analytic/ctmc"
	"queuelab/des/queueing"
)

// The network page's first minutes: the exact transient mean number at
// each station, E[N_i(t)], from the network's initial state (empty, or
// the file's initial:, closed classes at their start station), by
// uniformization on the CTMC (analytic.CTMCTransientWith), drawn beside
// what the run measured.
//
// One run is one sample path: its number at t is one draw of N(t), not
// E[N(t)]. What the run does estimate without bias is the time average
// (1/t)∫₀ᵗ N(s) ds, whose expectation is (1/t)∫₀ᵗ E[N(s)] ds (Fubini).
// So the page draws E[N(t)] itself and its running time average, and
// compares the run's time average with the latter: like with like.

// Limits of the page's transient.
const (
	// transientUnits is the window drawn: the first 60 time units (the
	// network's longest mean service time, Graph.Unit), which is where
	// the run's windows of one unit each start.
	transientUnits = 60
	// transientSteps is the grid: 61 times, one per unit.
	transientSteps = 60
	// transientMaxStates caps the chain the page solves: a tenth of the
	// 10⁶ of net solve, so that a transient costs about a second of one
	// core for the catalogue's networks (jackson-feedback, the largest
	// it solves, has some 5·10⁴ states). Larger chains are refused with
	// the solver's reason (net solve FILE --at T answers them).
	transientMaxStates = 100_000
	// transientCached is how many networks' transients the server keeps.
	transientCached = 32
	// transientPending is how many may wait to be computed: a network
	// asked for beyond them is answered "computing" and started at a
	// later poll, so a client changing its network faster than the
	// server solves cannot queue work without bound.
	transientPending = 4
)

// transientOptions are the solver options of the page's transient: net
// solve's (analytic.CTMCOptions) with the state cap above and a tighter
// bound on the steady-state solve that the open classes' truncation needs
// (about a second; net solve allows some seven), and a bound on the
// uniformization of a few seconds (net solve --at allows about a minute;
// central-server, the catalogue's dearest, needs 29 599 terms over its
// 1 771 states, more than 3·10⁸): a stiff uploaded network cannot hold the
// server's one transient slot for long.
var transientOptions = func() ctmc.Options {
	o := analytic.CTMCOptions
	o.MaxStates, o.MaxWork, o.TransientWork = transientMaxStates, 3e8, 2e9
	return o
}()

// transientSlot lets one transient be computed at a time in the whole
// server: the pages stay responsive on a small machine whatever the
// number of sessions asking.
var transientSlot = make(chan struct{}, 1)

// netTransienter is implemented by a NetLive that can give its network to
// the exact transient and the run's running time averages.
type netTransienter interface {
	// TransientKey identifies the network as it is now: the SHA-256 of
	// its file (File), kept until the next change, so that a poll finds
	// a transient already computed without rebuilding anything.
	TransientKey() [32]byte
	// TransientModel returns the network as it is now in the form the
	// analytic package takes, and its time unit (Graph.Unit).
	TransientModel() (analytic.Network, float64, error)
	// RunAverages returns the run's time-average number at each station
	// (Graph order) over [0, T] at T = 1, 2, … units (the observation
	// windows' boundaries) up to transientUnits units, when the last is
	// later than after; ok is false once the run no longer is this
	// network from its initial state (a change after time 0).
	RunAverages(after float64) (ts []float64, v [][]float64, ok bool)
}

// netAvgJSON is the state's record of the run's running time averages
// (netStateJSON.RunAverage): T[k] = (k+1) units, V[k] per station in Graph
// order. Comparable is false after a change at a time > 0: the run no
// longer starts from the current network's initial state.
type netAvgJSON struct {
	T          []num   `json:"t"`
	V          [][]num `json:"v"`
	Comparable bool    `json:"comparable"`
	ChangedAt  num     `json:"changedAt"`
}

// transientJSON is GET /api/networks/sessions/{id}/transient. Status is
// "ready", "computing" (ask again) or "refused" (Reason says why, in the
// page's language). Series are per station in Graph order, then the
// network total (Station ""): Mean[k] = E[N(Times[k])], Avg[k] its time
// average over [0, Times[k]]. Bound is the largest uniformization error
// bound of Mean over the grid (and so of Avg); Quad estimates Avg's
// quadrature error (the gap between Simpson's and the trapezoid rule).
type transientJSON struct {
	Status string            `json:"status"`
	Reason string            `json:"reason,omitempty"`
	Epoch  int               `json:"epoch"`
	Unit   num               `json:"unit"`
	Window num               `json:"window"`
	Times  []num             `json:"times"`
	Series []transientSeries `json:"series"`
	Cap    int               `json:"cap"` // the page's state cap (transientMaxStates)
	reason string            // the refusal in English, translated per request
}

type transientSeries struct {
	Station string `json:"station"`
	Mean    []num  `json:"mean"`
	Avg     []num  `json:"avg"`
	Bound   num    `json:"bound"`
	Quad    num    `json:"quad"`
}

// transientCache holds the transients computed, keyed by the network
// file they are for (its SHA-256), shared by every session: once per
// network, not per poll or per tab. A nil result is being computed.
type transientCache struct {
	mu      sync.Mutex
	res     map[[32]byte]*transientJSON
	order   [][32]byte // oldest first
	pending int        // results being computed (nil in res)
}

var transients = &transientCache{res: map[[32]byte]*transientJSON{}}

// cached returns the transient of key and whether the cache has it (nil:
// being computed).
func (c *transientCache) cached(key [32]byte) (*transientJSON, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	res, ok := c.res[key]
	return res, ok
}

// lookup returns the transient of key, or nil: being computed, or to be
// started at a later call when transientPending are already waiting. It
// keeps at most transientCached results, forgetting the oldest done.
func (c *transientCache) lookup(key [32]byte, an analytic.Network, unit float64) *transientJSON {
	c.mu.Lock()
	defer c.mu.Unlock()
	if res, ok := c.res[key]; ok {
		return res
	}
	if c.pending >= transientPending {
		return nil
	}
	for i := 0; len(c.order)-c.pending >= transientCached && i < len(c.order); {
		if old := c.order[i]; c.res[old] != nil { // one being computed stays until done
			delete(c.res, old)
			c.order = slices.Delete(c.order, i, i+1)
			continue
		}
		i++
	}
	c.res[key] = nil
	c.order = append(c.order, key)
	c.pending++
	go c.compute(key, an, unit)
	return nil
}

func (h *netHub) handleTransient(w http.ResponseWriter, r *http.Request, s *netSession) {
	tag := pageLanguage(r)
	s.engMu.Lock()
	tr, ok := s.live.(netTransienter)
	var (
		an   analytic.Network
		unit float64
		err  error
		key  [32]byte
	)
	var res *transientJSON
	found := false
	if ok {
		key = tr.TransientKey()
		// A network already asked for needs no model: only networks with
		// a steady state reach the cache.
		if res, found = transients.cached(key); !found {
			an, unit, err = tr.TransientModel()
		}
	}
	s.engMu.Unlock()
	s.mu.Lock()
	epoch := s.epoch
	s.mu.Unlock()
	if !ok {
		writeJSON(w, http.StatusOK, refusedTransient(tag, epoch, errors.New("this simulator gives no exact transient")))
		return
	}
	if !found {
		if err == nil {
			err = noSteadyState(an)
		}
		if err != nil {
			writeJSON(w, http.StatusOK, refusedTransient(tag, epoch, err))
			return
		}
		res = transients.lookup(key, an, unit)
	}
	if res == nil {
		writeJSON(w, http.StatusAccepted, transientJSON{Status: "computing", Epoch: epoch, Cap: transientMaxStates})
		return
	}
	out := *res
	out.Epoch = epoch
	if out.reason != "" {
		out.Reason = translateError(tag, out.reason)
	}
	writeJSON(w, http.StatusOK, &out)
}

// noSteadyState refuses at once a network whose open customers pile up
// (an overloaded station, or stations they never leave): the chain's
// truncation of the open classes is set by the steady state, which such
// a network does not have, and the solver would try ever larger chains
// before saying so.
func noSteadyState(an analytic.Network) error {
	if tr := trapped(an); len(tr) > 0 {
		return fmt.Errorf("customers who reach %s never leave: no steady state to cut the open classes by", strings.Join(tr, ", "))
	}
	if us := overloaded(an); len(us) > 0 {
		return fmt.Errorf("station %q has ρ = %.3g ≥ 1: no steady state to cut the open classes by", us[0].Station, us[0].Rho)
	}
	return nil
}

func refusedTransient(tag language.Tag, epoch int, err error) *transientJSON {
	return &transientJSON{Status: "refused", Epoch: epoch, Reason: translateError(tag, err.Error()), Cap: transientMaxStates}
}

// compute solves the transient of an (one at a time in the server) and
// keeps it.
func (c *transientCache) compute(key [32]byte, an analytic.Network, unit float64) {
	transientSlot <- struct{}{}
	var res *transientJSON
	err := guard(func() { res = solveTransient(an, unit) })
	<-transientSlot
	if err != nil {
		res = &transientJSON{Status: "refused", reason: err.Error(), Cap: transientMaxStates}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.res[key] = res
	c.pending--
}

// transientRefusal words the chain's refusal for the page. A
// uniformization too long for the page's budget is said with advice that
// fits its fixed window (the solver's own, "ask for an earlier time",
// does not: the page asks for its window, not a time).
func transientRefusal(err error) string {
	var long *ctmc.TransientTooLongError
	if errors.As(err, &long) {
		return fmt.Sprintf("the page's fixed window, the first %g s, needs about %d uniformization steps over %d states (Λ = %s/s): too many for the page; rates closer together or fewer states make it shorter, and queuelab net solve FILE --at T answers earlier times",
			long.T, long.Steps, long.States, plainSig(long.Lambda, 4))
	}
	return err.Error()
}

// plainSig writes x to sig significant digits without an exponent
// (10000, not 1e+04), as the page's other English numbers are written.
func plainSig(x float64, sig int) string {
	r, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', sig, 64), 64)
	if err != nil || math.IsInf(r, 0) || math.IsNaN(r) {
		return strconv.FormatFloat(x, 'g', sig, 64)
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// solveTransient computes E[N_i(t)] on the grid of the first
// transientUnits units, each station's and their total, with their time
// averages; a refusal of the chain becomes a "refused" answer. A fork's
// and a join's series are null (see below), and the total leaves them out.
func solveTransient(an analytic.Network, unit float64) *transientJSON {
	window := transientUnits * unit
	times := make([]float64, transientSteps+1)
	for k := range times {
		times[k] = window * float64(k) / transientSteps
	}
	vals, bnds, err := analytic.CTMCTransientWith(an, times, transientOptions)
	if err != nil {
		return &transientJSON{Status: "refused", reason: transientRefusal(err), Cap: transientMaxStates}
	}
	M := len(an.Stations)
	mean, bound := grid(M+1, len(times)), grid(M+1, len(times))
	for i := range M { // a station the chain reports nothing for stays NaN
		for k := range times {
			mean[i][k], bound[i][k] = math.NaN(), math.NaN()
		}
	}
	index := map[string]int{}
	for i, st := range an.Stations {
		index[st.Name] = i
	}
	for _, f := range an.Forks {
		// The simulator counts the jobs between fork and join at the fork
		// and the tasks waiting for their siblings at the join; the
		// chain's fork and join are points that hold nobody. No curve
		// there, and neither counts in the total.
		delete(index, an.Stations[f.Fork].Name)
		delete(index, an.Stations[f.Join].Name)
	}
	for k := range times {
		for j, m := range vals[k] {
			i, ok := index[m.Station]
			if !ok || m.Class != "" || m.Name != queueing.MeanInSystem {
				continue
			}
			mean[i][k], bound[i][k] = m.Value, bnds[k][j].Value
			mean[M][k] += m.Value
			bound[M][k] += bnds[k][j].Value
		}
	}
	out := &transientJSON{Status: "ready", Unit: num(unit), Window: num(window), Times: floatNums(times), Cap: transientMaxStates}
	for i := range M + 1 {
		name := ""
		if i < M {
			name = an.Stations[i].Name
		}
		avg, quad := runningMean(times, mean[i])
		b := math.NaN()
		for _, x := range bound[i] {
			if !(x <= b) {
				b = x
			}
		}
		out.Series = append(out.Series, transientSeries{Station: name, Mean: floatNums(mean[i]), Avg: floatNums(avg), Bound: num(b), Quad: num(quad)})
	}
	return out
}

func grid(rows, cols int) [][]float64 {
	out := make([][]float64, rows)
	for i := range out {
		out[i] = make([]float64, cols)
	}
	return out
}

func floatNums(xs []float64) []num {
	out := make([]num, len(xs))
	for i, x := range xs {
		out[i] = num(x)
	}
	return out
}

// runningMean returns (1/t)∫₀ᵗ f at each time of an even grid of equal
// steps (f at t = 0 there): Simpson's rule on each pair of steps, and on
// a single step the integral of the parabola through it and the next
// point, both exact for quadratics. quad is the largest gap to the
// trapezoid rule, divided by t: an estimate of the error, the
// trapezoid's own being much the larger.
func runningMean(times, f []float64) (avg []float64, quad float64) {
	n := len(times)
	avg = make([]float64, n)
	if n == 0 {
		return avg, 0
	}
	avg[0] = f[0]
	var simp, trap float64
	cum := make([]float64, n)
	for j := 1; j < n; j++ {
		h := times[j] - times[j-1]
		trap += h / 2 * (f[j-1] + f[j])
		switch {
		case j%2 == 0:
			cum[j] = cum[j-2] + h/3*(f[j-2]+4*f[j-1]+f[j])
		case j+1 < n:
			cum[j] = cum[j-1] + h/12*(5*f[j-1]+8*f[j]-f[j+1])
		case j == 1: // a grid of one step: no parabola, the trapezoid
			cum[j] = h / 2 * (f[0] + f[1])
		default: // the last step of an odd grid: the parabola through the two before
			cum[j] = cum[j-1] + h/12*(5*f[j]+8*f[j-1]-f[j-2])
		}
		simp = cum[j]
		avg[j] = simp / times[j]
		quad = math.Max(quad, math.Abs(simp-trap)/times[j])
	}
	return avg, quad
}

// runAverage returns the state's record of the run's running time
// averages (mu held).
func (s *netSession) runAverage() netAvgJSON {
	out := netAvgJSON{T: []num{}, V: [][]num{}, Comparable: true, ChangedAt: num(math.NaN())}
	for _, c := range s.taken {
		if c.At > 0 {
			out.Comparable, out.ChangedAt = false, num(c.At)
			break
		}
	}
	for k, t := range s.avgT {
		out.T = append(out.T, num(t))
		out.V = append(out.V, floatNums(s.avgV[k]))
	}
	return out
}

// recordAverages returns the run's running time averages when there are
// new ones, while the run is the current network's from its initial
// state and its first transientUnits units are not all recorded (engMu
// held; last is the time of the last one recorded, 0 for none).
func (s *netSession) recordAverages(last, unit float64) (ts []float64, v [][]float64) {
	tr, ok := s.live.(netTransienter)
	if !ok || last >= transientUnits*unit*(1-1e-9) {
		return nil, nil
	}
	ts, v, ok = tr.RunAverages(last)
	if !ok || len(ts) == 0 {
		return nil, nil
	}
	return ts, v
}
