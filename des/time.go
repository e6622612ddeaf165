package des

import (
	"fmt"
	"math"
	"time"
)

// Time is simulated time or a duration, in integer nanoseconds. See the
// package documentation for why time is an integer.
type Time int64

// Common durations.
const (
	Nanosecond  Time = 1
	Microsecond      = 1000 * Nanosecond
	Millisecond      = 1000 * Microsecond
	Second           = 1000 * Millisecond
	Minute           = 60 * Second
	Hour             = 60 * Minute
)

// MaxTime is the largest representable time; it means "never".
const MaxTime Time = math.MaxInt64

// FromSeconds converts s seconds to a Time, rounding to the nearest
// nanosecond. It returns an error for NaN, ±Inf, and values whose
// nanosecond count does not fit in an int64.
func FromSeconds(s float64) (Time, error) {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return 0, fmt.Errorf("des: time %v s is not a finite number", s)
	}
	ns := math.Round(s * 1e9)
	if ns >= math.MaxInt64 || ns <= math.MinInt64 {
		return 0, fmt.Errorf("des: time %g s is outside the representable range (±%.3g s)", s, float64(math.MaxInt64)/1e9)
	}
	return Time(ns), nil
}

// Seconds converts s seconds to a Time for values known to be finite and
// in range, such as samples of a distribution with finite parameters. It
// saturates at ±MaxTime instead of overflowing and maps NaN to MaxTime;
// use FromSeconds where the input is untrusted.
func Seconds(s float64) Time {
	ns := s * 1e9
	switch {
	case ns != ns || ns >= math.MaxInt64: // NaN or too large
		return MaxTime
	case ns <= -math.MaxInt64:
		return -MaxTime
	}
	return roundNs(ns)
}

// roundNs is Time(math.Round(ns)) for |ns| < 2⁶³, without a call or a
// branch: the conversion truncates towards zero, and the fraction it cut
// off (exact: a float's fractional part is representable, and it is 0 from
// 2⁵² on) decides whether to move one further from zero. Ties go away from
// zero, as in math.Round. TestRoundNs compares it with math.Round.
func roundNs(ns float64) Time {
	t := Time(ns)
	f := ns - float64(t)
	return t + Time(bit(f >= 0.5)) - Time(bit(f <= -0.5))
}

// Seconds returns t in seconds.
func (t Time) Seconds() float64 { return float64(t) / 1e9 }

// Minutes returns t in minutes.
func (t Time) Minutes() float64 { return float64(t) / float64(Minute) }

// Duration returns t as a time.Duration (both count nanoseconds).
func (t Time) Duration() time.Duration { return time.Duration(t) }

// String formats t like time.Duration ("1m30s", "80ms").
func (t Time) String() string {
	if t == MaxTime {
		return "never"
	}
	return time.Duration(t).String()
}

// bit is 1 if b is true, else 0; the compiler makes it a SETcc.
func bit(b bool) uint8 {
	var x uint8
	if b {
		x = 1
	}
	return x
}
