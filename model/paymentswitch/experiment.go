package paymentswitch

import (
	"fmt"
	"math"

	"queuelab/des"
	"queuelab/model/scenario"
)

// Stations returns the cumulative measurements of the des engine's one
// station, the slot pool: every admitted request, live or abandoned,
// from its admission to the release of its slot (abandoned requests stay
// queued and count). It is exported through the engine returned by
// New(scenario.DES, …), which implements scenario.Stationed.
func (e *desEngine) Stations() []scenario.StationStats {
	now := e.env.Now()
	t := &e.slots.st.Stats.Total
	return []scenario.StationStats{{
		Name: "slot pool", Time: now.Seconds(), Area: t.InSystem.Area(now),
		Arrivals: float64(t.Arrivals), Departures: float64(t.Departures + t.Discards), Sojourn: t.Sojourn.Sum() + t.Discarded.Sum(),
	}}
}

// OpenLoadConfig is an open-load experiment on the des engine: new
// attempts arrive as a Poisson process of constant rate, and nothing else
// of the scenarios happens — no per-minute wobble, no retries (every
// technical error is final), no fraud-rule declines (threshold +∞), no
// surge or outage. It isolates the slot pool, the queue timeout and the
// issuer timeout so that their formulas can be checked.
type OpenLoadConfig struct {
	Rate     float64 // attempts per second (> 0)
	Servers  int     // servers in service, MinServers…MaxServers (32 slots each)
	Shedding bool    // load shedding on
	// IssuerTimeout is T in s (0: DefaultIssuerTimeout).
	IssuerTimeout float64
	// GroupBMean is the mean latency of group B's issuers in s (0:
	// IssuerMean); group A's is always IssuerMean. Group B carries
	// GroupBShare of the attempts.
	GroupBMean float64
	// WarmupMinutes are simulated and discarded; Minutes are measured, one
	// OpenLoadMinute each (≥ 1).
	WarmupMinutes, Minutes int
	Seed                   uint64
	// Gen is the generator of the engine's streams (the zero value is
	// des.Mulberry32, the scenarios').
	Gen des.Generator
	// Omega, if > 0, replaces the model's Omega — the share of a holding
	// time spent on a request whose client gave up. Only for experiments
	// that show a check can see a wrong ω; 0 keeps the model's.
	Omega float64
}

// Validate reports the first invalid field.
func (c OpenLoadConfig) Validate() error {
	switch {
	case !(c.Rate > 0) || math.IsInf(c.Rate, 0):
		return fmt.Errorf("paymentswitch: OpenLoad rate %v: must be a finite number > 0", c.Rate)
	case c.Servers < MinServers || c.Servers > MaxServers:
		return fmt.Errorf("paymentswitch: OpenLoad servers %d: must be %d…%d", c.Servers, MinServers, MaxServers)
	case !(c.IssuerTimeout >= 0) || math.IsInf(c.IssuerTimeout, 0):
		return fmt.Errorf("paymentswitch: OpenLoad issuer timeout %v s: must be ≥ 0 (0: default)", c.IssuerTimeout)
	case !(c.GroupBMean >= 0) || math.IsInf(c.GroupBMean, 0):
		return fmt.Errorf("paymentswitch: OpenLoad group B mean %v s: must be ≥ 0 (0: default)", c.GroupBMean)
	case c.WarmupMinutes < 0 || c.Minutes < 1:
		return fmt.Errorf("paymentswitch: OpenLoad minutes %d (warm-up %d): need ≥ 1 measured and ≥ 0 warm-up", c.Minutes, c.WarmupMinutes)
	case !(c.Omega >= 0 && c.Omega < 1):
		return fmt.Errorf("paymentswitch: OpenLoad omega %v: must be in [0, 1) (0: the model's)", c.Omega)
	}
	return nil
}

// OpenLoadMinute holds the counts of one measured minute (a batch).
// Attempts are counted when they are answered or leave the pool, so in
// steady state every count's rate is the flow's rate.
type OpenLoadMinute struct {
	Offered float64 // attempts that arrived
	Shed    float64 // answered "try again later" at once
	// Dropped counts clients answered "dropped in queue": at the 2 s queue
	// timeout (their requests stay queued) or by the backlog bound.
	Dropped float64
	// Served counts live attempts that held a slot and were answered
	// after it (issuer answered, or timed out and reversed): the goodput
	// of the overload formula, whose live requests cost a holding time S.
	// HeldLive is Σ their slot time (s): S = HeldLive/Served.
	Served, HeldLive float64
	// Answered counts those the issuer answered within its timeout.
	Answered float64
	// Discarded counts abandoned requests that reached a slot; HeldDiscarded
	// is Σ their slot time (ω × a holding time each).
	Discarded, HeldDiscarded float64
	// Issuer holds, by group (0 = A, 1 = B), the forwarded attempts
	// (= Served by group), how many timed out and Σ min(L, T) (s),
	// measured as slot time − switch time − reversal time.
	Issuer [2]IssuerMinute
	// Pool is the slot pool's scenario.StationStats over the minute.
	Pool scenario.StationStats
}

// IssuerMinute is one issuer group's part of an OpenLoadMinute.
type IssuerMinute struct {
	Forwarded, TimedOut, Waited float64
}

// OpenLoadResult is the outcome of OpenLoad.
type OpenLoadResult struct {
	Config OpenLoadConfig
	Slots  int     // N, slots in service
	Shed   int     // places of the shedding loss system: ⌈ShedFraction·N⌉ (0 if off)
	Omega  float64 // the ω in force
	// Minutes are the measured minutes, each a batch of 60 s.
	Minutes []OpenLoadMinute
}

// OpenLoad runs an open-load experiment (see OpenLoadConfig) and returns
// its per-minute measurements. Its streams are those of the scenarios, so
// a given seed gives the same result every time.
func OpenLoad(cfg OpenLoadConfig) (*OpenLoadResult, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	c := defaultConfig(Scenarios[0])
	c.baseRate, c.retryProb, c.wobble = cfg.Rate, 0, false
	c.ctl.threshold = math.Inf(1)
	c.ctl.servers = cfg.Servers
	c.ctl.shedding = cfg.Shedding
	if cfg.IssuerTimeout > 0 {
		c.ctl.timeout = cfg.IssuerTimeout
	}
	if cfg.GroupBMean > 0 {
		c.outageAt, c.outageMean = 0, cfg.GroupBMean
	}
	if cfg.Omega > 0 {
		c.omega = cfg.Omega
	}
	e := newDES(c, cfg.Seed, cfg.Gen)
	res := &OpenLoadResult{Config: cfg, Slots: cfg.Servers * SlotsPerServer, Omega: c.omega,
		Minutes: make([]OpenLoadMinute, 0, cfg.Minutes)}
	if cfg.Shedding {
		res.Shed = int(math.Ceil(ShedFraction * float64(res.Slots)))
	}
	for m := 0; m < cfg.WarmupMinutes; m++ {
		e.Step()
	}
	prevMeas, prevPool := e.slots.meas, e.Stations()[0]
	for m := 0; m < cfg.Minutes; m++ {
		e.Step()
		cur, pool := &e.slots.meas, e.Stations()[0]
		k := &e.win.counts
		om := OpenLoadMinute{
			Offered: k.offered, Shed: k.shed, Dropped: k.dropped,
			Served: k.forwarded, Answered: k.forwarded - k.timeouts,
			HeldLive:  cur.liveHeld - prevMeas.liveHeld,
			Discarded: cur.discards - prevMeas.discards, HeldDiscarded: cur.discardHeld - prevMeas.discardHeld,
			Pool: pool.Sub(prevPool),
		}
		for g := range om.Issuer {
			a, b := cur.issuer[g], prevMeas.issuer[g]
			om.Issuer[g] = IssuerMinute{Forwarded: a.forwarded - b.forwarded, TimedOut: a.timedOut - b.timedOut, Waited: a.waited - b.waited}
		}
		res.Minutes = append(res.Minutes, om)
		prevMeas, prevPool = *cur, pool
	}
	return res, nil
}

// statically check that the des engine is a scenario.Engine with stations.
var _ interface {
	scenario.Engine
	scenario.Stationed
} = (*desEngine)(nil)
