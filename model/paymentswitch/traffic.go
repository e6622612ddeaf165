package paymentswitch

import (
	"math"

	"queuelab/des"
)

// traffic is the stream of new transactions: a Poisson process at the
// minute's rate, restarted at the start of each minute (memorylessness
// makes the restart exact). It runs on the scheduler as one pending
// event: each arrival schedules the next, so the event set holds one
// arrival however high the rate.
type traffic struct {
	e    *desEngine
	kind des.Kind
}

func (t *traffic) init(e *desEngine) {
	t.e = e
	t.kind = e.env.Register("arrival", t.onArrival)
}

// startMinute schedules the minute's first arrival.
func (t *traffic) startMinute() {
	if t.e.win.rate > 0 {
		t.scheduleAfter(t.e.win.start)
	}
}

// scheduleAfter schedules the next arrival after from, unless it falls
// after the minute.
func (t *traffic) scheduleAfter(from des.Time) {
	w := &t.e.win
	at := from + des.Seconds(-math.Log(1-t.e.rng.arrive.Float64())/w.rate)
	if at < w.end {
		t.e.schedule(at, des.Event{Kind: t.kind})
	}
}

// onArrival starts a new transaction now and schedules the next one.
func (t *traffic) onArrival(des.Event) {
	e := t.e
	now := e.env.Now()
	id := e.txs.Get()
	tx := e.txs.At(id)
	tx.fraud = e.rng.class.Float64() < e.win.fraudShare
	tx.groupB = e.rng.group.Float64() < GroupBShare
	tx.amount = AmountMedian * math.Exp(AmountSigma*des.Normal{Mu: 0, Sigma: 1}.Rand(e.rng.amount))
	if tx.fraud {
		tx.amount *= FraudAmountScale
	}
	e.startAttempt(id, now)
	t.scheduleAfter(now)
}
