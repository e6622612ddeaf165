package input

import (
	"fmt"
	"math"
	"time"
)

// Typed readings of a parsed Value. Parse stores every kind as a number
// (so sweeps can order and interpolate levels); these return it as the Go
// type of its kind. Each assumes the value was parsed (or checked, see
// Control.Check) against a control of that kind.

// Count returns an Int value as an int.
func (v Value) Count() int { return int(v.Num) }

// Real returns a Float value.
func (v Value) Real() float64 { return v.Num }

// Fraction returns a Percent value as a fraction (20 % is 0.2).
func (v Value) Fraction() float64 { return v.Num }

// Seconds returns a Duration value in seconds.
func (v Value) Seconds() float64 { return v.Num }

// Duration returns a Duration value as a time.Duration (rounded to the
// nanosecond).
func (v Value) Duration() time.Duration { return time.Duration(math.Round(v.Num * 1e9)) }

// Choice returns an Enum value as the index of its choice.
func (v Value) Choice() int { return int(v.Num) }

// Check reports whether v is a valid value of c: what Parse would have
// produced for some input. Values made by code rather than parsed (tests,
// sweeps) go through it before a model takes them.
func (c Control) Check(v Value) error {
	x := v.Num
	ok := x == x && !math.IsInf(x, 0)
	switch c.Kind {
	case Int:
		ok = ok && x == math.Trunc(x) && x >= c.Min && x <= c.Max
	case Float, Percent, Duration:
		ok = ok && x >= c.Min && x <= c.Max
	case Switch:
		ok = x == 0 || x == 1
	case Enum:
		ok = ok && x == math.Trunc(x) && x >= 0 && int(x) < len(c.Choices)
	case Press:
		ok = x == 1
	default:
		ok = false
	}
	if !ok {
		return fmt.Errorf("control %s: invalid value %s: want %s", c.Name, QuoteShort(v.Text), c.Range())
	}
	return nil
}
