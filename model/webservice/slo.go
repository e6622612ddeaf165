package webservice

import (
	"queuelab/analytic"
	"queuelab/model/scenario"
)

// slo is the error-budget accounting of the 99.9 % SLO: the month's
// budget left, the burn rate over the last hour (a window of per-minute
// error rates) and each minute's request counts, for goals over part of
// the run.
type slo struct {
	target  float64 // the SLO, e.g. 0.999
	minutes float64 // minutes of the SLO period (30 days)
	burnWin []float64
	budget  float64 // share of the month's budget left
	load    []minuteLoad
}

// minuteLoad are a minute's request counts that goals over part of the
// run need: arrivals, shed, charged to the SLO (answers + errors) and
// errors.
type minuteLoad struct{ arrivals, shed, charged, errors float64 }

func newSLO(p SLOParams, budget float64) slo {
	return slo{target: p.Target, minutes: p.Minutes, burnWin: make([]float64, p.BurnWindow), budget: budget}
}

// record books minute m's load and returns the minute's burn rate (its
// error rate / the budget rate 1 − SLO) and the burn rate over the window
// (analytic.WindowBurnRate), which minute 0 pre-fills with its own rate.
func (s *slo) record(m int, l minuteLoad) (burn, burnWindow float64) {
	errRate := 0.0
	if l.charged > 0 {
		errRate = l.errors / l.charged
	}
	burn = errRate / (1 - s.target)
	if m == 0 {
		for i := range s.burnWin {
			s.burnWin[i] = errRate
		}
	} else {
		s.burnWin[m%len(s.burnWin)] = errRate
	}
	burnWindow = analytic.WindowBurnRate(s.burnWin, s.target)
	s.budget -= burn / s.minutes
	s.load = append(s.load, l)
	return burn, burnWindow
}

// errorRateFrom returns errors / charged requests over the minutes from
// minute from on (NaN if none).
func (s *slo) errorRateFrom(from int) float64 {
	var errs, charged float64
	for _, l := range s.load[min(max(from, 0), len(s.load)):] {
		errs += l.errors
		charged += l.charged
	}
	return scenario.Ratio(errs, charged)
}
