package analytic

import (
	"errors"
	"fmt"
	"math"
)

// DiurnalRate returns the web service's arrival rate at a time of day,
//
//	λ = base·(1 + amplitude·sin(2π·(hour − 6)/24)),
//
// with hour in hours since midnight (any real; the curve peaks at 12:00 and
// is lowest at 00:00). The original uses amplitude 0.25, so base 1000 req/s
// gives 1125 req/s at 08:00. Returns NaN for a negative base, an amplitude
// outside [0, 1] or a NaN/Inf argument.
func DiurnalRate(base, amplitude, hour float64) float64 {
	if !nonneg(base) || !isProb(amplitude) || !finite(hour) {
		return math.NaN()
	}
	return base * (1 + amplitude*math.Sin(2*math.Pi*(hour-6)/24))
}

// TTLHitRatio returns the hit ratio of a TTL cache for one object requested
// as a Poisson process of rate r, when a miss fetches the object and sets a
// timer of T seconds during which every request hits:
//
//	hit = warm · r·T/(1 + r·T).
//
// Each renewal cycle is one miss plus a Poisson(rT) number of hits, so the
// hit ratio rT/(1 + rT) is exact ([Jung]). warm ∈ [0, 1] is the share of
// objects that are cacheable at the moment (the web service's warm share).
// Returns NaN for a negative rate or TTL, warm outside [0, 1] or NaN/Inf.
func TTLHitRatio(rate, ttl, warm float64) float64 {
	if !nonneg(rate) || !nonneg(ttl) || !isProb(warm) {
		return math.NaN()
	}
	rt := rate * ttl
	if math.IsInf(rt, 1) {
		return warm
	}
	return warm * rt / (1 + rt)
}

// ZipfTTLHitRatio returns the request-weighted hit ratio of a TTL cache over
// n objects with Zipf(s) popularity: object i (1 ≤ i ≤ n) receives the share
// p_i = i^{−s}/Σ_j j^{−s} of the total rate λ, so r_i = λ·p_i and
//
//	hit = Σ_i p_i · warm·r_i·T/(1 + r_i·T).
//
// s = 0 is uniform popularity (hit = warm·rT/(1 + rT), r = λ/n). Cost O(n).
// Source: [Jung] (the per-object result summed over a popularity law).
// Returns NaN for n < 1, s < 0, or the invalid inputs of TTLHitRatio.
func ZipfTTLHitRatio(totalRate, ttl, warm float64, objects int, s float64) float64 {
	if objects < 1 || !nonneg(s) || !nonneg(totalRate) || !nonneg(ttl) || !isProb(warm) {
		return math.NaN()
	}
	norm := 0.0
	for i := objects; i >= 1; i-- { // small terms first
		norm += math.Pow(float64(i), -s)
	}
	hit := 0.0
	for i := objects; i >= 1; i-- {
		p := math.Pow(float64(i), -s) / norm
		hit += p * TTLHitRatio(totalRate*p, ttl, 1)
	}
	return clamp01(warm * hit)
}

// CachedAnswerMeanAge returns the mean age of the answer served on a cache
// hit, T/2. Under Poisson requests the hits of one TTL cycle fall uniformly
// over the T seconds after the miss that stored the entry, so T/2 is exact
// (the original writes "≈ TTL/2"). Returns NaN for a negative, NaN or
// infinite TTL.
func CachedAnswerMeanAge(ttl float64) float64 {
	if !nonneg(ttl) {
		return math.NaN()
	}
	return ttl / 2
}

// DBLoad returns the database query rate λ·q·(1 − hit) + extra: each of λ
// requests per second misses the cache with probability 1 − hit and then
// sends q queries; extra is a fixed background rate (600 queries/s while the
// web service's warm-up job runs). Returns NaN for negative or NaN/Inf rates,
// q < 0 or hit outside [0, 1].
func DBLoad(lambda, queriesPerRequest, hit, extra float64) float64 {
	if !nonneg(lambda) || !nonneg(queriesPerRequest) || !isProb(hit) || !nonneg(extra) {
		return math.NaN()
	}
	return lambda*queriesPerRequest*(1-hit) + extra
}

// DBQueryTime returns the web service's database query time
// base/(1 − ρ), ρ = load/capacity, capped at maxTime; for ρ ≥ 1 it is
// maxTime (the growth of the M/M/1 mean response time 1/(μ − λ), with the
// original's cap). Returns NaN for negative or NaN/Inf arguments, capacity 0
// or maxTime < base.
func DBQueryTime(base, load, capacity, maxTime float64) float64 {
	if !nonneg(base) || !nonneg(load) || !positive(capacity) || !nonneg(maxTime) || maxTime < base {
		return math.NaN()
	}
	rho := load / capacity
	if rho >= 1 {
		return maxTime
	}
	return min(base/(1-rho), maxTime)
}

// WebServiceTime returns the original's mean worker holding time
// S = appTime + (1 − hit)·q·queryTime: app work plus, on a miss, q database
// queries in sequence. Returns NaN for negative or NaN/Inf arguments or hit
// outside [0, 1].
func WebServiceTime(appTime, hit, queriesPerRequest, queryTime float64) float64 {
	if !nonneg(appTime) || !isProb(hit) || !nonneg(queriesPerRequest) || !nonneg(queryTime) {
		return math.NaN()
	}
	return appTime + (1-hit)*queriesPerRequest*queryTime
}

// ErrorBudget returns 1 − SLO, the share of requests allowed to fail
// (0.001 for 99.9 %). Returns NaN for an SLO outside [0, 1).
func ErrorBudget(slo float64) float64 {
	if !(slo >= 0 && slo < 1) {
		return math.NaN()
	}
	return 1 - slo
}

// BurnRate returns errorRate/(1 − SLO): how many times faster than
// sustainable the error budget is being spent ([Beyer] ch. 5). 1 spends
// exactly the budget over the SLO period. Returns NaN for an error rate
// outside [0, 1] or an SLO outside [0, 1).
func BurnRate(errorRate, slo float64) float64 {
	if !isProb(errorRate) {
		return math.NaN()
	}
	return errorRate / ErrorBudget(slo)
}

// BudgetSpent returns the share of the whole error budget spent while
// burning at rate burn for elapsed seconds of an SLO period of the given
// length (seconds): burn·elapsed/period. Returns NaN for negative or NaN/Inf
// arguments or period 0.
func BudgetSpent(burn, elapsed, period float64) float64 {
	if !nonneg(burn) || !nonneg(elapsed) || !positive(period) {
		return math.NaN()
	}
	return burn * elapsed / period
}

// SLOPeriod30Days is the original's SLO period, 30 days in seconds
// (43,200 minutes).
const SLOPeriod30Days = 30 * 24 * 3600.0

// BudgetSpentPerMinute returns burn/43,200: the share of a 30-day error
// budget spent in one minute at the given burn rate. Returns NaN for a
// negative, NaN or infinite burn.
func BudgetSpentPerMinute(burn float64) float64 { return BudgetSpent(burn, 60, SLOPeriod30Days) }

// WindowBurnRate returns the burn rate over a window of per-minute error
// rates: mean(errorRates)/(1 − SLO) (the original's 1-hour burn uses the last
// 60 minutes, the window pre-filled with the opening minute). Returns NaN for
// an empty window, a rate outside [0, 1] or an SLO outside [0, 1).
func WindowBurnRate(errorRates []float64, slo float64) float64 {
	if len(errorRates) == 0 {
		return math.NaN()
	}
	sum := 0.0
	for _, e := range errorRates {
		if !isProb(e) {
			return math.NaN()
		}
		sum += e
	}
	return BurnRate(sum/float64(len(errorRates)), slo)
}

// ErrInvalid is wrapped by errors about arguments out of range.
var ErrInvalid = errors.New("invalid argument")

// DesiredInstances returns the target-tracking autoscaler's desired fleet
// size ⌈serving·min(utilization, 1)/target⌉, at most maxInstances (40 in the
// original). Measured utilisation cannot exceed 1, so a saturated fleet
// grows by at most the factor 1/target per step. The ceiling ignores a
// relative excess below 1e-9 so that 10·0.6/0.6 is 10, not 11. The result may
// be 0 (idle fleet); the caller applies its minimum. Returns an error
// wrapping ErrInvalid for serving < 0, utilization < 0, target outside (0, 1]
// or maxInstances < 0.
func DesiredInstances(serving int, utilization, target float64, maxInstances int) (int, error) {
	switch {
	case serving < 0:
		return 0, fmt.Errorf("%w: serving instances must be ≥ 0, got %d", ErrInvalid, serving)
	case !(utilization >= 0) || math.IsNaN(utilization):
		return 0, fmt.Errorf("%w: utilization must be ≥ 0, got %v", ErrInvalid, utilization)
	case !(target > 0 && target <= 1):
		return 0, fmt.Errorf("%w: target must be in (0, 1], got %v", ErrInvalid, target)
	case maxInstances < 0:
		return 0, fmt.Errorf("%w: maximum instances must be ≥ 0, got %d", ErrInvalid, maxInstances)
	}
	x := float64(serving) * min(utilization, 1) / target
	n := math.Ceil(x * (1 - 1e-9))
	if n >= float64(maxInstances) {
		return maxInstances, nil
	}
	return int(n), nil
}
