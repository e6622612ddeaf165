package analytic

import (
	"fmt"
	"math"
)

// PriorityClass is one class of a PriorityQueue: Poisson arrivals at rate
// Lambda and service times of mean Mean and squared coefficient of variation
// SCV.
type PriorityClass struct {
	Lambda float64 // arrival rate λ_k > 0
	Mean   float64 // mean service time S_k > 0
	SCV    float64 // squared coefficient of variation c²_k ≥ 0 (1 = exponential)
}

// PriorityQueue is a queue with static priorities: Classes[0] has the
// highest priority, and within a class the order is FCFS. Non-preemptive
// (Preemptive false): a customer in service finishes. Preemptive resume
// (Preemptive true): an arrival of a higher class interrupts service of a
// lower one, which later resumes where it stopped.
//
// With σ_k = Σ_{i≤k} ρ_i (ρ_i = λ_i·S_i, classes 0…k) the formulas are
//
// One server, any service laws ([Cobham]; [Kleinrock2] §3.6–3.7):
//
//	non-preemptive:     W_k = W₀/((1 − σ_{k−1})(1 − σ_k)),   W₀ = Σ_all λ_i·E[S_i²]/2
//	preemptive resume:  T_k = S_k/(1 − σ_{k−1}) + R_k/((1 − σ_{k−1})(1 − σ_k)),
//	                    R_k = Σ_{i≤k} λ_i·E[S_i²]/2
//
// with E[S²] = S²·(1 + c²). c > 1 servers, exponential service with the same
// mean S for every class ([Cobham] for the non-preemptive case; the
// preemptive one follows because classes 0…k together form an M/M/c queue
// that lower classes cannot disturb):
//
//	non-preemptive:     W_k = C(c, a)·S/(c·(1 − σ_{k−1})(1 − σ_k)),  σ_k = Σ_{i≤k} λ_i·S/c
//	preemptive resume:  L_k = L_{M/M/c}(a_k) − L_{M/M/c}(a_{k−1}),  a_k = Σ_{i≤k} λ_i·S
//
// where C is Erlang C at the total load a. All these are exact.
//
// The queue is stable when the total utilisation σ is below 1. For an
// unstable queue every class's mean times are +Inf (in the preemptive case
// a class k with σ_k < 1 still has finite times, and they are returned).
// Every method returns NaN when Validate reports an error or k is out of
// range.
type PriorityQueue struct {
	Servers    int  // c ≥ 1
	Preemptive bool // false: non-preemptive; true: preemptive resume
	Classes    []PriorityClass
}

// Validate reports why q is not a priority queue with an exact solution.
func (q PriorityQueue) Validate() error {
	if q.Servers < 1 {
		return fmt.Errorf("servers must be ≥ 1, got %d", q.Servers)
	}
	if len(q.Classes) == 0 {
		return fmt.Errorf("a priority queue needs at least one class")
	}
	for k, c := range q.Classes {
		switch {
		case !positive(c.Lambda):
			return fmt.Errorf("class %d: arrival rate must be a finite number > 0, got %v", k, c.Lambda)
		case !positive(c.Mean):
			return fmt.Errorf("class %d: mean service time must be a finite number > 0, got %v", k, c.Mean)
		case !nonneg(c.SCV):
			return fmt.Errorf("class %d: service SCV must be a finite number ≥ 0, got %v", k, c.SCV)
		case !finite(c.Lambda * c.Mean * c.Mean * (1 + c.SCV)):
			return fmt.Errorf("class %d: λ·E[S²] overflows", k)
		case q.Servers > 1 && (c.SCV != 1 || math.Abs(c.Mean-q.Classes[0].Mean) > 1e-12*q.Classes[0].Mean):
			return fmt.Errorf("class %d: with %d servers the priority formulas are exact only for exponential service (SCV 1) with the same mean for every class", k, q.Servers)
		}
	}
	return nil
}

// sigma returns σ_k, the utilisation of classes 0…k (σ_{−1} = 0).
func (q PriorityQueue) sigma(k int) float64 {
	s := 0.0
	for i := 0; i <= k; i++ {
		s += q.Classes[i].Lambda * q.Classes[i].Mean
	}
	return s / float64(q.Servers)
}

// Utilization returns the total utilisation σ = Σ λ_i·S_i / c.
func (q PriorityQueue) Utilization() float64 {
	if q.Validate() != nil {
		return math.NaN()
	}
	return q.sigma(len(q.Classes) - 1)
}

// residual returns Σ_{i≤k} λ_i·E[S_i²]/2.
func (q PriorityQueue) residual(k int) float64 {
	w := 0.0
	for i := 0; i <= k; i++ {
		c := q.Classes[i]
		w += c.Lambda * c.Mean * c.Mean * (1 + c.SCV) / 2
	}
	return w
}

// MeanResponseTime returns class k's mean sojourn time T_k.
func (q PriorityQueue) MeanResponseTime(k int) float64 {
	if q.Validate() != nil || k < 0 || k >= len(q.Classes) {
		return math.NaN()
	}
	if q.Preemptive {
		return q.preemptiveResponse(k)
	}
	return q.MeanWait(k) + q.Classes[k].Mean
}

// MeanWait returns class k's mean time in queue. Non-preemptive: the wait
// before service starts, W_k. Preemptive resume: T_k − S_k, the time spent
// not being served (before service and while preempted).
func (q PriorityQueue) MeanWait(k int) float64 {
	if q.Validate() != nil || k < 0 || k >= len(q.Classes) {
		return math.NaN()
	}
	if q.Preemptive {
		return q.preemptiveResponse(k) - q.Classes[k].Mean
	}
	last := len(q.Classes) - 1
	lo, hi := q.sigma(k-1), q.sigma(k)
	if q.sigma(last) >= 1 {
		return math.Inf(1)
	}
	if q.Servers == 1 {
		return q.residual(last) / ((1 - lo) * (1 - hi))
	}
	c := float64(q.Servers)
	a := q.sigma(last) * c
	return ErlangC(q.Servers, a) * q.Classes[0].Mean / (c * (1 - lo) * (1 - hi))
}

func (q PriorityQueue) preemptiveResponse(k int) float64 {
	lo, hi := q.sigma(k-1), q.sigma(k)
	if hi >= 1 {
		return math.Inf(1)
	}
	s := q.Classes[k].Mean
	if q.Servers == 1 {
		return s/(1-lo) + q.residual(k)/((1-lo)*(1-hi))
	}
	mu := 1 / s
	upTo := func(j int) float64 { // L of the M/M/c queue of classes 0…j
		if j < 0 {
			return 0
		}
		lambda := q.sigma(j) * float64(q.Servers) / s
		return MMc{q.Servers, lambda, mu}.MeanNumberInSystem()
	}
	return (upTo(k) - upTo(k-1)) / q.Classes[k].Lambda
}

// MeanNumberInSystem returns L_k = λ_k·T_k (Little's law).
func (q PriorityQueue) MeanNumberInSystem(k int) float64 {
	t := q.MeanResponseTime(k)
	if math.IsNaN(t) {
		return t
	}
	return q.Classes[k].Lambda * t
}
