package network

import (
	"math"
	"slices"
	"unsafe"

	"queuelab/des"
	"queuelab/des/queueing"
)

// Percentiles of the response time and the wait (Options.Percentiles):
// metrics p50_response, p90_response, p99_response, p50_wait, p90_wait,
// p99_wait per station and class (wait where customers wait) and the
// network's p50/p90/p99_response end to end.
//
// Estimation: batch quantiles (Heidelberger & Lewis, "Quantile estimation
// in dependent sequences", Operations Research 32, 1984): each of the
// Result's batches (the same stretches of time as the means') gives its
// own sample quantile — the value of rank ⌈p·n⌉ among its n
// observations — and the metric is their average, Num the batch
// quantiles and Den 1, so the batch-means interval of package validate
// applies to it unchanged. With replications the interval is across
// the replications' averages.
//
// Memory: every observation is kept (as a float32: 7 significant
// digits) up to PercentileBudget observations in all (or
// Options.PercentileBudget: the live page's is smaller); past it every
// other one kept is dropped and from then on only every second
// observation is recorded, and so on (a systematic subsample, the same
// for every metric). The batch spread includes the subsampling noise, so
// the interval stays honest; Result.PercentileStride says how thin it
// got.

// PercentileProbs are the probabilities of the percentile metrics.
var PercentileProbs = []float64{0.5, 0.9, 0.99}

// PercentileBudget is the most observations kept for percentiles (64 MB
// of float32).
const PercentileBudget = 1 << 24

// pctStore keeps the observations of every percentile series since the
// mark, and at each observation-window boundary how many each had.
type pctStore struct {
	vals   [][]float32 // per series
	count  []int64     // per series: observations since the mark (kept or not)
	stride int64
	kept   int
	budget int     // PercentileBudget (smaller in tests)
	bnd    []int32 // per boundary b: bnd[b·S+k] = len(vals[k]) at b
	arr    []des.Time
	M, R   int
}

// Series index: station i, class r (r = R: all) wait and response at
// (i·(R+1)+r)·2 + {0, 1}; the network's response of class r at
// 2·M·(R+1) + r.
func (p *pctStore) series() int { return pctSeries(p.M, p.R) }

// pctSeries is the number of percentile series of m stations and r classes.
func pctSeries(m, r int) int { return 2*m*(r+1) + r + 1 }

// PercentileBoundaryBytes is the most the percentiles' window boundaries
// of a network of m stations and r classes take: one int32 per series at
// each of the MaxWindows+1 boundaries kept (beyond, they are halved).
func PercentileBoundaryBytes(m, r int) float64 {
	return float64(pctSeries(m, r)) * (MaxWindows + 1) * float64(unsafe.Sizeof(int32(0)))
}

func newPctStore(M, R int) *pctStore {
	p := &pctStore{M: M, R: R, stride: 1, budget: PercentileBudget}
	p.vals = make([][]float32, p.series())
	p.count = make([]int64, p.series())
	return p
}

func (p *pctStore) reset() {
	for k := range p.vals {
		p.vals[k] = p.vals[k][:0]
		p.count[k] = 0
	}
	p.bnd, p.kept, p.stride = p.bnd[:0], 0, 1
}

// take records the boundary now (called with the observer's take).
func (p *pctStore) take() {
	for k := range p.vals {
		p.bnd = append(p.bnd, int32(len(p.vals[k])))
	}
}

// halve keeps every other boundary, as the observer does.
func (p *pctStore) halve(n int) {
	S, k := p.series(), 0
	for b := 0; b < n; b += 2 {
		copy(p.bnd[k*S:(k+1)*S], p.bnd[b*S:(b+1)*S])
		k++
	}
	p.bnd = p.bnd[:k*S]
}

func (p *pctStore) add(k int, x float64) {
	c := p.count[k]
	p.count[k]++
	if c%p.stride != 0 {
		return
	}
	p.vals[k] = append(p.vals[k], float32(x))
	if p.kept++; p.kept >= p.budget {
		p.thin()
	}
}

// thin drops every other kept observation of every series and doubles
// the stride; boundary counts become ⌈n/2⌉ (the kept ones before them).
func (p *pctStore) thin() {
	p.kept = 0
	for k, v := range p.vals {
		j := 0
		for i := 0; i < len(v); i += 2 {
			v[j] = v[i]
			j++
		}
		p.vals[k] = v[:j]
		p.kept += j
	}
	for b := range p.bnd {
		p.bnd[b] = (p.bnd[b] + 1) / 2
	}
	p.stride *= 2
}

// record hooks of the Sim (only when Options.Percentiles).
func (s *Sim) pctArrive(id int32, now des.Time) {
	p := s.pct
	for int(id) >= len(p.arr) {
		p.arr = append(p.arr, 0)
	}
	p.arr[id] = now
}

func (s *Sim) pctWait(i, r int, w des.Time) {
	p := s.pct
	x := w.Seconds()
	p.add((i*(p.R+1)+r)*2, x)
	p.add((i*(p.R+1)+p.R)*2, x)
}

func (s *Sim) pctDepart(i, r int, id int32) {
	p := s.pct
	x := (s.env.Now() - p.arr[id]).Seconds()
	p.add((i*(p.R+1)+r)*2+1, x)
	p.add((i*(p.R+1)+p.R)*2+1, x)
}

func (s *Sim) pctNetwork(origin int, resp float64) {
	p := s.pct
	base := 2 * p.M * (p.R + 1)
	p.add(base+origin, resp)
	p.add(base+p.R, resp)
}

// pctMetrics returns the percentile metrics over the batches bounds
// (boundary indices), in the order: stations (all classes, then each
// class reaching it; wait then response), then the network. A fork or a
// join has none: it serves nobody, and its job's fork-to-join times are
// not filed per job (the network's end-to-end percentiles count them).
func (s *Sim) pctMetrics(bounds []int) []Metric {
	p := s.pct
	if p == nil {
		return nil
	}
	R, M := s.top.R, s.top.M
	var out []Metric
	for i := 0; i < M; i++ {
		if s.net.Stations[i].Kind.forkOrJoin() {
			continue
		}
		for _, r := range s.classesAt(i) {
			for w, of := range []queueing.PercentileOf{queueing.OfWait, queueing.OfResponse} {
				if of == queueing.OfWait && !s.applies(i, queueing.MeanWait) {
					continue
				}
				out = append(out, p.metrics(s.net.Stations[i].Name, s.className(r), of, (i*(R+1)+r)*2+w, bounds)...)
			}
		}
	}
	classes := []int{R}
	if R > 1 {
		for r := 0; r < R; r++ {
			classes = append(classes, r)
		}
	}
	for _, r := range classes {
		out = append(out, p.metrics(NetworkStation, s.className(r), queueing.OfResponse, 2*M*(R+1)+r, bounds)...)
	}
	return out
}

// classesAt lists all classes (R) first, then each class that can reach
// station i when there are several, as stationMetrics does.
func (s *Sim) classesAt(i int) []int {
	R := s.top.R
	classes := []int{R}
	if R > 1 {
		for r := 0; r < R; r++ {
			if s.top.reach[i*R+r] {
				classes = append(classes, r)
			}
		}
	}
	return classes
}

func (p *pctStore) metrics(station, class string, what queueing.PercentileOf, k int, bounds []int) []Metric {
	S := p.series()
	nb := len(bounds) - 1
	out := make([]Metric, len(PercentileProbs))
	for j, q := range PercentileProbs {
		out[j] = Metric{Station: station, Class: class, Name: queueing.Percentile(q, what), Num: make([]float64, nb), Den: make([]float64, nb)}
	}
	var scratch []float32
	for b := 0; b < nb; b++ {
		lo, hi := p.bnd[bounds[b]*S+k], p.bnd[bounds[b+1]*S+k]
		if hi <= lo {
			continue // nobody in this batch: Den 0, no weight
		}
		scratch = append(scratch[:0], p.vals[k][lo:hi]...)
		slices.Sort(scratch)
		for j, q := range PercentileProbs {
			rank := int(math.Ceil(q*float64(len(scratch)))) - 1
			out[j].Num[b], out[j].Den[b] = float64(scratch[max(rank, 0)]), 1
		}
	}
	return out
}

// watchStation hooks station i's starts and abandons to the trace and
// the percentiles, when either is on.
func (s *Sim) watchStation(stn *des.Station, i int) {
	if !s.watch {
		return
	}
	// The hooks set before (the simulator's own, a fork's or a join's)
	// still run, after the trace's and the percentiles'.
	abandon, start := stn.OnAbandon, stn.OnStart
	stn.OnAbandon = func(cust int32, class int) {
		if s.tr != nil {
			s.tr.end(cust, class, i, s.env.Now(), true)
		}
		if s.pct != nil {
			s.pctWait(i, class, s.env.Now()-s.pct.arr[cust])
		}
		abandon(cust, class)
	}
	stn.OnStart = func(cust int32, class int, waited des.Time, tk des.Ticket) {
		if s.tr != nil {
			s.tr.start(cust, s.env.Now())
		}
		if s.pct != nil {
			s.pctWait(i, class, waited)
		}
		if start != nil {
			start(cust, class, waited, tk)
		}
	}
}

// watchArrive and watchDepart feed the trace and the percentiles (Sim.watch).
func (s *Sim) watchArrive(id int32) {
	now := s.env.Now()
	if s.tr != nil {
		s.tr.arrive(id, now)
	}
	if s.pct != nil {
		s.pctArrive(id, now)
	}
}

func (s *Sim) watchDepart(i int, id int32, class int) {
	if s.tr != nil {
		s.tr.end(id, class, i, s.env.Now(), true)
	}
	if s.pct != nil {
		s.pctDepart(i, class, id)
	}
}
