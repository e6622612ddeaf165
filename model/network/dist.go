package network

import (
	"fmt"
	"math"
	"strings"

	"queuelab/des"
)

// DistKind names a distribution family of the network file.
type DistKind uint8

// The distribution families, by their names in the file (dist: ...).
const (
	NoDist    DistKind = iota // no distribution (a class not served at a station; no patience)
	Exp                       // exponential: mean
	Det                       // deterministic: mean
	Uniform                   // uniform on [min, max]
	Erlang                    // Erlang-k: mean, k
	HyperExp                  // two-phase balanced hyperexponential: mean, cv > 1
	Gamma                     // gamma: mean, cv
	LogNormal                 // lognormal: mean, cv
	Weibull                   // Weibull: mean, cv
	Pareto                    // Pareto: mean, cv or alpha > 1
	Empirical                 // resampled values: values
)

var distNames = [...]string{"none", "exp", "det", "uniform", "erlang", "hyperexp", "gamma", "lognormal", "weibull", "pareto", "empirical"}

// DistNames lists the names of the distribution families a file accepts.
const DistNames = "exp, det, uniform, erlang, hyperexp, gamma, lognormal, weibull, pareto, empirical"

// String returns the family's name in the file.
func (k DistKind) String() string {
	if int(k) < len(distNames) {
		return distNames[k]
	}
	return fmt.Sprintf("dist(%d)", uint8(k))
}

// ParseDistKind parses a family name (exp, det, …).
func ParseDistKind(s string) (DistKind, error) {
	for i, n := range distNames[1:] {
		if s == n {
			return DistKind(i + 1), nil
		}
	}
	return NoDist, fmt.Errorf("unknown distribution %q (valid: %s)", cut(s), DistNames)
}

// Dist is a distribution of a time (service, interarrival, patience), in
// seconds, given as in the file: a family and its parameters. Every family
// but uniform and empirical is given by its Mean; the shape is CV (the
// coefficient of variation, σ/mean) for hyperexp, gamma, lognormal,
// weibull and pareto, K for erlang, Alpha (instead of CV) for pareto.
type Dist struct {
	Kind     DistKind
	Mean     float64   // s
	CV       float64   // hyperexp (> 1), gamma, lognormal, weibull, pareto (> 0)
	K        int       // erlang (≥ 1)
	Min, Max float64   // uniform: 0 ≤ Min ≤ Max, Max > 0
	Alpha    float64   // pareto: tail index > 1 (instead of CV)
	Values   []float64 // empirical: at least one, each ≥ 0, not all 0
}

// Exponential returns the exponential distribution with the given mean.
func Exponential(mean float64) Dist { return Dist{Kind: Exp, Mean: mean} }

// Deterministic returns the constant mean.
func Deterministic(mean float64) Dist { return Dist{Kind: Det, Mean: mean} }

// Shaped returns the distribution of family kind with the given mean and
// coefficient of variation (hyperexp, gamma, lognormal, weibull, pareto).
func Shaped(kind DistKind, mean, cv float64) Dist { return Dist{Kind: kind, Mean: mean, CV: cv} }

// ErlangK returns the Erlang-k distribution with the given mean.
func ErlangK(mean float64, k int) Dist { return Dist{Kind: Erlang, Mean: mean, K: k} }

// DefaultCV is the coefficient of variation WithKind gives a family whose
// shape is free (hyperexp needs one above 1).
const DefaultCV = 2

// WithKind returns the distribution of family kind with the same mean as
// d and a default shape (cv = DefaultCV, erlang k = 2, uniform on
// [0, 2·mean], empirical values {mean}): exponential → deterministic →
// hyperexponential at the same offered load.
func (d Dist) WithKind(kind DistKind) Dist {
	m := d.MeanValue()
	out := Dist{Kind: kind, Mean: m}
	switch kind {
	case HyperExp, Gamma, LogNormal, Weibull, Pareto:
		out.CV = DefaultCV
	case Erlang:
		out.K = 2
	case Uniform:
		out.Min, out.Max, out.Mean = 0, 2*m, 0
	case Empirical:
		out.Values, out.Mean = []float64{m}, 0
	}
	return out
}

// MeanValue returns the distribution's mean in seconds (NaN for NoDist).
func (d Dist) MeanValue() float64 {
	switch d.Kind {
	case NoDist:
		return math.NaN()
	case Uniform:
		return (d.Min + d.Max) / 2
	case Empirical:
		return des.NewEmpirical(d.Values).Mean()
	}
	return d.Mean
}

// SCV returns the squared coefficient of variation (variance/mean²): 1 for
// exp, 0 for det, 1/k for erlang, cv² for the shaped families; for
// uniform and empirical it is computed from the parameters.
func (d Dist) SCV() float64 {
	switch d.Kind {
	case Exp:
		return 1
	case Det:
		return 0
	case Erlang:
		return 1 / float64(d.K)
	case Uniform:
		m := (d.Min + d.Max) / 2
		w := d.Max - d.Min
		return w * w / 12 / (m * m)
	case Empirical:
		var t des.Tally
		for _, v := range d.Values {
			t.Add(v)
		}
		if t.N() < 2 {
			return 0
		}
		m := t.Mean()
		return t.Variance() * float64(t.N()-1) / float64(t.N()) / (m * m)
	case Pareto:
		if d.Alpha > 0 {
			if d.Alpha <= 2 {
				return math.Inf(1)
			}
			return 1 / (d.Alpha * (d.Alpha - 2))
		}
	case NoDist:
		return math.NaN()
	}
	return d.CV * d.CV
}

// maxTime bounds every time parameter (s): far beyond any queueing model,
// well inside des.Time's ±292 years.
const maxTime = 1e9

// minTime is the shortest time parameter (s): the simulation clock counts
// whole nanoseconds (des.Time), so a mean below 1 ns would be drawn as 0
// and every figure that depends on it would be silently wrong.
const minTime = 1e-9

// Validate reports what is wrong with d's parameters, naming the field and
// its valid range, or nil.
func (d Dist) Validate() error {
	okMean := func() error {
		if !(d.Mean > 0 && d.Mean <= maxTime) {
			return fmt.Errorf("mean: must be a number > 0 and ≤ %g s, got %v", float64(maxTime), d.Mean)
		}
		if d.Mean < minTime {
			return fmt.Errorf("mean: %v s is below the clock's resolution of 1 ns (the simulation counts whole nanoseconds): give at least 1e-9 s", d.Mean)
		}
		return nil
	}
	okCV := func(lo float64) error {
		if !(d.CV > lo && d.CV <= 100) {
			return fmt.Errorf("cv: %s needs a coefficient of variation > %g and ≤ 100, got %v", d.Kind, lo, d.CV)
		}
		return nil
	}
	switch d.Kind {
	case Exp, Det:
		return okMean()
	case Erlang:
		if d.K < 1 || d.K > 1000 {
			return fmt.Errorf("k: erlang needs a whole number of phases from 1 to 1000, got %d", d.K)
		}
		return okMean()
	case HyperExp:
		if err := okCV(1); err != nil {
			return err
		}
		return okMean()
	case Gamma, LogNormal:
		if err := okCV(0); err != nil {
			return err
		}
		return okMean()
	case Weibull:
		if !(d.CV >= 0.01 && d.CV <= 50) {
			return fmt.Errorf("cv: weibull needs a coefficient of variation from 0.01 to 50, got %v", d.CV)
		}
		return okMean()
	case Pareto:
		switch {
		case d.CV != 0 && d.Alpha != 0:
			return fmt.Errorf("pareto: give cv or alpha, not both")
		case d.Alpha != 0 && !(d.Alpha > 1 && d.Alpha <= 1000):
			return fmt.Errorf("alpha: pareto needs a tail index > 1 (a finite mean) and ≤ 1000, got %v", d.Alpha)
		case d.Alpha == 0:
			if err := okCV(0); err != nil {
				return err
			}
		}
		return okMean()
	case Uniform:
		if !(d.Min >= 0 && d.Max >= d.Min && d.Max > 0 && d.Max <= maxTime) {
			return fmt.Errorf("min, max: uniform needs 0 ≤ min ≤ max ≤ %g s and max > 0, got min %v, max %v", float64(maxTime), d.Min, d.Max)
		}
		if d.Max < minTime {
			return fmt.Errorf("max: %v s is below the clock's resolution of 1 ns (times are whole nanoseconds)", d.Max)
		}
		return nil
	case Empirical:
		if len(d.Values) == 0 || len(d.Values) > 1_000_000 {
			return fmt.Errorf("values: empirical needs 1 to 1000000 values, got %d", len(d.Values))
		}
		sum := 0.0
		for i, v := range d.Values {
			if !(v >= 0 && v <= maxTime) {
				return fmt.Errorf("values[%d]: must be a time ≥ 0 and ≤ %g s, got %v", i, float64(maxTime), v)
			}
			if v > 0 && v < minTime {
				return fmt.Errorf("values[%d]: %v s is below the clock's resolution of 1 ns (times are whole nanoseconds): give 0 or at least 1e-9 s", i, v)
			}
			sum += v
		}
		if sum == 0 {
			return fmt.Errorf("values: empirical needs at least one value > 0")
		}
		return nil
	}
	return fmt.Errorf("dist: unknown distribution (valid: %s)", DistNames)
}

// Sampler is a Dist resolved to its des distribution, ready to draw. It is
// a plain struct with a switch, not an interface, so drawing neither
// allocates nor boxes.
type Sampler struct {
	kind DistKind
	exp  des.Exponential
	uni  des.Uniform
	erl  des.Erlang
	hyp  des.HyperExponential
	gam  des.Gamma
	logn des.LogNormal
	wei  des.Weibull
	par  des.Pareto
	emp  des.Empirical
	det  float64
}

// Sampler returns d ready to draw. d must be valid (see Validate).
func (d Dist) Sampler() Sampler {
	sp := Sampler{kind: d.Kind}
	switch d.Kind {
	case Exp:
		sp.exp = des.Exponential{Rate: 1 / d.Mean}
	case Det:
		sp.det = d.Mean
	case Uniform:
		sp.uni = des.Uniform{Min: d.Min, Max: d.Max}
	case Erlang:
		sp.erl = des.Erlang{K: d.K, Rate: float64(d.K) / d.Mean}
	case HyperExp:
		sp.hyp = des.HyperExponentialBalanced(d.Mean, d.CV*d.CV)
	case Gamma:
		sp.gam = des.GammaFromMean(d.Mean, d.CV)
	case LogNormal:
		sp.logn = des.LogNormalFromMean(d.Mean, d.CV)
	case Weibull:
		sp.wei = des.WeibullFromMean(d.Mean, d.CV)
	case Pareto:
		a := d.Alpha
		if a == 0 {
			a = des.ParetoAlphaFromCV(d.CV)
		}
		sp.par = des.ParetoFromMean(d.Mean, a)
	case Empirical:
		sp.emp = des.NewEmpirical(d.Values)
	}
	return sp
}

// Rand draws one value (s). NoDist draws 0.
func (sp *Sampler) Rand(s *des.Stream) float64 {
	switch sp.kind {
	case Exp:
		return sp.exp.Rand(s)
	case Det:
		return sp.det
	case Uniform:
		return sp.uni.Rand(s)
	case Erlang:
		return sp.erl.Rand(s)
	case HyperExp:
		return sp.hyp.Rand(s)
	case Gamma:
		return sp.gam.Rand(s)
	case LogNormal:
		return sp.logn.Rand(s)
	case Weibull:
		return sp.wei.Rand(s)
	case Pareto:
		return sp.par.Rand(s)
	case Empirical:
		return sp.emp.Rand(s)
	}
	return 0
}

// String describes d as the file would give it, e.g. "exp(mean 0.05)".
func (d Dist) String() string {
	var b strings.Builder
	b.WriteString(d.Kind.String())
	switch d.Kind {
	case Uniform:
		fmt.Fprintf(&b, "(min %g, max %g)", d.Min, d.Max)
	case Empirical:
		fmt.Fprintf(&b, "(%d values, mean %.4g)", len(d.Values), d.MeanValue())
	case Erlang:
		fmt.Fprintf(&b, "(mean %g, k %d)", d.Mean, d.K)
	case Pareto:
		if d.Alpha != 0 {
			fmt.Fprintf(&b, "(mean %g, alpha %g)", d.Mean, d.Alpha)
		} else {
			fmt.Fprintf(&b, "(mean %g, cv %g)", d.Mean, d.CV)
		}
	case HyperExp, Gamma, LogNormal, Weibull:
		fmt.Fprintf(&b, "(mean %g, cv %g)", d.Mean, d.CV)
	case Exp, Det:
		fmt.Fprintf(&b, "(mean %g)", d.Mean)
	}
	return b.String()
}

// cut shortens a user-supplied value echoed in an error message.
func cut(s string) string {
	const most = 40
	r := []rune(s)
	if len(r) <= most {
		return s
	}
	return string(r[:most]) + "…"
}

func (d Dist) clone() Dist {
	d.Values = append([]float64(nil), d.Values...)
	if len(d.Values) == 0 {
		d.Values = nil
	}
	return d
}

// WithMean returns d scaled to the given mean, keeping its family and
// shape (cv, k, alpha; uniform bounds and empirical values are scaled).
func (d Dist) WithMean(mean float64) Dist {
	old := d.MeanValue()
	d = d.clone()
	switch d.Kind {
	case Uniform:
		d.Min, d.Max = d.Min*mean/old, d.Max*mean/old
	case Empirical:
		for i := range d.Values {
			d.Values[i] *= mean / old
		}
	default:
		d.Mean = mean
	}
	return d
}
