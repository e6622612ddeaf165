package des

import "math"

// Pareto is the Pareto (type I) distribution with scale Xm > 0 and tail
// index Alpha > 0: P(X > x) = (Xm/x)^Alpha for x ≥ Xm. Its mean is finite
// for Alpha > 1 and its variance for Alpha > 2.
type Pareto struct{ Xm, Alpha float64 }

// ParetoFromMean returns the Pareto distribution with the given mean and
// tail index alpha > 1 (Xm = mean·(alpha−1)/alpha).
func ParetoFromMean(mean, alpha float64) Pareto {
	return Pareto{Xm: mean * (alpha - 1) / alpha, Alpha: alpha}
}

// ParetoAlphaFromCV returns the tail index of the Pareto distribution with
// coefficient of variation cv > 0: cv² = 1/(α(α−2)), so α = 1 + √(1 + 1/cv²).
func ParetoAlphaFromCV(cv float64) float64 { return 1 + math.Sqrt(1+1/(cv*cv)) }

// Rand draws by inversion: Xm·(1−U)^(−1/Alpha).
func (d Pareto) Rand(s *Stream) float64 {
	return d.Xm * math.Pow(1-s.Float64(), -1/d.Alpha)
}

// Mean returns Alpha·Xm/(Alpha−1), or +Inf for Alpha ≤ 1.
func (d Pareto) Mean() float64 {
	if d.Alpha <= 1 {
		return math.Inf(1)
	}
	return d.Alpha * d.Xm / (d.Alpha - 1)
}

// CDF returns 1 − (Xm/x)^Alpha for x ≥ Xm.
func (d Pareto) CDF(x float64) float64 {
	if x <= d.Xm {
		return 0
	}
	return 1 - math.Pow(d.Xm/x, d.Alpha)
}
