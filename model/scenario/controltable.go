package scenario

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

// Binding is one row of a model's control table: a control and how its
// value sets the typed field of the model's settings S.
type Binding[S any] struct {
	Control Control
	Set     func(s *S, v Value)
}

// Table is a model's control table: every control it offers, each bound
// to a typed field of its settings S. Apply replaces a switch on control
// names: the value is checked against its control once, then set.
type Table[S any] []Binding[S]

// Controls returns the table's controls, in its order.
func (t Table[S]) Controls() []Control {
	out := make([]Control, len(t))
	for i, b := range t {
		out[i] = b.Control
	}
	return out
}

// Apply sets the field of control a.Control in s to a.Value. It returns an
// error naming the control and the valid values if the control is unknown
// or the value is not one of its values; s is then unchanged.
func (t Table[S]) Apply(s *S, a Action) error {
	for _, b := range t {
		if b.Control.Name != a.Control {
			continue
		}
		if err := b.Control.Check(a.Value); err != nil {
			return err
		}
		b.Set(s, a.Value)
		return nil
	}
	_, err := Find(t.Controls(), a.Control)
	return err
}

// CountControl binds an Int control to an int field.
func CountControl[S any](c Control, field func(*S) *int) Binding[S] {
	return Binding[S]{Control: c, Set: func(s *S, v Value) { *field(s) = v.Count() }}
}

// RealControl binds a Float or Percent control to a float64 field.
func RealControl[S any](c Control, field func(*S) *float64) Binding[S] {
	return Binding[S]{Control: c, Set: func(s *S, v Value) { *field(s) = v.Num }}
}

// SecondsControl binds a Duration control to a float64 field in seconds.
func SecondsControl[S any](c Control, field func(*S) *float64) Binding[S] {
	return Binding[S]{Control: c, Set: func(s *S, v Value) { *field(s) = v.Seconds() }}
}

// SwitchControl binds a Switch control to a bool field.
func SwitchControl[S any](c Control, field func(*S) *bool) Binding[S] {
	return Binding[S]{Control: c, Set: func(s *S, v Value) { *field(s) = v.On() }}
}

// EnumControl binds an Enum control to a field of the model's own enum
// type E, whose values are the indices of c.Choices.
func EnumControl[S any, E ~int | ~uint8](c Control, field func(*S) *E) Binding[S] {
	return Binding[S]{Control: c, Set: func(s *S, v Value) { *field(s) = E(v.Choice()) }}
}
