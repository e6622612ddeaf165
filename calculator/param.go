package calculator

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"queuelab/model/input"
)

// Kind is the syntax of a formula parameter.
type Kind int

const (
	// Number is a real number.
	Number Kind = iota
	// Integer is a whole number of magnitude at most 2⁵³ (formulas compute
	// in float64).
	Integer
	// Duration is a Go duration ("80ms") or a bare number of seconds,
	// parsed to seconds.
	Duration
	// Text is free text, checked by the formula itself.
	Text
)

// Param is one parameter of a formula, with its valid range.
type Param struct {
	flag string
	kind Kind
	def  string // default value; "" means required unless opt
	opt  bool   // may be left out (no default)
	lo   float64
	hi   float64 // +Inf for no upper bound
	// loOpen and hiOpen exclude the bound itself.
	loOpen, hiOpen bool
	desc           string
	text           string // Range of a Text parameter
}

// Flag returns the parameter's name, which is its command-line flag.
func (p Param) Flag() string { return p.flag }

// Kind returns the parameter's syntax.
func (p Param) Kind() Kind { return p.kind }

// Default returns the default value as written, or "" if there is none.
func (p Param) Default() string { return p.def }

// Required reports whether the parameter must be given.
func (p Param) Required() bool { return p.def == "" && !p.opt }

// Description says what the parameter is.
func (p Param) Description() string { return p.desc }

// Range describes the valid values, e.g. "an integer ≥ 1".
func (p Param) Range() string {
	if p.kind == Text {
		return p.text
	}
	noun := "a number"
	switch p.kind {
	case Integer:
		noun = "an integer"
	case Duration:
		noun = "a duration"
	}
	num := func(x float64) string {
		if p.kind == Integer {
			return strconv.FormatFloat(x, 'f', -1, 64)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	var r string
	switch {
	case math.IsInf(p.hi, 1) && p.loOpen:
		r = fmt.Sprintf("%s > %s", noun, num(p.lo))
	case math.IsInf(p.hi, 1):
		r = fmt.Sprintf("%s ≥ %s", noun, num(p.lo))
	default:
		l, h := "[", "]"
		if p.loOpen {
			l = "("
		}
		if p.hiOpen {
			h = ")"
		}
		r = fmt.Sprintf("%s in %s%s, %s%s", noun, l, num(p.lo), num(p.hi), h)
	}
	if p.kind == Duration {
		r += " (e.g. 80ms, 2s, or bare seconds)"
	}
	return r
}

// control is the parameter as a model control, whose parser reads it:
// the closed range [lo, hi]; open bounds are checked by Parse.
func (p Param) control() input.Control {
	c := input.Control{Name: p.flag, Kind: input.Float, Min: p.lo, Max: p.hi}
	switch p.kind {
	case Integer:
		c.Kind = input.Int
	case Duration:
		c.Kind = input.Duration
	}
	return c
}

// Parse converts and range-checks a value of a Number, Integer or
// Duration parameter (durations in seconds). The error is an *InputError
// naming the flag and the valid values.
func (p Param) Parse(s string) (float64, error) {
	bad := func() error { return inputf("--%s: must be %s, got %s", p.flag, p.Range(), input.QuoteShort(s)) }
	if p.kind == Text {
		return 0, inputf("--%s: a text parameter has no number", p.flag)
	}
	v, err := p.control().Parse(s)
	if err != nil || (p.loOpen && v.Num == p.lo) || (p.hiOpen && v.Num == p.hi) {
		return 0, bad()
	}
	// Integers are computed with as float64: past 2⁵³ they would be
	// rounded (the parser reads a float64, so look at the digits too).
	if p.kind != Integer {
		return v.Num, nil
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil && math.Abs(v.Num) > maxExactInt {
		return 0, bad() // past int64, or written with an exponent
	}
	if math.Abs(v.Num) > maxExactInt || n > maxExactInt || n < -maxExactInt {
		return 0, inputf("--%s: must be an integer of magnitude at most 2⁵³ = %d, got %s", p.flag, int64(maxExactInt), input.QuoteShort(s))
	}
	return v.Num, nil
}

// maxExactInt is the largest integer every float64 below it represents
// exactly, 2⁵³.
const maxExactInt = 1 << 53

// Parameter constructors.
func intP(flag, def string, lo int, desc string) Param {
	return Param{flag: flag, kind: Integer, def: def, lo: float64(lo), hi: math.Inf(1), desc: desc}
}
func numP(flag, def string, lo float64, loOpen bool, desc string) Param {
	return Param{flag: flag, def: def, lo: lo, loOpen: loOpen, hi: math.Inf(1), desc: desc}
}
func probP(flag, def, desc string) Param {
	return Param{flag: flag, def: def, lo: 0, hi: 1, desc: desc}
}
func durP(flag, def string, loOpen bool, desc string) Param {
	return Param{flag: flag, kind: Duration, def: def, loOpen: loOpen, hi: math.Inf(1), desc: desc}
}
func optional(p Param) Param           { p.opt = true; return p }
func atMost(p Param, hi float64) Param { p.hi = hi; return p }

// maxServers bounds the server counts the calculator accepts: the Erlang B
// recursion costs O(N), and 10⁷ servers is already far beyond any system.
const maxServers = 10_000_000
