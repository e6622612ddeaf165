package des

import "math"

// Tally accumulates observations and keeps their count, mean, variance,
// minimum and maximum in O(1) memory, updating the mean and the sum of
// squared deviations by Welford's method (Technometrics 4, 1962), which
// does not lose precision the way Σx² − n·mean² does. The zero Tally is
// empty and ready to use.
type Tally struct {
	n        int64
	mean, m2 float64
	min, max float64
}

// Add records one observation.
func (t *Tally) Add(x float64) {
	t.n++
	if t.n == 1 {
		t.min, t.max = x, x
	} else if x < t.min {
		t.min = x
	} else if x > t.max {
		t.max = x
	}
	d := x - t.mean
	t.mean += d / float64(t.n)
	t.m2 += d * (x - t.mean)
}

// Merge adds every observation of u to t (Chan, Golub & LeVeque's
// pairwise update), as if they had been added one by one.
func (t *Tally) Merge(u Tally) {
	if u.n == 0 {
		return
	}
	if t.n == 0 {
		*t = u
		return
	}
	n := t.n + u.n
	d := u.mean - t.mean
	t.m2 += u.m2 + d*d*float64(t.n)*float64(u.n)/float64(n)
	t.mean += d * float64(u.n) / float64(n)
	t.n = n
	t.min = math.Min(t.min, u.min)
	t.max = math.Max(t.max, u.max)
}

// N returns the number of observations.
func (t *Tally) N() int64 { return t.n }

// Mean returns the sample mean, or NaN with no observations.
func (t *Tally) Mean() float64 {
	if t.n == 0 {
		return math.NaN()
	}
	return t.mean
}

// Sum returns the sum of the observations.
func (t *Tally) Sum() float64 { return t.mean * float64(t.n) }

// Variance returns the unbiased sample variance, or NaN with fewer than two
// observations.
func (t *Tally) Variance() float64 {
	if t.n < 2 {
		return math.NaN()
	}
	return t.m2 / float64(t.n-1)
}

// StdDev returns the sample standard deviation.
func (t *Tally) StdDev() float64 { return math.Sqrt(t.Variance()) }

// Min returns the smallest observation, or NaN with none.
func (t *Tally) Min() float64 {
	if t.n == 0 {
		return math.NaN()
	}
	return t.min
}

// Max returns the largest observation, or NaN with none.
func (t *Tally) Max() float64 {
	if t.n == 0 {
		return math.NaN()
	}
	return t.max
}

// TimeWeighted is the time average of a piecewise-constant quantity, such as
// the number of customers in a system (the L of Little's law L = λW) or
// the number of busy servers. It integrates the value over time exactly,
// in integer time.
//
// A window (see Mark and WindowMean) measures the average since the last
// mark, for per-minute indicators, without disturbing the running total.
type TimeWeighted struct {
	value     float64
	last      Time    // time of the last change
	start     Time    // time of the first observation
	area      float64 // ∫ value dt over [start, last], in value·seconds
	started   bool
	markTime  Time
	markArea  float64
	maxValue  float64
	lastValue float64
}

// Set records that the quantity takes value v from time now on. now must
// not be before the previous call's time.
func (w *TimeWeighted) Set(now Time, v float64) {
	if !w.started {
		w.started = true
		w.start, w.last, w.markTime = now, now, now
		w.value, w.maxValue = v, v
		return
	}
	w.area += w.value * (now - w.last).Seconds()
	w.last = now
	w.value = v
	if v > w.maxValue {
		w.maxValue = v
	}
}

// Add changes the quantity by dv at time now.
func (w *TimeWeighted) Add(now Time, dv float64) { w.Set(now, w.value+dv) }

// Value returns the current value.
func (w *TimeWeighted) Value() float64 { return w.value }

// Max returns the largest value taken.
func (w *TimeWeighted) Max() float64 { return w.maxValue }

// Area returns ∫ value dt from the first observation to now, in
// value·seconds.
func (w *TimeWeighted) Area(now Time) float64 {
	return w.area + w.value*(now-w.last).Seconds()
}

// Mean returns the time average from the first observation to now, or NaN
// if no time has passed.
func (w *TimeWeighted) Mean(now Time) float64 {
	span := (now - w.start).Seconds()
	if !w.started || span <= 0 {
		return math.NaN()
	}
	return w.Area(now) / span
}

// Reset forgets the history before now, keeping the current value (for
// discarding a warm-up period).
func (w *TimeWeighted) Reset(now Time) {
	v := w.value
	*w = TimeWeighted{}
	w.Set(now, v)
}

// Mark starts a new window at now.
func (w *TimeWeighted) Mark(now Time) {
	if !w.started {
		w.Set(now, 0)
	}
	w.markArea, w.markTime = w.Area(now), now
}

// WindowMean returns the time average since the last Mark (or the first
// observation), or NaN if no time has passed.
func (w *TimeWeighted) WindowMean(now Time) float64 {
	span := (now - w.markTime).Seconds()
	if !w.started || span <= 0 {
		return math.NaN()
	}
	return (w.Area(now) - w.markArea) / span
}

// Interval is a point estimate with the half-width of its confidence
// interval: the interval is [Mean − HalfWidth, Mean + HalfWidth].
type Interval struct {
	Mean      float64
	HalfWidth float64
	Level     float64 // confidence level, e.g. 0.95
	N         int     // number of (batch or replication) means used
}

// RelativeHalfWidth returns HalfWidth/|Mean| (+Inf for a zero mean).
func (i Interval) RelativeHalfWidth() float64 { return i.HalfWidth / math.Abs(i.Mean) }

// Contains reports whether x lies in the interval.
func (i Interval) Contains(x float64) bool { return math.Abs(x-i.Mean) <= i.HalfWidth }

// MeanCI returns the Student-t confidence interval at the given level
// (e.g. 0.95) for the mean of xs, which must be independent and roughly
// normal: replication means or batch means. With fewer than two values
// HalfWidth is +Inf.
func MeanCI(xs []float64, level float64) Interval {
	var t Tally
	for _, x := range xs {
		t.Add(x)
	}
	iv := Interval{Mean: t.Mean(), Level: level, N: len(xs), HalfWidth: math.Inf(1)}
	if len(xs) >= 2 {
		q := StudentTQuantile(1-(1-level)/2, float64(len(xs)-1))
		iv.HalfWidth = q * t.StdDev() / math.Sqrt(float64(len(xs)))
	}
	return iv
}

// BatchMeans splits the series xs (a correlated output of one run, after
// warm-up deletion) into k contiguous batches of equal size, dropping the
// first len(xs) mod k values, and returns the Student-t interval of the
// batch means (Law, Simulation Modeling and Analysis, 5th ed., §9.5.3).
// The batches must be long enough to be nearly independent; 20 to 30
// batches is the usual choice. It returns a +Inf half-width if k < 2 or
// there are fewer values than batches.
func BatchMeans(xs []float64, k int, level float64) Interval {
	if k < 2 || len(xs) < k {
		return Interval{Mean: meanOf(xs), HalfWidth: math.Inf(1), Level: level}
	}
	size := len(xs) / k
	off := len(xs) - size*k
	means := make([]float64, k)
	for b := range means {
		means[b] = meanOf(xs[off+b*size : off+(b+1)*size])
	}
	return MeanCI(means, level)
}

func meanOf(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// MSER5 returns how many leading values of xs to delete as warm-up, by the
// MSER-5 rule (White, Cobb & Spratt, WSC 2000; Franklin & White, WSC 2008):
// average xs in batches of 5, and pick the truncation point d (in batches)
// that minimises the squared standard error of the remaining batch means,
// Σ(Zᵢ − Z̄_d)²/(m−d)², searching d only over the first half of the
// batches (the rule is unreliable past that). The result is a multiple of 5.
func MSER5(xs []float64) int {
	m := len(xs) / 5
	if m < 2 {
		return 0
	}
	z := make([]float64, m)
	for i := range z {
		z[i] = meanOf(xs[5*i : 5*i+5])
	}
	// Suffix sums give each candidate's statistic in O(1).
	best, bestD := math.Inf(1), 0
	var sum, sumSq float64
	stat := make([]float64, m)
	for i := m - 1; i >= 0; i-- {
		sum += z[i]
		sumSq += z[i] * z[i]
		n := float64(m - i)
		stat[i] = (sumSq - sum*sum/n) / (n * n)
	}
	for d := 0; d <= m/2; d++ {
		if stat[d] < best {
			best, bestD = stat[d], d
		}
	}
	return 5 * bestD
}
