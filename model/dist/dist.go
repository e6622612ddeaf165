package dist

import (
	"fmt"
	"math"
	"strings"

	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// Family is the behaviour every distribution family has. Its methods take
// a valid value (see Validate) unless they say otherwise.
type Family interface {
	// Name is the family's name in files (dist: NAME), its row of Table.
	Name() string
	// MeanValue is the mean in seconds.
	MeanValue() float64
	// SCV is the squared coefficient of variation, variance/mean² (+Inf
	// when the variance is infinite).
	SCV() float64
	// Validate reports what is wrong with the parameters, naming the file
	// key and its valid range (a *KeyError), or nil. Any value may be
	// given.
	Validate() error
	// Params are the file parameters besides dist, in the order a file
	// writes them, in seconds.
	Params() []Param
	// WithMean is the same family and shape at another mean.
	WithMean(mean float64) Family
	// Rander returns the law ready to draw, resolved once (a run draws
	// from it many times).
	Rander() Rander
	// PH returns the phase-type representation (α, T) when the law has
	// one (ok false otherwise: deterministic, lognormal, Pareto, …).
	PH() (ph ctmc.PH, ok bool)
}

// Rander draws one value in seconds from a stream.
type Rander interface {
	Rand(s *des.Stream) float64
}

// Dist is a distribution of a time in seconds: a Family, or nothing (the
// zero value). Its methods are safe on the zero value.
type Dist struct{ f Family }

// Of returns f as a Dist (nil gives the zero Dist).
func Of(f Family) Dist { return Dist{f} }

// Family returns d's family, nil for the zero Dist.
func (d Dist) Family() Family { return d.f }

// Given reports whether d is a distribution (not the zero Dist).
func (d Dist) Given() bool { return d.f != nil }

// Name returns the family's name in files, "none" for the zero Dist.
func (d Dist) Name() string {
	if d.f == nil {
		return "none"
	}
	return d.f.Name()
}

// MeanValue returns the mean in seconds (NaN for the zero Dist).
func (d Dist) MeanValue() float64 {
	if d.f == nil {
		return math.NaN()
	}
	return d.f.MeanValue()
}

// SCV returns the squared coefficient of variation (NaN for the zero
// Dist).
func (d Dist) SCV() float64 {
	if d.f == nil {
		return math.NaN()
	}
	return d.f.SCV()
}

// Validate reports what is wrong with d's parameters, naming the key and
// its valid range, or nil.
func (d Dist) Validate() error {
	if d.f == nil {
		return fmt.Errorf("dist: unknown distribution (valid: %s)", Names())
	}
	return d.f.Validate()
}

// Params returns d's file parameters (nil for the zero Dist).
func (d Dist) Params() []Param {
	if d.f == nil {
		return nil
	}
	return d.f.Params()
}

// Param returns d's parameter called key, if it has one.
func (d Dist) Param(key string) (Value, bool) {
	for _, p := range d.Params() {
		if p.Key.Name == key {
			return p.Value, true
		}
	}
	return Value{}, false
}

// WithMean returns d scaled to the given mean, keeping its family and
// shape (the zero Dist stays zero).
func (d Dist) WithMean(mean float64) Dist {
	if d.f == nil {
		return d
	}
	return Dist{d.f.WithMean(mean)}
}

// WithFamily returns the family called name (a row of Table) with d's mean
// and the row's default shape: exponential → deterministic →
// hyperexponential at the same offered load.
func (d Dist) WithFamily(name string) (Dist, error) {
	row, err := Lookup(name)
	if err != nil {
		return Dist{}, err
	}
	return Dist{row.Default(d.MeanValue())}, nil
}

// Memoryless reports whether d is exponential.
func (d Dist) Memoryless() bool {
	_, ok := d.f.(Exp)
	return ok
}

// PH returns d's phase-type representation, if it has one.
func (d Dist) PH() (ctmc.PH, bool) {
	if d.f == nil {
		return ctmc.PH{}, false
	}
	return d.f.PH()
}

// String describes d as a file gives it, e.g. "exp(mean 0.05)"; a list
// of more than 6 numbers is shown by its length.
func (d Dist) String() string {
	var b strings.Builder
	b.WriteString(d.Name())
	for i, p := range d.Params() {
		sep := ", "
		if i == 0 {
			sep = "("
		}
		b.WriteString(sep + p.Key.Name + " " + p.Value.format(p.Key.Kind))
	}
	if d.f != nil {
		b.WriteString(")")
	}
	return b.String()
}

// Sampler returns d ready to draw. d must be valid (see Validate); the
// zero Dist draws 0.
func (d Dist) Sampler() Sampler {
	if d.f == nil {
		return Sampler{}
	}
	r := d.f.Rander()
	if e, ok := r.(des.Exponential); ok {
		return Sampler{rate: e.Rate}
	}
	return Sampler{r: r}
}

// Sampler is a Dist resolved for drawing. The exponential, the common
// case, is drawn inline; every other family through its Rander, one
// indirect call and no allocation per draw.
type Sampler struct {
	rate float64 // exponential: > 0
	r    Rander  // any other family
}

// Rand draws one value (s): 0 for the zero Dist.
func (sp *Sampler) Rand(s *des.Stream) float64 {
	if sp.rate > 0 {
		return s.StdExp() / sp.rate
	}
	if sp.r == nil {
		return 0
	}
	return sp.r.Rand(s)
}

// Given reports whether sp draws from a distribution (not the zero Dist).
func (sp *Sampler) Given() bool { return sp.rate > 0 || sp.r != nil }
