package analytic

import (
	"math"
	"slices"

	"queuelab/des/queueing"
)

// Approximate mean value analysis: fixed points that replace the queue
// lengths at n − e_r, which exact MVA gets from the smaller populations, by
// estimates from the queue lengths at n itself. Their cost does not grow with
// the population.

// AMVATolerance is the convergence criterion of the approximate MVA fixed
// points: the largest change of a queue length in one iteration, relative to
// the population of its class.
const AMVATolerance = 1e-12

// amvaMaxIterations bounds one fixed-point solve; the Schweitzer iteration
// contracts quickly for every network we know of, so reaching it means the
// result is returned with the precision reached so far.
const amvaMaxIterations = 100_000

// seidmann rewrites a station with c > 1 servers as a single server with
// demand D/c followed by a delay of D·(c − 1)/c ([Seidmann]): it returns per
// station the queueing demand and the delay demand. Delay stations keep all
// their demand as delay. Exact for c = 1 and for c = ∞.
func (c ClosedModel) seidmann() (queue, delay [][]float64) {
	servers := c.effectiveServers()
	queue = make([][]float64, len(servers))
	delay = make([][]float64, len(servers))
	for i, cs := range servers {
		queue[i] = make([]float64, len(c.Population))
		delay[i] = make([]float64, len(c.Population))
		for k, d := range c.Demand[i] {
			switch {
			case queueing.IsDelay(cs):
				delay[i][k] = d
			default:
				queue[i][k] = d / float64(cs)
				delay[i][k] = d - queue[i][k]
			}
		}
	}
	return queue, delay
}

// amvaCore is the fixed point shared by Schweitzer and Linearizer: at
// population n, with corrections f[i][s][r] (zero for Schweitzer),
//
//	Q_is(n − e_r) ≈ (n_s − δ_sr)·(Q_is(n)/n_s + f_isr)
//	R_ir = delay_ir + queue_ir·(1 + Σ_s Q_is(n − e_r))
//	X_r = n_r / Σ_i R_ir,   Q_ir = X_r·(R_ir − delay_ir)
//
// q holds the starting point and receives the solution: the customers in
// the queueing part only (those in a delay part never delay anyone); resid
// receives R_ir.
func amvaCore(queue, delay [][]float64, n []int, f [][][]float64, q, resid [][]float64) []float64 {
	m, r := len(queue), len(n)
	x := make([]float64, r)
	for iter := 0; iter < amvaMaxIterations; iter++ {
		change := 0.0
		for k := range r {
			x[k] = 0
			if n[k] == 0 {
				continue
			}
			total := 0.0
			for i := range m {
				ri := delay[i][k]
				if queue[i][k] > 0 {
					seen := 0.0 // Σ_s Q_is(n − e_k)
					for s := range r {
						ns := n[s]
						if s == k {
							ns--
						}
						if ns <= 0 {
							continue
						}
						corr := 0.0
						if f != nil {
							corr = f[i][s][k]
						}
						seen += float64(ns) * (q[i][s]/float64(n[s]) + corr)
					}
					ri += queue[i][k] * (1 + max(seen, 0))
				}
				resid[i][k] = ri
				total += ri
			}
			x[k] = float64(n[k]) / total
		}
		for k := range r {
			for i := range m {
				nq := x[k] * (resid[i][k] - delay[i][k])
				if n[k] > 0 {
					change = math.Max(change, math.Abs(nq-q[i][k])/float64(n[k]))
				}
				q[i][k] = nq
			}
		}
		if change < AMVATolerance {
			break
		}
	}
	return x
}

// amvaStart spreads each class's population evenly over the stations it
// visits: the usual starting point of the fixed points.
func amvaStart(demand [][]float64, n []int) [][]float64 {
	q := make([][]float64, len(demand))
	for i := range q {
		q[i] = make([]float64, len(n))
	}
	for k := range n {
		visited := 0
		for i := range demand {
			if demand[i][k] > 0 {
				visited++
			}
		}
		for i := range demand {
			if demand[i][k] > 0 {
				q[i][k] = float64(n[k]) / float64(visited)
			}
		}
	}
	return q
}

// Schweitzer solves c by the Bard–Schweitzer approximate MVA ([Schweitzer];
// [Bard]; [Lazowska] ch. 7): the arrival theorem's Q_is(N − e_r) is
// estimated as Q_is(N)·(N_s − δ_sr)/N_s, and the MVA equations are iterated
// to their fixed point at N alone. Stations with c > 1 servers are replaced
// by Seidmann's single server plus delay ([Seidmann]). The results are
// approximations (typically within a few per cent of exact MVA; exact for
// N = 1 and for delay-only networks).
func (c ClosedModel) Schweitzer() (MVAResult, error) {
	if err := c.Validate(); err != nil {
		return MVAResult{}, err
	}
	queue, delay := c.seidmann()
	m, r := len(c.Servers), len(c.Population)
	res := newMVAResult(m, r)
	q := amvaStart(c.Demand, c.Population)
	x := amvaCore(queue, delay, c.Population, nil, q, res.Residence)
	res.fill(x)
	return res, nil
}

// fill sets the throughputs to x and the queue lengths to X_r·R_ir.
func (res MVAResult) fill(x []float64) {
	copy(res.Throughput, x)
	for i := range res.Residence {
		for k, rr := range res.Residence[i] {
			res.QueueLength[i][k] = x[k] * rr
		}
	}
}

// linearizerPasses is the number of outer passes of Linearizer; Chandy and
// Neuse found three enough for the corrections to settle.
const linearizerPasses = 3

// Linearizer solves c by the Linearizer approximate MVA of [Chandy-Neuse]:
// like Schweitzer, but the estimate of Q_is(N − e_r) carries a correction
// f_isr = Q_is(N − e_r)/(N_s − δ_sr) − Q_is(N)/N_s, which it learns by
// solving the Schweitzer-like core also at each N − e_r (assuming the
// corrections at N − e_r equal those at N), in linearizerPasses passes.
// Multi-server stations use Seidmann's transformation as in Schweitzer.
// The results are approximations, usually an order of magnitude closer to
// exact MVA than Schweitzer's, at R + 1 times its cost per pass.
func (c ClosedModel) Linearizer() (MVAResult, error) {
	if err := c.Validate(); err != nil {
		return MVAResult{}, err
	}
	queue, delay := c.seidmann()
	m, r := len(c.Servers), len(c.Population)
	f := make([][][]float64, m)
	for i := range f {
		f[i] = make([][]float64, r)
		for s := range f[i] {
			f[i][s] = make([]float64, r)
		}
	}
	full := amvaStart(c.Demand, c.Population)
	resid := newMVAResult(m, r).Residence
	less := make([][][]float64, r) // Q(N − e_k)
	for pass := 0; pass < linearizerPasses; pass++ {
		amvaCore(queue, delay, c.Population, f, full, resid)
		for k := range r {
			if c.Population[k] == 0 {
				continue
			}
			nk := slices.Clone(c.Population)
			nk[k]--
			if less[k] == nil {
				less[k] = amvaStart(c.Demand, nk)
			}
			amvaCore(queue, delay, nk, f, less[k], newMVAResult(m, r).Residence)
		}
		linearizerCorrections(c.Population, full, less, f)
	}
	res := newMVAResult(m, r)
	x := amvaCore(queue, delay, c.Population, f, full, res.Residence)
	res.fill(x)
	return res, nil
}

// linearizerCorrections sets f_isk = Q_is(N − e_k)/(N_s − δ_sk) − Q_is(N)/N_s.
func linearizerCorrections(n []int, full [][]float64, less [][][]float64, f [][][]float64) {
	for i := range f {
		for s := range n {
			for k := range n {
				f[i][s][k] = 0
				ns := n[s]
				if s == k {
					ns--
				}
				if less[k] == nil || ns <= 0 {
					continue
				}
				f[i][s][k] = less[k][i][s]/float64(ns) - full[i][s]/float64(n[s])
			}
		}
	}
}
