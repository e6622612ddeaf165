package paymentswitch

import (
	"queuelab/model/scenario"

	"queuelab/model/input"
)

// RetryPolicy is how merchants retry a technical error (the retry
// control); its values are the indices of the control's choices.
type RetryPolicy uint8

// The retry policies.
const (
	RetryImmediate RetryPolicy = iota // at a uniform time in the next minute
	RetryBackoff                      // after Exp delays of mean BackoffMeans
)

// controls are the operator's settings, one typed field per control.
type controls struct {
	servers   int
	shedding  bool
	retry     RetryPolicy
	threshold float64 // σ of genuine scores
	band      float64 // σ
	timeout   float64 // s
	limit     float64 // u
	backlog   int     // queued requests per slot in service
}

// apply sets the control a names in c (checked by controlTable). A change
// of the server count orders the new count from srv at minute, the same in
// both engines; ordered says whether it did, for the des engine to resize
// its slots.
func (c *controls) apply(a scenario.Action, srv servers, minute int) (ordered bool, err error) {
	before := c.servers
	if err := controlTable.Apply(c, a); err != nil {
		return false, err
	}
	if c.servers == before {
		return false, nil
	}
	srv.order(c.servers, minute)
	return true, nil
}

// controlTable binds each control to its field of controls: the value is
// checked once against the control (scenario.Table.Apply) and set.
var controlTable = scenario.Table[controls]{
	scenario.CountControl(input.Control{Name: "servers", Default: "6", Kind: input.Int, Min: MinServers, Max: MaxServers,
		Help: "servers ordered (32 connection slots each); an added server boots for 5 min; every server is billed 6 u/h from the order on"},
		func(c *controls) *int { return &c.servers }),
	scenario.SwitchControl(input.Control{Name: "shedding", Default: "off", Kind: input.Switch,
		Help: "load shedding: admit while admitted attempts in flight < 90 % of the slots in service, answer the rest at once \"try again later\""},
		func(c *controls) *bool { return &c.shedding }),
	scenario.EnumControl(input.Control{Name: "retry", Default: "immediate", Kind: input.Enum, Choices: []string{"immediate", "backoff"},
		Help: "how merchants retry a technical error (p = 0.95, ≤ 3 retries): immediate = at a uniform time in the next minute; backoff = Exp delays of mean 1, 2, 4 min"},
		func(c *controls) *RetryPolicy { return &c.retry }),
	scenario.RealControl(input.Control{Name: "threshold", Default: "3", Kind: input.Float, Min: 0, Max: 6,
		Help: "decline threshold t in σ of genuine scores: score ≥ t is declined"},
		func(c *controls) *float64 { return &c.threshold }),
	scenario.RealControl(input.Control{Name: "stepup", Default: "0", Kind: input.Float, Min: 0, Max: 3,
		Help: "step-up band width b in σ: scores in [t − b, t) are challenged (genuine pass 85 %, fraud 5 %); 0 = off"},
		func(c *controls) *float64 { return &c.band }),
	scenario.SecondsControl(input.Control{Name: "issuer-timeout", Default: "8s", Kind: input.Duration, Min: 0.1, Max: 30,
		Help: "how long a slot waits for the issuer before a reversal and stand-in or \"issuer unreachable\""},
		func(c *controls) *float64 { return &c.timeout }),
	scenario.RealControl(input.Control{Name: "standin-limit", Default: "0", Kind: input.Float, Min: 0, Max: 100000,
		Help: "the switch approves on the issuer's behalf up to this amount (u) when the issuer times out; 0 = off"},
		func(c *controls) *float64 { return &c.limit }),
	scenario.CountControl(input.Control{Name: "backlog", Default: "40", Kind: input.Int, Min: 0, Max: MaxBacklog,
		Help: "requests the switch keeps queued per slot in service (default 40, about 4 s of stale work; not in the original, see the package doc); an attempt " +
			"finding the backlog full is answered \"dropped in queue\" at once; 0 = no queue (a loss system); des engine only, the formula " +
			"twin's queue is a steady-state formula"},
		func(c *controls) *int { return &c.backlog }),
}

// Controls are the switch's knobs, in the order the spec lists them.
var Controls = controlTable.Controls()
