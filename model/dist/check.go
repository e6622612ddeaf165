package dist

import (
	"fmt"
	"math"
)

// MaxTime bounds every time parameter (s): far beyond any queueing model,
// well inside des.Time's ±292 years.
const MaxTime = 1e9

// MinTime is the shortest time parameter (s): the simulation clock counts
// whole nanoseconds (des.Time), so a mean below 1 ns would be drawn as 0
// and every figure that depends on it would be silently wrong.
const MinTime = 1e-9

// checkMean refuses a mean outside [MinTime, MaxTime].
func checkMean(mean float64) error {
	if !(mean > 0 && mean <= MaxTime) {
		return keyErr("mean", "must be a number > 0 and ≤ %g s, got %v", float64(MaxTime), mean)
	}
	if mean < MinTime {
		return keyErr("mean", "%v s is below the clock's resolution of 1 ns (the simulation counts whole nanoseconds): give at least 1e-9 s", mean)
	}
	return nil
}

// checkCV refuses a coefficient of variation outside (lo, 100].
func checkCV(family string, cv, lo float64) error {
	if !(cv > lo && cv <= 100) {
		return keyErr("cv", "%s needs a coefficient of variation > %g and ≤ 100, got %v", family, lo, cv)
	}
	return nil
}

// checkTime refuses a time outside [0, MaxTime] or between 0 and MinTime.
func checkTime(key string, x float64) error {
	if !(x >= 0 && x <= MaxTime) {
		return keyErr(key, "must be a time ≥ 0 and ≤ %g s, got %v", float64(MaxTime), x)
	}
	if x > 0 && x < MinTime {
		return keyErr(key, "%v s is below the clock's resolution of 1 ns (times are whole nanoseconds): give 0 or at least 1e-9 s", x)
	}
	return nil
}

// checkProbs refuses a list of probabilities that are not in [0, 1] or do
// not sum to 1 within 1e-9.
func checkProbs(key string, ps []float64) error {
	sum := 0.0
	for i, p := range ps {
		if !(p >= 0 && p <= 1) {
			return keyErr(fmt.Sprintf("%s[%d]", key, i), "must be a probability from 0 to 1, got %v", p)
		}
		sum += p
	}
	if math.Abs(sum-1) > 1e-9 {
		return keyErr(key, "the probabilities must sum to 1 (within 1e-9), got %v", sum)
	}
	return nil
}

// checkPhases refuses a number of phases outside [1, maxPhases].
func checkPhases(key string, n int) error {
	if n < 1 || n > maxPhases {
		return keyErr(key, "needs 1 to %d phases, got %d", maxPhases, n)
	}
	return nil
}

// maxPhases is the most phases of a phase-type family (the exact CTMC's
// limit per law).
const maxPhases = 1000

// number returns the number ps holds for key (0 when absent).
func (ps Params) number(key string) float64 { return ps[key].Num }
