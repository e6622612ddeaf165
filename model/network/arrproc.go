package network

import (
	"math"
	"sort"

	"queuelab/des"
)

// arrProc draws the arrival times of a process that is not renewal: a MAP
// (which keeps its phase between arrivals) or a time-varying Poisson rate
// (which depends on the time). A class with a renewal process has none,
// so that plain models pay one nil check per arrival.
type arrProc struct {
	// MAP: the phase, and per phase its total rate and a cumulative table
	// over its 2m moves (D0 off the diagonal, then D1).
	mapPhase int
	mapRate  []float64
	mapCum   [][]float64
	m        int

	// time-varying: the steps, the period (0: none) and ∫ over a period.
	steps  []RateStep
	period float64
	perInt float64
}

// newArrProc returns the sampler of a's process, or nil for a renewal
// process. A MAP starts in a phase drawn from its stationary vector π,
// so that the arrivals are stationary from time 0.
func newArrProc(a *Arrivals, st *des.Stream) *arrProc {
	switch {
	case a.MAP != nil:
		m := len(a.MAP.D0)
		p := &arrProc{m: m, mapRate: make([]float64, m), mapCum: make([][]float64, m)}
		for i := 0; i < m; i++ {
			q := -a.MAP.D0[i][i]
			p.mapRate[i] = q
			c, cum, last := 0.0, make([]float64, 2*m), 0
			for j := 0; j < 2*m; j++ {
				x := 0.0
				switch {
				case j < m && j != i:
					x = a.MAP.D0[i][j] / q
				case j >= m:
					x = a.MAP.D1[i][j-m] / q
				}
				if x > 0 {
					last = j
				}
				c += x
				cum[j] = c
			}
			for j := last; j < 2*m; j++ {
				cum[j] = 1 // rounding: no u < 1 falls past the last move
			}
			p.mapCum[i] = cum
		}
		u, c := st.Float64(), 0.0
		for i, x := range a.MAP.Stationary() {
			if c += x; u < c {
				p.mapPhase = i
				break
			}
			p.mapPhase = i
		}
		return p
	case a.Rates != nil:
		p := &arrProc{steps: a.Rates, period: a.Period}
		if a.Period > 0 {
			p.perInt = integratedRate(a.Rates, a.Period)
		}
		return p
	}
	return nil
}

// next returns the time (s) of the next arrival after now (s), or +Inf
// when there is none (a time-varying rate that stays 0 for ever cannot
// happen: validateRates refuses it).
func (p *arrProc) next(now float64, st *des.Stream) float64 {
	if p.mapRate != nil {
		return now + p.mapNext(st)
	}
	return p.varyingNext(now, st.StdExp())
}

// mapNext simulates the phase process exactly until the next move with
// an arrival: in phase i it stays an exponential time of rate −D0[i][i],
// then moves to j without an arrival with probability D0[i][j]/−D0[i][i]
// or with one with probability D1[i][j]/−D0[i][i].
func (p *arrProc) mapNext(st *des.Stream) float64 {
	t := 0.0
	for {
		i := p.mapPhase
		t += st.StdExp() / p.mapRate[i]
		u := st.Float64()
		cum := p.mapCum[i]
		j := sort.Search(len(cum), func(j int) bool { return u < cum[j] })
		if j >= p.m {
			p.mapPhase = j - p.m
			return t
		}
		p.mapPhase = j
	}
}

// varyingNext returns the next arrival after now of a Poisson process of
// rate λ(t) by inversion of its integrated rate: the arrival is at the
// time τ where ∫_now^τ λ = e, e a standard exponential draw (Çinlar 1975,
// §4.7; Law 2015, §8.6.2), walking the steps and skipping whole periods.
func (p *arrProc) varyingNext(now, e float64) float64 {
	base, u := 0.0, now
	if p.period > 0 {
		base = math.Floor(now/p.period) * p.period
		u = now - base
		if u >= p.period { // rounding
			base, u = base+p.period, 0
		}
	}
	k := sort.Search(len(p.steps), func(k int) bool { return p.steps[k].At > u }) - 1
	for {
		end := math.Inf(1)
		if k+1 < len(p.steps) {
			end = p.steps[k+1].At
		} else if p.period > 0 {
			end = p.period
		}
		if r := p.steps[k].Rate; r > 0 && e < r*(end-u) {
			return base + u + e/r
		}
		if math.IsInf(end, 1) {
			return math.Inf(1)
		}
		e -= p.steps[k].Rate * (end - u)
		u, k = end, k+1
		if k == len(p.steps) { // the period is over: start the next one
			base, u, k = base+p.period, 0, 0
			if whole := math.Floor(e / p.perInt); whole > 0 {
				base += whole * p.period
				e -= whole * p.perInt
			}
		}
	}
}

// procDelay returns the delay from now to class r's next arrival drawn
// from p, rounded to the clock's nanosecond; ok is false when there is
// none within the clock's range.
func (s *Sim) procDelay(p *arrProc, r int) (d des.Time, ok bool) {
	now := s.env.Now()
	t := p.next(now.Seconds(), s.arrStream[r])
	at, err := des.FromSeconds(t)
	if err != nil {
		return 0, false
	}
	return max(at-now, 0), true
}

// enterBatch brings k customers of class r in at once, in the order they
// are numbered.
func (s *Sim) enterBatch(r, k int) {
	if s.tr != nil {
		s.tr.beginBatch()
		defer s.tr.endBatch()
	}
	for range k {
		s.enter(r, s.arrTo[r])
	}
}
