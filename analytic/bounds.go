package analytic

import (
	"fmt"
	"math"
)

// JobBounds brackets the throughput X (cycles per second) and the response
// time R (seconds per cycle outside the delay stations, that is the cycle
// time N/X minus the think time Z) of a single-class closed network.
type JobBounds struct {
	ThroughputLower, ThroughputUpper float64
	ResponseLower, ResponseUpper     float64
}

// boundsInput checks the arguments shared by the bounds and returns the
// total demand D, the largest demand Dmax and the number K of stations with
// a positive demand.
func boundsInput(demands []float64, think float64, n int) (d, dmax float64, k int, err error) {
	if n < 1 {
		return 0, 0, 0, fmt.Errorf("population must be ≥ 1; got %d", n)
	}
	if !nonneg(think) {
		return 0, 0, 0, fmt.Errorf("think time must be a finite number ≥ 0; got %v", think)
	}
	for i, v := range demands {
		if !nonneg(v) {
			return 0, 0, 0, fmt.Errorf("demand %d must be a finite number ≥ 0; got %v", i, v)
		}
		if v > 0 {
			d += v
			dmax = math.Max(dmax, v)
			k++
		}
	}
	if d == 0 {
		return 0, 0, 0, fmt.Errorf("bounds need at least one single-server station with a positive demand")
	}
	return d, dmax, k, nil
}

// AsymptoticBounds returns the asymptotic bounds of a single-class closed
// network of single-server stations with demands D_i, a total think time Z
// (its delay stations) and N customers ([Lazowska] §5.2, Table 5.1):
//
//	N/(N·D + Z) ≤ X(N) ≤ min(N/(D + Z), 1/Dmax)
//	max(D, N·Dmax − Z) ≤ R(N) ≤ N·D
//
// with D = Σ D_i. They hold for any service disciplines that serve
// whenever customers are present, not only in product form.
func AsymptoticBounds(demands []float64, think float64, n int) (JobBounds, error) {
	d, dmax, _, err := boundsInput(demands, think, n)
	if err != nil {
		return JobBounds{}, err
	}
	nf := float64(n)
	return JobBounds{
		ThroughputLower: nf / (nf*d + think),
		ThroughputUpper: math.Min(nf/(d+think), 1/dmax),
		ResponseLower:   math.Max(d, nf*dmax-think),
		ResponseUpper:   nf * d,
	}, nil
}

// BalancedJobBounds returns the balanced job bounds of a single-class
// closed product-form network of single-server stations with demands D_i,
// think time Z and N customers ([Zahorjan]; [Lazowska] §5.3, Table 5.2, the
// form with think time):
//
//	X(N) ≥ N / (D + Z + (N − 1)·Dmax/(1 + Z/(N·D)))
//	X(N) ≤ min(1/Dmax, N / (D + Z + (N − 1)·Davg/(1 + Z/D)))
//	R(N) ≥ max(N·Dmax − Z, D + (N − 1)·Davg/(1 + Z/D))
//	R(N) ≤ D + (N − 1)·Dmax/(1 + Z/(N·D))
//
// with D = Σ D_i, Dmax the largest demand and Davg = D/K over the K
// stations with positive demand. They are tighter than the asymptotic
// bounds but assume a product-form network (they bound exact MVA).
func BalancedJobBounds(demands []float64, think float64, n int) (JobBounds, error) {
	d, dmax, k, err := boundsInput(demands, think, n)
	if err != nil {
		return JobBounds{}, err
	}
	nf := float64(n)
	davg := d / float64(k)
	pess := (nf - 1) * dmax / (1 + think/(nf*d))
	opt := (nf - 1) * davg / (1 + think/d)
	return JobBounds{
		ThroughputLower: nf / (d + think + pess),
		ThroughputUpper: math.Min(1/dmax, nf/(d+think+opt)),
		ResponseLower:   math.Max(nf*dmax-think, d+opt),
		ResponseUpper:   d + pess,
	}, nil
}
