package main

import (
	"errors"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"queuelab/des"
	"queuelab/model/input"
	"queuelab/validate"
)

// The run flags are the settings every simulating command reads the same
// way — `run`, `mmc`, `net run` and `validate` each register the ones it
// uses: the same names, help texts, parsing and messages. A command adds
// its own default to a flag's help where the default is not a value.
const (
	flagSeed         = "seed"
	flagGenerator    = "generator"
	flagDuration     = "duration"
	flagWarmup       = "warmup"
	flagPrecision    = "precision"
	flagMaxDuration  = "max-duration"
	flagReplications = "replications"
)

// runFlagHelp is each run flag's help text.
var runFlagHelp = map[string]string{
	flagSeed:         "random seed (0–18446744073709551615); several experiments or replications each derive theirs from it",
	flagGenerator:    "random generator: pcg (period 2¹²⁸, for long runs) or mulberry32 (the originals')",
	flagDuration:     "simulated run length: a duration (10m, 250ms) or seconds; with --precision, the first length",
	flagWarmup:       "warm-up to discard before measuring: a duration or seconds",
	flagPrecision:    "run until the 95 % relative half-width of the main metrics is at most P (0–1, e.g. 0.02)",
	flagMaxDuration:  "longest run with --precision (default 100 × --duration)",
	flagReplications: "independent replications (1–10000); with 2 or more, intervals are across replications",
}

// runFlag is a run flag a command uses: its default value and, where the
// default is not a value, what it is.
type runFlag struct {
	name, value, note string
}

// runFlags holds the raw values of the run flags a command registered.
type runFlags struct {
	fs   *pflag.FlagSet
	vals map[string]*string
}

// addRunFlags registers the given run flags on fs.
func addRunFlags(fs *pflag.FlagSet, flags ...runFlag) *runFlags {
	r := &runFlags{fs: fs, vals: map[string]*string{}}
	for _, f := range flags {
		help, ok := runFlagHelp[f.name]
		if !ok {
			panic("queuelab: unknown run flag " + f.name)
		}
		if f.note != "" {
			help += " (default: " + f.note + ")"
		}
		r.vals[f.name] = fs.String(f.name, f.value, help)
	}
	return r
}

// given reports whether flag name was set on the command line (a flag the
// command does not use never is).
func (r *runFlags) given(name string) bool {
	_, ok := r.vals[name]
	return ok && r.fs.Changed(name)
}

// text returns flag name's value ("" when the command does not use it).
func (r *runFlags) text(name string) string {
	if p := r.vals[name]; p != nil {
		return *p
	}
	return ""
}

// seed reads --seed.
func (r *runFlags) seed() (uint64, error) {
	s := r.text(flagSeed)
	v, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return 0, usagef("--seed: must be a whole number from 0 to 18446744073709551615, got %s", quoteShort(s))
	}
	return v, nil
}

// generator reads --generator.
func (r *runFlags) generator() (des.Generator, error) {
	g, err := des.ParseGenerator(strings.TrimSpace(r.text(flagGenerator)))
	if err != nil {
		return g, usagef("--generator: %v", err)
	}
	return g, nil
}

// duration reads --duration, a time > 0 and ≤ longest seconds; ok is false
// when it is empty (the command's default applies).
func (r *runFlags) duration(longest float64) (d float64, ok bool, err error) {
	if r.text(flagDuration) == "" {
		return 0, false, nil
	}
	d, err = flagSeconds(flagDuration, r.text(flagDuration), 0, longest, true)
	return d, err == nil, err
}

// warmup reads --warmup, a time from 0 to 10⁸ s, or validate.AutoWarmup
// when it is empty (the command's default applies).
func (r *runFlags) warmup() (float64, error) {
	if r.text(flagWarmup) == "" {
		return validate.AutoWarmup, nil
	}
	return flagSeconds(flagWarmup, r.text(flagWarmup), 0, 1e8, false)
}

// precision reads --precision, a number in (0, 1); 0 when it is empty.
func (r *runFlags) precision() (float64, error) {
	s := r.text(flagPrecision)
	if s == "" {
		return 0, nil
	}
	p, err := flagNumber(flagPrecision, s, 0, 1, true)
	if err == nil && p >= 1 {
		err = usagef("--precision: must be a number > 0 and < 1, got %s", quoteShort(s))
	}
	return p, err
}

// maxDuration reads --max-duration, a time from shortest to 10⁹ s, or def
// when it is empty. Without --precision it is refused.
func (r *runFlags) maxDuration(shortest, def float64) (float64, error) {
	s := r.text(flagMaxDuration)
	switch {
	case s == "":
		return def, nil
	case r.text(flagPrecision) == "":
		return 0, usagef("--max-duration: applies only with --precision")
	}
	return flagSeconds(flagMaxDuration, s, shortest, 1e9, false)
}

// replications reads --replications, a whole number from 1 to 10 000.
func (r *runFlags) replications() (int, error) {
	return flagInt(flagReplications, r.text(flagReplications), 1, 10_000)
}

// flagParse parses s as a value of kind in [lo, hi] (lo excluded if
// loOpen) by the model controls' parser (input.Control.Parse), as
// playbooks, sweeps and the calculator read values, or reports bad().
func flagParse(kind input.ValueKind, flag, s string, lo, hi float64, loOpen bool, bad func() error) (float64, error) {
	v, err := input.Control{Kind: kind, Min: lo, Max: hi}.Parse(s)
	if errors.Is(err, input.ErrBelowResolution) {
		return 0, usagef("--%s: %s s is %v", flag, quoteShort(s), input.ErrBelowResolution)
	}
	if err != nil || (loOpen && v.Num == lo) {
		return 0, bad()
	}
	return v.Num, nil
}

// bound is how a message writes a lower bound, excluded or not.
func bound(loOpen bool) string {
	if loOpen {
		return ">"
	}
	return "≥"
}

// flagSeconds parses a time: a Go duration ("250ms") or bare seconds.
func flagSeconds(flag, s string, lo, hi float64, loOpen bool) (float64, error) {
	return flagParse(input.Duration, flag, s, lo, hi, loOpen, func() error {
		return usagef("--%s: must be a time %s %g s and ≤ %g s (a Go duration such as 2s or 250ms, or bare seconds), got %s", flag, bound(loOpen), lo, hi, quoteShort(s))
	})
}

// flagNumber parses a number in [lo, hi] (lo excluded if loOpen).
func flagNumber(flag, s string, lo, hi float64, loOpen bool) (float64, error) {
	return flagParse(input.Float, flag, s, lo, hi, loOpen, func() error {
		return usagef("--%s: must be a number %s %g and ≤ %g, got %s", flag, bound(loOpen), lo, hi, quoteShort(s))
	})
}

// flagInt parses an integer in [lo, hi].
func flagInt(flag, s string, lo, hi int) (int, error) {
	v, err := flagParse(input.Int, flag, s, float64(lo), float64(hi), false, func() error {
		return usagef("--%s: must be a whole number from %d to %d, got %s", flag, lo, hi, quoteShort(s))
	})
	return int(v), err
}
