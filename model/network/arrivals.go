package network

import (
	"fmt"
	"math"

	"queuelab/analytic"
	"queuelab/model/dist"
)

// The arrival processes beyond renewal ones: a Markovian arrival process
// (MAP), a piecewise-constant time-varying Poisson rate, and batches. An
// Arrivals value holds exactly one process (Interarrival, MAP or Rates)
// and, optionally, a Batch law that every arrival event draws its number
// of customers from.

// MaxMAPPhases is the most phases a MAP may have.
const MaxMAPPhases = 64

// MaxRateSteps is the most pieces a time-varying rate may have.
const MaxRateSteps = 10_000

// MAP is a Markovian arrival process (Neuts 1979; Lucantoni 1991) of m
// phases, rates per second: D0 holds the phase changes without an
// arrival (its diagonal is minus the total rate out of each phase), D1
// the phase changes with one. D0+D1 is the generator of the phase
// process. A Markov-modulated Poisson process (MMPP) is the MAP with D1
// diagonal.
type MAP struct {
	D0, D1 [][]float64
}

// RateStep is one piece of a time-varying Poisson rate: Rate arrivals
// per second from time At (s) on, until the next step.
type RateStep struct {
	At, Rate float64
}

// Validate reports what is wrong with the MAP, or nil: D0 and D1 are
// square, of the same size from 1 to MaxMAPPhases, with finite entries;
// D0's diagonal is negative, its other entries and all of D1's are ≥ 0;
// every row of D0+D1 sums to 0 (within 1e-9 of the row's largest rate);
// the phase process D0+D1 is irreducible; and D1 is not all zero.
func (m *MAP) Validate() error {
	n := len(m.D0)
	if n < 1 || n > MaxMAPPhases {
		return fmt.Errorf("D0: a MAP needs 1 to %d phases, got %d rows", MaxMAPPhases, n)
	}
	if len(m.D1) != n {
		return fmt.Errorf("D1: must have as many rows as D0 (%d), got %d", n, len(m.D1))
	}
	anyArrival := false
	for i := 0; i < n; i++ {
		if len(m.D0[i]) != n || len(m.D1[i]) != n {
			return fmt.Errorf("D0, D1: row %d must have %d entries (square matrices), got %d and %d", i+1, n, len(m.D0[i]), len(m.D1[i]))
		}
		sum, scale := 0.0, 0.0
		for j := 0; j < n; j++ {
			a, b := m.D0[i][j], m.D1[i][j]
			switch {
			case math.IsNaN(a) || math.IsInf(a, 0) || math.Abs(a) > 1e9:
				return fmt.Errorf("D0[%d][%d]: must be a finite rate of at most 1e9 per s, got %v", i+1, j+1, a)
			case math.IsNaN(b) || math.IsInf(b, 0) || b > 1e9:
				return fmt.Errorf("D1[%d][%d]: must be a finite rate of at most 1e9 per s, got %v", i+1, j+1, b)
			case b < 0:
				return fmt.Errorf("D1[%d][%d]: rates with an arrival must be ≥ 0, got %v", i+1, j+1, b)
			case i == j && !(a < 0):
				return fmt.Errorf("D0[%d][%d]: the diagonal of D0 must be negative (minus the total rate out of phase %d), got %v", i+1, j+1, i+1, a)
			case i != j && a < 0:
				return fmt.Errorf("D0[%d][%d]: off the diagonal, D0 holds rates ≥ 0, got %v", i+1, j+1, a)
			}
			sum += a + b
			scale = math.Max(scale, math.Abs(a))
			anyArrival = anyArrival || b > 0
		}
		if math.Abs(sum) > 1e-9*scale {
			return fmt.Errorf("D0, D1: row %d of D0+D1 must sum to 0 (a generator: the diagonal of D0 is minus the row's other rates), sums to %.6g", i+1, sum)
		}
	}
	if !anyArrival {
		return fmt.Errorf("D1: all zero, so no customer ever arrives")
	}
	if i, j := m.unreachable(); i >= 0 {
		return fmt.Errorf("D0, D1: the phase process D0+D1 is not irreducible: phase %d cannot reach phase %d", i+1, j+1)
	}
	return nil
}

// unreachable returns a pair of phases (i, j) such that j cannot be
// reached from i through positive rates of D0+D1, or (-1, -1).
func (m *MAP) unreachable() (int, int) {
	n := len(m.D0)
	for i := 0; i < n; i++ {
		seen := make([]bool, n)
		seen[i] = true
		stack := []int{i}
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for j := 0; j < n; j++ {
				if !seen[j] && (m.D1[k][j] > 0 || (j != k && m.D0[k][j] > 0)) {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		for j, ok := range seen {
			if !ok {
				return i, j
			}
		}
	}
	return -1, -1
}

// Stationary returns the stationary phase vector π of D0+D1 (πQ = 0,
// Σπ = 1), by Gaussian elimination with partial pivoting on Qᵀ with one
// equation replaced by the normalisation. m must be valid.
func (m *MAP) Stationary() []float64 {
	n := len(m.D0)
	a := make([][]float64, n) // rows: equations Σ_i π_i Q[i][j] = 0, the last Σπ = 1
	for j := 0; j < n; j++ {
		a[j] = make([]float64, n+1)
		for i := 0; i < n; i++ {
			a[j][i] = m.D0[i][j] + m.D1[i][j]
		}
	}
	for i := 0; i < n; i++ {
		a[n-1][i] = 1
	}
	a[n-1][n] = 1
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	pi := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := a[r][n]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * pi[k]
		}
		pi[r] = max(s/a[r][r], 0) // rounding can leave −1e-17
	}
	return pi
}

// Rate returns the MAP's mean arrival rate per second, π·D1·1 with π its
// stationary phase vector (exact). m must be valid.
func (m *MAP) Rate() float64 {
	pi := m.Stationary()
	rate := 0.0
	for i, p := range pi {
		for _, d := range m.D1[i] {
			rate += p * d
		}
	}
	return rate
}

// scaled returns the MAP with every rate multiplied by f: the same phase
// pattern f times as fast.
func (m *MAP) scaled(f float64) *MAP {
	out := &MAP{D0: make([][]float64, len(m.D0)), D1: make([][]float64, len(m.D1))}
	for i := range m.D0 {
		out.D0[i] = make([]float64, len(m.D0[i]))
		out.D1[i] = make([]float64, len(m.D1[i]))
		for j := range m.D0[i] {
			out.D0[i][j], out.D1[i][j] = m.D0[i][j]*f, m.D1[i][j]*f
		}
	}
	return out
}

// validateRates checks a time-varying rate: 1 to MaxRateSteps steps, the
// first at time 0, times increasing, rates finite and ≥ 0, not all 0; a
// period, when > 0, longer than the last step's time; without a period
// the last rate, which holds for ever, > 0 (so that a steady state
// exists).
func validateRates(steps []RateStep, period float64) error {
	if len(steps) < 1 || len(steps) > MaxRateSteps {
		return fmt.Errorf("rate: a time-varying rate needs 1 to %d [time, rate] steps, got %d", MaxRateSteps, len(steps))
	}
	if steps[0].At != 0 {
		return fmt.Errorf("rate[1]: the first step must start at time 0, got %v", steps[0].At)
	}
	anyPositive := false
	for k, st := range steps {
		if k > 0 && !(st.At > steps[k-1].At) {
			return fmt.Errorf("rate[%d]: step times must increase, got %v after %v", k+1, st.At, steps[k-1].At)
		}
		if !(st.At <= dist.MaxTime) {
			return fmt.Errorf("rate[%d]: time must be at most %g s, got %v", k+1, float64(dist.MaxTime), st.At)
		}
		if !(st.Rate >= 0 && st.Rate <= 1e9) {
			return fmt.Errorf("rate[%d]: rate must be a number ≥ 0 and ≤ 1e9 per s, got %v", k+1, st.Rate)
		}
		anyPositive = anyPositive || st.Rate > 0
	}
	last := steps[len(steps)-1]
	switch {
	case !anyPositive:
		return fmt.Errorf("rate: every step's rate is 0, so no customer ever arrives")
	case math.IsNaN(period) || period < 0 || period > dist.MaxTime:
		return fmt.Errorf("period: must be a time > 0 and ≤ %g s (or absent: no repetition), got %v", float64(dist.MaxTime), period)
	case period > 0 && !(period > last.At):
		return fmt.Errorf("period: must be longer than the last step's time (%v s), got %v s", last.At, period)
	case period == 0 && last.Rate == 0:
		return fmt.Errorf("rate[%d]: without a period the last rate holds for ever, so it must be > 0 (or give a period)", len(steps))
	}
	return nil
}

// meanRate returns the long-run rate of a time-varying rate: its average
// over a period, or without one the last rate (which holds for ever).
func meanRate(steps []RateStep, period float64) float64 {
	if period == 0 {
		return steps[len(steps)-1].Rate
	}
	return integratedRate(steps, period) / period
}

// integratedRate returns ∫₀^P λ(t) dt over one period P.
func integratedRate(steps []RateStep, period float64) float64 {
	sum := 0.0
	for k, st := range steps {
		end := period
		if k+1 < len(steps) {
			end = steps[k+1].At
		}
		sum += st.Rate * (end - st.At)
	}
	return sum
}

// EventRate returns the long-run rate of arrival events per second (each
// bringing a batch when Batch is set): 1/mean interarrival, the MAP's
// π·D1·1, or the time-varying rate's average over its period (without a
// period, its last rate).
func (a *Arrivals) EventRate() float64 {
	switch {
	case a.MAP != nil:
		return a.MAP.Rate()
	case a.Rates != nil:
		return meanRate(a.Rates, a.Period)
	}
	return 1 / a.Interarrival.MeanValue()
}

// Rate returns the long-run rate of customers per second: EventRate
// times the mean batch size.
func (a *Arrivals) Rate() float64 {
	r := a.EventRate()
	if a.Batch != nil {
		r *= a.Batch.MeanSize()
	}
	return r
}

// Renewal reports whether the arrivals are a renewal process of single
// customers (an interarrival law, no batches).
func (a *Arrivals) Renewal() bool { return a.MAP == nil && a.Rates == nil && a.Batch == nil }

// validate checks that exactly one process is given and that it and the
// batch law are valid; errors name the key (map, rate, period, batch,
// interarrival).
func (a *Arrivals) validate() (key string, err error) {
	given := 0
	if a.Interarrival.Given() {
		given++
	}
	if a.MAP != nil {
		given++
	}
	if a.Rates != nil {
		given++
	}
	switch {
	case given != 1:
		return "", fmt.Errorf("give exactly one of rate (Poisson, or [[time, rate], …] time-varying), interarrival {dist: …} or map {D0: …, D1: …}")
	case a.Period != 0 && a.Rates == nil:
		return "period", fmt.Errorf("applies only to a time-varying rate [[time, rate], …]")
	case a.MAP != nil:
		if err := a.MAP.Validate(); err != nil {
			return "map", err
		}
	case a.Rates != nil:
		if err := validateRates(a.Rates, a.Period); err != nil {
			return "rate", err
		}
	default:
		if err := a.Interarrival.Validate(); err != nil {
			return "interarrival", err
		}
	}
	if a.Batch != nil {
		if err := a.Batch.Validate(); err != nil {
			return "batch", err
		}
	}
	return "", nil
}

func (a *Arrivals) clone() *Arrivals {
	cp := *a // a Dist is an immutable value: copies share it safely
	if a.MAP != nil {
		cp.MAP = a.MAP.scaled(1)
	}
	cp.Rates = append([]RateStep(nil), a.Rates...)
	if len(cp.Rates) == 0 {
		cp.Rates = nil
	}
	if a.Batch != nil {
		b := *a.Batch
		b.Values = append([]int(nil), b.Values...)
		b.P = append([]float64(nil), b.P...)
		cp.Batch = &b
	}
	return &cp
}

// WithRate returns a copy of a scaled so that customers arrive at rate
// per second on average: the interarrival law's mean, the MAP's rates or
// the time-varying rates scaled alike (the batch law unchanged).
func (a *Arrivals) WithRate(rate float64) *Arrivals {
	f := rate / a.Rate()
	cp := a.clone()
	switch {
	case a.MAP != nil:
		cp.MAP = a.MAP.scaled(f)
	case a.Rates != nil:
		for k := range cp.Rates {
			cp.Rates[k].Rate *= f
		}
	case a.Batch != nil:
		cp.Interarrival = a.Interarrival.WithMean(a.Batch.MeanSize() / rate)
	default:
		cp.Interarrival = a.Interarrival.WithMean(1 / rate) // as before batches, to the bit
	}
	return cp
}

// analyticArrivals describes a non-renewal arrival process for package
// analytic: the customer rate, and the MAP, time-varying rate or batch
// law itself. ArrivalLaw names the process ("map", "time-varying" or the
// interarrival law with "+batch"), so that methods that take Poisson
// arrivals only refuse it by name.
func analyticArrivals(name string, a *Arrivals, to int) analytic.NetClass {
	c := analytic.NetClass{Name: name, Rate: a.Rate(), ArrivalSCV: 1, Source: to}
	switch {
	case a.MAP != nil:
		m := a.MAP.scaled(1) // a copy: analytic must not share the Network's rows
		c.MAP = &analytic.MAP{D0: m.D0, D1: m.D1}
		c.ArrivalLaw.Name = "map"
	case a.Rates != nil:
		v := &analytic.Varying{Period: a.Period}
		for _, st := range a.Rates {
			v.At, v.Rates = append(v.At, st.At), append(v.Rates, st.Rate)
		}
		c.Varying = v
		c.ArrivalLaw.Name = "time-varying"
	default:
		c.ArrivalSCV = a.Interarrival.SCV()
		c.ArrivalLaw = lawOf(a.Interarrival)
	}
	if b := a.Batch; b != nil {
		c.Batch = &analytic.Batch{Mean: b.MeanSize(), SecondMoment: b.SecondMoment(), PMF: b.PMF()}
		c.ArrivalLaw.Name += "+batch"
	}
	return c
}
