package analytic

import (
	"fmt"
	"math"
)

// MG1 is the M/G/1 queue: Poisson arrivals at rate Lambda, one server, and
// independent service times of mean Mean and squared coefficient of
// variation SCV (Var/Mean²; 1 for exponential, 0 for deterministic), with an
// unlimited waiting room. Source: [Kleinrock] ch. 5 (the
// Pollaczek–Khinchine mean-value formula); [Harchol-Balter] ch. 23.
//
// FCFS measures (MeanWait, MeanQueueLength, MeanResponseTime,
// MeanNumberInSystem) use the Pollaczek–Khinchine formula. PSResponseTime
// is the processor-sharing (and LCFS-PR) mean response, which depends on the
// service law only through its mean ([Kleinrock2] ch. 4; [BCMP]).
//
// The queue is stable when ρ = λ·Mean < 1; otherwise the mean queue
// quantities are +Inf. Every method returns NaN when Validate reports an
// error.
type MG1 struct {
	Lambda float64 // arrival rate λ ≥ 0
	Mean   float64 // mean service time S > 0
	SCV    float64 // squared coefficient of variation of the service time c² ≥ 0
}

// Validate reports why the parameters are not a valid M/G/1 queue, or nil.
// An unstable queue is valid.
func (q MG1) Validate() error {
	switch {
	case !nonneg(q.Lambda):
		return fmt.Errorf("arrival rate must be a finite number ≥ 0, got %v", q.Lambda)
	case !positive(q.Mean):
		return fmt.Errorf("mean service time must be a finite number > 0, got %v", q.Mean)
	case !nonneg(q.SCV):
		return fmt.Errorf("service SCV must be a finite number ≥ 0, got %v", q.SCV)
	case !finite(q.Lambda * q.Mean):
		return fmt.Errorf("load λ·S = %v·%v overflows", q.Lambda, q.Mean)
	}
	return nil
}

// Utilization returns ρ = λ·S (above 1 for an unstable queue).
func (q MG1) Utilization() float64 {
	if q.Validate() != nil {
		return math.NaN()
	}
	return q.Lambda * q.Mean
}

// MeanWait returns the FCFS mean time in queue by Pollaczek–Khinchine,
// Wq = λ·E[S²]/(2(1 − ρ)) = ρ·S·(1 + c²)/(2(1 − ρ)); +Inf if ρ ≥ 1.
func (q MG1) MeanWait() float64 {
	rho := q.Utilization()
	if v, over := overloaded(rho); over {
		return v
	}
	return rho * q.Mean * (1 + q.SCV) / (2 * (1 - rho))
}

// MeanQueueLength returns Lq = λ·Wq (Little's law).
func (q MG1) MeanQueueLength() float64 { return q.Lambda * q.MeanWait() }

// MeanResponseTime returns the FCFS mean sojourn time Wq + S.
func (q MG1) MeanResponseTime() float64 { return q.MeanWait() + q.Mean }

// MeanNumberInSystem returns L = λ·(Wq + S) (Little's law).
func (q MG1) MeanNumberInSystem() float64 { return q.Lambda * q.MeanResponseTime() }

// PSResponseTime returns the mean sojourn time under processor sharing or
// LCFS preemptive-resume, S/(1 − ρ), whatever the service law (SCV plays no
// part); +Inf if ρ ≥ 1.
func (q MG1) PSResponseTime() float64 {
	rho := q.Utilization()
	if v, over := overloaded(rho); over {
		return v
	}
	return q.Mean / (1 - rho)
}

// overloaded reports whether a queue of load rho has no steady state, with
// the value its means take then: NaN for a NaN load, +Inf for ρ ≥ 1.
func overloaded(rho float64) (float64, bool) {
	switch {
	case math.IsNaN(rho):
		return rho, true
	case rho >= 1:
		return math.Inf(1), true
	}
	return 0, false
}
