package des

import "math"

// The distributions below follow gonum's distuv: one type per
// distribution, parameters as exported fields, methods named after the
// mathematics. Rand takes the Stream to draw from, so one distribution value
// can serve several streams and sampling never allocates. Parameters are
// not checked on every draw; call Validate-style checks where the
// parameters come from users (see package validate and the models).

// Uniform is the continuous uniform distribution on [Min, Max).
type Uniform struct{ Min, Max float64 }

// Rand draws Min + (Max−Min)·U.
func (d Uniform) Rand(s *Stream) float64 { return d.Min + (d.Max-d.Min)*s.Float64() }

// Mean returns (Min+Max)/2.
func (d Uniform) Mean() float64 { return (d.Min + d.Max) / 2 }

// CDF returns P(X ≤ x).
func (d Uniform) CDF(x float64) float64 {
	switch {
	case x <= d.Min:
		return 0
	case x >= d.Max:
		return 1
	}
	return (x - d.Min) / (d.Max - d.Min)
}

// Exponential is the exponential distribution with rate Rate (mean 1/Rate).
type Exponential struct{ Rate float64 }

// Rand draws StdExp()/Rate: by inversion, −ln(1−U)/Rate, on a mulberry32
// stream (bit-exact with the originals), by the ziggurat method on a PCG
// stream (see Stream.StdExp).
func (d Exponential) Rand(s *Stream) float64 { return s.StdExp() / d.Rate }

// Mean returns 1/Rate.
func (d Exponential) Mean() float64 { return 1 / d.Rate }

// CDF returns 1 − e^(−Rate·x) for x ≥ 0.
func (d Exponential) CDF(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return -math.Expm1(-d.Rate * x)
}

// Quantile returns the p-quantile −ln(1−p)/Rate.
func (d Exponential) Quantile(p float64) float64 { return -math.Log1p(-p) / d.Rate }

// Normal is the normal distribution N(Mu, Sigma²).
type Normal struct{ Mu, Sigma float64 }

// Rand draws by the Box–Muller transform (Box & Muller, Ann. Math. Stat.
// 29, 1958): two uniforms give two independent standard normals; the second
// is kept in the stream and returned by the next call.
func (d Normal) Rand(s *Stream) float64 { return d.Mu + d.Sigma*s.stdNormal() }

func (s *Stream) stdNormal() float64 {
	if s.hasSpare {
		s.hasSpare = false
		return s.spare
	}
	u1 := 1 - s.Float64() // (0, 1]: the logarithm is finite
	u2 := s.Float64()
	r := math.Sqrt(-2 * math.Log(u1))
	sin, cos := math.Sincos(2 * math.Pi * u2)
	s.spare, s.hasSpare = r*sin, true
	return r * cos
}

// Mean returns Mu.
func (d Normal) Mean() float64 { return d.Mu }

// CDF returns Φ((x−Mu)/Sigma).
func (d Normal) CDF(x float64) float64 {
	return 0.5 * math.Erfc(-(x-d.Mu)/(d.Sigma*math.Sqrt2))
}

// LogNormal is the distribution of e^Y with Y ~ N(Mu, Sigma²): median e^Mu,
// mean e^(Mu+Sigma²/2).
type LogNormal struct{ Mu, Sigma float64 }

// LogNormalFromMean returns the lognormal with the given mean and
// coefficient of variation cv (Sigma² = ln(1+cv²)).
func LogNormalFromMean(mean, cv float64) LogNormal {
	s2 := math.Log1p(cv * cv)
	return LogNormal{Mu: math.Log(mean) - s2/2, Sigma: math.Sqrt(s2)}
}

// Rand draws e^(Mu + Sigma·Z), Z by Box–Muller.
func (d LogNormal) Rand(s *Stream) float64 { return math.Exp(d.Mu + d.Sigma*s.stdNormal()) }

// Mean returns e^(Mu+Sigma²/2).
func (d LogNormal) Mean() float64 { return math.Exp(d.Mu + d.Sigma*d.Sigma/2) }

// CDF returns Φ((ln x − Mu)/Sigma).
func (d LogNormal) CDF(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return Normal{d.Mu, d.Sigma}.CDF(math.Log(x))
}

// Bernoulli is 1 with probability P, else 0.
type Bernoulli struct{ P float64 }

// Rand returns true with probability P (U < P).
func (d Bernoulli) Rand(s *Stream) bool { return s.Float64() < d.P }

// Mean returns P.
func (d Bernoulli) Mean() float64 { return d.P }

// Deterministic is the point mass at Value (the "D" of M/D/c).
type Deterministic struct{ Value float64 }

// Rand returns Value; it draws nothing, so the stream is not advanced.
func (d Deterministic) Rand(*Stream) float64 { return d.Value }

// Mean returns Value.
func (d Deterministic) Mean() float64 { return d.Value }

// CDF returns 1 for x ≥ Value, else 0.
func (d Deterministic) CDF(x float64) float64 {
	if x >= d.Value {
		return 1
	}
	return 0
}

// Erlang is the sum of K independent exponentials with rate Rate
// (mean K/Rate, squared coefficient of variation 1/K).
type Erlang struct {
	K    int
	Rate float64
}

// Rand draws −ln(∏(1−Uᵢ))/Rate, taking the logarithm once per draw
// (renormalising the product if it risks underflow).
func (d Erlang) Rand(s *Stream) float64 {
	sum, prod := 0.0, 1.0
	for i := 0; i < d.K; i++ {
		prod *= 1 - s.Float64()
		if prod < 1e-280 {
			sum -= math.Log(prod)
			prod = 1
		}
	}
	return (sum - math.Log(prod)) / d.Rate
}

// Mean returns K/Rate.
func (d Erlang) Mean() float64 { return float64(d.K) / d.Rate }

// CDF returns 1 − Σ_{n<K} e^(−Rate·x)(Rate·x)ⁿ/n!.
func (d Erlang) CDF(x float64) float64 {
	if x <= 0 {
		return 0
	}
	lx := d.Rate * x
	term, sum := math.Exp(-lx), 0.0
	for n := 0; n < d.K; n++ {
		sum += term
		term *= lx / float64(n+1)
	}
	return 1 - sum
}

// HyperExponential is a two-phase mixture: with probability P an
// Exponential(Rate1), else an Exponential(Rate2). Its squared coefficient
// of variation exceeds 1.
type HyperExponential struct{ P, Rate1, Rate2 float64 }

// HyperExponentialBalanced returns the two-phase hyperexponential with the
// given mean and squared coefficient of variation scv > 1, with balanced
// means (P/Rate1 = (1−P)/Rate2), the usual fitting (Whitt 1982).
func HyperExponentialBalanced(mean, scv float64) HyperExponential {
	p := 0.5 * (1 + math.Sqrt((scv-1)/(scv+1)))
	return HyperExponential{P: p, Rate1: 2 * p / mean, Rate2: 2 * (1 - p) / mean}
}

// Rand picks a phase with one uniform and draws it with another.
func (d HyperExponential) Rand(s *Stream) float64 {
	if s.Float64() < d.P {
		return Exponential{d.Rate1}.Rand(s)
	}
	return Exponential{d.Rate2}.Rand(s)
}

// Mean returns P/Rate1 + (1−P)/Rate2.
func (d HyperExponential) Mean() float64 { return d.P/d.Rate1 + (1-d.P)/d.Rate2 }

// CDF returns P·(1−e^(−Rate1·x)) + (1−P)·(1−e^(−Rate2·x)).
func (d HyperExponential) CDF(x float64) float64 {
	return d.P*Exponential{d.Rate1}.CDF(x) + (1-d.P)*Exponential{d.Rate2}.CDF(x)
}

// Poisson is the Poisson distribution with mean Lambda.
type Poisson struct{ Lambda float64 }

// poissonKnuthLimit is the mean below which Knuth's multiplication method
// is used: its cost grows with the mean, and e^(−Lambda) must not
// underflow.
const poissonKnuthLimit = 30

// Rand draws a Poisson variate: Knuth's product-of-uniforms method (TAOCP
// vol. 2, 3.4.1) for Lambda < 30, and Hörmann's transformed rejection with
// squeeze, PTRS (Insurance: Mathematics and Economics 12, 1993), above,
// whose cost does not grow with the mean. Lambda ≤ 0 gives 0.
func (d Poisson) Rand(s *Stream) int {
	lam := d.Lambda
	if !(lam > 0) {
		return 0
	}
	if lam < poissonKnuthLimit {
		limit := math.Exp(-lam)
		k, prod := 0, s.Float64()
		for prod > limit {
			k++
			prod *= s.Float64()
		}
		return k
	}
	// PTRS constants, Hörmann (1993), Table/Algorithm PTRS.
	slam := math.Sqrt(lam)
	loglam := math.Log(lam)
	b := 0.931 + 2.53*slam
	a := -0.059 + 0.02483*b
	invAlpha := 1.1239 + 1.1328/(b-3.4)
	vr := 0.9277 - 3.6224/(b-2)
	for {
		u := s.Float64() - 0.5
		v := s.Float64()
		us := 0.5 - math.Abs(u)
		k := math.Floor((2*a/us+b)*u + lam + 0.43)
		if us >= 0.07 && v <= vr {
			return int(k)
		}
		if k < 0 || (us < 0.013 && v > us) {
			continue
		}
		lg, _ := math.Lgamma(k + 1)
		if math.Log(v)+math.Log(invAlpha)-math.Log(a/(us*us)+b) <= -lam+k*loglam-lg {
			return int(k)
		}
	}
}

// Mean returns Lambda.
func (d Poisson) Mean() float64 { return d.Lambda }

// Prob returns P(X = k) = e^(−Lambda)·Lambdaᵏ/k!.
func (d Poisson) Prob(k int) float64 {
	if k < 0 {
		return 0
	}
	lg, _ := math.Lgamma(float64(k) + 1)
	return math.Exp(-d.Lambda + float64(k)*math.Log(d.Lambda) - lg)
}
