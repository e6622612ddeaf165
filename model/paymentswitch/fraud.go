package paymentswitch

import "queuelab/des"

// screen runs the fraud rule on the first attempt of transaction id: a
// score N(0, 1) for genuine customers and N(DPrime, 1) for fraud (the
// binormal ROC model); score ≥ threshold is declined, and a score in the
// step-up band [threshold − band, threshold) is challenged (genuine
// customers pass with GenuinePass, fraudsters with FraudPass). It reports
// whether the attempt goes on to the switch; a declined transaction has
// ended.
func (e *desEngine) screen(id int32) bool {
	t := e.txs.At(id)
	c := &e.win.counts
	c.newTx++
	mean := 0.0
	if t.fraud {
		c.newF++
		mean = DPrime
	} else {
		c.newG++
	}
	score := mean + des.Normal{Mu: 0, Sigma: 1}.Rand(e.rng.score)
	if score >= e.ctl.threshold {
		if t.fraud {
			c.newFStopped++
		} else {
			c.newGDeclined++
		}
		e.decline(id)
		return false
	}
	if e.ctl.band > 0 && score >= e.ctl.threshold-e.ctl.band {
		c.stepUp++
		pass := GenuinePass
		if t.fraud {
			pass = FraudPass
		}
		if e.rng.stepUp.Float64() >= pass {
			if t.fraud {
				c.newFStopped++
			}
			e.decline(id)
			return false
		}
	}
	return true
}
