package des

import (
	"math"

	"gonum.org/v1/gonum/mathext"
)

// Gamma is the gamma distribution with shape K and scale Theta (mean
// K·Theta, squared coefficient of variation 1/K).
type Gamma struct{ K, Theta float64 }

// GammaFromMean returns the gamma distribution with the given mean and
// coefficient of variation cv > 0 (shape 1/cv², scale mean·cv²).
func GammaFromMean(mean, cv float64) Gamma {
	return Gamma{K: 1 / (cv * cv), Theta: mean * cv * cv}
}

// Rand draws by Marsaglia & Tsang's squeeze method (ACM TOMS 26, 2000) for
// K ≥ 1; for K < 1 it draws Gamma(K+1) and multiplies by U^(1/K) (the
// same paper, §6).
func (d Gamma) Rand(s *Stream) float64 {
	k := d.K
	boost := 1.0
	if k < 1 {
		boost = math.Pow(1-s.Float64(), 1/k) // (0, 1]
		k++
	}
	c1 := k - 1.0/3
	c2 := 1 / math.Sqrt(9*c1)
	for {
		z := s.stdNormal()
		v := 1 + c2*z
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := s.Float64()
		if u < 1-0.0331*z*z*z*z || math.Log(u) < 0.5*z*z+c1*(1-v+math.Log(v)) {
			return c1 * v * d.Theta * boost
		}
	}
}

// Mean returns K·Theta.
func (d Gamma) Mean() float64 { return d.K * d.Theta }

// CDF returns the regularised lower incomplete gamma function P(K, x/Theta).
func (d Gamma) CDF(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return mathext.GammaIncReg(d.K, x/d.Theta)
}
