package paymentswitch

import (
	"math"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/model/scenario"
)

// Traffic classes of the formula twin's flows.
const (
	clsGenuineA = iota
	clsGenuineB
	clsFraudA
	clsFraudB
	numClasses
)

func clsFraud(c int) bool  { return c >= clsFraudA }
func clsGroupB(c int) bool { return c == clsGenuineB || c == clsFraudB }

// formulaEngine is the original's per-minute model: per-minute counts,
// ROC shares, Erlang C or the overload goodput for the slot pool,
// E[min(L, T)] holding times, lognormal stand-in shares and retries as
// per-minute flows by attempt number.
type formulaEngine struct {
	cfg    config
	ctl    controls
	srv    servers
	rows   []scenario.Row // every minute so far, for the goals
	minute int

	sArrive, sWobble *des.Stream

	// future[m][class][k−1] are the retries k (1..3) of each class due in
	// minute m.
	future [][numClasses][MaxRetries]flow
	cur    counts
	tot    counts
	bSum   float64
}

func newFormula(cfg config, seed uint64, gen des.Generator) *formulaEngine {
	ss := des.Streams{Seed: seed, Gen: gen}
	e := &formulaEngine{cfg: cfg, ctl: cfg.ctl,
		sArrive: ss.Stream("arrivals"), sWobble: ss.Stream("wobble")}
	e.srv = newServers(cfg.ctl.servers)
	return e
}

func (e *formulaEngine) Columns() []scenario.Column { return Columns() }
func (e *formulaEngine) Minute() int                { return e.minute }

// Apply changes a control before the next minute.
func (e *formulaEngine) Apply(a scenario.Action) error {
	_, err := e.ctl.apply(a, e.srv, e.minute)
	return err
}

// flow is a number of attempts of one class and attempt number. A
// transaction whose issuer timed out with an amount above the stand-in
// limit keeps that amount on its retries; the twin keeps such attempts
// apart (above, with Σ n·limit in aboveL, the limits they failed at) so a
// retry is not given a fresh chance of a small amount.
type flow struct {
	free, above, aboveL float64
}

func (f flow) total() float64 { return f.free + f.above }

func (f *flow) addScaled(g flow, p float64) {
	f.free += p * g.free
	f.above += p * g.above
	f.aboveL += p * g.aboveL
}

func (e *formulaEngine) due(m int) *[numClasses][MaxRetries]flow {
	for len(e.future) <= m {
		e.future = append(e.future, [numClasses][MaxRetries]flow{})
	}
	return &e.future[m]
}

// Step computes the next minute: the new attempts and the due retries
// (attempts), the connection slots (slotsMinute), then the issuers'
// answers and the retries they cause (outcomes).
func (e *formulaEngine) Step() scenario.Row {
	m := e.minute
	e.srv.tick(m)
	rate, bMean := minuteParams(&e.cfg, e.sWobble, m)
	e.bSum += bMean
	c := counts{seconds: 60}
	x := e.attempts(m, rate, &c)
	servedFrac := e.slotsMinute(&x, bMean, &c)
	e.outcomes(&x, servedFrac, bMean, m, &c)
	e.cur = c
	e.tot.add(&c)
	r := row(&c, state{srv: e.srv, cum: &e.tot, waiting: e.waitingFrom(m + 1), groupBMean: bMean})
	e.rows = append(e.rows, r)
	e.minute++
	return r
}

// attempts counts minute m's new transactions — the original's
// per-minute count N(60λ, √(60λ)), the wobble being in rate — and what
// the fraud rule does to them (binormal ROC with the step-up band), and
// returns the attempts reaching admission this minute, by class and
// attempt number (0 = first attempt, k = retry k).
func (e *formulaEngine) attempts(m int, rate float64, c *counts) [numClasses][MaxRetries + 1]flow {
	n := max(0, 60*rate+math.Sqrt(60*rate)*des.Normal{Mu: 0, Sigma: 1}.Rand(e.sArrive))
	pi := e.cfg.fraudShareAt(m)
	gen, fr := analytic.Binormal{DPrime: DPrime}.StepUp(e.ctl.threshold, e.ctl.band, GenuinePass, FraudPass)
	c.newTx = n
	c.newG, c.newF = n*(1-pi), n*pi
	c.newGDeclined = c.newG * gen.Declined
	c.newFStopped = c.newF * (1 - fr.Approved)
	c.stepUp = c.newG*gen.Challenged + c.newF*fr.Challenged

	var x [numClasses][MaxRetries + 1]flow
	newCls := [numClasses]float64{
		c.newG * (1 - GroupBShare), c.newG * GroupBShare, c.newF * (1 - GroupBShare), c.newF * GroupBShare}
	for cl := range numClasses {
		app := gen.Approved
		if clsFraud(cl) {
			app = fr.Approved
		}
		x[cl][0] = flow{free: newCls[cl] * app}
		if !clsFraud(cl) { // declined genuine customers finish now
			c.finG += newCls[cl] * (1 - app)
			if !clsGroupB(cl) {
				c.finA += newCls[cl] * (1 - app)
			}
		}
	}
	d := e.due(m)
	for cl := range numClasses {
		for k := 1; k <= MaxRetries; k++ {
			x[cl][k] = d[cl][k-1]
			c.retries += x[cl][k].total()
		}
	}
	c.offered = n + c.retries
	return x
}

// slotsMinute is the connection slots over the minute: the holding time
// S of the minute's issuer mix, admission (shedding), and queueing —
// Erlang C below capacity N/S, the overload goodput at or above it. It
// fills c's admission, queue and busy-slot counts and returns the share
// of the attempts that got a slot in time.
func (e *formulaEngine) slotsMinute(x *[numClasses][MaxRetries + 1]flow, bMean float64, c *counts) float64 {
	var total, totalB float64
	for cl := range numClasses {
		for k := range x[cl] {
			total += x[cl][k].total()
			if clsGroupB(cl) {
				totalB += x[cl][k].total()
			}
		}
	}
	lambda := total / 60
	shareB := 0.0
	if total > 0 {
		shareB = totalB / total
	}
	T := e.ctl.timeout
	S := analytic.HoldingTimeWithReversal(SwitchTime, ReversalTime, T, []analytic.IssuerGroup{
		{Share: 1 - shareB, MeanLatency: IssuerMean}, {Share: shareB, MeanLatency: bMean}})
	slots := e.srv.inService() * SlotsPerServer
	capacity := float64(slots) / S

	// Admission (shedding), queueing (Erlang C below capacity, the overload
	// goodput at or above it).
	admitted := lambda
	if e.ctl.shedding {
		admitted = analytic.SheddingAdmitRate(lambda, capacity, ShedFraction)
	}
	var served, auth float64
	if admitted < capacity {
		a := admitted * S
		C := analytic.ErlangC(slots, a)
		pDrop := C * math.Exp(-(capacity-admitted)*QueueTimeout)
		wait := min(C/(capacity-admitted), QueueTimeout)
		served = admitted * (1 - pDrop)
		auth = (1-pDrop)*(S+wait) + pDrop*QueueTimeout
	} else {
		served = analytic.Goodput(admitted, capacity, Omega)
		pDrop := 1 - served/admitted
		auth = (1-pDrop)*(QueueTimeout+S) + pDrop*QueueTimeout
	}
	dropped := admitted - served
	c.shed = (lambda - admitted) * 60
	c.admittedAnswered = admitted * 60
	c.dropped = dropped * 60
	c.authSum = c.admittedAnswered * auth
	c.forwarded = served * 60
	busy := 0.0
	if slots > 0 {
		busy = min(1, (served*S+dropped*Omega*S)/float64(slots))
	}
	c.busyArea = busy * float64(slots) * 60
	c.slotArea = float64(slots) * 60
	servedFrac := 0.0
	if lambda > 0 {
		servedFrac = served / lambda
	}

	return servedFrac
}

// outcomes are the issuers' answers to the attempts that got a slot —
// timeouts, stand-in up to the limit (amounts lognormal; an attempt that
// already failed above a limit keeps that knowledge), approvals — and the
// technical errors, which retry (scheduleRetries) or are lost.
func (e *formulaEngine) outcomes(x *[numClasses][MaxRetries + 1]flow, servedFrac, bMean float64, m int, c *counts) {
	T := e.ctl.timeout
	amtG := analytic.LognormalFromMedian(AmountMedian, AmountSigma)
	amtF := amtG.Scaled(FraudAmountScale)
	for cl := range numClasses {
		amt := amtG
		if clsFraud(cl) {
			amt = amtF
		}
		pTO := analytic.TimeoutProb(IssuerMean, T)
		if clsGroupB(cl) {
			pTO = analytic.TimeoutProb(bMean, T)
		}
		L := e.ctl.limit
		for k := range x[cl] {
			f := x[cl][k]
			// Free attempts: amount ~ the class's lognormal; stand-in if ≤ L.
			q, vol := 0.0, 0.0
			if L > 0 {
				q, vol = amt.CDF(L), amt.PartialExpectation(L)
			}
			// Attempts known to be above Lf (the mean limit they failed at):
			// stand-in if Lf < amount ≤ L.
			qa, vola, meanA := 0.0, 0.0, amt.Mean()
			if f.above > 0 {
				Lf := f.aboveL / f.above
				tail := 1 - amt.CDF(Lf)
				if tail > 0 {
					meanA = (amt.Mean() - amt.PartialExpectation(Lf)) / tail
					if L > Lf {
						qa = (amt.CDF(L) - amt.CDF(Lf)) / tail
						vola = (amt.PartialExpectation(L) - amt.PartialExpectation(Lf)) / tail
					}
				}
			}
			svF, svA := f.free*servedFrac, f.above*servedFrac
			c.timeouts += (svF + svA) * pTO
			si := svF*pTO*q + svA*pTO*qa
			c.standin += si
			siAmt := svF*pTO*vol + svA*pTO*vola
			c.standinAmt += siAmt
			ok := (svF+svA)*(1-pTO) + si
			amount := (svF*amt.Mean()+svA*meanA)*(1-pTO) + siAmt
			c.approvedAmt += amount
			// Technical errors: shed or dropped (amount unchanged), or
			// timed out above the limit (now known to be above L).
			var fail flow
			fail.free = f.free * (1 - servedFrac)
			fail.above = f.above*(1-servedFrac) + svA*pTO*(1-qa)
			fail.aboveL = f.aboveL * (1 - servedFrac)
			if f.above > 0 {
				fail.aboveL += svA * pTO * (1 - qa) * max(L, f.aboveL/f.above)
			}
			fail.above += svF * pTO * (1 - q)
			fail.aboveL += svF * pTO * (1 - q) * L
			lost := fail.total()
			if k < MaxRetries {
				lost *= 1 - e.cfg.retryProb
				e.scheduleRetries(cl, k+1, fail, e.cfg.retryProb, m)
			}
			if clsFraud(cl) {
				c.fraudAmt += amount
				continue
			}
			c.finG += ok + lost
			c.finGApproved += ok
			c.goodLost += lost
			if !clsGroupB(cl) {
				c.finA += ok + lost
				c.finAApproved += ok
			}
		}
	}
}

// scheduleRetries spreads n retries number k (1..3) of class cl, failed in
// minute m, over the coming minutes: immediate = all in minute m+1;
// backoff = a delay Exp(mean BackoffMeans[k−1]) from a failure uniform in
// the minute, which lands j minutes later with probability
//
//	P₀ = 1 − μ(1 − e^{−1/μ}),  P_j = μ(e^{1/μ} − 1)(1 − e^{−1/μ})e^{−j/μ}  (j ≥ 1, μ in minutes).
//
// A per-minute model cannot retry within the minute, so P₀ moves to m+1.
func (e *formulaEngine) scheduleRetries(cl, k int, n flow, p float64, m int) {
	if n.total() <= 0 {
		return
	}
	if e.ctl.retry != RetryBackoff {
		e.due(m + 1)[cl][k-1].addScaled(n, p)
		return
	}
	mu := BackoffMeans[k-1] / 60
	p0 := 1 - mu*(-math.Expm1(-1/mu))
	e.due(m + 1)[cl][k-1].addScaled(n, p*p0)
	coef := mu * math.Expm1(1/mu) * (-math.Expm1(-1 / mu))
	for j := 1; ; j++ {
		pj := coef * math.Exp(-float64(j)/mu)
		e.due(m + j)[cl][k-1].addScaled(n, p*pj)
		if pj < 1e-9 { // the rest of the tail is below 1e-9·μ of the flow
			break
		}
	}
}

func (e *formulaEngine) Totals() scenario.Row {
	return row(&e.tot, state{srv: e.srv, cum: &e.tot, waiting: e.waitingFrom(e.minute), groupBMean: e.bSum / float64(max(e.minute, 1))})
}

// waitingFrom returns the retries due from minute from on.
func (e *formulaEngine) waitingFrom(from int) float64 {
	w := 0.0
	for j := from; j < len(e.future); j++ {
		for cl := range numClasses {
			for k := range MaxRetries {
				w += e.future[j][cl][k].total()
			}
		}
	}
	return w
}

func (e *formulaEngine) Goals() []scenario.Goal {
	return scenario.Evaluate(e.cfg.sc.Goals, Columns(), e.rows, e.Totals())
}

// Events implements scenario.Evented.
func (e *formulaEngine) Events() []scenario.Mark { return e.cfg.events(e.minute) }
