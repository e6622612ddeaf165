package analytic

import (
	"fmt"
	"math"
	"slices"
)

// ClosedModel is a closed multi-class queueing network reduced to what mean
// value analysis needs: per station its number of servers, per station and
// class the service demand (visits × mean service time per visit, seconds
// per cycle of the class), and per class its population.
//
// A station with Servers == 0 is a delay (infinite-server) station: a
// customer there never waits. A station with one server is a queueing
// station (FCFS with exponential service equal for all classes, PS, or
// LCFS-PR with any service law: the BCMP conditions under which MVA is
// exact). A station with c > 1 servers serves min(n, c) customers at once
// (FCFS exponential, or PS with c servers) and is load dependent.
type ClosedModel struct {
	Servers    []int       // per station: 0 = delay, c ≥ 1 servers
	Demand     [][]float64 // [station][class] service demand D_ir ≥ 0 (s per cycle)
	Population []int       // per class N_r ≥ 0
}

// MVAResult holds the mean values of a closed network at full population.
// Residence is the time per cycle a class spends at a station (all its
// visits together, waiting included): the per-visit response time is
// Residence/visits.
type MVAResult struct {
	Throughput  []float64   // per class X_r (cycles per second)
	Residence   [][]float64 // [station][class] R_ir, seconds per cycle
	QueueLength [][]float64 // [station][class] Q_ir = X_r·R_ir, mean number present
}

// MVAStateLimit is the largest number of population vectors Π_r (N_r + 1)
// that ExactMVA visits. At the limit a run takes about a second for ten
// stations and three classes; beyond it use Schweitzer or Linearizer.
const MVAStateLimit = 1e6

// Validate reports why c is not a closed model MVA can solve, or nil.
func (c ClosedModel) Validate() error {
	m, r := len(c.Servers), len(c.Population)
	switch {
	case m == 0 || r == 0:
		return fmt.Errorf("closed model needs at least one station and one class; got %d and %d", m, r)
	case len(c.Demand) != m:
		return fmt.Errorf("closed model has %d demand rows for %d stations", len(c.Demand), m)
	}
	for i, d := range c.Demand {
		if c.Servers[i] < 0 {
			return fmt.Errorf("station %d: servers must be ≥ 0 (0 = delay); got %d", i, c.Servers[i])
		}
		if len(d) != r {
			return fmt.Errorf("station %d: %d demands for %d classes", i, len(d), r)
		}
		for k, v := range d {
			if !nonneg(v) {
				return fmt.Errorf("station %d, class %d: demand must be a finite number ≥ 0; got %v", i, k, v)
			}
		}
	}
	for k, n := range c.Population {
		if n < 0 {
			return fmt.Errorf("class %d: population must be ≥ 0; got %d", k, n)
		}
		total := 0.0
		for i := range c.Demand {
			total += c.Demand[i][k]
		}
		if n > 0 && total == 0 {
			return fmt.Errorf("class %d: population %d but no demand anywhere (its throughput would be infinite)", k, n)
		}
	}
	return nil
}

// States returns Π_r (N_r + 1), the number of population vectors exact MVA
// visits (as a float64: it may exceed every integer type).
func (c ClosedModel) States() float64 {
	s := 1.0
	for _, n := range c.Population {
		s *= float64(n) + 1
	}
	return s
}

func (c ClosedModel) totalPopulation() int {
	t := 0
	for _, n := range c.Population {
		t += n
	}
	return t
}

// effectiveServers returns the servers of each station with c ≥ N_total
// treated as a delay station (0), which it is exactly: nobody ever waits.
func (c ClosedModel) effectiveServers() []int {
	total := c.totalPopulation()
	out := make([]int, len(c.Servers))
	for i, s := range c.Servers {
		if s < total {
			out[i] = s
		}
	}
	return out
}

func newMVAResult(m, r int) MVAResult {
	res := MVAResult{Throughput: make([]float64, r), Residence: make([][]float64, m), QueueLength: make([][]float64, m)}
	for i := range m {
		res.Residence[i] = make([]float64, r)
		res.QueueLength[i] = make([]float64, r)
	}
	return res
}

// ExactMVA solves c by exact mean value analysis ([Reiser-Lavenberg]): for
// every population vector n from 0 up to N, by the arrival theorem,
//
//	R_ir(n) = D_ir                              delay station
//	R_ir(n) = D_ir·(1 + Q_i(n − e_r))           single-server station
//	X_r(n)  = n_r / Σ_i R_ir(n),   Q_ir(n) = X_r(n)·R_ir(n)
//
// where Q_i is the total number at station i. A station with c > 1 servers
// is load dependent and uses the marginal probabilities p_i(j | n) of j
// customers present, j < c ([Bolch] §8.2.3, the multi-server form that
// needs only j ≤ c − 2 and is stabler than the general load-dependent
// recursion):
//
//	R_ir(n) = D_ir/c·(1 + Q_i(n − e_r) + Σ_{j=0}^{c−2} (c − 1 − j)·p_i(j | n − e_r))
//	p_i(j | n) = (1/j)·Σ_r D_ir·X_r(n)·p_i(j − 1 | n − e_r),  1 ≤ j ≤ c − 1
//	p_i(0 | n) = 1 − (1/c)·(Σ_r D_ir·X_r(n) + Σ_{j=1}^{c−1} (c − j)·p_i(j | n))
//
// The results are exact for product-form (BCMP) networks. The cost is
// O(States·M·R) time; the population vectors are visited in mixed-radix
// order with the largest class slowest, so only a window of them is kept.
// More than MVAStateLimit population vectors is refused with a
// *TooLargeError.
func (c ClosedModel) ExactMVA() (MVAResult, error) {
	if err := c.Validate(); err != nil {
		return MVAResult{}, err
	}
	if s := c.States(); s > MVAStateLimit {
		return MVAResult{}, &TooLargeError{States: s, Limit: MVAStateLimit}
	}
	return newMVARun(c).run(), nil
}

// mvaRun is the working state of one ExactMVA run.
type mvaRun struct {
	c        ClosedModel
	servers  []int // effective servers
	order    []int // classes, slowest digit last
	stride   []int // per class (original index)
	margOff  []int // per station: offset of its p(0..c−2) in a slot, −1 if none
	slotSize int
	window   int
	buf      []float64 // window slots of [Q_1..Q_M, marginals...]
	resid    []float64 // scratch [i*R + r]
	x        []float64 // scratch X_r
}

func newMVARun(c ClosedModel) *mvaRun {
	m, r := len(c.Servers), len(c.Population)
	u := &mvaRun{c: c, servers: c.effectiveServers(), stride: make([]int, r), margOff: make([]int, m)}
	u.order = make([]int, r)
	for k := range u.order {
		u.order[k] = k
	}
	slices.SortStableFunc(u.order, func(a, b int) int { return c.Population[a] - c.Population[b] })
	s := 1
	for _, k := range u.order {
		u.stride[k] = s
		s *= c.Population[k] + 1
	}
	u.window = u.stride[u.order[r-1]] + 1
	u.slotSize = m
	for i, cs := range u.servers {
		u.margOff[i] = -1
		if cs > 1 {
			u.margOff[i] = u.slotSize
			u.slotSize += cs - 1
		}
	}
	u.buf = make([]float64, u.window*u.slotSize)
	u.resid = make([]float64, m*r)
	u.x = make([]float64, r)
	return u
}

func (u *mvaRun) slot(idx int) []float64 {
	o := (idx % u.window) * u.slotSize
	return u.buf[o : o+u.slotSize]
}

func (u *mvaRun) run() MVAResult {
	m, r := len(u.c.Servers), len(u.c.Population)
	n := make([]int, r)
	states := int(u.c.States())
	first := u.slot(0)
	clear(first)
	for _, off := range u.margOff {
		if off >= 0 {
			first[off] = 1 // p_i(0 | 0) = 1
		}
	}
	for idx := 1; idx < states; idx++ {
		for _, k := range u.order { // next population vector
			n[k]++
			if n[k] <= u.c.Population[k] {
				break
			}
			n[k] = 0
		}
		u.step(idx, n)
	}
	res := newMVAResult(m, r)
	copy(res.Throughput, u.x)
	for i := range m {
		for k := range r {
			res.Residence[i][k] = u.resid[i*r+k]
			res.QueueLength[i][k] = u.x[k] * u.resid[i*r+k]
		}
	}
	return res
}

// step computes population vector n (index idx) from its predecessors.
func (u *mvaRun) step(idx int, n []int) {
	m, r := len(u.c.Servers), len(u.c.Population)
	for k := range r {
		u.x[k] = 0
		if n[k] == 0 {
			for i := range m {
				u.resid[i*r+k] = 0
			}
			continue
		}
		prev := u.slot(idx - u.stride[k])
		total := 0.0
		for i := range m {
			d := u.c.Demand[i][k]
			var ri float64
			switch cs := u.servers[i]; {
			case cs == 0:
				ri = d
			case cs == 1:
				ri = d * (1 + prev[i])
			default:
				extra := 0.0
				for j := 0; j <= cs-2; j++ {
					extra += float64(cs-1-j) * prev[u.margOff[i]+j]
				}
				ri = d / float64(cs) * (1 + prev[i] + extra)
			}
			u.resid[i*r+k] = ri
			total += ri
		}
		u.x[k] = float64(n[k]) / total
	}
	cur := u.slot(idx)
	for i := range m {
		q := 0.0
		for k := range r {
			q += u.x[k] * u.resid[i*r+k]
		}
		cur[i] = q
		if off := u.margOff[i]; off >= 0 {
			u.marginals(idx, n, i, cur[off:off+u.servers[i]-1])
		}
	}
}

// marginals fills p_i(0..c−2 | n) for multi-server station i.
func (u *mvaRun) marginals(idx int, n []int, i int, p []float64) {
	cs := u.servers[i]
	r := len(u.c.Population)
	busy := 0.0 // Σ_r D_ir·X_r = mean busy servers
	for k := range r {
		busy += u.c.Demand[i][k] * u.x[k]
	}
	sum := 0.0 // Σ_{j=1}^{c−1} (c − j)·p(j)
	for j := 1; j <= cs-1; j++ {
		pj := 0.0
		for k := range r {
			if n[k] > 0 {
				prev := u.slot(idx - u.stride[k])
				pj += u.c.Demand[i][k] * u.x[k] * prev[u.margOff[i]+j-1]
			}
		}
		pj /= float64(j)
		if j <= cs-2 {
			p[j] = pj
		}
		sum += float64(cs-j) * pj
	}
	p[0] = math.Max(0, 1-(busy+sum)/float64(cs))
}
