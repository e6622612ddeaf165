package analytic

import (
	"math"
)

// StdNormalCDF returns Φ(x), the standard normal distribution function,
// computed as erfc(−x/√2)/2 so that the lower tail keeps full relative
// precision. Φ(NaN) is NaN.
func StdNormalCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// StdNormalSurvival returns 1 − Φ(x) = erfc(x/√2)/2, accurate in the upper
// tail (where 1 − StdNormalCDF(x) would cancel).
func StdNormalSurvival(x float64) float64 { return 0.5 * math.Erfc(x/math.Sqrt2) }

// TimeoutHeldMean returns E[min(L, T)] = m·(1 − e^{−T/m}) for an exponential
// latency L with mean m cut off by a timeout T: the mean time a connection
// slot waits for an issuer that answers after L or is abandoned at T.
// T = +Inf gives m; m = 0 gives 0. Returns NaN for a negative or NaN
// argument or m = +Inf.
func TimeoutHeldMean(mean, timeout float64) float64 {
	if !nonneg(mean) || math.IsNaN(timeout) || timeout < 0 {
		return math.NaN()
	}
	if mean == 0 {
		return 0
	}
	return -mean * math.Expm1(-timeout/mean)
}

// TimeoutProb returns P(L > T) = e^{−T/m}, the share of requests to an
// issuer with exponential latency of mean m that time out after T. m = 0
// gives 0. Returns NaN for a negative or NaN argument or m = +Inf.
func TimeoutProb(mean, timeout float64) float64 {
	if !nonneg(mean) || math.IsNaN(timeout) || timeout < 0 {
		return math.NaN()
	}
	if mean == 0 {
		return 0
	}
	return math.Exp(-timeout / mean)
}

// IssuerGroup is a share of the switch's traffic whose issuers answer after
// an exponential latency with the given mean (seconds).
type IssuerGroup struct {
	Share       float64 // share of attempts sent to this group, in [0, 1]
	MeanLatency float64 // mean issuer latency m ≥ 0, seconds
}

// validGroups reports whether every share is in [0, 1], the shares add up to
// at most 1 (+1e-9) and every mean latency is finite and ≥ 0.
func validGroups(groups []IssuerGroup) bool {
	sum := 0.0
	for _, g := range groups {
		if !isProb(g.Share) || !nonneg(g.MeanLatency) {
			return false
		}
		sum += g.Share
	}
	return sum <= 1+1e-9
}

// HoldingTime returns the payment switch's mean slot holding time as the
// original computes it:
//
//	S = switchTime + Σ_g share_g · E[min(L_g, T)],  E[min(L, T)] = m(1 − e^{−T/m}).
//
// The shares need not add up to 1: traffic not in any group holds the slot
// only for the switch time. The original multiplies the issuer term by the
// share forwarded past the fraud filter; pass shares already scaled by it to
// get that variant. Returns NaN for a negative or NaN time, a share outside
// [0, 1] or shares adding up to more than 1.
func HoldingTime(switchTime, timeout float64, groups []IssuerGroup) float64 {
	if !nonneg(switchTime) || math.IsNaN(timeout) || timeout < 0 || !validGroups(groups) {
		return math.NaN()
	}
	s := switchTime
	for _, g := range groups {
		s += g.Share * TimeoutHeldMean(g.MeanLatency, timeout)
	}
	return s
}

// HoldingTimeWithReversal returns HoldingTime plus the reversal: an attempt
// whose issuer times out keeps its slot for an extra reversalTime while the
// switch sends the reversal, so
//
//	S = switchTime + Σ_g share_g · (E[min(L_g, T)] + P(L_g > T)·reversalTime).
//
// This is the holding time of the per-transaction reading of the spec; the
// original's own formula (HoldingTime) omits the reversal. Returns NaN under
// the same conditions as HoldingTime or for a negative reversal time.
func HoldingTimeWithReversal(switchTime, reversalTime, timeout float64, groups []IssuerGroup) float64 {
	if !nonneg(reversalTime) {
		return math.NaN()
	}
	return HoldingTime(switchTime, timeout, groups) + reversalTime*TimeoutShare(timeout, groups)
}

// TimeoutShare returns Σ_g share_g·P(L_g > T), the share of all attempts
// whose issuer does not answer within T. Returns NaN like HoldingTime.
func TimeoutShare(timeout float64, groups []IssuerGroup) float64 {
	if math.IsNaN(timeout) || timeout < 0 || !validGroups(groups) {
		return math.NaN()
	}
	p := 0.0
	for _, g := range groups {
		p += g.Share * TimeoutProb(g.MeanLatency, timeout)
	}
	return clamp01(p)
}

// Goodput returns the useful completion rate of an overloaded server pool in
// the payment-switch original: below capacity every request completes
// (goodput = λ); for λ ≥ capacity (capacity = N/S, requests per second) a
// share ω of the work is wasted on requests that are dropped later, so
//
//	goodput = (N/S − ω·λ)/(1 − ω),  clipped at 0.
//
// It falls from N/S at λ = N/S to 0 at λ = N/(S·ω). Source: the payment-switch
// original's model (a modelling assumption, not a textbook result). Returns NaN for λ < 0, capacity ≤ 0,
// ω outside [0, 1) or a NaN/Inf argument.
func Goodput(lambda, capacity, omega float64) float64 {
	if !nonneg(lambda) || !positive(capacity) || !(omega >= 0 && omega < 1) {
		return math.NaN()
	}
	if lambda < capacity {
		return lambda
	}
	return max(0, (capacity-omega*lambda)/(1-omega))
}

// SheddingAdmitRate returns min(λ, fraction·capacity): with load shedding the
// switch admits at most the given fraction (0.9 in the original) of its
// capacity N/S and answers the rest at once. Returns NaN for λ < 0,
// capacity < 0, fraction outside [0, 1] or a NaN/Inf argument.
func SheddingAdmitRate(lambda, capacity, fraction float64) float64 {
	if !nonneg(lambda) || !nonneg(capacity) || !isProb(fraction) {
		return math.NaN()
	}
	return min(lambda, fraction*capacity)
}

// Binormal is the equal-variance binormal model of a fraud score
// ([Green-Swets]): genuine scores ~ N(0, 1), fraud scores ~ N(d′, 1), and a
// transaction is declined when its score is ≥ t. The payment switch uses
// d′ = 2.5. Methods return NaN for a NaN or infinite DPrime or argument
// unless stated.
type Binormal struct {
	DPrime float64 // separation d′ of the two means, in genuine standard deviations
}

func (b Binormal) ok() bool { return finite(b.DPrime) }

// FPR returns the false-positive rate 1 − Φ(t): the share of genuine
// transactions declined at threshold t (±Inf allowed: 1 and 0).
func (b Binormal) FPR(t float64) float64 {
	if !b.ok() || math.IsNaN(t) {
		return math.NaN()
	}
	return StdNormalSurvival(t)
}

// TPR returns the true-positive rate 1 − Φ(t − d′): the share of fraud
// declined ("fraud stopped") at threshold t (±Inf allowed).
func (b Binormal) TPR(t float64) float64 {
	if !b.ok() || math.IsNaN(t) {
		return math.NaN()
	}
	return StdNormalSurvival(t - b.DPrime)
}

// AUC returns the area under the ROC curve, Φ(d′/√2).
func (b Binormal) AUC() float64 {
	if !b.ok() {
		return math.NaN()
	}
	return StdNormalCDF(b.DPrime / math.Sqrt2)
}

// LikelihoodRatio returns φ(t − d′)/φ(t) = e^{d′·t − d′²/2}, how much more
// likely score t is under fraud than under genuine traffic (+Inf on
// overflow).
func (b Binormal) LikelihoodRatio(t float64) float64 {
	if !b.ok() || math.IsNaN(t) {
		return math.NaN()
	}
	return math.Exp(b.DPrime*t - b.DPrime*b.DPrime/2)
}

// OptimalThreshold returns the cost-optimal decline threshold for a fraud
// base rate π and cost ratio k = (cost of declining a genuine transaction) /
// (cost of approving a fraud). Declining is cheaper in expectation where
// π·φ(t − d′)·1 > (1 − π)·φ(t)·k, i.e. where the likelihood ratio exceeds
// ((1 − π)/π)·k, so (d′ > 0, the likelihood ratio increasing in t)
//
//	t* = d′/2 + ln(((1 − π)/π)·k)/d′.
//
// Ten times more fraud lowers t* by about ln 10/d′ (≈ 0.92σ at d′ = 2.5).
// Source: Bayes decision rule, [Green-Swets] ch. 1. Returns NaN for d′ ≤ 0,
// π outside (0, 1) or k ≤ 0 (or NaN/Inf).
func (b Binormal) OptimalThreshold(baseRate, costRatio float64) float64 {
	if !positive(b.DPrime) || !(baseRate > 0 && baseRate < 1) || !positive(costRatio) {
		return math.NaN()
	}
	return b.DPrime/2 + (math.Log1p(-baseRate)-math.Log(baseRate)+math.Log(costRatio))/b.DPrime
}

// StepUpShares are the outcome shares of one class of traffic (genuine or
// fraud) under a decline threshold t and a step-up band [t − b, t).
type StepUpShares struct {
	Declined   float64 // score ≥ t
	Challenged float64 // score in [t − b, t): sent to extra verification
	Passed     float64 // score < t − b: approved by the rule without a challenge
	Approved   float64 // Passed + Challenged·(pass rate of the challenge)
}

// stepUpShares computes StepUpShares for scores ~ N(mean, 1).
func stepUpShares(mean, t, band, pass float64) StepUpShares {
	hi, lo := t-mean, t-band-mean
	s := StepUpShares{Declined: StdNormalSurvival(hi)}
	if lo > 0 { // upper tail: difference of survivals is the accurate one
		s.Passed = StdNormalCDF(lo)
		s.Challenged = StdNormalSurvival(lo) - s.Declined
	} else {
		s.Passed = StdNormalCDF(lo)
		s.Challenged = StdNormalCDF(hi) - s.Passed
	}
	s.Challenged = clamp01(s.Challenged)
	s.Approved = clamp01(s.Passed + pass*s.Challenged)
	return s
}

// StepUp returns the outcome shares of genuine (N(0, 1)) and fraud (N(d′, 1))
// traffic at threshold t with a step-up band of width band ≥ 0: scores ≥ t
// are declined, scores in [t − band, t) are challenged, and a challenged
// genuine customer passes with probability genuinePass (0.85 in the
// original), a fraudster with fraudPass (0.05). band = 0 turns step-up off.
// Returns NaN shares for a NaN t, a negative or NaN band, or pass rates
// outside [0, 1].
func (b Binormal) StepUp(t, band, genuinePass, fraudPass float64) (genuine, fraud StepUpShares) {
	if !b.ok() || math.IsNaN(t) || math.IsNaN(band) || band < 0 || !isProb(genuinePass) || !isProb(fraudPass) {
		n := math.NaN()
		return StepUpShares{n, n, n, n}, StepUpShares{n, n, n, n}
	}
	return stepUpShares(0, t, band, genuinePass), stepUpShares(b.DPrime, t, band, fraudPass)
}

// FraudBasisPoints returns the fraud rate in basis points of approved amount:
//
//	10⁴ · π·f·k / ((1 − π)·g + π·f·k),
//
// where π is the fraud share of transactions, g and f are the approval rates
// of genuine and fraudulent transactions (e.g. 1 − FPR and 1 − TPR) and k is
// the ratio of mean fraud amount to mean genuine amount (1.5 in the payment
// switch). Returns NaN for π, g or f outside [0, 1], k < 0, a NaN/Inf
// argument, or when nothing is approved.
func FraudBasisPoints(fraudShare, genuineApproved, fraudApproved, amountFactor float64) float64 {
	if !isProb(fraudShare) || !isProb(genuineApproved) || !isProb(fraudApproved) || !nonneg(amountFactor) {
		return math.NaN()
	}
	fraud := fraudShare * fraudApproved * amountFactor
	total := (1-fraudShare)*genuineApproved + fraud
	if !(total > 0) {
		return math.NaN()
	}
	return 1e4 * fraud / total
}

// Lognormal is the distribution of e^Y with Y ~ N(Mu, Sigma²), used for
// transaction amounts (median e^μ; the payment switch has median 40 u and
// σ = 1). Methods return NaN when Mu is not finite or Sigma is not a finite
// number > 0.
type Lognormal struct {
	Mu    float64 // mean of ln X
	Sigma float64 // standard deviation of ln X, > 0
}

// LognormalFromMedian returns the lognormal with the given median (> 0) and
// σ: μ = ln median.
func LognormalFromMedian(median, sigma float64) Lognormal {
	return Lognormal{Mu: math.Log(median), Sigma: sigma}
}

func (l Lognormal) ok() bool { return finite(l.Mu) && positive(l.Sigma) }

// Scaled returns the law of f·X, f > 0: μ + ln f, same σ (the fraud amounts
// are the genuine ones ×1.5).
func (l Lognormal) Scaled(f float64) Lognormal {
	return Lognormal{Mu: l.Mu + math.Log(f), Sigma: l.Sigma}
}

// Median returns e^μ.
func (l Lognormal) Median() float64 {
	if !l.ok() {
		return math.NaN()
	}
	return math.Exp(l.Mu)
}

// Mean returns E[X] = e^{μ + σ²/2}.
func (l Lognormal) Mean() float64 {
	if !l.ok() {
		return math.NaN()
	}
	return math.Exp(l.Mu + l.Sigma*l.Sigma/2)
}

// CDF returns P(X ≤ x) = Φ((ln x − μ)/σ); 0 for x ≤ 0. NaN for NaN x.
func (l Lognormal) CDF(x float64) float64 {
	if !l.ok() || math.IsNaN(x) {
		return math.NaN()
	}
	if x <= 0 {
		return 0
	}
	return StdNormalCDF((math.Log(x) - l.Mu) / l.Sigma)
}

// PartialExpectation returns E[X; X ≤ x] = e^{μ + σ²/2}·Φ((ln x − μ − σ²)/σ),
// the mean amount per transaction contributed by amounts up to x (the
// stand-in volume below a limit x). 0 for x ≤ 0, Mean for x = +Inf; NaN for
// NaN x.
func (l Lognormal) PartialExpectation(x float64) float64 {
	if !l.ok() || math.IsNaN(x) {
		return math.NaN()
	}
	if x <= 0 {
		return 0
	}
	return l.Mean() * StdNormalCDF((math.Log(x)-l.Mu-l.Sigma*l.Sigma)/l.Sigma)
}

// CostRate returns the cost per hour of n instances at pricePerHour each
// (6 u per server-hour on the switch, $0.40 per instance-hour on the web
// service). Returns NaN for n < 0 or a negative, NaN or infinite price.
func CostRate(n int, pricePerHour float64) float64 {
	if n < 0 || !nonneg(pricePerHour) {
		return math.NaN()
	}
	return float64(n) * pricePerHour
}
