package paymentswitch

import "queuelab/model/scenario"

// Column indices of every Row both engines produce.
const (
	ColGoodApproval = iota
	ColAuthTime
	ColFraudBP
	ColBusySlots
	ColHealthyApproval
	ColGoodDeclined
	ColStepUpShare
	ColFraudStopped
	ColNewTPS
	ColOfferedTPS
	ColRetryTPS
	ColShedTPS
	ColDroppedInQueue
	ColIssuerTimeouts
	ColStandinTPS
	ColServersInService
	ColServersBooting
	ColCostRate
	ColCostSoFar
	ColStandinRisk
	ColFraudApproved
	ColGoodLost
	ColWaitingRetry
	ColGroupBLatency
	numCols
)

// The switch's indicators: the keys of its columns, for goals, validate
// and the command line.
const (
	GoodApproval     scenario.Indicator = "good_approval"
	AuthTime         scenario.Indicator = "auth_ms"
	FraudBP          scenario.Indicator = "fraud_bp"
	BusySlots        scenario.Indicator = "busy_slots"
	HealthyApproval  scenario.Indicator = "healthy_approval"
	GoodDeclined     scenario.Indicator = "good_declined_rule"
	StepUpShare      scenario.Indicator = "stepup_share"
	FraudStopped     scenario.Indicator = "fraud_stopped"
	NewTPS           scenario.Indicator = "new_tps"
	OfferedTPS       scenario.Indicator = "offered_tps"
	RetryTPS         scenario.Indicator = "retry_tps"
	ShedTPS          scenario.Indicator = "shed_tps"
	DroppedInQueue   scenario.Indicator = "dropped_queue"
	IssuerTimeouts   scenario.Indicator = "issuer_timeouts"
	StandinTPS       scenario.Indicator = "standin_tps"
	ServersInService scenario.Indicator = "servers"
	ServersBooting   scenario.Indicator = "booting"
	CostRate         scenario.Indicator = "cost_rate"
	CostSoFar        scenario.Indicator = "cost"
	StandinRisk      scenario.Indicator = "standin_risk"
	FraudApproved    scenario.Indicator = "fraud_approved"
	GoodLost         scenario.Indicator = "good_lost"
	WaitingRetry     scenario.Indicator = "waiting_retry"
	GroupBLatency    scenario.Indicator = "groupb_ms"
)

// Status thresholds of the headline indicators.
var (
	// Good-customer approval: warning below 99 %, critical below 95 % (the
	// sale-surge goal).
	GoodApprovalStatus = scenario.Thresholds{Warning: 0.99, Critical: 0.95, HigherIsBetter: true}
	// Authorization time: warning above 500 ms (the sale-surge goal),
	// critical above 1500 ms.
	AuthTimeStatus = scenario.Thresholds{Warning: 500, Critical: 1500}
	// Fraud rate: warning above 13 bp (the original's reference scale for
	// small card-not-present payments), critical above 25 bp (the
	// fraud-wave goal).
	FraudBPStatus = scenario.Thresholds{Warning: 13, Critical: 25}
	// Busy connection slots: warning above 80 % (waits start to grow:
	// Erlang C at 192 slots), critical above 95 % (saturation).
	BusySlotsStatus = scenario.Thresholds{Warning: 0.80, Critical: 0.95}
)

// Columns describes every indicator of a Row. "%" and "‰" values are
// fractions. Per-minute rows count events of that minute; Totals count them
// over the whole run (rates pooled over all events, not averaged over
// minutes); state columns (servers, cost rate, waiting) are the value at
// the end of the minute (Totals: at the end of the run), and the "so far"
// columns are cumulative.
func Columns() []scenario.Column {
	cols := make([]scenario.Column, numCols)
	set := func(i int, key scenario.Indicator, label, unit string, digits int, head bool, st *scenario.Thresholds, doc string) {
		cols[i] = scenario.Column{Key: string(key), Label: label, Unit: unit, Digits: digits, Headline: head, Status: st, Doc: doc}
	}
	set(ColGoodApproval, GoodApproval, "good approval", "%", 1, true, &GoodApprovalStatus,
		"Per transaction, final outcome: of the genuine transactions whose final outcome became known in the minute, the share approved "+
			"(by the issuer or by stand-in, on any attempt). Not approved: declined by the rule, failed step-up, or given up after technical "+
			"errors (the merchant did not retry, p = 0.05, or 3 retries were used up). Status: warning < 99 %, critical < 95 %.")
	set(ColAuthTime, AuthTime, "auth time", "ms", 0, true, &AuthTimeStatus,
		"Per attempt: mean time from an attempt's arrival to its answer, over the attempts answered in the minute that were admitted to the "+
			"switch queue (answered by the issuer, by stand-in, \"issuer unreachable\" after the reversal, or \"dropped in queue\" at the 2 s "+
			"queue timeout). Rule declines, shed attempts and attempts refused because the switch's backlog was full (all answered at once, "+
			"without entering the queue) are not included. "+
			"Status: warning > 500 ms, critical > 1500 ms.")
	set(ColFraudBP, FraudBP, "fraud", "bp", 1, true, &FraudBPStatus,
		"Fraud amount approved in the minute as basis points of all amount approved in the minute (per approved transaction, issuer and "+
			"stand-in approvals). Status: warning > 13 bp, critical > 25 bp.")
	set(ColBusySlots, BusySlots, "busy slots", "%", 0, true, &BusySlotsStatus,
		"Time average over the minute of busy connection slots (serving a live attempt, a reversal, or discarding an abandoned request) "+
			"divided by the time average of slots in service. Can exceed 100 % briefly while removed servers drain. "+
			"Status: warning > 80 %, critical > 95 %.")
	set(ColHealthyApproval, HealthyApproval, "healthy-issuer approval", "%", 1, false, nil,
		"As good approval, restricted to genuine transactions of issuer group A (the 75 % whose issuers stay healthy in every scenario).")
	set(ColGoodDeclined, GoodDeclined, "good declined by rule", "‰", 2, false, nil,
		"Per new transaction: of the genuine transactions arriving in the minute (first attempts), the share whose score was ≥ t and that "+
			"were declined by the fraud rule. Step-up failures are not counted here (they lower good approval).")
	set(ColStepUpShare, StepUpShare, "sent to step-up", "%", 1, false, nil,
		"Per new transaction: share of the transactions arriving in the minute whose score fell in the step-up band [t − b, t).")
	set(ColFraudStopped, FraudStopped, "fraud stopped", "%", 0, false, nil,
		"Per new transaction: share of the fraudulent transactions arriving in the minute that the rule stopped (declined, or failed step-up).")
	set(ColNewTPS, NewTPS, "new", "tx/s", 0, false, nil, "New transactions (first attempts) arriving in the minute, per second.")
	set(ColOfferedTPS, OfferedTPS, "offered", "tx/s", 0, false, nil, "Attempts arriving in the minute (new + retries), per second.")
	set(ColRetryTPS, RetryTPS, "retries", "tx/s", 0, false, nil, "Retry attempts arriving in the minute, per second.")
	set(ColShedTPS, ShedTPS, "shed", "tx/s", 0, false, nil,
		"Attempts answered \"try again later\" by load shedding in the minute, per second.")
	set(ColDroppedInQueue, DroppedInQueue, "dropped in queue", "%", 1, false, nil,
		"Per attempt: of the attempts that passed the rule and shedding and were answered in the minute, the share answered \"dropped "+
			"in queue\": they waited 2 s without a slot, or found the switch's backlog full (control backlog) and were refused at once.")
	set(ColIssuerTimeouts, IssuerTimeouts, "issuer timeouts", "%", 1, false, nil,
		"Per attempt: of the attempts forwarded to an issuer and answered in the minute, the share whose issuer did not answer within the "+
			"issuer timeout T (then reversal, stand-in or \"issuer unreachable\").")
	set(ColStandinTPS, StandinTPS, "stand-in approvals", "tx/s", 1, false, nil, "Stand-in approvals in the minute, per second.")
	set(ColServersInService, ServersInService, "servers in service", "", 0, false, nil, "Servers in service at the end of the minute.")
	set(ColServersBooting, ServersBooting, "servers booting", "", 0, false, nil, "Servers booting at the end of the minute.")
	set(ColCostRate, CostRate, "cost rate", "u/h", 0, false, nil,
		"Billed servers (in service + booting) × 6 u/h at the end of the minute.")
	set(ColCostSoFar, CostSoFar, "server cost", "u", 1, false, nil,
		"Server cost since the start: each server is billed 6 u/h from the minute it is ordered until the minute it is removed.")
	set(ColStandinRisk, StandinRisk, "stand-in risk", "M u", 2, false, nil,
		"Amount approved by stand-in since the start, in millions of u.")
	set(ColFraudApproved, FraudApproved, "fraud approved", "M u", 2, false, nil,
		"Fraud amount approved (issuer and stand-in) since the start, in millions of u.")
	set(ColGoodLost, GoodLost, "good tx lost", "k tx", 1, false, nil,
		"Genuine transactions given up after technical errors since the start (not declined by the rule), in thousands.")
	set(ColWaitingRetry, WaitingRetry, "waiting to retry", "tx", 0, false, nil,
		"Transactions whose merchant will retry, at the end of the minute.")
	set(ColGroupBLatency, GroupBLatency, "group B latency", "ms", 0, false, nil,
		"Mean issuer latency of group B in the minute (the parameter of its exponential latency, including the ±15 % per-minute wobble). "+
			"Totals: the mean over the minutes.")
	return cols
}

// counts are the events of a window (a minute or the whole run) from
// which a Row is computed. The des engine counts entities; the formula
// engine fills in expected flows. Both use the same definitions.
type counts struct {
	seconds float64 // length of the window

	newTx, newG, newF   float64 // new transactions (first attempts), genuine, fraud
	newGDeclined        float64 // genuine with score ≥ t
	newFStopped         float64 // fraud declined or failed step-up
	stepUp              float64 // new transactions sent to step-up
	offered, retries    float64 // attempts, retry attempts
	shed                float64 // attempts shed
	admittedAnswered    float64 // attempts admitted to the queue and answered
	dropped             float64 // of those, dropped in queue
	backlogFull         float64 // of those dropped, refused at once because the backlog was full
	authSum             float64 // Σ authorization time (s) of admittedAnswered − backlogFull
	forwarded, timeouts float64 // attempts answered after an issuer slot; of those, issuer timeouts
	standin, standinAmt float64 // stand-in approvals and their amount
	approvedAmt         float64 // amount approved
	fraudAmt            float64 // fraud amount approved
	finG, finGApproved  float64 // genuine transactions finished; approved
	finA, finAApproved  float64 // genuine group A transactions finished; approved
	goodLost            float64 // genuine transactions given up after technical errors
	busyArea, slotArea  float64 // ∫ busy slots dt, ∫ slots in service dt (slot·s)
}

func (c *counts) add(d *counts) {
	c.seconds += d.seconds
	c.newTx += d.newTx
	c.newG += d.newG
	c.newF += d.newF
	c.newGDeclined += d.newGDeclined
	c.newFStopped += d.newFStopped
	c.stepUp += d.stepUp
	c.offered += d.offered
	c.retries += d.retries
	c.shed += d.shed
	c.admittedAnswered += d.admittedAnswered
	c.dropped += d.dropped
	c.backlogFull += d.backlogFull
	c.authSum += d.authSum
	c.forwarded += d.forwarded
	c.timeouts += d.timeouts
	c.standin += d.standin
	c.standinAmt += d.standinAmt
	c.approvedAmt += d.approvedAmt
	c.fraudAmt += d.fraudAmt
	c.finG += d.finG
	c.finGApproved += d.finGApproved
	c.finA += d.finA
	c.finAApproved += d.finAApproved
	c.goodLost += d.goodLost
	c.busyArea += d.busyArea
	c.slotArea += d.slotArea
}

// state is what a row shows besides the window's counts.
type state struct {
	srv        servers
	cum        *counts // the whole run so far
	waiting    float64 // transactions waiting to retry
	groupBMean float64 // s
}

// row computes a Row from the window c.
func row(c *counts, st state) scenario.Row {
	r := make(scenario.Row, numCols)
	r[ColGoodApproval] = scenario.Ratio(c.finGApproved, c.finG)
	r[ColAuthTime] = 1000 * scenario.Ratio(c.authSum, c.admittedAnswered-c.backlogFull)
	r[ColFraudBP] = 1e4 * scenario.Ratio(c.fraudAmt, c.approvedAmt)
	r[ColBusySlots] = scenario.Ratio(c.busyArea, c.slotArea)
	r[ColHealthyApproval] = scenario.Ratio(c.finAApproved, c.finA)
	r[ColGoodDeclined] = scenario.Ratio(c.newGDeclined, c.newG)
	r[ColStepUpShare] = scenario.Ratio(c.stepUp, c.newTx)
	r[ColFraudStopped] = scenario.Ratio(c.newFStopped, c.newF)
	r[ColNewTPS] = scenario.Ratio(c.newTx, c.seconds)
	r[ColOfferedTPS] = scenario.Ratio(c.offered, c.seconds)
	r[ColRetryTPS] = scenario.Ratio(c.retries, c.seconds)
	r[ColShedTPS] = scenario.Ratio(c.shed, c.seconds)
	r[ColDroppedInQueue] = scenario.Ratio(c.dropped, c.admittedAnswered)
	r[ColIssuerTimeouts] = scenario.Ratio(c.timeouts, c.forwarded)
	r[ColStandinTPS] = scenario.Ratio(c.standin, c.seconds)
	r[ColServersInService] = float64(st.srv.inService())
	r[ColServersBooting] = float64(st.srv.booting())
	r[ColCostRate] = float64(st.srv.inService()+st.srv.booting()) * PricePerHour
	r[ColCostSoFar] = st.srv.cost()
	r[ColStandinRisk] = st.cum.standinAmt / 1e6
	r[ColFraudApproved] = st.cum.fraudAmt / 1e6
	r[ColGoodLost] = st.cum.goodLost / 1e3
	r[ColWaitingRetry] = st.waiting
	r[ColGroupBLatency] = 1000 * st.groupBMean
	return r
}
