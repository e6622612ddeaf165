package ctmc

import (
	"fmt"
	"math"
)

// Snapshot is the state of the model at time T after the initial state
// (Model.Initial; by default no open customer and every closed customer
// just arrived at its class's start station): each measure's expectation at T (throughput is the
// departure rate at T, offered/lost/abandoned the rates at T).
type Snapshot struct {
	T        float64
	Stations []StationResult
	// Bound bounds the uniformization error: the probability mass of the
	// Poisson terms left out (at least 1e-15, for rounding). Each
	// expectation is too low by at most Bound times the measure's largest
	// value over the states, which Most holds. It does not count the
	// truncation of open classes, which the chain shares with Solve.
	Bound float64
	Most  []StationResult
	Terms int // Poisson terms summed
}

// transientEps is the Poisson mass left out by Transient.
const transientEps = 1e-10

// maxTransientWork bounds Poisson terms × transitions (about a minute)
// unless Options.TransientWork says otherwise.
const maxTransientWork = 2e10

// TransientTooLongError is Transient's refusal of a time whose
// uniformization would read more than Options.TransientWork: T (s) needs
// about Steps steps over States states at the rate Lambda (/s).
type TransientTooLongError struct {
	T      float64
	Steps  int
	States int
	Lambda float64
}

func (e *TransientTooLongError) Error() string {
	return fmt.Sprintf("transient: t = %g needs about %d uniformization steps over %d states (Λ = %.4g/s); too long for this chain, ask for an earlier time", e.T, e.Steps, e.States, e.Lambda)
}

// Transient returns the model's measures at each of the times (≥ 0, in
// any order; the snapshots come back in the same order) by uniformization
// on the chain s was solved on (same truncation): π(t) = Σ_k e^{−Λt}
// (Λt)^k/k! · π(0)Pᵏ with P = I + Q/Λ, Λ the largest exit rate, summed
// until the Poisson mass left is below 1e-10 ([Stewart] §8.2).
func (s *Solution) Transient(times []float64) ([]Snapshot, error) {
	c := s.chain
	lam := 0.0
	for _, o := range c.out {
		lam = math.Max(lam, o)
	}
	tmax := 0.0
	for _, t := range times {
		if !(t >= 0) || math.IsInf(t, 0) {
			return nil, fmt.Errorf("transient: time %v must be a finite number ≥ 0", t)
		}
		tmax = math.Max(tmax, t)
	}
	kmax := poissonRight(lam*tmax, transientEps)
	if float64(kmax)*float64(c.transitionsN()+c.states()) > s.transientWork {
		return nil, &TransientTooLongError{T: tmax, Steps: kmax, States: c.states(), Lambda: lam}
	}
	n := c.states()
	p := make([]float64, n)
	starts, probs := c.initial()
	for k, t := range starts {
		p[c.find(t)] += probs[k]
	}
	acc := make([][]float64, len(times))
	mass := make([]float64, len(times))
	for k := range acc {
		acc[k] = make([]float64, n)
	}
	next := make([]float64, n)
	for step := 0; step <= kmax; step++ {
		for k, t := range times {
			w := poissonWeight(lam*t, step)
			if w == 0 {
				continue
			}
			mass[k] += w
			for j, v := range p {
				acc[k][j] += w * v
			}
		}
		if step == kmax || lam == 0 {
			break
		}
		for j := range n { // next = p·P
			v := p[j] * (1 - c.out[j]/lam)
			for q := c.ptr[j]; q < c.ptr[j+1]; q++ {
				v += p[c.src[q]] * c.rate[q] / lam
			}
			next[j] = v
		}
		p, next = next, p
	}
	out := make([]Snapshot, len(times))
	for k, t := range times {
		st, most := c.measures(acc[k])
		out[k] = Snapshot{T: t, Stations: st, Most: most, Bound: math.Max(1e-15, 1-mass[k]), Terms: kmax + 1}
	}
	return out, nil
}

// poissonWeight returns e^{−a} aᵏ/k!.
func poissonWeight(a float64, k int) float64 {
	if a == 0 {
		if k == 0 {
			return 1
		}
		return 0
	}
	lg, _ := math.Lgamma(float64(k) + 1)
	return math.Exp(-a + float64(k)*math.Log(a) - lg)
}

// poissonRight returns the smallest k with P(Poisson(a) > k) < eps.
func poissonRight(a, eps float64) int {
	if a == 0 {
		return 0
	}
	k := int(a)
	cum := 0.0
	for j := range k {
		cum += poissonWeight(a, j)
	}
	for ; 1-cum >= eps; k++ {
		cum += poissonWeight(a, k)
		if k > int(a+50*math.Sqrt(a)+100) {
			break
		}
	}
	return k
}
