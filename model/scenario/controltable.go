package scenario

import (
	"queuelab/model/input"
)

// Binding is one row of a model's control table: a control and how its
// value sets the typed field of the model's settings S.
type Binding[S any] struct {
	Control input.Control
	Set     func(s *S, v input.Value)
}

// Table is a model's control table: every control it offers, each bound
// to a typed field of its settings S. Apply replaces a switch on control
// names: the value is checked against its control once, then set.
type Table[S any] []Binding[S]

// Controls returns the table's controls, in its order.
func (t Table[S]) Controls() []input.Control {
	out := make([]input.Control, len(t))
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
	_, err := input.Find(t.Controls(), a.Control)
	return err
}

// CountControl binds an Int control to an int field.
func CountControl[S any](c input.Control, field func(*S) *int) Binding[S] {
	return Binding[S]{Control: c, Set: func(s *S, v input.Value) { *field(s) = v.Count() }}
}

// RealControl binds a Float or Percent control to a float64 field.
func RealControl[S any](c input.Control, field func(*S) *float64) Binding[S] {
	return Binding[S]{Control: c, Set: func(s *S, v input.Value) { *field(s) = v.Num }}
}

// SecondsControl binds a Duration control to a float64 field in seconds.
func SecondsControl[S any](c input.Control, field func(*S) *float64) Binding[S] {
	return Binding[S]{Control: c, Set: func(s *S, v input.Value) { *field(s) = v.Seconds() }}
}

// SwitchControl binds a Switch control to a bool field.
func SwitchControl[S any](c input.Control, field func(*S) *bool) Binding[S] {
	return Binding[S]{Control: c, Set: func(s *S, v input.Value) { *field(s) = v.On() }}
}

// EnumControl binds an Enum control to a field of the model's own enum
// type E, whose values are the indices of c.Choices.
func EnumControl[S any, E ~int | ~uint8](c input.Control, field func(*S) *E) Binding[S] {
	return Binding[S]{Control: c, Set: func(s *S, v input.Value) { *field(s) = E(v.Choice()) }}
}
