package input

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ValueKind is the type of a control's value.
type ValueKind uint8

const (
	// Int is a whole number in [Min, Max].
	Int ValueKind = iota
	// Float is a real number in [Min, Max].
	Float
	// Percent is written "20", "20%" or "20 %" and stored as a fraction
	// (0.20); Min and Max are fractions too.
	Percent
	// Switch is on/off (also true/false, yes/no, 1/0); stored as 1 or 0.
	Switch
	// Enum is one of Choices; stored as its index.
	Enum
	// Duration is a Go duration ("8s", "250ms", "5m") or a bare number of
	// seconds; stored in seconds, within [Min, Max] seconds.
	Duration
	// Press is a button: its only value is "press" (or "on", "yes",
	// "true"); stored as 1.
	Press
)

// Control is one knob of a model.
type Control struct {
	Name    string
	Kind    ValueKind
	Min     float64 // Int, Float, Percent (fraction), Duration (seconds)
	Max     float64
	Choices []string // Enum
	Help    string
	Default string // the system's default value, as written (e.g. "6", "off", "8s"); a scenario may start elsewhere (its story says so); empty for Press
	// StartOnly marks a control that can only be set before the first
	// minute (a layout built when the run starts); engines refuse it later.
	StartOnly bool
}

// Value is a parsed control value. Num holds the number (see ValueKind for
// the units); Text is the value as written.
type Value struct {
	Num  float64
	Text string
}

// On reports whether a Switch or Press value is on.
func (v Value) On() bool { return v.Num != 0 }

// Range describes the valid values of c, for error messages and help.
func (c Control) Range() string {
	switch c.Kind {
	case Int:
		return fmt.Sprintf("an integer from %g to %g", c.Min, c.Max)
	case Float:
		return fmt.Sprintf("a number from %g to %g", c.Min, c.Max)
	case Percent:
		return fmt.Sprintf("a percentage from %g %% to %g %%", 100*c.Min, 100*c.Max)
	case Switch:
		return "on or off"
	case Enum:
		return "one of " + strings.Join(c.Choices, ", ")
	case Duration:
		return fmt.Sprintf("a duration from %v to %v (e.g. \"8s\", \"250ms\", or seconds)",
			time.Duration(c.Min*1e9), time.Duration(c.Max*1e9))
	case Press:
		return "press"
	}
	return "?"
}

// Parse parses raw as a value of c. The error says what was wrong and the
// valid range, but not where; callers add the place.
func (c Control) Parse(raw string) (Value, error) {
	s := strings.TrimSpace(raw)
	v := Value{Text: s}
	bad := func() (Value, error) {
		return Value{}, fmt.Errorf("control %s: invalid value %s: want %s", c.Name, QuoteShort(raw), c.Range())
	}
	switch c.Kind {
	case Int, Float, Percent:
		t := s
		if c.Kind == Percent {
			t = strings.TrimSpace(strings.TrimSuffix(t, "%"))
		}
		x, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return bad()
		}
		if c.Kind == Int && x != math.Trunc(x) {
			return bad()
		}
		if c.Kind == Percent {
			x /= 100
		}
		if x < c.Min || x > c.Max {
			return bad()
		}
		v.Num = x
	case Switch:
		switch strings.ToLower(s) {
		case "on", "true", "yes", "1":
			v.Num = 1
		case "off", "false", "no", "0":
			v.Num = 0
		default:
			return bad()
		}
	case Enum:
		i := slices.Index(c.Choices, strings.ToLower(s))
		if i < 0 {
			return bad()
		}
		v.Num = float64(i)
	case Duration:
		secs, ok := ParseSeconds(s)
		if !ok || secs < c.Min || secs > c.Max {
			return bad()
		}
		if secs != 0 && math.Abs(secs) < Resolution {
			return Value{}, fmt.Errorf("control %s: invalid value %s: %w", c.Name, QuoteShort(raw), ErrBelowResolution)
		}
		v.Num = secs
	case Press:
		switch strings.ToLower(s) {
		case "press", "on", "yes", "true", "1":
			v.Num = 1
		default:
			return bad()
		}
	default:
		return bad()
	}
	return v, nil
}

// Resolution is the finest time the simulation clock represents, in
// seconds: des.Time counts whole nanoseconds.
const Resolution = 1e-9

// ErrBelowResolution is wrapped by the error for a time that is not 0 but
// shorter than Resolution: the clock would round it to 0 and every figure
// that depends on it would be silently wrong.
var ErrBelowResolution = errors.New("shorter than the clock's resolution of 1 ns (the simulation counts whole nanoseconds)")

// ParseSeconds parses a Go duration ("250ms", "5m") or a bare number of
// seconds; ok is false for anything else, NaN and ±Inf.
func ParseSeconds(s string) (float64, bool) {
	if x, err := strconv.ParseFloat(s, 64); err == nil {
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, false
	}
	return d.Seconds(), true
}

// Find returns the control called name, or an error listing the valid
// names.
func Find(controls []Control, name string) (Control, error) {
	for _, c := range controls {
		if c.Name == name {
			return c, nil
		}
	}
	names := make([]string, len(controls))
	for i, c := range controls {
		names[i] = c.Name
	}
	return Control{}, fmt.Errorf("unknown control %s (valid: %s)", QuoteShort(name), strings.Join(names, ", "))
}
