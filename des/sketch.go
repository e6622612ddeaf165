package des

import (
	"fmt"
	"math"
)

// Sketch is a streaming quantile estimator with a guaranteed relative
// error, in the manner of DDSketch (Masson, Rim & Lee, VLDB 2019):
// positive values are counted in logarithmic buckets [γ^(i−1), γ^i) with
// γ = (1+α)/(1−α), and a quantile is answered by the bucket holding the
// requested rank, reported as 2γ^i/(γ+1).
//
// Error bound: for any q, if the exact q-quantile (the value of rank
// ⌈q·n⌉ among n observations) lies in [Min, Max] of the sketch, the
// estimate is within a relative error α of it. Values below Min are
// counted as Min and values above Max as Max (their quantiles are clamped).
// Memory is fixed at ln(Max/Min)/ln γ counters (about 2,300 for α = 0.5 %
// over 1 µs … 10⁴ s); Add is O(1) and never allocates.
type Sketch struct {
	alpha   float64
	gamma   float64
	logG    float64
	min     float64
	offset  int // bucket index of min
	counts  []uint64
	n       uint64
	lo, hi  int // range of non-empty buckets (lo > hi when empty)
	overMax uint64
}

// NewSketch returns a sketch with relative accuracy alpha (0 < alpha < 1)
// for values in [min, max], 0 < min < max.
func NewSketch(alpha, min, max float64) (*Sketch, error) {
	if !(alpha > 0 && alpha < 1) || !(min > 0) || !(max > min) || math.IsInf(max, 1) {
		return nil, fmt.Errorf("des: NewSketch(alpha=%v, min=%v, max=%v): need 0 < alpha < 1 and 0 < min < max < +Inf", alpha, min, max)
	}
	g := (1 + alpha) / (1 - alpha)
	s := &Sketch{alpha: alpha, gamma: g, logG: math.Log(g), min: min}
	s.offset = int(math.Ceil(math.Log(min) / s.logG))
	top := int(math.Ceil(math.Log(max)/s.logG)) - s.offset
	s.counts = make([]uint64, top+1)
	s.Reset()
	return s, nil
}

// MustSketch is NewSketch for constant arguments; it panics on an error.
func MustSketch(alpha, min, max float64) *Sketch {
	s, err := NewSketch(alpha, min, max)
	if err != nil {
		panic(err)
	}
	return s
}

// Alpha returns the relative accuracy.
func (s *Sketch) Alpha() float64 { return s.alpha }

// Add records x. NaN is ignored.
func (s *Sketch) Add(x float64) {
	if x != x {
		return
	}
	i := 0
	if x > s.min {
		i = int(math.Ceil(math.Log(x)/s.logG)) - s.offset
		if i >= len(s.counts) {
			i = len(s.counts) - 1
			s.overMax++
		}
	}
	s.counts[i]++
	s.n++
	if i < s.lo {
		s.lo = i
	}
	if i > s.hi {
		s.hi = i
	}
}

// N returns the number of values added.
func (s *Sketch) N() uint64 { return s.n }

// Quantile returns the estimate of the q-quantile (0 ≤ q ≤ 1), or NaN if
// the sketch is empty.
func (s *Sketch) Quantile(q float64) float64 {
	if s.n == 0 || q != q {
		return math.NaN()
	}
	rank := uint64(math.Ceil(q * float64(s.n)))
	if rank < 1 {
		rank = 1
	}
	var seen uint64
	for i := s.lo; i <= s.hi; i++ {
		seen += s.counts[i]
		if seen >= rank {
			if i == 0 {
				return s.min
			}
			return 2 * math.Exp(float64(i+s.offset)*s.logG) / (s.gamma + 1)
		}
	}
	return math.NaN() // unreachable: the counts sum to n
}

// Merge adds the counts of u, which must have been made with the same
// parameters.
func (s *Sketch) Merge(u *Sketch) error {
	if u.alpha != s.alpha || u.min != s.min || len(u.counts) != len(s.counts) {
		return fmt.Errorf("des: cannot merge sketches with different parameters")
	}
	for i := u.lo; i <= u.hi; i++ {
		s.counts[i] += u.counts[i]
	}
	s.n += u.n
	s.overMax += u.overMax
	s.lo = min(s.lo, u.lo)
	s.hi = max(s.hi, u.hi)
	return nil
}

// Reset empties the sketch (cost proportional to the occupied range).
func (s *Sketch) Reset() {
	if s.lo <= s.hi {
		clear(s.counts[s.lo : s.hi+1])
	}
	s.n, s.overMax = 0, 0
	s.lo, s.hi = len(s.counts), -1
}

// Series accumulates observations into consecutive windows of equal width
// (per-minute indicators): window k holds the observations added at times
// in [k·Width, (k+1)·Width).
type Series struct {
	Width   Time
	windows []Tally
}

// Add records x at time now (now ≥ 0).
func (s *Series) Add(now Time, x float64) {
	k := int(now / s.Width)
	for len(s.windows) <= k {
		s.windows = append(s.windows, Tally{})
	}
	s.windows[k].Add(x)
}

// Window returns window k (empty if nothing was added there).
func (s *Series) Window(k int) Tally {
	if k < 0 || k >= len(s.windows) {
		return Tally{}
	}
	return s.windows[k]
}

// Len returns the number of windows up to the last one written.
func (s *Series) Len() int { return len(s.windows) }
