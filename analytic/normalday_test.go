package analytic

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The payment switch's normal day: 400 tx/s, 6 servers × 32 slots, issuer
// latency Exp(250 ms) for every group, 8 s issuer timeout, 2 s queue
// timeout, threshold 3σ, d′ = 2.5, fraud share 0.1 %, fraud amounts ×1.5.
// The original shows 330 ms, 69 % busy slots, 10.4 bp, 1.3 ‰, 31 %, 36 u/h.
func TestPaymentSwitchNormalDay(t *testing.T) {
	const (
		lambda = 400.0
		slots  = 6 * 32
	)
	groups := []IssuerGroup{{Share: 0.75, MeanLatency: 0.25}, {Share: 0.25, MeanLatency: 0.25}}

	// Holding time: 80 ms + 250 ms·(1 − e^{−8000/250}) = 330 ms (to 1e-14).
	s := HoldingTime(0.08, 8, groups)
	assert.InDelta(t, 0.33, s, 1e-12)
	// The reversal adds 80 ms·e^{−32} ≈ 1e-15 s: invisible on a normal day.
	assert.InDelta(t, s, HoldingTimeWithReversal(0.08, 0.08, 8, groups), 1e-14)
	// The original scales the issuer term by the forwarded share (1 − FPR);
	// still 330 ms after rounding.
	fwd := 1 - Binormal{2.5}.FPR(3)
	sFwd := HoldingTime(0.08, 8, []IssuerGroup{{0.75 * fwd, 0.25}, {0.25 * fwd, 0.25}})
	assert.Equal(t, 330.0, math.Round(sFwd*1000))

	// Authorization time = wait + holding; the wait is negligible.
	pool := MMcD{Servers: slots, Lambda: lambda, Mu: 1 / s, Patience: 2}
	assert.Less(t, pool.MeanWait(), 1e-8)
	assert.Less(t, MMc{slots, lambda, 1 / s}.MeanWait(), 1e-8)
	assert.Less(t, pool.ProbAbandon(), 1e-100)
	assert.Equal(t, 330.0, math.Round((s+pool.MeanWait())*1000), "authorization time 330 ms")

	// Busy slots: Little's law, λS/N = 400·0.33/192 = 0.6875 → 69 %.
	assert.InDelta(t, 0.6875, LittleL(lambda, s)/slots, 1e-12)
	assert.InDelta(t, 0.6875, MMc{slots, lambda, 1 / s}.Utilization(), 1e-12)
	assert.InDelta(t, 0.6875, pool.Utilization(), 1e-12)
	assert.Equal(t, 69.0, math.Round(100*sFwd*lambda/slots))

	// Fraud filter at 3σ with d′ = 2.5.
	b := Binormal{DPrime: 2.5}
	fpr, tpr := b.FPR(3), b.TPR(3)
	assert.Equal(t, 1.3, math.Round(1e4*fpr)/10, "1.3 ‰ good customers declined")
	assert.Equal(t, 31.0, math.Round(100*tpr), "31 % fraud stopped")
	assert.Equal(t, 99.9, math.Round(1000*(1-fpr))/10, "99.9 % good-customer approval")

	// Fraud rate in bp of approved amount, fraud amounts ×1.5:
	// 10⁴·π·(1 − TPR)·1.5 / ((1 − π)(1 − FPR) + π·1.5·(1 − TPR)) = 10.39 bp.
	bp := FraudBasisPoints(0.001, 1-fpr, 1-tpr, 1.5)
	assert.Equal(t, 10.4, math.Round(bp*10)/10)
	// The same figure from the lognormal amounts: the ×1.5 is the ratio of means.
	amounts := LognormalFromMedian(40, 1)
	k := amounts.Scaled(1.5).Mean() / amounts.Mean()
	assert.InDelta(t, bp, FraudBasisPoints(0.001, 1-fpr, 1-tpr, k), 1e-12)

	// Server cost: 6 servers × 6 u/h.
	assert.Equal(t, 36.0, CostRate(6, 6))
}

// The web service at 08:00 on a normal morning: base 1000 req/s, 10
// instances × 16 workers, TTL 60 s, 20,000 objects, warm cache,
// recommendations on (3 queries, 70 ms app time), DB 4,000 queries/s.
// The original shows 1125 req/s, 77 % hits, 19 % DB, 30 s mean age,
// $4.00/h and burn 0.0×.
func TestWebServiceNormalDay(t *testing.T) {
	lambda := DiurnalRate(1000, 0.25, 8)
	assert.InDelta(t, 1125.0, lambda, 1e-9)

	hit := TTLHitRatio(lambda/20000, 60, 1)
	assert.InDelta(t, 3.375/4.375, hit, 1e-15)
	assert.Equal(t, 77.0, math.Round(100*hit))

	db := DBLoad(lambda, 3, hit, 0)
	rho := db / 4000
	assert.InDelta(t, 0.1929, rho, 1e-4)
	assert.Equal(t, 19.0, math.Round(100*rho))

	assert.Equal(t, 30.0, CachedAnswerMeanAge(60))
	assert.InDelta(t, 4.0, CostRate(10, 0.40), 1e-12)
	assert.Equal(t, 0.0, BurnRate(0, 0.999))

	// The service time and the queue: S ≈ 74 ms, 52 % busy workers, no
	// timeouts; p99 by the original's approximation and exactly.
	qt := DBQueryTime(0.005, db, 4000, 0.25)
	assert.InDelta(t, 0.005/(1-rho), qt, 1e-15)
	s := WebServiceTime(0.070, hit, 3, qt)
	assert.InDelta(t, 0.0743, s, 1e-4)
	q := MMc{Servers: 160, Lambda: lambda, Mu: 1 / s}
	assert.InDelta(t, 0.522, q.Utilization(), 1e-3)
	assert.Less(t, q.ProbWaitExceeds(2), 1e-100)
	assert.Less(t, q.ProbWait(), 0.01)
	assert.InDelta(t, s*math.Log(100), q.ResponseTimeQuantileApprox(0.99), 1e-12, "C ≤ 1 %: the wait term is 0")
	assert.InDelta(t, s*math.Log(100), q.ResponseTimeQuantile(0.99), 1e-6)
}
