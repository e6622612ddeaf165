package analytic

import (
	"container/heap"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMMcDLimits(t *testing.T) {
	for _, tc := range []struct {
		c          int
		lambda, mu float64
	}{{1, 0.5, 1}, {1, 3, 1}, {2, 1, 1}, {10, 8, 1}, {10, 10, 1}, {10, 25, 1}, {192, 400, 1 / 0.33}, {192, 800, 1 / 0.33}, {3000, 2900, 1}} {
		a := tc.lambda / tc.mu
		// D = 0: a customer who finds all servers busy leaves at once — Erlang B.
		q0 := MMcD{tc.c, tc.lambda, tc.mu, 0}
		require.NoError(t, q0.Validate())
		b := ErlangB(tc.c, a)
		assert.InEpsilon(t, b, q0.ProbAbandon(), 1e-12, "%+v", tc)
		assert.InEpsilon(t, b, q0.ProbWait(), 1e-12, "%+v", tc)
		assert.Equal(t, 0.0, q0.MeanWait())
		// D → ∞ in a stable queue: Erlang C, and the M/M/c means.
		if a < float64(tc.c) {
			mmc := MMc{tc.c, tc.lambda, tc.mu}
			for _, d := range []float64{1e4, math.Inf(1)} {
				q := MMcD{tc.c, tc.lambda, tc.mu, d}
				assert.InEpsilon(t, mmc.ProbWait(), q.ProbWait(), 1e-9, "%+v D=%v", tc, d)
				assert.InEpsilon(t, mmc.MeanWait(), q.MeanWait(), 1e-9, "%+v D=%v", tc, d)
				assert.InEpsilon(t, mmc.MeanWait(), q.MeanWaitServed(), 1e-9, "%+v D=%v", tc, d)
				assert.InDelta(t, mmc.ProbWaitExceeds(0.7), q.ProbOfferedWaitExceeds(0.7), 1e-12, "%+v D=%v", tc, d)
				assert.Less(t, q.ProbAbandon(), 1e-12)
			}
		}
	}
}

func TestMMcDMonotoneInPatience(t *testing.T) {
	for _, lambda := range []float64{5, 10, 15} {
		prevAb, prevWait, prevW := 2.0, -1.0, -1.0
		for d := 0.0; d <= 20; d += 0.25 {
			q := MMcD{10, lambda, 1, d}
			ab, pw, w := q.ProbAbandon(), q.ProbWait(), q.MeanWait()
			// Non-strict, up to rounding: the curves flatten at their limits.
			assert.LessOrEqual(t, ab, prevAb*(1+1e-12), "P(abandon) falls with patience")
			assert.GreaterOrEqual(t, pw, prevWait*(1-1e-12), "P(wait) rises with patience")
			assert.GreaterOrEqual(t, w, prevW*(1-1e-12), "mean wait rises with patience")
			prevAb, prevWait, prevW = ab, pw, w
		}
	}
}

// TestMMcDFlowBalance checks the normalisation independently: the mean number
// of busy servers computed from the state probabilities (j busy with V = 0,
// c busy with V > 0) must equal throughput/μ.
func TestMMcDFlowBalance(t *testing.T) {
	for _, tc := range []MMcD{{1, 0.7, 1, 2}, {4, 3, 1, 0.5}, {4, 4, 1, 0.5}, {4, 9, 1, 0.5}, {12, 30, 2, 1.3}, {20, 20, 1, 3}} {
		a := tc.Lambda / tc.Mu
		term, sum, mean := 1.0, 0.0, 0.0 // truncated Poisson on 0..c−1
		for j := 0; j < tc.Servers; j++ {
			sum += term
			mean += float64(j) * term
			term *= a / float64(j+1)
		}
		busy := (1-tc.ProbWait())*mean/sum + float64(tc.Servers)*tc.ProbWait()
		assert.InDelta(t, tc.Throughput()/tc.Mu, busy, 1e-10*busy, "%+v", tc)
		assert.InDelta(t, tc.ProbWait(), tc.ProbOfferedWaitExceeds(0), 1e-14)
		assert.InDelta(t, tc.ProbAbandon(), tc.ProbOfferedWaitExceeds(tc.Patience), 1e-14)
		// E[min(V, D)] = E[V | served]·P(served) + D·P(abandon).
		pa := tc.ProbAbandon()
		assert.InDelta(t, tc.MeanWait(), tc.MeanWaitServed()*(1-pa)+tc.Patience*pa, 1e-12)
	}
}

func TestMMcDCriticalLoad(t *testing.T) {
	// λ = cμ exactly: the exponential integrals become linear; continuity
	// with loads a hair either side.
	at := MMcD{8, 8, 1, 2}
	for _, eps := range []float64{1e-9, -1e-9} {
		near := MMcD{8, 8 * (1 + eps), 1, 2}
		assert.InDelta(t, at.ProbAbandon(), near.ProbAbandon(), 1e-8)
		assert.InDelta(t, at.MeanWait(), near.MeanWait(), 1e-8)
		assert.InDelta(t, at.ProbOfferedWaitExceeds(1), near.ProbOfferedWaitExceeds(1), 1e-8)
	}
	// By hand for c = 1, λ = μ = 1: π_0 = P(V = 0), f = π_0 on (0, D),
	// π_0·e^{−(x−D)} beyond; so π_0 = 1/(2 + D).
	q := MMcD{1, 1, 1, 3}
	assert.InDelta(t, 1-1.0/5, q.ProbWait(), 1e-15)
	assert.InDelta(t, 1.0/5, q.ProbAbandon(), 1e-15)
	assert.InDelta(t, (9.0/2)/5+3.0/5, q.MeanWait(), 1e-14)
}

func TestMMcDOverloadAndLargeC(t *testing.T) {
	// Deep overload with long patience: the servers are always busy, so the
	// throughput is cμ and P(abandon) = 1 − cμ/λ; masses are rescaled so
	// e^{(λ−cμ)D} = e^{8000} does not overflow.
	q := MMcD{100, 200, 1, 80}
	assert.InDelta(t, 0.5, q.ProbAbandon(), 1e-12)
	assert.InDelta(t, 100.0, q.Throughput(), 1e-9)
	assert.InDelta(t, 1.0, q.ProbWait(), 1e-12)
	// Served customers' waits have density ∝ e^{(λ−cμ)x} on (0, D): mean D − 1/(λ − cμ).
	assert.InDelta(t, 80.0-1.0/100, q.MeanWaitServed(), 1e-9)
	// The switch in the sale surge: 800 tx/s on 192 slots, S = 330 ms, 2 s timeout.
	sw := MMcD{192, 800, 1 / 0.33, 2}
	assert.InDelta(t, 1-192/0.33/800, sw.ProbAbandon(), 1e-9)
	// Thousands of servers near critical load.
	big := MMcD{5000, 5000, 1, 2}
	for _, p := range []float64{big.ProbWait(), big.ProbAbandon(), big.ProbOfferedWaitExceeds(1)} {
		assert.True(t, p > 0 && p < 1, "%v", p)
	}
	assert.True(t, big.MeanWait() > 0 && big.MeanWait() < 2)
	// Invalid input.
	for _, bad := range []MMcD{{0, 1, 1, 1}, {1, 1, 1, -1}, {1, 1, 1, math.NaN()}, {1, 2, 1, math.Inf(1)}} {
		assert.Error(t, bad.Validate(), "%+v", bad)
		assert.True(t, math.IsNaN(bad.ProbAbandon()))
	}
	assert.True(t, math.IsNaN(MMcD{1, 1, 1, 1}.ProbOfferedWaitExceeds(-1)))
}

type floatHeap []float64

func (h floatHeap) Len() int           { return len(h) }
func (h floatHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h floatHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *floatHeap) Push(x any)        { *h = append(*h, x.(float64)) }
func (h *floatHeap) Pop() any          { old := *h; x := old[len(old)-1]; *h = old[:len(old)-1]; return x }

// simulateMMcD runs a FIFO M/M/c+D queue for n arrivals. Under FIFO the wait
// an arrival would get is V = max(0, earliest server release − t); it is
// served iff V ≤ D, and abandoning customers never take a server, so one
// heap of release times is an exact simulation.
func simulateMMcD(q MMcD, n int, seed uint64) (pWait, pAb, meanWait float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	free := make(floatHeap, q.Servers)
	t := 0.0
	var waits, abandons, sumWait float64
	for i := 0; i < n; i++ {
		t += rng.ExpFloat64() / q.Lambda
		v := max(0, free[0]-t)
		if v > 0 {
			waits++
		}
		if v > q.Patience {
			abandons++
			sumWait += q.Patience
			continue
		}
		sumWait += v
		free[0] = t + v + rng.ExpFloat64()/q.Mu
		heap.Fix(&free, 0)
	}
	return waits / float64(n), abandons / float64(n), sumWait / float64(n)
}

func TestMMcDAgainstSimulation(t *testing.T) {
	for i, q := range []MMcD{{5, 4, 1, 0.5}, {5, 6, 1, 0.5}, {3, 3, 1, 1}} {
		pw, pa, w := simulateMMcD(q, 1_000_000, uint64(i))
		// Binomial standard errors are below 5e-4 for 1e6 (correlated)
		// arrivals; allow a generous 5e-3.
		assert.InDelta(t, q.ProbWait(), pw, 5e-3, "%+v", q)
		assert.InDelta(t, q.ProbAbandon(), pa, 5e-3, "%+v", q)
		assert.InDelta(t, q.MeanWait(), w, 5e-3, "%+v", q)
	}
}

// directErlangA sums the Erlang-A birth–death chain term by term.
func directErlangA(q ErlangA) (pWait, pAb float64) {
	p, sum, wait, lq := 1.0, 0.0, 0.0, 0.0
	for j := 0; j < 20000; j++ {
		sum += p
		if j >= q.Servers {
			wait += p
			lq += float64(j-q.Servers) * p
		}
		death := float64(min(j+1, q.Servers))*q.Mu + float64(max(j+1-q.Servers, 0))*q.Theta
		p *= q.Lambda / death
	}
	return wait / sum, q.Theta * lq / sum / q.Lambda
}

func TestErlangA(t *testing.T) {
	for _, q := range []ErlangA{{1, 0.5, 1, 0.2}, {5, 4, 1, 1}, {5, 8, 1, 0.3}, {10, 8, 1, 0.5}, {20, 40, 2, 5}} {
		require.NoError(t, q.Validate())
		pw, pa := directErlangA(q)
		assert.InEpsilon(t, pw, q.ProbWait(), 1e-11, "%+v", q)
		assert.InEpsilon(t, pa, q.ProbAbandon(), 1e-11, "%+v", q)
		assert.InDelta(t, q.MeanQueueLength()/q.Lambda, q.MeanWait(), 1e-15)
	}
	// θ = μ: the number in system is Poisson(a), as in M/M/∞.
	a := 7.0
	q := ErlangA{5, a, 1, 1}
	pBelow := 0.0
	term := math.Exp(-a)
	for j := 0; j < 5; j++ {
		pBelow += term
		term *= a / float64(j+1)
	}
	assert.InDelta(t, 1-pBelow, q.ProbWait(), 1e-13)
	// θ → 0 (stable): Erlang C; θ = 0 exactly is M/M/c.
	assert.InDelta(t, ErlangC(10, 8), ErlangA{10, 8, 1, 1e-9}.ProbWait(), 1e-7)
	assert.InDelta(t, ErlangC(10, 8), ErlangA{10, 8, 1, 0}.ProbWait(), 1e-14)
	assert.InDelta(t, MMc{10, 8, 1}.MeanWait(), ErlangA{10, 8, 1, 0}.MeanWait(), 1e-14)
	assert.ErrorIs(t, ErlangA{10, 12, 1, 0}.Validate(), ErrUnstable)
	// θ → ∞: waiting customers leave at once — Erlang B.
	assert.InDelta(t, ErlangB(10, 8), ErlangA{10, 8, 1, 1e9}.ProbWait(), 1e-8)
	assert.InDelta(t, ErlangB(10, 8), ErlangA{10, 8, 1, 1e9}.ProbAbandon(), 1e-8)
	// Patience monotonicity: more patient customers abandon less, wait more.
	prevAb, prevW := 2.0, -1.0
	for _, th := range []float64{10, 3, 1, 0.3, 0.1, 0.01} {
		q := ErlangA{10, 9, 1, th}
		assert.Less(t, q.ProbAbandon(), prevAb)
		assert.Greater(t, q.MeanWait(), prevW)
		prevAb, prevW = q.ProbAbandon(), q.MeanWait()
	}
	// Large c in overload: throughput → cμ as patience → ∞, no overflow.
	big := ErlangA{2000, 4000, 1, 0.01}
	require.NoError(t, big.Validate())
	assert.InDelta(t, 0.5, big.ProbAbandon(), 1e-3)
	assert.InDelta(t, 1.0, big.ProbWait(), 1e-12)
	// Too many terms is an error, not a wrong number.
	huge := ErlangA{1, 1e9, 1, 1e-6}
	assert.ErrorIs(t, huge.Validate(), ErrNotConverged)
	assert.True(t, math.IsNaN(huge.ProbWait()))
	assert.Error(t, ErlangA{1, 1, 1, -1}.Validate())
	assert.Equal(t, 0.0, ErlangA{3, 0, 1, 1}.ProbAbandon())
}
