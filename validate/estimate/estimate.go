package estimate

import (
	"math"

	"queuelab/des"
)

// Estimate is a point estimate of one metric with what is needed to build
// its confidence interval at any level: the k batch values it came from.
//
// Most metrics are ratios of sums — total wait over customers, area under
// the busy-server curve over time — so an Estimate keeps, per batch b, a
// numerator y_b and a denominator x_b. The point estimate is the ratio of
// the totals R = Σy/Σx (not the mean of the batch ratios, which carries an
// O(1/batch size) bias), and its standard error is the batch-means
// standard error of the ratio estimator, from the residuals
// z_b = y_b − R·x_b:
//
//	se(R) = s_z / (√k · x̄)
//
// (the delta method applied to batch means; Law, Simulation Modeling and
// Analysis, 5th ed., 2015, §9.5.3 and §9.6). The interval is
// R ± t_{k−1, 1−(1−level)/2}·se. For time averages the denominators are
// the equal batch lengths and this is the ordinary batch-means interval;
// for probabilities the numerators count indicators (a customer waited,
// was blocked …), so a probability is a batch mean of indicators, whose
// correlation the batches absorb.
type Estimate struct {
	Name string
	// Mean is the point estimate, HalfWidth the half-width of its 95 %
	// interval.
	Mean, HalfWidth float64
	// SE is the standard error; K the number of batches.
	SE float64
	K  int
	// Batch holds the batch values y_b/x_b (for display and plots).
	Batch []float64
}

// Level95 is the confidence level of Estimate.HalfWidth.
const Level95 = 0.95

// Ratio builds the estimate of Σnum/Σden from per-batch sums (num[b]
// and den[b] of batch b). With Σden = 0 the metric is undefined: Mean is
// NaN and the interval infinite; with fewer than 2 batches the interval is
// infinite.
func Ratio(name string, num, den []float64) Estimate {
	k := len(num)
	e := Estimate{Name: name, K: k, Batch: make([]float64, k)}
	var sy, sx float64
	for b := range num {
		sy += num[b]
		sx += den[b]
		e.Batch[b] = num[b] / den[b]
	}
	if sx == 0 {
		// No observation at all (no customer waited, say): the metric is
		// undefined, not zero.
		e.Mean, e.HalfWidth, e.SE = math.NaN(), math.Inf(1), math.Inf(1)
		return e
	}
	e.Mean = sy / sx
	if k < 2 {
		e.HalfWidth, e.SE = math.Inf(1), math.Inf(1)
		return e
	}
	var t des.Tally
	for b := range num {
		t.Add(num[b] - e.Mean*den[b])
	}
	e.SE = t.StdDev() / (math.Sqrt(float64(k)) * sx / float64(k))
	e.HalfWidth = e.HalfWidthAt(Level95)
	return e
}

// RatioMean is Ratio(name, num, den).Mean without the interval: the same
// sums in the same order, so the same bits, for a caller that keeps only
// point estimates (a sweep over replications).
func RatioMean(num, den []float64) float64 {
	var sy, sx float64
	for b := range num {
		sy += num[b]
		sx += den[b]
	}
	if sx == 0 {
		return math.NaN()
	}
	return sy / sx
}

// Mean builds the plain batch-means estimate of the mean of xs (one value
// per batch, or per replication). NaN batch values are an undefined
// estimate.
func Mean(name string, xs []float64) Estimate {
	ones := make([]float64, len(xs))
	for i := range ones {
		ones[i] = 1
	}
	return Ratio(name, xs, ones)
}

// HalfWidthAt returns the half-width of the Student-t interval at the given
// confidence level (e.g. 1 − 10⁻³).
func (e Estimate) HalfWidthAt(level float64) float64 {
	if e.K < 2 || math.IsInf(e.SE, 1) || math.IsNaN(e.SE) {
		return math.Inf(1)
	}
	return des.StudentTQuantile(1-(1-level)/2, float64(e.K-1)) * e.SE
}

// RelativeHalfWidth returns the 95 % half-width over |Mean| (+Inf for a
// zero or undefined mean).
func (e Estimate) RelativeHalfWidth() float64 {
	if e.Mean == 0 || math.IsNaN(e.Mean) {
		return math.Inf(1)
	}
	return e.HalfWidth / math.Abs(e.Mean)
}

// Covers reports whether the 95 % interval contains x.
func (e Estimate) Covers(x float64) bool { return math.Abs(e.Mean-x) <= e.HalfWidth }

// SortedQuantile returns the p-quantile of sorted xs as the observation of
// rank ⌈p·n⌉, the inverse of the empirical distribution function (NaN when
// xs is empty).
func SortedQuantile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	i := int(math.Ceil(p*float64(len(xs)))) - 1
	return xs[max(i, 0)]
}
