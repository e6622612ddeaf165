package analytic

import (
	"fmt"
	"math"

	"queuelab/des/queueing"
)

// KingmanWait returns Kingman's heavy-traffic approximation of the mean
// wait in a GI/G/1 queue ([Kingman]; QNA's GI/G/1 formula in [Whitt]
// without its correction factor for c²_a < 1):
//
//	Wq ≈ S·ρ/(1 − ρ)·(c²_a + c²_s)/2,   ρ = λ·S,
//
// with c²_a and c²_s the squared coefficients of variation of the
// interarrival and service times. It is exact for M/G/1 (c²_a = 1, the
// Pollaczek–Khinchine formula) and good in heavy traffic. Returns +Inf if
// ρ ≥ 1 and NaN for negative, NaN or infinite arguments or S = 0.
func KingmanWait(lambda, mean, arrivalSCV, serviceSCV float64) float64 {
	if !nonneg(lambda) || !positive(mean) || !nonneg(arrivalSCV) || !nonneg(serviceSCV) || !finite(lambda*mean) {
		return math.NaN()
	}
	rho := lambda * mean
	if rho >= 1 {
		return math.Inf(1)
	}
	return mean * rho / (1 - rho) * (arrivalSCV + serviceSCV) / 2
}

// WhittWait returns the mean wait in a GI/G/1 queue by the approximation of
// Whitt's QNA ([Whitt] (1983), §4, eqs. 45–46): Kingman's value times a
// factor g < 1 for arrivals smoother than Poisson,
//
//	Wq ≈ S·ρ/(1 − ρ)·(c²_a + c²_s)/2 · g,
//	g = exp(−2(1 − ρ)(1 − c²_a)² / (3ρ(c²_a + c²_s)))   if c²_a < 1,
//	g = 1                                              if c²_a ≥ 1
//
// (the correction of Krämer and Langenbach-Belz that QNA adopts). With
// c²_a ≥ 1 it is KingmanWait; it is exact for M/G/1. Returns +Inf if
// ρ ≥ 1, 0 when ρ = 0, and NaN for invalid arguments (as KingmanWait).
func WhittWait(lambda, mean, arrivalSCV, serviceSCV float64) float64 {
	w := KingmanWait(lambda, mean, arrivalSCV, serviceSCV)
	if math.IsNaN(w) || math.IsInf(w, 1) || w == 0 || arrivalSCV >= 1 {
		return w
	}
	rho := lambda * mean
	d := 1 - arrivalSCV
	return w * math.Exp(-2*(1-rho)*d*d/(3*rho*(arrivalSCV+serviceSCV)))
}

// AllenCunneenWait returns the Allen–Cunneen approximation of the mean wait
// in a GI/G/c queue ([Allen-Cunneen]): the
// exact M/M/c wait scaled by the mean of the two SCVs,
//
//	Wq ≈ C(c, a)/(c·μ − λ)·(c²_a + c²_s)/2,   a = λ·S, μ = 1/S,
//
// exact for M/M/c (both SCVs 1). Returns +Inf if a ≥ c and NaN for invalid
// arguments (servers < 1 included).
func AllenCunneenWait(servers int, lambda, mean, arrivalSCV, serviceSCV float64) float64 {
	if servers < 1 || !nonneg(lambda) || !positive(mean) || !nonneg(arrivalSCV) || !nonneg(serviceSCV) {
		return math.NaN()
	}
	q := MMc{servers, lambda, 1 / mean}
	if q.Validate() != nil {
		return math.NaN()
	}
	return q.MeanWait() * (arrivalSCV + serviceSCV) / 2
}

// QNAStation is the result of Whitt's QNA at one station: the aggregate
// (all classes) arrival rate, utilisation, first two moments of service, the
// SCVs of the arrival and departure processes, and the approximate mean
// wait in queue (0 at a delay station).
type QNAStation struct {
	Rate         float64 // total arrival rate λ_i (external + internal, all classes)
	Utilization  float64 // ρ_i = λ_i·S_i/c_i (0 at a delay station)
	MeanService  float64 // S_i, the rate-weighted mean of the class means
	ServiceSCV   float64 // c²_si of the class mixture
	ArrivalSCV   float64 // c²_ai from the variability equations (of runs of visits if the station feeds back to itself)
	DepartureSCV float64 // c²_di = 1 + (1 − ρ²)(c²_a − 1) + ρ²(c²_s − 1)/√c (likewise)
	MeanWait     float64 // Wq_i per visit: WhittWait (c = 1) or Allen–Cunneen (c > 1)
}

// QNA solves an open network by the Queueing Network Analyzer of [Whitt]
// (1983): each station is described by the rate and the squared coefficient
// of variation (SCV) of its arrival process, found from
//
//  1. the traffic rate equations (exact: the multi-class traffic equations
//     with class switching, aggregated over classes);
//  2. the traffic variability equations, linear in the arrival SCVs c²_aj:
//     departure c²_di = 1 + (1 − ρ_i²)(c²_ai − 1) + ρ_i²·(c²_si − 1)/√c_i;
//     splitting with probability q, q·c²_d + 1 − q; superposition of the
//     flows into j with shares p_kj, c²_aj = w_j·Σ_k p_kj·c²_kj + 1 − w_j
//     with w_j = 1/(1 + 4(1 − ρ_j)²(ν_j − 1)), ν_j = 1/Σ_k p_kj²
//     (Albin's weight);
//
// and then each station is a GI/G/c queue, solved by WhittWait (c = 1:
// Kingman's formula with QNA's correction g for c²_a < 1) or
// AllenCunneenWait (c > 1: the M/M/c wait scaled by (c²_a + c²_s)/2, QNA's
// multi-server formula). A delay station passes its arrival SCV on to its
// departures (the c → ∞ limit of the departure formula). This is the
// published QNA for FCFS single-class-aggregated stations, without its
// extensions (batch arrivals, multiplication of customers, the
// second-moment outputs).
//
// Immediate feedback is eliminated first, as QNA does: a station that sends
// a share q of its departures straight back to itself is treated as serving
// each customer's run of visits at once, with rate λ(1 − q), mean
// S/(1 − q) and SCV q + (1 − q)·c²_s (a geometric sum of services); the
// per-visit wait reported is the run's wait times 1 − q (Little's law on
// the same queue length).
//
// Assumptions and simplifications: all classes open; service times of
// finite variance; every station with
// finite servers is FCFS (or SIRO, treated alike); no finite capacity and
// no patience; classes are aggregated at each station (their service
// times form a mixture); external arrivals of each class are one renewal
// flow each. With Poisson arrivals and exponential service everywhere,
// every SCV is 1 and the result is the Jackson network's, exactly. Errors:
// *UnstableError for a station with ρ ≥ 1, a plain error when the
// assumptions do not hold or the network is invalid.
func QNA(n Network) ([]QNAStation, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	for k, c := range n.Classes {
		if !c.open() {
			return nil, fmt.Errorf("QNA needs open classes only; class %q is closed", n.Classes[k].Name)
		}
	}
	for _, s := range n.Stations {
		for k := range n.Classes {
			if s.Mean[k] > 0 && math.IsInf(s.scv(k), 1) {
				return nil, fmt.Errorf("QNA needs service times of finite variance (station %q, class %q)", s.Name, n.Classes[k].Name)
			}
		}
		if s.Capacity > 0 || s.Patience > 0 {
			return nil, fmt.Errorf("QNA does not model finite capacity or patience (station %q)", s.Name)
		}
		if !s.delay() && s.Discipline != queueing.FCFS && s.Discipline != queueing.SIRO {
			return nil, fmt.Errorf("QNA models FCFS stations; station %q is %v", s.Name, s.Discipline)
		}
	}
	lam, err := n.openRates()
	if err != nil {
		return nil, err
	}
	st, err := n.qnaRates(lam)
	if err != nil {
		return nil, err
	}
	flow := n.qnaFlows(lam)
	eff := qnaEliminateFeedback(n.Stations, st, flow)
	if err := n.qnaVariability(st, eff, flow); err != nil {
		return nil, err
	}
	for i, s := range n.Stations {
		q, e := &st[i], eff[i]
		switch {
		case s.delay() || q.Rate == 0:
			q.MeanWait = 0
		case s.Servers == 1:
			q.MeanWait = WhittWait(e.rate, e.mean, q.ArrivalSCV, e.scv) * (1 - e.self)
		default:
			q.MeanWait = AllenCunneenWait(s.Servers, e.rate, e.mean, q.ArrivalSCV, e.scv) * (1 - e.self)
		}
	}
	return st, nil
}

// qnaEff is a station after immediate feedback is eliminated: the rate,
// mean and SCV of a run of consecutive visits, and the feedback share.
type qnaEff struct {
	rate, mean, scv, self float64
}

// qnaFlows returns the aggregate flow rates flow[i][j] from station i to j.
func (n Network) qnaFlows(lam []float64) [][]float64 {
	m := len(n.Stations)
	flow := make([][]float64, m)
	for i := range flow {
		flow[i] = make([]float64, m)
	}
	for x, row := range n.Routing {
		for y, p := range row {
			flow[x%m][y%m] += lam[x] * p
		}
	}
	return flow
}

// qnaEliminateFeedback removes the self-loops of the finite-server
// stations from flow and returns every station's run-of-visits figures.
func qnaEliminateFeedback(stations []NetStation, st []QNAStation, flow [][]float64) []qnaEff {
	eff := make([]qnaEff, len(st))
	for i, q := range st {
		e := qnaEff{rate: q.Rate, mean: q.MeanService, scv: q.ServiceSCV}
		if q.Rate > 0 && !stations[i].delay() && flow[i][i] > 0 {
			e.self = min(flow[i][i]/q.Rate, 1-1e-12)
			flow[i][i] = 0
			e.rate = q.Rate * (1 - e.self)
			e.mean = q.MeanService / (1 - e.self)
			e.scv = e.self + (1-e.self)*q.ServiceSCV
		}
		eff[i] = e
	}
	return eff
}

// qnaRates aggregates the node rates per station: total rate, mean and SCV
// of the service mixture, utilisation; it reports the first unstable
// station.
func (n Network) qnaRates(lam []float64) ([]QNAStation, error) {
	m := len(n.Stations)
	st := make([]QNAStation, m)
	for i, s := range n.Stations {
		q := &st[i]
		thr := make([]float64, len(n.Classes))
		load := 0.0
		for k := range n.Classes {
			thr[k] = lam[k*m+i]
			q.Rate += thr[k]
			load += thr[k] * s.Mean[k]
		}
		if q.Rate == 0 {
			q.ServiceSCV, q.ArrivalSCV, q.DepartureSCV = 1, 1, 1
			continue
		}
		q.MeanService, q.ServiceSCV = s.mixture(thr, q.Rate)
		if !s.delay() {
			q.Utilization = load / float64(s.Servers)
			if q.Utilization >= 1 {
				return nil, &UnstableError{Station: s.Name, Rho: q.Utilization}
			}
		}
	}
	return st, nil
}

// qnaDeparture returns A, B with c²_d = A + B·c²_a at station s with
// utilisation rho and service SCV scv ([Whitt]): A = ρ² + ρ²(c²_s − 1)/√c,
// B = 1 − ρ²; a delay station has A = 0, B = 1.
func qnaDeparture(s NetStation, rho, scv float64) (a, b float64) {
	if s.delay() {
		return 0, 1
	}
	r2 := rho * rho
	return r2 + r2*(scv-1)/math.Sqrt(float64(s.Servers)), 1 - r2
}

// qnaVariability solves the linear traffic variability equations for the
// arrival SCVs (of runs of visits, feedback eliminated) and fills
// ArrivalSCV and DepartureSCV.
func (n Network) qnaVariability(st []QNAStation, eff []qnaEff, flow [][]float64) error {
	m := len(n.Stations)
	a := make([][]float64, m)
	rhs := make([]float64, m)
	for j := range m {
		a[j] = make([]float64, m)
		a[j][j] = 1
		lj := eff[j].rate
		if lj == 0 {
			rhs[j] = 1
			continue
		}
		var shares []float64 // p_kj of every flow into j
		ext := 0.0           // Σ over external class flows of p·c²
		for _, c := range n.Classes {
			if c.Source == j {
				p := c.Rate / lj
				shares = append(shares, p)
				ext += p * c.ArrivalSCV
			}
		}
		for i := range m {
			if flow[i][j] > 0 {
				shares = append(shares, flow[i][j]/lj)
			}
		}
		sumSq := 0.0
		for _, p := range shares {
			sumSq += p * p
		}
		nu := 1 / sumSq
		w := 1 / (1 + 4*(1-st[j].Utilization)*(1-st[j].Utilization)*(nu-1))
		rhs[j] = 1 - w + w*ext
		for i := range m {
			if flow[i][j] == 0 {
				continue
			}
			p := flow[i][j] / lj
			q := min(flow[i][j]/eff[i].rate, 1)
			ai, bi := qnaDeparture(n.Stations[i], st[i].Utilization, eff[i].scv)
			rhs[j] += w * p * (q*ai + 1 - q)
			a[j][i] -= w * p * q * bi
		}
	}
	sol, ok := solveLinear(a, rhs)
	if !ok {
		return fmt.Errorf("QNA variability equations are singular")
	}
	for j := range m {
		st[j].ArrivalSCV = max(sol[j], 0)
		da, db := qnaDeparture(n.Stations[j], st[j].Utilization, eff[j].scv)
		st[j].DepartureSCV = da + db*st[j].ArrivalSCV
	}
	return nil
}

// mixture returns the mean and SCV of the service time at s of a customer
// picked in proportion to the class rates thr (total their sum):
// S = Σ p_k·S_k and c² = Σ p_k·(S_k/S)²·(1 + c²_k) − 1, p_k = thr_k/total
// (the ratios S_k/S keep tiny or huge times from under- or overflowing).
func (s NetStation) mixture(thr []float64, total float64) (mean, scv float64) {
	for k, x := range thr {
		mean += x / total * s.Mean[k]
	}
	second := 0.0
	for k, x := range thr {
		if x > 0 {
			ratio := s.Mean[k] / mean
			second += x / total * ratio * ratio * (1 + s.scv(k))
		}
	}
	return mean, max(second-1, 0)
}
