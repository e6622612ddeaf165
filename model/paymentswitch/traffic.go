package paymentswitch

import (
	"math"

	"queuelab/des"
)

// traffic is the stream of new transactions: a Poisson process at the
// minute's rate, restarted at the start of each minute (memorylessness
// makes the restart exact). It is a des.Source at the default priority:
// its times are merged with the event set by des's tie rules without
// passing through the heap (see des.Source; measured in BENCHMARKS.md).
type traffic struct {
	e   *desEngine
	src *des.Source
}

func (t *traffic) init(e *desEngine) {
	t.e = e
	t.src = e.env.NewSource(des.PriorityDefault, t.onArrival).Name("arrival")
}

// startMinute draws the minute's first arrival.
func (t *traffic) startMinute() {
	t.src.Clear()
	if t.e.win.rate > 0 {
		t.drawAfter(t.e.win.start)
	}
}

// drawAfter draws the next arrival after from; none if it falls after
// the minute.
func (t *traffic) drawAfter(from des.Time) {
	w := &t.e.win
	at := from + des.Seconds(-math.Log(1-t.e.rng.arrive.Float64())/w.rate)
	if at < w.end {
		t.src.MustSchedule(at)
	}
}

// onArrival starts a new transaction now and draws the next one.
func (t *traffic) onArrival(now des.Time) {
	e := t.e
	id := e.txs.Get()
	tx := e.txs.At(id)
	tx.fraud = e.rng.class.Float64() < e.win.fraudShare
	tx.groupB = e.rng.group.Float64() < GroupBShare
	tx.amount = AmountMedian * math.Exp(AmountSigma*des.Normal{Mu: 0, Sigma: 1}.Rand(e.rng.amount))
	if tx.fraud {
		tx.amount *= FraudAmountScale
	}
	e.startAttempt(id, now)
	t.drawAfter(now)
}
