package analytic

import "math"

// finite reports whether x is neither NaN nor ±Inf.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// nonneg reports whether x is a finite number ≥ 0.
func nonneg(x float64) bool { return finite(x) && x >= 0 }

// positive reports whether x is a finite number > 0.
func positive(x float64) bool { return finite(x) && x > 0 }

// isProb reports whether x is a probability in [0, 1].
func isProb(x float64) bool { return x >= 0 && x <= 1 }

// clamp01 removes rounding excursions just outside [0, 1].
func clamp01(x float64) float64 { return min(max(x, 0), 1) }

// expIntegral returns g(y) = ∫₀¹ e^{−y·u} du = (1 − e^{−y})/y, with g(0) = 1.
// It is accurate for every y (expm1 avoids the cancellation near 0).
func expIntegral(y float64) float64 {
	if y == 0 {
		return 1
	}
	return -math.Expm1(-y) / y
}

// expMoment returns h(y) = ∫₀¹ u·e^{−y·u} du = (1 − e^{−y}(1 + y))/y² for
// y ≥ 0, with h(0) = 1/2. Near 0 the closed form cancels badly, so there it
// sums the series Σ_k (−y)^k / (k!·(k+2)).
func expMoment(y float64) float64 {
	if y <= 1 {
		sum, term := 0.0, 1.0 // term = (−y)^k / k!
		for k := 0; k < 30; k++ {
			sum += term / float64(k+2)
			term *= -y / float64(k+1)
		}
		return sum
	}
	return (-math.Expm1(-y) - y*math.Exp(-y)) / (y * y)
}

// bosePart returns φ(y) = 1/(e^y − 1) − 1/y, with φ(0) = −1/2; it is smooth
// and bounded in (−1, 0) for every real y.
func bosePart(y float64) float64 {
	if math.Abs(y) < 1e-2 {
		y2 := y * y
		return -0.5 + y/12 - y*y2/720 + y*y2*y2/30240
	}
	return 1/math.Expm1(y) - 1/y
}

// truncGeomMean returns the mean of k ∈ {0, …, m} with weights e^{−x·k}
// (a geometric distribution with ratio ρ = e^{−x} truncated at m), for any
// real x, without cancellation when x is near 0:
// mean = φ(x) − (m+1)·φ((m+1)·x), φ = bosePart.
func truncGeomMean(x float64, m int) float64 {
	if m <= 0 {
		return 0
	}
	n := float64(m + 1)
	return min(max(bosePart(x)-n*bosePart(n*x), 0), float64(m))
}

// logTruncGeomLast returns ln(e^{−x·m} / Σ_{k=0}^{m} e^{−x·k}), the log of the
// share of the last term, without cancellation when x < 0 and m is large.
func logTruncGeomLast(x float64, m int) float64 {
	n := float64(m + 1)
	switch {
	case m <= 0:
		return 0
	case x == 0:
		return -math.Log(n)
	case x > 0:
		return -float64(m)*x - logTruncGeomSum(x, m)
	default:
		u := -x
		return math.Log(-math.Expm1(-u)) - math.Log(-math.Expm1(-n*u))
	}
}

// logTruncGeomSum returns ln Σ_{k=0}^{m} e^{−x·k} without overflow.
func logTruncGeomSum(x float64, m int) float64 {
	n := float64(m + 1)
	switch {
	case m <= 0:
		return 0
	case x == 0:
		return math.Log(n)
	case x > 0:
		return math.Log(-math.Expm1(-n*x)) - math.Log(-math.Expm1(-x))
	default:
		u := -x
		return float64(m)*u + math.Log(-math.Expm1(-n*u)) - math.Log(-math.Expm1(-u))
	}
}
