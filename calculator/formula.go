package calculator

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"queuelab/des/queueing"
	"queuelab/model/input"
)

// InputError is the error of every bad input: a value out of range, a
// missing parameter, an unstable queue, inputs too extreme for a finite
// result. Its message names the parameters as flags. The CLI exits with
// status 2 for it (errors.As).
type InputError struct{ msg string }

func (e *InputError) Error() string { return e.msg }

// inputf formats an *InputError.
func inputf(format string, args ...any) error {
	return &InputError{fmt.Sprintf(format, args...)}
}

// IsInputError reports whether err is, or wraps, an *InputError.
func IsInputError(err error) bool {
	var e *InputError
	return errors.As(err, &e)
}

// Inputs holds the parsed parameter values of one evaluation.
//
// A formula reads its values by the Param it declared (in.f(pLoad)), never
// by a name, so a misspelt parameter does not compile; reading a Param the
// formula did not declare panics, which the test evaluating every formula
// with every parameter given catches.
type Inputs struct {
	params []Param // the formula's declared parameters
	num    map[string]float64
	text   map[string]string
}

// check panics unless p is one of the formula's declared parameters.
func (in Inputs) check(p Param) {
	for _, q := range in.params {
		if q == p {
			return
		}
	}
	panic("calculator: the formula reads --" + p.flag + ", which it does not declare (or declares differently)")
}

// has reports whether p was given or defaulted.
func (in Inputs) has(p Param) bool {
	in.check(p)
	_, ok := in.num[p.flag]
	_, ok2 := in.text[p.flag]
	return ok || ok2
}

// f returns the value of a Number, Integer or Duration parameter (0 if an
// optional one was left out).
func (in Inputs) f(p Param) float64 { in.check(p); return in.num[p.flag] }

// int returns the value of an Integer parameter.
func (in Inputs) int(p Param) int { return int(in.f(p)) }

// str returns the value of a Text parameter.
func (in Inputs) str(p Param) string { in.check(p); return in.text[p.flag] }

// Number returns the value of a Number, Integer or Duration parameter
// (seconds) and whether it was given or defaulted.
func (in Inputs) Number(flag string) (float64, bool) {
	v, ok := in.num[flag]
	return v, ok
}

// Output is one named result.
type Output struct {
	Key   string  // the JSON key, e.g. "p_wait"
	Value float64 // finite
	Unit  string  // "s", "/s" or ""
	Desc  string  // what it is, with its formula
}

// metricOut is the output of a queueing metric, keyed by its one spelling.
func metricOut(m queueing.Metric, v float64, unit, desc string) Output {
	return Output{Key: string(m), Value: v, Unit: unit, Desc: desc}
}

// Formula is one calculator entry.
type Formula struct {
	Name    string
	Summary string
	Params  []Param
	eval    func(in Inputs) ([]Output, error)
}

// Evaluate parses the given parameter values (by flag name, as written;
// parameters left out take their defaults) and evaluates the formula. Every
// error is an *InputError naming the flags: an unknown or missing
// parameter, a value out of range, inputs for which the formula has no
// finite result.
func (f Formula) Evaluate(given map[string]string) (Inputs, []Output, error) {
	in := Inputs{params: f.Params, num: map[string]float64{}, text: map[string]string{}}
	for name := range given {
		if !f.hasParam(name) {
			return in, nil, inputf("%s: unknown parameter %s", f.Name, input.QuoteShort(name))
		}
	}
	for _, p := range f.Params {
		s, ok := given[p.flag]
		if !ok {
			switch {
			case p.def != "":
				s = p.def
			case p.opt:
				continue
			default:
				return in, nil, inputf("--%s: required, must be %s", p.flag, p.Range())
			}
		}
		if p.kind == Text {
			in.text[p.flag] = s
			continue
		}
		v, err := p.Parse(s)
		if err != nil {
			return in, nil, err
		}
		in.num[p.flag] = v
	}
	outs, err := f.eval(in)
	if err != nil {
		return in, nil, err
	}
	for _, o := range outs {
		if math.IsNaN(o.Value) || math.IsInf(o.Value, 0) {
			return in, nil, inputf("%s: the inputs %s are too extreme: result %s is not a finite number; use smaller values",
				f.Name, f.givenText(given), o.Key)
		}
	}
	return in, outs, nil
}

func (f Formula) hasParam(name string) bool {
	for _, p := range f.Params {
		if p.flag == name {
			return true
		}
	}
	return false
}

// givenText lists the given parameters as flags with their values, in the
// formula's order, e.g. "--servers 5 --load 1e308" (each value cut short).
func (f Formula) givenText(given map[string]string) string {
	var parts []string
	for _, p := range f.Params {
		if s, ok := given[p.flag]; ok {
			if len(s) > input.MaxEcho {
				s = input.QuoteShort(s)
			}
			parts = append(parts, "--"+p.flag+" "+s)
		}
	}
	if len(parts) == 0 {
		return "(the defaults)"
	}
	return strings.Join(parts, " ")
}

// UsageLine renders the parameters as flags, e.g.
// "--servers SERVERS --load LOAD [--t T]".
func (f Formula) UsageLine() string {
	var parts []string
	for _, p := range f.Params {
		s := "--" + p.flag + " " + strings.ToUpper(strings.ReplaceAll(p.flag, "-", "_"))
		if p.def != "" {
			s = "[" + s + "=" + p.def + "]"
		} else if p.opt {
			s = "[" + s + "]"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}
