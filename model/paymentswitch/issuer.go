package paymentswitch

import (
	"math"

	"queuelab/des"
)

// outcome is how an issuer dealt with a forwarded attempt.
type outcome uint8

const (
	answered outcome = iota // the issuer answered within the issuer timeout
	timedOut                // it did not: a reversal followed
)

// issue draws the issuer's answer to attempt a now: a latency
// L ~ Exp(mean) — IssuerMean for group A, this minute's group B mean for
// group B — against the issuer timeout T. The slot is held for SwitchTime
// + min(L, T), plus ReversalTime after a timeout.
func (e *desEngine) issue(a *attempt) {
	mean := IssuerMean
	if a.groupB {
		mean = e.win.groupBMean
	}
	lat := -mean * math.Log(1-e.rng.latency.Float64())
	a.hold, a.outcome, a.waited = SwitchTime+lat, answered, lat
	if lat > e.ctl.timeout {
		a.hold, a.outcome, a.waited = SwitchTime+e.ctl.timeout+ReversalTime, timedOut, e.ctl.timeout
	}
}

// answer gives the client of live attempt a its answer now: approved by
// the issuer; or, after a timeout, approved by stand-in if the amount is
// within the stand-in limit, else "issuer unreachable" (a technical
// error).
func (e *desEngine) answer(a *attempt, now des.Time) {
	c := &e.win.counts
	c.admittedAnswered++
	c.authSum += (now - a.arrived).Seconds()
	c.forwarded++
	t := e.txs.At(a.tx)
	switch {
	case a.outcome == answered:
		e.approve(a.tx, false)
	case e.ctl.limit > 0 && t.amount <= e.ctl.limit:
		c.timeouts++
		c.standin++
		c.standinAmt += t.amount
		e.approve(a.tx, true)
	default:
		c.timeouts++
		e.pic.dot(e, t, dotUnreachable)
		e.technicalError(a.tx)
	}
}

// issuerMeasures are the forwarded (live) attempts of one issuer group
// (0 = A, 1 = B): how many, how many timed out, and Σ min(L, T).
type issuerMeasures struct{ forwarded, timedOut, waited float64 }

func (m *issuerMeasures) add(a *attempt) {
	m.forwarded++
	if a.outcome == timedOut {
		m.timedOut++
	}
	m.waited += a.waited
}
