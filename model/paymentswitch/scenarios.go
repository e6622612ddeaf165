package paymentswitch

import (
	"fmt"

	"queuelab/model/scenario"
)

// Scenario names.
const (
	Normal       = "normal"
	SaleSurge    = "sale-surge"
	FraudWave    = "fraud-wave"
	IssuerOutage = "issuer-outage"
)

// EventMinute is when every crisis starts.
const EventMinute = 5

// Scenarios are the switch's four scenarios with the original's stories and
// goals. Every "mean" goal is the mean of the per-minute values of its
// indicator over the minutes from EventMinute to the end of the run
// (minutes with an undefined value are skipped); cost and risk goals are the
// totals at the end of the run.
var Scenarios = []scenario.Scenario{
	{
		Name: Normal, Title: "A normal day", Minutes: 60,
		Story: "About 400 transactions per second, 6 servers sized for about 70 % busy slots, a 3σ fraud threshold, " +
			"issuers answering in 250 ms on average. Nothing goes wrong: this is the baseline the original's indicators show.",
		Lesson: "Little's law at work: 400 tx/s × 0.33 s holding time = 132 busy slots of 192 (69 %); " +
			"the 3σ threshold declines 1.3 ‰ of good customers and stops 31 % of fraud (the ROC trade-off at d′ = 2.5).",
	},
	{
		Name: SaleSurge, Title: "Level 1 · Sale surge", Minutes: 60,
		Story: "At minute 5 a big online sale opens and doubles traffic to about 800 tx/s for 45 minutes. 6 servers, sized for about " +
			"70 % busy on a normal day. Merchants retry every technical error immediately. Keep good customers approved and answers " +
			"fast without buying capacity you don't need.",
		Lesson: "Past capacity a queue does not degrade gracefully: clients give up at the 2 s queue timeout while the switch still spends " +
			"work on their requests, so goodput falls as load rises, and immediate retries turn every failure into more load — a retry " +
			"storm that keeps the switch locked even after servers are added. Load shedding answers the excess at once (cheaply), " +
			"backoff spreads the retries, and servers ordered early (they boot for 5 minutes) carry the sale; give them back when it ends.",
		Goals: []scenario.Goal{
			{Name: "mean good-customer approval from the sale on", Op: ">=", Target: 0.95, Unit: "%", Indicator: GoodApproval, Reduce: scenario.MeanOver, From: EventMinute},
			{Name: "mean authorization time from the sale on", Op: "<=", Target: 500, Unit: "ms", Indicator: AuthTime, Reduce: scenario.MeanOver, From: EventMinute},
			{Name: "server cost", Op: "<=", Target: 75, Unit: "u", Indicator: CostSoFar},
		},
	},
	{
		Name: FraudWave, Title: "Level 2 · Fraud wave", Minutes: 60,
		Story: "At minute 5 a batch of stolen card data comes into use: the fraud share of traffic jumps from 0.1 % to 1 %. The threshold " +
			"is set for normal days (3σ); step-up is off. Lower the fraud rate without turning away good customers.",
		Lesson: "The right threshold depends on the base rate: ten times more fraud moves the cost-optimal threshold down by " +
			"ln 10 / d′ ≈ 0.9σ, but lowering the threshold alone declines many good customers (18 ‰ at 2.1σ). A step-up band asks the " +
			"doubtful middle for extra verification instead: 85 % of good customers pass it, 5 % of fraudsters do.",
		Goals: []scenario.Goal{
			{Name: "mean fraud rate from the wave on", Op: "<=", Target: 25, Unit: "bp", Indicator: FraudBP, Reduce: scenario.MeanOver, From: EventMinute},
			{Name: "mean good-customer approval from the wave on", Op: ">=", Target: 0.98, Unit: "%", Indicator: GoodApproval, Reduce: scenario.MeanOver, From: EventMinute},
			{Name: "mean good customers declined by the rule from the wave on", Op: "<=", Target: 0.005, Unit: "‰", Indicator: GoodDeclined, Reduce: scenario.MeanOver, From: EventMinute},
		},
	},
	{
		Name: IssuerOutage, Title: "Level 3 · Issuer outage", Minutes: 60,
		Story: "At minute 5 the issuers of group B — a quarter of all traffic — slow to a mean response time of 12 s. The switch waits " +
			"up to 8 s, has no stand-in, runs 6 servers. Keep customers of healthy issuers flowing, serve group B as far as is safe, " +
			"keep stand-in risk and cost in check.",
		Lesson: "Little's law: busy slots = arrival rate × holding time, so one slow issuer holding slots for 8 s fills every slot and " +
			"starves the healthy issuers too. A short issuer timeout caps the holding time; stand-in with a modest limit approves the " +
			"small amounts of the slow issuer's customers at a risk the issuer never checked; a couple of servers absorb the rest.",
		Goals: []scenario.Goal{
			{Name: "mean approval for healthy-issuer customers from the outage on", Op: ">=", Target: 0.90, Unit: "%", Indicator: HealthyApproval, Reduce: scenario.MeanOver, From: EventMinute},
			{Name: "mean good-customer approval from the outage on", Op: ">=", Target: 0.86, Unit: "%", Indicator: GoodApproval, Reduce: scenario.MeanOver, From: EventMinute},
			{Name: "stand-in risk", Op: "<=", Target: 9, Unit: "M u", Indicator: StandinRisk},
			{Name: "server cost", Op: "<=", Target: 65, Unit: "u", Indicator: CostSoFar},
		},
	},
}

// config is everything an engine needs to start: the scenario's timeline
// and the initial controls. Tests change fields to build open-load
// experiments.
type config struct {
	sc         scenario.Scenario
	baseRate   float64
	surgeAt    int     // minute the surge level changes (−1: never)
	surgeEnd   int     // minute it returns to 1
	surgeLevel float64 // level between surgeAt and surgeEnd
	fraudAt    int
	fraudShare float64 // share from fraudAt on
	outageAt   int
	outageMean float64 // group B mean latency (s) from outageAt on
	retryProb  float64
	wobble     bool    // per-minute arrival and group B wobble on
	omega      float64 // share of a holding time spent on an abandoned request (Omega)
	ctl        controls
}

func defaultConfig(sc scenario.Scenario) config {
	c := config{
		sc: sc, baseRate: BaseRate, surgeAt: -1, fraudAt: -1, outageAt: -1,
		retryProb: RetryProb, wobble: true, omega: Omega,
		ctl: controls{servers: DefaultServers, threshold: DefaultThreshold, timeout: DefaultIssuerTimeout, backlog: BacklogPerSlot},
	}
	switch sc.Name {
	case SaleSurge:
		c.surgeAt, c.surgeEnd, c.surgeLevel = EventMinute, EventMinute+45, 2
	case FraudWave:
		c.fraudAt, c.fraudShare = EventMinute, 0.01
	case IssuerOutage:
		c.outageAt, c.outageMean = EventMinute, 12
	}
	return c
}

// surge returns the traffic multiplier of minute m: the target level
// steps at surgeAt and back at surgeEnd, and traffic follows each step
// linearly over SurgeLagMinutes minutes; the value is the average of that
// ramp over the minute (1.25, 1.75, 2 for a doubling).
func (c *config) surge(m int) float64 {
	if c.surgeAt < 0 {
		return 1
	}
	ramp := func(start int) float64 { // share of the step reached, averaged over minute m
		d := float64(m - start)
		switch {
		case d < 0:
			return 0
		case d >= SurgeLagMinutes:
			return 1
		}
		return (d + 0.5) / SurgeLagMinutes
	}
	return 1 + (c.surgeLevel-1)*(ramp(c.surgeAt)-ramp(c.surgeEnd))
}

func (c *config) fraudShareAt(m int) float64 {
	if c.fraudAt >= 0 && m >= c.fraudAt {
		return c.fraudShare
	}
	return BaseFraudShare
}

func (c *config) groupBMeanAt(m int) float64 {
	if c.outageAt >= 0 && m >= c.outageAt {
		return c.outageMean
	}
	return IssuerMean
}

// events returns the scenario events of the minutes before minute (the
// sale opening and closing, the fraud wave, the outage), for charts.
func (c *config) events(minute int) []scenario.Mark {
	var out []scenario.Mark
	add := func(at int, label string) {
		if at >= 0 && at < minute {
			out = append(out, scenario.Mark{Minute: at, Label: label})
		}
	}
	add(c.surgeAt, fmt.Sprintf("sale opens: traffic ×%g", c.surgeLevel))
	if c.surgeAt >= 0 {
		add(c.surgeEnd, "sale ends")
	}
	add(c.fraudAt, fmt.Sprintf("fraud wave: %g %% of traffic", 100*c.fraudShare))
	add(c.outageAt, fmt.Sprintf("issuer group B slows to %g s", c.outageMean))
	return out
}
