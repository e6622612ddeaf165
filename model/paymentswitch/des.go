package paymentswitch

import (
	"math"
	"sort"

	"queuelab/des"
	"queuelab/model/scenario"
)

// txn is one transaction: a customer's payment, which may take several
// attempts. It lives from its first attempt to its final outcome.
type txn struct {
	amount   float64
	arrived  des.Time // arrival of the current attempt
	fraud    bool
	groupB   bool
	attempts uint8 // attempts started so far (1 = the first)
	next     int32 // free-list link
}

// attempt is one request in the switch: from admission to the queue until
// its slot is released. Its client may have been answered earlier
// ("dropped in queue"): then tx is −1 and the request, still queued, only
// costs its slot Omega × a holding time when it reaches one.
type attempt struct {
	arrived des.Time
	started des.Time // when it got a slot
	tx      int32    // −1 once the client was answered
	groupB  bool
	next    int32
}

// Outcomes of a slot hold (Aux of a done event).
const (
	holdDiscard  = 0 // an abandoned request reached a slot and was discarded
	holdAnswered = 1 // the issuer answered in time
	holdTimedOut = 2 // the issuer timed out; a reversal followed
)

// Dot outcomes.
const (
	dotApproved    = "approved"
	dotStandin     = "stand-in"
	dotDeclined    = "declined"
	dotShed        = "shed"
	dotDropped     = "dropped"
	dotUnreachable = "unreachable"
)

// desEngine is the per-transaction simulation.
type desEngine struct {
	cfg    config
	ctl    controls
	srv    servers
	rows   []scenario.Row // every minute so far, for the goals
	minute int

	env           *des.Env
	pool          *des.Pool
	kRetry, kDone des.Kind

	sArrive, sClass, sGroup, sScore, sStepUp, sAmount, sLatency, sRetry, sWobble *des.Stream

	txs     []txn
	txFree  int32
	atts    []attempt
	attFree int32

	rate             float64 // new transactions per second this minute
	fraudShare       float64
	groupBMean       float64 // s, this minute
	minStart, minEnd des.Time
	inflight         int // admitted attempts whose client has not been answered
	waiting          int // transactions waiting to retry
	cur, tot         counts
	bSum             float64

	// queue mirrors the pool's FIFO queue (attempt ids, ring buffer by
	// absolute position): every admitted request stays queued until it gets
	// a slot, so the pool starts them in exactly this order. Positions in
	// [qHead, qLive) were answered "dropped in queue"; those from qLive on
	// are live. All clients have the same 2 s patience, so they give up in
	// queue order: the next give-up is queue[qLive]'s arrival + 2 s, a
	// stream of times like the arrivals (see runMinute), with no timer
	// events.
	queue               []int32
	qHead, qLive, qTail int64

	// Immediate retries: transactions that failed in this minute retry in
	// the next (next), those of the previous minute in this one (due, from
	// dueAt on), at iid uniform times generated in order. The records are
	// moved out of txs while they wait, so the minute's retries are read
	// sequentially (after one shuffle) instead of all over the slab.
	due, next []txn
	dueAt     int

	dots    []scenario.Dot
	dotNext des.Time

	meas slotMeasures
}

// slotMeasures are cumulative measurements of the slot pool, taken at
// each release, that the indicators do not need: Stations and OpenLoad
// read them.
type slotMeasures struct {
	departures, sojourn   float64 // requests that left the pool; Σ their time in it (s)
	liveHeld              float64 // Σ slot time of live attempts (s), slot start → release
	discards, discardHeld float64 // abandoned requests that reached a slot; Σ their slot time
	issuer                [2]issuerMeasures
}

// issuerMeasures are the forwarded (live) attempts of one issuer group
// (0 = A, 1 = B): how many, how many timed out, and Σ min(L, T), measured
// as the slot time minus the switch time and, after a timeout, the
// reversal.
type issuerMeasures struct{ forwarded, timedOut, waited float64 }

func newDES(cfg config, seed uint64) *desEngine {
	ss := des.Streams{Seed: seed}
	e := &desEngine{
		cfg: cfg, ctl: cfg.ctl,
		env:     des.NewEnv(),
		sArrive: ss.Stream("arrivals"), sClass: ss.Stream("fraud"), sGroup: ss.Stream("group"),
		sScore: ss.Stream("scores"), sStepUp: ss.Stream("stepup"), sAmount: ss.Stream("amounts"),
		sLatency: ss.Stream("latency"), sRetry: ss.Stream("retries"), sWobble: ss.Stream("wobble"),
		txFree: -1, attFree: -1, queue: make([]int32, 1024),
		dots: make([]scenario.Dot, 0, 60),
	}
	e.srv.inService = cfg.ctl.servers
	e.pool = des.NewPool(e.env, "slots", e.srv.inService*SlotsPerServer)
	e.pool.OnStart = e.onStart
	e.kRetry = e.env.Register("retry", e.onRetry)
	e.kDone = e.env.Register("slot-done", e.onDone)
	return e
}

func (e *desEngine) Columns() []scenario.Column { return Columns() }
func (e *desEngine) Minute() int                { return e.minute }

// Apply changes a control before the next minute.
func (e *desEngine) Apply(a scenario.Action) error {
	before := e.ctl.servers
	if err := controlTable.Apply(&e.ctl, a); err != nil {
		return err
	}
	if e.ctl.servers != before {
		e.srv.order(e.ctl.servers, e.minute)
		e.pool.SetServers(e.srv.inService * SlotsPerServer)
	}
	return nil
}

// minuteParams draws the minute's wobbles (arrival rate, group B latency)
// from the "wobble" stream; the formula twin draws the same values in the
// same order.
func minuteParams(cfg *config, s *des.Stream, m int) (rate, bMean float64) {
	rate = cfg.baseRate * cfg.surge(m)
	bMean = cfg.groupBMeanAt(m)
	if cfg.wobble {
		w := 1 + des.Normal{Mu: 0, Sigma: ArrivalWobble}.Rand(s)
		rate *= max(w, 0)
		bMean *= 1 + GroupBWobble*(2*s.Float64()-1)
	}
	return rate, bMean
}

// Step simulates the next minute.
func (e *desEngine) Step() scenario.Row {
	m := e.minute
	e.srv.tick(m)
	e.pool.SetServers(e.srv.inService * SlotsPerServer)
	e.rate, e.groupBMean = minuteParams(&e.cfg, e.sWobble, m)
	e.fraudShare = e.cfg.fraudShareAt(m)
	e.bSum += e.groupBMean
	e.minStart = des.Time(m) * des.Minute
	e.minEnd = e.minStart + des.Minute
	e.cur = counts{seconds: 60}
	e.pool.Busy.Mark(e.minStart)
	e.pool.Capacity.Mark(e.minStart)
	e.dots = e.dots[:0]
	e.dotNext = e.minStart
	e.due, e.next, e.dueAt = e.next, e.due[:0], 0
	for i := len(e.due) - 1; i > 0; i-- { // Fisher–Yates: which retry takes which time
		j := e.sRetry.IntN(i + 1)
		e.due[i], e.due[j] = e.due[j], e.due[i]
	}
	e.runMinute()
	e.cur.busyArea = e.pool.Busy.WindowMean(e.minEnd) * 60
	e.cur.slotArea = e.pool.Capacity.WindowMean(e.minEnd) * 60
	e.tot.add(&e.cur)
	r := row(&e.cur, e.state(e.groupBMean))
	e.rows = append(e.rows, r)
	e.minute++
	return r
}

func (e *desEngine) state(bMean float64) state {
	return state{srv: &e.srv, cum: &e.tot, waiting: float64(e.waiting), groupBMean: bMean}
}

// Totals returns the indicators over the run so far.
func (e *desEngine) Totals() scenario.Row {
	return row(&e.tot, e.state(e.bSum/float64(max(e.minute, 1))))
}

// Goals evaluates the scenario's goals.
func (e *desEngine) Goals() []scenario.Goal {
	return scenario.Evaluate(e.cfg.sc.Goals, Columns(), e.rows, e.Totals())
}

// runMinute runs the minute [minStart, minEnd). New transactions (a
// Poisson process at this minute's rate, restarted at each minute, which
// memorylessness makes exact), immediate retries (the sorted uniform times
// of those due) and queue give-ups (arrival + 2 s of the oldest live queued
// request) are three ordered streams of times; rather than putting them on
// the event heap, the loop runs the heap's events up to the earliest of
// the three and then handles it directly. Heap events at the same instant
// run first (so a slot freed exactly at a give-up time serves the client,
// as des.PriorityTimeout would). A step never spans more than the queue
// timeout, so a request queued by a heap event cannot give up unseen.
func (e *desEngine) runMinute() {
	ta := des.MaxTime
	if e.rate > 0 {
		ta = e.nextArrival(e.minStart)
	}
	tr := e.nextImmediate(e.minStart)
	timeout := des.Seconds(QueueTimeout)
	for {
		tq := e.nextGiveUp()
		t := min(ta, tr, tq, e.env.Now()+timeout)
		if t >= e.minEnd {
			break
		}
		if err := e.env.RunUntil(t); err != nil {
			panic(err) // t is never before now
		}
		if tq = e.nextGiveUp(); tq <= t {
			e.giveUp()
			continue
		}
		switch t {
		case ta:
			e.arrive(t)
			ta = e.nextArrival(t)
		case tr:
			e.immediate(t)
			tr = e.nextImmediate(t)
		}
	}
	if err := e.env.RunUntil(e.minEnd); err != nil {
		panic(err)
	}
}

// nextGiveUp returns when the oldest live queued client gives up, or
// MaxTime.
func (e *desEngine) nextGiveUp() des.Time {
	if e.qLive < e.qHead {
		e.qLive = e.qHead
	}
	if e.qLive == e.qTail {
		return des.MaxTime
	}
	return e.atts[e.queue[e.qLive&int64(len(e.queue)-1)]].arrived + des.Seconds(QueueTimeout)
}

// nextArrival returns the time of the next new transaction after from, or
// MaxTime if it falls after the minute.
func (e *desEngine) nextArrival(from des.Time) des.Time {
	at := from + des.Seconds(-math.Log(1-e.sArrive.Float64())/e.rate)
	if at >= e.minEnd {
		return des.MaxTime
	}
	return at
}

// arrive starts a new transaction at now.
func (e *desEngine) arrive(now des.Time) {
	id := e.newTxn()
	t := &e.txs[id]
	t.fraud = e.sClass.Float64() < e.fraudShare
	t.groupB = e.sGroup.Float64() < GroupBShare
	t.amount = AmountMedian * math.Exp(AmountSigma*des.Normal{Mu: 0, Sigma: 1}.Rand(e.sAmount))
	if t.fraud {
		t.amount *= FraudAmountScale
	}
	e.startAttempt(id, now)
}

// nextImmediate returns the time of the next of the len(due) immediate
// retries still to come in this minute (MaxTime if none): the minimum of k
// iid uniforms on [from, minEnd) is from + (minEnd − from)(1 − U^{1/k}), so
// generating the minima one after another gives the sorted uniform times.
func (e *desEngine) nextImmediate(from des.Time) des.Time {
	k := len(e.due) - e.dueAt
	if k == 0 {
		return des.MaxTime
	}
	frac := 1 - math.Pow(1-e.sRetry.Float64(), 1/float64(k))
	return min(from+des.Time(frac*float64(e.minEnd-from)), e.minEnd-1)
}

// immediate starts the next immediate retry at now (the due list was
// shuffled: the times are iid, so which transaction takes which time is
// a uniform permutation).
func (e *desEngine) immediate(now des.Time) {
	id := e.newTxn()
	e.txs[id] = e.due[e.dueAt]
	e.dueAt++
	e.waiting--
	e.startAttempt(id, now)
}

func (e *desEngine) onRetry(ev des.Event) {
	e.waiting--
	e.startAttempt(ev.Ref, e.env.Now())
}

// startAttempt runs an attempt of transaction id from its arrival to its
// admission: fraud rule (first attempt only), shedding, the backlog bound,
// then the slot pool.
func (e *desEngine) startAttempt(id int32, now des.Time) {
	t := &e.txs[id]
	t.attempts++
	t.arrived = now
	c := &e.cur
	c.offered++
	if t.attempts == 1 {
		c.newTx++
		mean := 0.0
		if t.fraud {
			c.newF++
			mean = DPrime
		} else {
			c.newG++
		}
		score := mean + des.Normal{Mu: 0, Sigma: 1}.Rand(e.sScore)
		if score >= e.ctl.threshold {
			if t.fraud {
				c.newFStopped++
			} else {
				c.newGDeclined++
			}
			e.decline(id)
			return
		}
		if e.ctl.band > 0 && score >= e.ctl.threshold-e.ctl.band {
			c.stepUp++
			pass := GenuinePass
			if t.fraud {
				pass = FraudPass
			}
			if e.sStepUp.Float64() >= pass {
				if t.fraud {
					c.newFStopped++
				}
				e.decline(id)
				return
			}
		}
	} else {
		c.retries++
	}
	slots := e.pool.Servers()
	if e.ctl.shedding && float64(e.inflight) >= ShedFraction*float64(slots) {
		c.shed++
		e.dot(t, dotShed)
		e.technicalError(id)
		return
	}
	if e.pool.Queued() >= e.ctl.backlog*slots && e.pool.BusyServers() >= slots {
		c.admittedAnswered++
		c.dropped++
		c.backlogFull++
		e.dot(t, dotDropped)
		e.technicalError(id)
		return
	}
	a := e.newAttempt()
	at := &e.atts[a]
	at.arrived, at.tx, at.groupB = now, id, t.groupB
	e.inflight++
	if e.pool.Request(a, des.NoPatience) == des.Queued {
		if e.qTail-e.qHead == int64(len(e.queue)) {
			bigger := make([]int32, 2*len(e.queue))
			for p := e.qHead; p < e.qTail; p++ {
				bigger[p&int64(len(bigger)-1)] = e.queue[p&int64(len(e.queue)-1)]
			}
			e.queue = bigger
		}
		e.queue[e.qTail&int64(len(e.queue)-1)] = a
		e.qTail++
	}
}

// onStart is called by the pool when attempt id gets a slot.
func (e *desEngine) onStart(id int32, _ des.Time) {
	if e.qHead < e.qTail && e.queue[e.qHead&int64(len(e.queue)-1)] == id {
		e.qHead++ // it was queued: it is the head of the FIFO
	}
	a := &e.atts[id]
	a.started = e.env.Now()
	mean := IssuerMean
	if a.groupB {
		mean = e.groupBMean
	}
	lat := -mean * math.Log(1-e.sLatency.Float64())
	hold, outcome := SwitchTime, int64(holdAnswered)
	if lat <= e.ctl.timeout {
		hold += lat
	} else {
		hold += e.ctl.timeout + ReversalTime
		outcome = holdTimedOut
	}
	if a.tx < 0 {
		hold *= e.cfg.omega
		outcome = holdDiscard
	}
	e.env.MustAfter(des.Seconds(hold), des.PriorityRelease, des.Event{Kind: e.kDone, Ref: id, Aux: outcome})
}

// giveUp answers the oldest live queued client, who has waited
// QueueTimeout without a slot, "dropped in queue"; its request stays in
// the queue.
func (e *desEngine) giveUp() {
	a := &e.atts[e.queue[e.qLive&int64(len(e.queue)-1)]]
	e.qLive++
	id := a.tx
	a.tx = -1
	e.inflight--
	e.cur.admittedAnswered++
	e.cur.dropped++
	e.cur.authSum += QueueTimeout
	e.dot(&e.txs[id], dotDropped)
	e.technicalError(id)
}

// onDone ends a slot hold.
func (e *desEngine) onDone(ev des.Event) {
	a := e.atts[ev.Ref]
	e.freeAttempt(ev.Ref)
	now := e.env.Now()
	e.measure(&a, ev.Aux, now)
	if ev.Aux != holdDiscard {
		c := &e.cur
		e.inflight--
		c.admittedAnswered++
		c.authSum += (now - a.arrived).Seconds()
		c.forwarded++
		t := &e.txs[a.tx]
		switch {
		case ev.Aux == holdAnswered:
			e.approve(a.tx, false)
		case e.ctl.limit > 0 && t.amount <= e.ctl.limit:
			c.timeouts++
			c.standin++
			c.standinAmt += t.amount
			e.approve(a.tx, true)
		default:
			c.timeouts++
			e.dot(t, dotUnreachable)
			e.technicalError(a.tx)
		}
	}
	e.pool.Release()
}

// measure records a slot release of attempt a (outcome as in the done
// event's Aux) in e.meas.
func (e *desEngine) measure(a *attempt, outcome int64, now des.Time) {
	m := &e.meas
	held := (now - a.started).Seconds()
	m.departures++
	m.sojourn += (now - a.arrived).Seconds()
	if outcome == holdDiscard {
		m.discards++
		m.discardHeld += held
		return
	}
	m.liveHeld += held
	g := &m.issuer[0]
	if a.groupB {
		g = &m.issuer[1]
	}
	g.forwarded++
	waited := held - SwitchTime
	if outcome == holdTimedOut {
		g.timedOut++
		waited -= ReversalTime
	}
	g.waited += waited
}

func (e *desEngine) approve(id int32, standin bool) {
	t := &e.txs[id]
	c := &e.cur
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
		e.dot(t, dotStandin)
	} else {
		e.dot(t, dotApproved)
	}
	e.freeTxn(id)
}

// decline ends a transaction declined by the rule or by step-up.
func (e *desEngine) decline(id int32) {
	t := &e.txs[id]
	if !t.fraud {
		e.cur.finG++
		if !t.groupB {
			e.cur.finA++
		}
	}
	e.dot(t, dotDeclined)
	e.freeTxn(id)
}

// technicalError handles a shed, dropped or unreachable attempt: the
// merchant retries with probability RetryProb up to MaxRetries times,
// otherwise the transaction is lost.
func (e *desEngine) technicalError(id int32) {
	t := &e.txs[id]
	done := int(t.attempts) - 1 // retries used
	if done < MaxRetries && e.sRetry.Float64() < e.cfg.retryProb {
		e.waiting++
		if e.ctl.retry != RetryBackoff {
			e.next = append(e.next, *t)
			e.freeTxn(id)
			return
		}
		d := des.Seconds(-BackoffMeans[done] * math.Log(1-e.sRetry.Float64()))
		e.env.MustAfter(d, des.PriorityDefault, des.Event{Kind: e.kRetry, Ref: id})
		return
	}
	if !t.fraud {
		e.cur.finG++
		e.cur.goodLost++
		if !t.groupB {
			e.cur.finA++
		}
	}
	e.freeTxn(id)
}

// dot samples about one outcome per second of the minute for the picture,
// among attempts that arrived in the minute.
func (e *desEngine) dot(t *txn, outcome string) {
	now := e.env.Now()
	if now < e.dotNext || t.arrived < e.minStart || len(e.dots) == cap(e.dots) {
		return
	}
	e.dotNext = now + des.Second
	class := "genuine"
	if t.fraud {
		class = "fraud"
	}
	e.dots = append(e.dots, scenario.Dot{At: (t.arrived - e.minStart).Seconds(), Class: class, Outcome: outcome})
}

func (e *desEngine) newTxn() int32 {
	if e.txFree >= 0 {
		id := e.txFree
		e.txFree = e.txs[id].next
		e.txs[id] = txn{}
		return id
	}
	e.txs = append(e.txs, txn{})
	return int32(len(e.txs) - 1)
}

func (e *desEngine) freeTxn(id int32) {
	e.txs[id].next = e.txFree
	e.txFree = id
}

func (e *desEngine) newAttempt() int32 {
	if e.attFree >= 0 {
		id := e.attFree
		e.attFree = e.atts[id].next
		return id
	}
	e.atts = append(e.atts, attempt{})
	return int32(len(e.atts) - 1)
}

func (e *desEngine) freeAttempt(id int32) {
	e.atts[id].next = e.attFree
	e.attFree = id
}

// Picture shows the server rack (24 positions), the two issuer groups and
// about one sampled transaction per second of the last minute.
func (e *desEngine) Picture() scenario.Picture {
	rack := make([]string, MaxServers)
	for i := range rack {
		switch {
		case i < e.srv.inService:
			rack[i] = "in-service"
		case i < e.srv.inService+e.srv.booting():
			rack[i] = "booting"
		default:
			rack[i] = "empty"
		}
	}
	b := "normal"
	if e.groupBMean > 4*IssuerMean*(1+GroupBWobble) {
		b = "slow"
		if e.ctl.limit > 0 {
			b = "stand-in"
		}
	}
	dots := append([]scenario.Dot(nil), e.dots...)
	sort.SliceStable(dots, func(i, j int) bool { return dots[i].At < dots[j].At })
	busy := 0.0
	if len(e.rows) > 0 {
		busy = min(max(e.rows[len(e.rows)-1][ColBusySlots], 0), 1)
		if busy != busy {
			busy = 0
		}
	}
	return scenario.Picture{
		Groups: []scenario.Group{
			{Name: "servers", Items: rack},
			{Name: "issuers", Items: []string{"normal", b}, Label: []string{"A", "B"}},
		},
		Gauges: []scenario.Gauge{{Name: "busy slots", Value: busy}},
		Dots:   dots,
	}
}
