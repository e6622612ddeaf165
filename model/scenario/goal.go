package scenario

import "math"

// Indicator names one indicator of a model's rows: the Key of its Column
// ("good_approval", "auth_ms"). Each model exports its indicators as
// typed constants, so goals, validate and the command line name them
// through values the compiler checks rather than string literals.
type Indicator string

// Reduce says how a goal turns a run's rows into the one value it checks.
type Reduce uint8

const (
	// AtEnd reads the indicator in the totals row: a rate pooled over the
	// whole run, a cumulative amount, or a state at the end.
	AtEnd Reduce = iota
	// MeanOver is the mean of the indicator's per-minute values over the
	// goal's window, skipping minutes where it is undefined (NaN); NaN if
	// no minute of the window has a value.
	MeanOver
	// MaxOver is the largest per-minute value over the goal's window,
	// skipping undefined minutes; NaN if none has a value.
	MaxOver
)

// Goal is one goal of a scenario. A scenario states its specification
// (Name, Op, Target, Unit, and what it reads: Indicator, Reduce, From,
// Minutes); Evaluate fills in Value and Met at the end of a run. Only the
// evaluated fields are part of a result's JSON.
type Goal struct {
	Name   string  `json:"name"`
	Op     string  `json:"op"` // ">=" or "<="
	Target float64 `json:"target"`
	Unit   string  `json:"unit"`
	Value  float64 `json:"value"`
	Met    bool    `json:"met"`
	// Note explains an adapted target (see ScaleGoals); empty otherwise.
	Note string `json:"note,omitempty"`

	// Indicator is the column the goal reads.
	Indicator Indicator `json:"-"`
	// Reduce turns the rows into the goal's value.
	Reduce Reduce `json:"-"`
	// From is the first minute of the window of MeanOver and MaxOver.
	From int `json:"-"`
	// Minutes is the window's length; 0 means to the end of the run.
	Minutes int `json:"-"`
}

// Check fills in Value and Met.
func (g Goal) Check(v float64) Goal {
	g.Value = v
	switch g.Op {
	case ">=":
		g.Met = v >= g.Target
	case "<=":
		g.Met = v <= g.Target
	}
	if v != v {
		g.Met = false
	}
	return g
}

// Measure computes the goal's value on a run: rows are the per-minute
// rows so far and totals the totals row, both aligned with cols. It is
// NaN when the goal's Indicator is not among cols.
func (g Goal) Measure(cols []Column, rows []Row, totals Row) float64 {
	col := ColumnIndex(cols, g.Indicator)
	if col < 0 {
		return math.NaN()
	}
	if g.Reduce == AtEnd {
		return totals[col]
	}
	end := len(rows)
	if g.Minutes > 0 {
		end = min(end, g.From+g.Minutes)
	}
	s, n, hi := 0.0, 0, math.Inf(-1)
	for m := max(g.From, 0); m < end; m++ {
		v := rows[m][col]
		if v != v {
			continue
		}
		s += v
		n++
		hi = max(hi, v)
	}
	switch {
	case n == 0:
		return math.NaN()
	case g.Reduce == MaxOver:
		return hi
	}
	return s / float64(n)
}

// Evaluate returns the scenario goals specs evaluated on a run (see
// Measure): the one goal evaluation both models use.
func Evaluate(specs []Goal, cols []Column, rows []Row, totals Row) []Goal {
	out := make([]Goal, len(specs))
	for i, g := range specs {
		out[i] = g.Check(g.Measure(cols, rows, totals))
	}
	return out
}

// ColumnIndex returns the index of the column of indicator k in cols, or
// −1.
func ColumnIndex(cols []Column, k Indicator) int {
	for i, c := range cols {
		if c.Key == string(k) {
			return i
		}
	}
	return -1
}

// Ratio returns a/b, or NaN (undefined) when b ≤ 0: the one rule both
// models use for rates and shares of a window with nothing to count.
func Ratio(a, b float64) float64 {
	if !(b > 0) {
		return math.NaN()
	}
	return a / b
}

// TargetText renders the goal's target for people, e.g. "≥ 95.0 %".
func (g Goal) TargetText() string { return opSymbol(g.Op) + " " + g.format(g.Target) }

// format renders v in the goal's unit: one decimal, two for small amounts
// such as dollars.
func (g Goal) format(v float64) string {
	c := Column{Unit: g.Unit, Digits: 1}
	if math.Abs(g.Target) < 10 && g.Unit != "%" && g.Unit != "‰" {
		c.Digits = 2
	}
	return c.Format(v)
}

// opSymbol renders a goal's comparison for people.
func opSymbol(op string) string {
	switch op {
	case ">=":
		return "≥"
	case "<=":
		return "≤"
	}
	return op
}

// Range is what a goal's indicator can still do in the minutes of a run
// not yet simulated: each per-minute value lies in [Lo, Hi] (use ±Inf for
// no bound), and with NonDecreasing its value never decreases (a total so
// far, such as a cost).
type Range struct {
	Lo, Hi        float64
	NonDecreasing bool
}

// Lost reports whether goal g can no longer be met, whatever the minutes
// of a run of runMinutes not yet simulated bring, after the rows done so
// far, given what its indicator can do (r): so that a run known to fail
// can stop early. It is conservative: false when undecided.
//
//   - AtEnd "<=" on a NonDecreasing indicator: lost once the last row is
//     above target.
//   - MaxOver "<=": lost once a minute of the window is above target.
//   - MeanOver: the best mean still reachable — the remaining minutes of
//     the window all at Hi (for ">=") or Lo (for "<="), or all undefined
//     and skipped — misses the target.
func (g Goal) Lost(cols []Column, rows []Row, runMinutes int, r Range) bool {
	col := ColumnIndex(cols, g.Indicator)
	if col < 0 || len(rows) == 0 {
		return false
	}
	switch g.Reduce {
	case AtEnd:
		return r.NonDecreasing && g.Op == "<=" && rows[len(rows)-1][col] > g.Target
	case MaxOver:
		return g.Op == "<=" && g.Measure(cols, rows, nil) > g.Target
	}
	end := runMinutes
	if g.Minutes > 0 {
		end = min(end, g.From+g.Minutes)
	}
	sum, n := 0.0, 0.0
	for m := max(g.From, 0); m < min(len(rows), end); m++ {
		if v := rows[m][col]; v == v {
			sum += v
			n++
		}
	}
	left := float64(max(end-max(len(rows), g.From), 0))
	if n+left == 0 {
		return false
	}
	skipped := math.NaN() // the mean if every remaining minute is undefined
	if n > 0 {
		skipped = sum / n
	}
	switch g.Op {
	case ">=":
		best := (sum + left*r.Hi) / (n + left)
		if left == 0 {
			best = skipped
		}
		return best < g.Target && !(skipped >= g.Target)
	case "<=":
		best := (sum + left*r.Lo) / (n + left)
		if left == 0 {
			best = skipped
		}
		return best > g.Target && !(skipped <= g.Target)
	}
	return false
}
