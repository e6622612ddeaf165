package paymentswitch

import "queuelab/des"

// txn is one transaction: a customer's payment, which may take several
// attempts. It lives in the engine's slab from its first attempt to its
// final outcome (while it waits for an immediate retry, in the retry
// list).
type txn struct {
	amount   float64
	arrived  des.Time // arrival of the current attempt
	fraud    bool
	groupB   bool
	attempts uint8 // attempts started so far (1 = the first)
}

// startAttempt runs an attempt of transaction id from its arrival to its
// admission: the fraud screen (first attempt only), then the connection
// slots (shedding, the backlog bound, the queue).
func (e *desEngine) startAttempt(id int32, now des.Time) {
	t := e.txs.At(id)
	t.attempts++
	t.arrived = now
	c := &e.win.counts
	c.offered++
	if t.attempts == 1 {
		if !e.screen(id) {
			return
		}
	} else {
		c.retries++
	}
	e.slots.admit(id, now)
}

// approve ends transaction id approved, by its issuer or by stand-in.
func (e *desEngine) approve(id int32, standin bool) {
	t := e.txs.At(id)
	c := &e.win.counts
	c.approvedAmt += t.amount
	if t.fraud {
		c.fraudAmt += t.amount
	} else {
		c.finG++
		c.finGApproved++
		if !t.groupB {
			c.finA++
			c.finAApproved++
		}
	}
	if standin {
		e.pic.dot(e, t, dotStandin)
	} else {
		e.pic.dot(e, t, dotApproved)
	}
	e.txs.Put(id)
}

// decline ends a transaction declined by the rule or by step-up.
func (e *desEngine) decline(id int32) {
	t := e.txs.At(id)
	if !t.fraud {
		e.win.counts.finG++
		if !t.groupB {
			e.win.counts.finA++
		}
	}
	e.pic.dot(e, t, dotDeclined)
	e.txs.Put(id)
}

// technicalError handles a shed, dropped or unreachable attempt: the
// merchant retries with probability RetryProb up to MaxRetries times,
// otherwise the transaction is lost.
func (e *desEngine) technicalError(id int32) {
	t := e.txs.At(id)
	done := int(t.attempts) - 1 // retries used
	if done < MaxRetries && e.rng.retry.Float64() < e.cfg.retryProb {
		e.retries.add(id, done)
		return
	}
	if !t.fraud {
		c := &e.win.counts
		c.finG++
		c.goodLost++
		if !t.groupB {
			c.finA++
		}
	}
	e.txs.Put(id)
}
