package validate

import (
	"fmt"
	"math"
	"queuelab/validate/estimate"
)

// The pass rule.
//
// A check compares a simulated Estimate with a formula value f. It passes
// when both parts hold:
//
//  1. Consistency: |estimate − f| ≤ h_α + tol·|f| + ε, where h_α is the
//     half-width of the Student-t batch-means interval at confidence
//     1 − α, tol is the formula's documented model tolerance (0 for an
//     exact result) and ε = 10⁻⁹·|f| absorbs floating-point rounding and
//     the nanosecond time grid. Network checks of approximations
//     (Check.SimRelative) take the tolerance relative to the estimate, as
//     their printed error is: |estimate − f| ≤ (1 + tol)·h_α + tol·|estimate| + ε.
//  2. Power: h_α ≤ PowerRel·|f| (or h_α ≤ PowerAbs, for quantities whose
//     value is near 0). With PowerRel = 5 %, a real relative error of 10 %
//     puts the estimate's centre two half-widths away from f, so it is
//     flagged with probability at least 1 − α/2: the check could see an
//     error of that size. A check that is consistent but not powerful is
//     "inconclusive" — it proves nothing — and the catalogue counts it as
//     a failure, because its run lengths are chosen to give every check
//     its power.
//
// Per-check significance is α = 10⁻⁴. For a family of m checks the
// chance that any exact check fails by noise alone is at most m·α
// (Bonferroni); every report prints m·α for its own m. Batch-means
// intervals are only approximately t-distributed; the coverage meta-test
// (TestCoverage) measures the real coverage of the 95 % interval.
type Rule struct {
	Alpha    float64 // per-check significance, e.g. 1e-3
	PowerRel float64 // largest h_α relative to |f|
	PowerAbs float64 // or largest absolute h_α (0: not used)
}

// DefaultRule is the catalogue's rule: α = 10⁻⁴, half-width ≤ 5 % of the
// value.
var DefaultRule = Rule{Alpha: 1e-4, PowerRel: 0.05}

// Verdict is the outcome of a check.
type Verdict uint8

const (
	// Agrees: consistent with an exact formula, with power.
	Agrees Verdict = iota
	// Approximate: consistent with an approximation within its documented
	// tolerance; Check.RelErr says by how much it is off.
	Approximate
	// Inconclusive: consistent, but the interval is too wide for a real
	// error to show.
	Inconclusive
	// Disagrees: the estimate is further from the formula than noise and
	// the documented tolerance allow.
	Disagrees
	// Info: nothing to check against (no formula applies).
	Info
	// NoData: the estimate is undefined or has no interval (no
	// observation of its kind, fewer than two batches): too little data
	// to say anything, which is neither agreement nor disagreement.
	NoData
	// Unbounded: the formula says the mean is infinite (service of
	// infinite variance at an M/G/1 queue, say): the simulated value is a
	// running average with no finite limit, which grows with the run, so
	// its interval means nothing and nothing is tested.
	Unbounded
)

// Failed reports whether v fails a catalogue run.
func (v Verdict) Failed() bool { return v == Disagrees || v == Inconclusive || v == NoData }

// Check is one comparison of a simulated metric with a formula.
type Check struct {
	Group   string            // experiment, e.g. "M/M/1 ρ=0.8"
	Name    string            // metric or claim, e.g. "P(wait)"
	Sim     estimate.Estimate // the simulated estimate
	Formula float64           // NaN when no formula applies
	Source  string            // where the formula comes from
	Approx  bool              // the formula is a documented approximation
	Tol     float64           // documented relative model tolerance
	// Expected is the expected number of events behind a rare-event
	// probability (formula × observations), used when the run saw none; 0
	// or NaN when it does not apply.
	Expected float64
	// SimRelative makes Tol relative to the simulated mean, as the printed
	// error (formula − sim)/|sim| is (the network rule, see
	// NetworkApproxTol): an approximation fails when
	// |sim − formula| > Tol·|sim| + (1 + Tol)·h_α, i.e. when no true value
	// within the interval is within Tol of the formula.
	SimRelative bool
	Note        string // explanation shown in reports

	Verdict   Verdict
	HalfAlpha float64 // half-width at 1 − α
	RelErr    float64 // (sim − formula)/|formula|
}

// Judge applies rule to c and sets Verdict, HalfAlpha and RelErr.
func (c *Check) Judge(rule Rule) {
	e := c.Sim
	c.RelErr = math.NaN()
	if math.IsNaN(c.Formula) {
		c.Verdict = Info
		c.HalfAlpha = e.HalfWidthAt(1 - rule.Alpha)
		return
	}
	if c.Formula != 0 {
		c.RelErr = (e.Mean - c.Formula) / math.Abs(c.Formula)
	}
	h := e.HalfWidthAt(1 - rule.Alpha)
	c.HalfAlpha = h
	if math.IsInf(c.Formula, 1) {
		c.Verdict = Unbounded
		return
	}
	if math.IsNaN(e.Mean) || math.IsInf(h, 1) {
		c.Verdict = NoData
		return
	}
	// A degenerate interval (every batch equal, typically zero events of
	// a rare kind): the observation is consistent with the formula when
	// the formula expects so few events that seeing none has probability
	// above α (for a Poisson count, when expected ≤ ln(1/α)).
	if e.SE == 0 && e.Mean == 0 && c.Formula > 0 {
		if c.Expected > 0 && c.Expected <= math.Log(1/rule.Alpha) {
			c.Verdict = Inconclusive
			c.Note = fmt.Sprintf("none observed; the formula expects %.2g events, too few to test", c.Expected)
			return
		}
	}
	eps := 1e-9 * math.Abs(c.Formula)
	allowed := h + c.Tol*math.Abs(c.Formula) + eps
	if c.SimRelative {
		allowed = (1+c.Tol)*h + c.Tol*math.Abs(e.Mean) + eps
	}
	if math.Abs(e.Mean-c.Formula) > allowed {
		c.Verdict = Disagrees
		return
	}
	if !(h <= rule.PowerRel*math.Abs(c.Formula)+eps || (rule.PowerAbs > 0 && h <= rule.PowerAbs)) {
		c.Verdict = Inconclusive
		return
	}
	if c.Approx {
		c.Verdict = Approximate
		return
	}
	c.Verdict = Agrees
}

// VerdictText returns the verdict as reports print it: "agrees",
// "approximate: formula off by X %", "inconclusive", "DISAGREES", "not
// enough data", "no finite limit: the mean is infinite" or "—".
func (c *Check) VerdictText() string {
	switch c.Verdict {
	case Agrees:
		return "agrees"
	case Approximate:
		return fmt.Sprintf("approximate: formula off by %+.1f %%", 100*c.approxErr())
	case Inconclusive:
		return "inconclusive"
	case Disagrees:
		return "DISAGREES"
	case NoData:
		return "not enough data"
	case Unbounded:
		return "no finite limit: the mean is infinite"
	}
	return "—"
}

// approxErr is the formula's error relative to the simulation,
// (formula − sim)/sim: how far the approximation is off.
func (c *Check) approxErr() float64 {
	if c.Sim.Mean == 0 {
		return math.NaN()
	}
	return (c.Formula - c.Sim.Mean) / math.Abs(c.Sim.Mean)
}
