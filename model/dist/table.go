package dist

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the shape of a parameter's value in a file.
type Kind uint8

// The shapes of parameter values.
const (
	Number Kind = iota // a finite number
	Whole              // a whole number
	List               // a list of numbers [a, b, …]
	Matrix             // a list of rows of numbers [[a, b], [c, d]]
)

// Unit says how a file's time unit scales a parameter into seconds.
type Unit uint8

// The units of parameters.
const (
	Plain Unit = iota // no unit (cv, k, a probability)
	Time              // a time: multiplied by the unit's seconds
	Rate              // a rate (per time unit): divided by them
)

// Key is one parameter a family takes in a file.
type Key struct {
	Name string
	Kind Kind
	Unit Unit
}

// The parameter keys several families share (a family's own keys are in
// its file).
var (
	keyMean = Key{"mean", Number, Time}
	keyCV   = Key{"cv", Number, Plain}
)

// Value is a parameter's value: Num for a Number or Whole, List for a
// List, Rows for a Matrix.
type Value struct {
	Num  float64
	List []float64
	Rows [][]float64
}

// Param is one parameter of a family with its value.
type Param struct {
	Key   Key
	Value Value
}

func num(k Key, x float64) Param           { return Param{k, Value{Num: x}} }
func list(k Key, xs []float64) Param       { return Param{k, Value{List: xs}} }
func matrix(k Key, rows [][]float64) Param { return Param{k, Value{Rows: rows}} }

// format writes v for Dist.String.
func (v Value) format(k Kind) string {
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	switch k {
	case Whole:
		return strconv.Itoa(int(v.Num))
	case List:
		if len(v.List) > 6 {
			return fmt.Sprintf("[%d numbers]", len(v.List))
		}
		parts := make([]string, len(v.List))
		for i, x := range v.List {
			parts[i] = g(x)
		}
		return "[" + strings.Join(parts, " ") + "]"
	case Matrix:
		return fmt.Sprintf("[%d×%d]", len(v.Rows), len(v.Rows))
	}
	return g(v.Num)
}

// Params are the parameters of one family as read, by key (dist
// excluded), in seconds.
type Params map[string]Value

// Row is one family of Table: its name, the keys it takes, how to build
// it from them and its default shape.
type Row struct {
	Name string
	Keys []Key
	// Takes says which keys it needs, for messages ("mean, k").
	Takes string
	// Build makes the family from ps, whose keys are all among Keys; it
	// refuses a missing or conflicting key (a *KeyError) and leaves the
	// ranges to Validate.
	Build func(r *Row, ps Params) (Family, error)
	// Default is the family at the given mean with a default shape (what
	// a page's change of law to this family gives).
	Default func(mean float64) Family
}

// Table lists the families by name, in the order errors list them. It is
// the one place a family's name is bound to its type.
var Table = []Row{
	{"exp", []Key{keyMean}, "mean", buildExp, func(m float64) Family { return Exp{m} }},
	{"det", []Key{keyMean}, "mean", buildDet, func(m float64) Family { return Det{m} }},
	{"uniform", []Key{keyMin, keyMax}, "min, max", buildUniform, func(m float64) Family { return Uniform{0, 2 * m} }},
	{"erlang", []Key{keyMean, keyK}, "mean, k", buildErlang, func(m float64) Family { return Erlang{m, 2} }},
	{"hyperexp", []Key{keyMean, keyCV, keyP, keyMeans}, "mean and cv (balanced two phases), or p and means (k phases)", buildHyperExp, func(m float64) Family { return HyperExp{m, DefaultCV} }},
	{"gamma", []Key{keyMean, keyCV}, "mean, cv", buildGamma, func(m float64) Family { return Gamma{m, DefaultCV} }},
	{"lognormal", []Key{keyMean, keyCV}, "mean, cv", buildLogNormal, func(m float64) Family { return LogNormal{m, DefaultCV} }},
	{"weibull", []Key{keyMean, keyCV}, "mean, cv", buildWeibull, func(m float64) Family { return Weibull{m, DefaultCV} }},
	{"pareto", []Key{keyMean, keyCV, keyTail}, "mean, cv or alpha", buildPareto, func(m float64) Family { return Pareto{Mean: m, CV: DefaultCV} }},
	{"empirical", []Key{keyValues}, "values", buildEmpirical, func(m float64) Family { return Empirical{[]float64{m}} }},
	{"ph", []Key{keyStart, keyT}, "alpha, T", buildPH, func(m float64) Family { return PH{[]float64{1}, [][]float64{{-1 / m}}} }},
	{"coxian", []Key{keyRates, keyP}, "rates, p", buildCoxian, func(m float64) Family { return Coxian{[]float64{2 / m, 2 / m}, []float64{1}} }},
}

// DefaultCV is the coefficient of variation a family whose shape is free
// gets by default (hyperexp needs one above 1).
const DefaultCV = 2

// Names lists the families' names, comma-separated, for messages.
func Names() string {
	names := make([]string, len(Table))
	for i, r := range Table {
		names[i] = r.Name
	}
	return strings.Join(names, ", ")
}

// Lookup returns the row of the family called name.
func Lookup(name string) (*Row, error) {
	for i := range Table {
		if Table[i].Name == name {
			return &Table[i], nil
		}
	}
	if r := []rune(name); len(r) > 40 { // a long name is echoed shortened
		name = string(r[:40]) + "…"
	}
	return nil, fmt.Errorf("unknown distribution %q (valid: %s)", name, Names())
}

// Key returns the row's key called name, if it takes one.
func (r *Row) Key(name string) (Key, bool) {
	for _, k := range r.Keys {
		if k.Name == name {
			return k, true
		}
	}
	return Key{}, false
}

// KeyNames lists the row's keys, comma-separated.
func (r *Row) KeyNames() string {
	names := make([]string, len(r.Keys))
	for i, k := range r.Keys {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

// KeyError is a parameter that is missing, misplaced or out of range: Key
// names it (the file key whose line an error should name; "" for the
// family as a whole).
type KeyError struct {
	Key string
	Msg string
}

func (e *KeyError) Error() string {
	if e.Key == "" {
		return e.Msg
	}
	return e.Key + ": " + e.Msg
}

func keyErr(key, format string, args ...any) error {
	return &KeyError{Key: key, Msg: fmt.Sprintf(format, args...)}
}

// Parse builds the family called name from its parameters (in seconds)
// and validates it: the one way a file, a flag or a page turns a name and
// numbers into a Dist. Errors say what is wrong and the valid choices.
func Parse(name string, ps Params) (Dist, error) {
	row, err := Lookup(name)
	if err != nil {
		return Dist{}, err
	}
	for k := range ps {
		if _, ok := row.Key(k); !ok {
			return Dist{}, keyErr(k, "does not apply to %s (%s takes: %s)", name, name, row.KeyNames())
		}
	}
	f, err := row.Build(row, ps)
	if err != nil {
		return Dist{}, err
	}
	if err := f.Validate(); err != nil {
		return Dist{}, err
	}
	return Dist{f}, nil
}

// need refuses ps unless it has every key of keys.
func (r *Row) need(ps Params, keys ...string) error {
	for _, k := range keys {
		if _, ok := ps[k]; !ok {
			return &KeyError{Msg: fmt.Sprintf("%s needs %s (%s takes: %s)", r.Name, k, r.Name, r.Takes)}
		}
	}
	return nil
}
