package analytic

import (
	"queuelab/des/queueing"
)

// MethodMMcQuantile names the exact M/M/c FCFS waiting- and response-time
// quantiles (MMc.WaitQuantile, MMc.ResponseTimeQuantile).
const MethodMMcQuantile = "M/M/c FCFS distribution"

// addMMcPercentiles adds, for a single FCFS station with Poisson arrivals
// and exponential class-independent service (no capacity, no patience),
// the p50/p90/p99 (CTMCPercentiles) of every class's wait and response
// time and of all classes' together — the same law, FCFS serving in
// arrival order whatever the class — at the station and end to end
// ("network": one visit). Exact: the wait is 0 with probability 1 − C
// and exponential of rate cμ − λ otherwise; the response adds an
// independent exponential service.
func (s *netSolver) addMMcPercentiles(thr []float64, total float64) {
	st := s.n.Stations[0]
	mean, ok := s.expUniform(0, thr)
	if !ok || st.delay() || st.Discipline != queueing.FCFS || !s.poisson() || s.limited(0) || total <= 0 {
		return
	}
	q := MMc{Servers: st.Servers, Lambda: total, Mu: 1 / mean}
	if !q.Stable() {
		return
	}
	for _, p := range CTMCPercentiles {
		wait, resp := queueing.Percentile(p, queueing.OfWait), queueing.Percentile(p, queueing.OfResponse)
		w, r := q.WaitQuantile(p), q.ResponseTimeQuantile(p)
		for k, c := range s.n.Classes {
			if thr[k] > 0 {
				s.add(st.Name, c.Name, wait, w, MethodMMcQuantile, true)
				s.add(st.Name, c.Name, resp, r, MethodMMcQuantile, true)
				s.add("network", c.Name, resp, r, MethodMMcQuantile, true)
			}
		}
		s.add(st.Name, "", wait, w, MethodMMcQuantile, true)
		s.add(st.Name, "", resp, r, MethodMMcQuantile, true)
		s.add("network", "", resp, r, MethodMMcQuantile, true)
	}
}
