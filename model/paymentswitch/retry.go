package paymentswitch

import (
	"math"

	"queuelab/des"
)

// retries are the transactions whose merchant retries a technical error.
//
// Under the immediate policy a transaction that failed in minute m retries
// at a uniform time in minute m+1. The retries due in a minute run on the
// scheduler as one stream, like the arrivals: at the start of the minute
// their k uniform times are drawn and sorted in O(k) (des.OrderedUniforms:
// one uniform each, no logarithm or power), and the stream is a
// des.Source that hands them out in order. Which transaction takes which
// time is a uniform permutation (one Fisher–Yates shuffle at the start of
// the minute). The records wait outside the transaction slab, in due
// order, so a minute's retries are read sequentially.
//
// Under the backoff policy each retry is a timer of Exp(BackoffMeans[k])
// on the scheduler.
type retries struct {
	e         *desEngine
	src       *des.Source // the immediate retries due
	kBackoff  des.Kind
	due, next []txn // retrying in this minute (from dueAt on); in the next
	dueAt     int
	times     des.OrderedUniforms
	at        []des.Time // due[i] retries at at[i], in order
	waiting   int        // transactions waiting to retry
}

func (r *retries) init(e *desEngine) {
	r.e = e
	r.src = e.env.NewSource(des.PriorityDefault, r.onImmediate).Name("retry-immediate")
	r.kBackoff = e.env.Register("retry-backoff", r.onBackoff)
}

// startMinute makes last minute's failures this minute's due retries and
// schedules the first.
func (r *retries) startMinute() {
	r.due, r.next, r.dueAt = r.next, r.due[:0], 0
	s := r.e.rng.retry
	for i := len(r.due) - 1; i > 0; i-- { // Fisher–Yates: which retry takes which time
		j := s.IntN(i + 1)
		r.due[i], r.due[j] = r.due[j], r.due[i]
	}
	r.at = r.times.Draw(s, len(r.due), r.e.win.start, r.e.win.end)
	r.scheduleNext()
}

// scheduleNext gives the stream the time of the next due retry (none if
// none is left).
func (r *retries) scheduleNext() {
	if r.dueAt == len(r.due) {
		r.src.Clear()
		return
	}
	r.src.MustSchedule(r.at[r.dueAt])
}

// onImmediate starts the next due retry now and draws the one after.
func (r *retries) onImmediate(now des.Time) {
	e := r.e
	id := e.txs.Get()
	*e.txs.At(id) = r.due[r.dueAt]
	r.dueAt++
	r.waiting--
	e.startAttempt(id, now)
	r.scheduleNext()
}

func (r *retries) onBackoff(ev des.Event) {
	r.waiting--
	r.e.startAttempt(ev.Ref, r.e.env.Now())
}

// add makes transaction id, failed now after done retries, wait for its
// next attempt under the current policy.
func (r *retries) add(id int32, done int) {
	e := r.e
	r.waiting++
	if e.ctl.retry != RetryBackoff {
		r.next = append(r.next, *e.txs.At(id))
		e.txs.Put(id)
		return
	}
	d := des.Seconds(-BackoffMeans[done] * math.Log(1-e.rng.retry.Float64()))
	e.env.MustAfter(d, des.PriorityDefault, des.Event{Kind: r.kBackoff, Ref: id})
}
