package analytic

import (
	"fmt"
	"math"
	"testing"

	"queuelab/des/queueing"

	"github.com/stretchr/testify/assert"
)

func TestBatchMG1Wait(t *testing.T) {
	// Exponential service (E[S²] = 2/μ²): L = λE[X]·(Wq + 1/μ) must be
	// the M^X/M/1 closed form ρ/(1−ρ)·(E[X²]+E[X])/(2E[X]) (Gross et al.
	// 2008, §3.1); a batch of one is Pollaczek–Khinchine.
	tests := []struct {
		name               string
		lambda, ex, ex2, s float64
	}{
		{"geometric 2", 0.3, 2, 6, 1},
		{"det 3", 0.1, 3, 9, 2},
		{"values", 0.2, 1.75, 4.75, 1.5},
	}
	for _, tt := range tests {
		rho := tt.lambda * tt.ex * tt.s
		wq := BatchMG1Wait(tt.lambda, tt.ex, tt.ex2, tt.s, 2*tt.s*tt.s)
		l := tt.lambda * tt.ex * (wq + tt.s)
		assert.InDelta(t, rho/(1-rho)*(tt.ex2+tt.ex)/(2*tt.ex), l, 1e-12, tt.name)
	}
	// One customer per batch, deterministic service: P-K, λE[S²]/(2(1−ρ)).
	assert.InDelta(t, 1, BatchMG1Wait(0.25, 1, 1, 2, 4), 1e-12)
	assert.True(t, math.IsInf(BatchMG1Wait(1, 2, 4, 0.5, 0.5), 1), "ρ = 1")
}

func TestInfiniteServerMean(t *testing.T) {
	v := &Varying{At: []float64{0, 50}, Rates: []float64{2, 6}, Period: 100}
	assert.InDelta(t, 4, v.Mean(), 1e-12)
	const es = 10
	expSurv := func(u float64) float64 { return math.Exp(-u / es) }
	// Exponential service: m' = λ(t) − m/E[S] on each step; in the
	// periodic regime m(0) = m_low solves the two-step recursion.
	q := math.Exp(-50.0 / es)
	m0 := (60 - 40*q - 20*q*q) / (1 - q*q) // m at the start of a period
	exact := func(t float64) float64 {
		t = math.Mod(t, 100)
		if t < 50 {
			return 20 + (m0-20)*math.Exp(-t/es)
		}
		m50 := 20 + (m0-20)*q
		return 60 + (m50-60)*math.Exp(-(t-50)/es)
	}
	for _, tm := range []float64{0, 5, 25, 49, 50, 51, 75, 99, 1234.5} {
		assert.InDelta(t, exact(tm), InfiniteServerMean(v, es, expSurv, nil, tm), 1e-6, "t = %v", tm)
	}
	// Deterministic service d: m(t) = ∫_{t−d}^t λ.
	det := func(u float64) float64 {
		if u < es {
			return 1
		}
		return 0
	}
	assert.InDelta(t, 20, InfiniteServerMean(v, es, det, []float64{es}, 30), 1e-9)
	assert.InDelta(t, 2*5+6*5, InfiniteServerMean(v, es, det, []float64{es}, 55), 1e-9)
	assert.InDelta(t, 60, InfiniteServerMean(v, es, det, []float64{es}, 99), 1e-9)
	// Period average λ̄·E[S] = 40 for any law.
	sum := 0.0
	for k := 0; k < 1000; k++ {
		sum += InfiniteServerMean(v, es, expSurv, nil, float64(k)/10+0.05)
	}
	assert.InDelta(t, 40, sum/1000, 1e-3)
}

// TestMMcPercentilesMatchCTMC: the closed-form M/M/c FCFS quantiles
// agree with the exact chain's to 1e-6 relative (the chain's percentiles
// are found numerically).
func TestMMcPercentilesMatchCTMC(t *testing.T) {
	for _, c := range []int{1, 3} {
		n := Network{
			Stations: []NetStation{{Name: "s", Servers: c, Mean: []float64{1}, SCV: []float64{1}}},
			Classes:  []NetClass{{Name: "a", Rate: 0.8 * float64(c), ArrivalSCV: 1}},
			Routing:  [][]float64{{0}},
		}
		n.ForceCTMC = true
		ms, err := SolveNetwork(n)
		if !assert.NoError(t, err) {
			continue
		}
		ref := map[queueing.Metric]float64{}
		for _, m := range ms {
			if m.Method == MethodCTMC && m.Station == "s" && m.Class == "a" {
				ref[m.Name] = m.Value
			}
		}
		got := 0
		for _, m := range ms {
			if m.Method == MethodMMcQuantile && m.Station == "s" && m.Class == "a" {
				v, ok := ref[m.Name]
				if assert.True(t, ok, m.Name) {
					assert.InDelta(t, v, m.Value, 1e-6*math.Max(v, 1), "c = %d %s", c, m.Name)
				}
				got++
			}
		}
		assert.Equal(t, 6, got, "c = %d", c)
	}
}

// The number present at an infinite-server station whose Poisson rate is
// 2/s for 50 s and 6/s for 50 s, repeating, with exponential stays of
// mean 10 s: it lags the rate and averages λ̄·E[S] = 40 over a period.
func ExampleInfiniteServerMean() {
	v := &Varying{At: []float64{0, 50}, Rates: []float64{2, 6}, Period: 100}
	surv := func(u float64) float64 { return math.Exp(-u / 10) }
	for _, t := range []float64{0, 25, 50, 75} {
		fmt.Printf("m(%g) = %.2f\n", t, InfiniteServerMean(v, 10, surv, nil, t))
	}
	fmt.Printf("mean rate %g/s\n", v.Mean())
	// Output:
	// m(0) = 59.73
	// m(25) = 23.26
	// m(50) = 20.27
	// m(75) = 56.74
	// mean rate 4/s
}
