package webservice

import (
	"queuelab/des"
	"queuelab/model/input"
	"queuelab/model/scenario"
)

// The operator's controls.
var (
	ctlMinInstances = input.Control{Name: "min-instances", Default: "10", Kind: input.Int, Min: 1, Max: 40,
		Help: "lower bound of the fleet; raising it starts instances at once, which serve after the boot delay (default 10)"}
	ctlAutoscale = input.Control{Name: "autoscale", Default: "off", Kind: input.Switch,
		Help: "target-tracking autoscaler: desired = ⌈serving × utilisation / target⌉, no scale-out while instances boot, scale-in ≤ 20 % after 10 quiet minutes; off = exactly the minimum (default off)"}
	ctlAutoscaleTarget = input.Control{Name: "autoscale-target", Default: "60%", Kind: input.Percent, Min: 0.10, Max: 1,
		Help: "utilisation the autoscaler aims at; lower = more headroom and more cost (default 60 %)"}
	ctlTTL = input.Control{Name: "ttl", Default: "60s", Kind: input.Duration, Min: 1, Max: 3600,
		Help: "cache TTL: longer = more hits but staler answers (mean age ≈ TTL/2) (default 60s)"}
	ctlWarmup = input.Control{Name: "warmup", Kind: input.Press,
		Help: "start the cache warm-up job: +12 % of the cache per minute for 6 minutes at +600 DB queries/s (pressing while it runs restarts its 6 minutes)"}
	ctlShedLow = input.Control{Name: "shed-low", Default: "0%", Kind: input.Percent, Min: 0, Max: 1,
		Help: "share of the low-priority 30 % of traffic the load balancer rejects with \"try again later\" (default 0 %)"}
	ctlRecommendations = input.Control{Name: "recommendations", Default: "on", Kind: input.Switch,
		Help: "heavy feature: +20 ms CPU and +1 DB query per request; off = graceful degradation (default on)"}
	ctlRollback = input.Control{Name: "rollback", Kind: input.Press,
		Help: "redeploy the last good build on a new fleet: 5 minutes billed alongside, then traffic switches; pressing again restarts the preparation"}
	ctlLB = input.Control{Name: "lb", Default: "least-connections", Kind: input.Enum, Choices: lbChoices,
		Help: "load-balancer routing: pooled (one queue over all workers, the formula's M/M/N), round-robin, least-connections (default)"}
	ctlDB = input.Control{Name: "db", Default: "per-lane", Kind: input.Enum, Choices: dbChoices, StartOnly: true,
		Help: "database layout, set before the first minute: per-lane (default: each of the 20 lanes — shards, connections — keeps its own queue, " +
			"so a query takes 5 ms/(1 − ρ) on average, the original's formula) or pooled (one queue for all lanes, M/M/20: " +
			"flat until ρ nears 1); the formula twin always uses 5 ms/(1 − ρ)"}
	ctlBootDelay = input.Control{Name: "boot-delay", Default: "3m", Kind: input.Duration, Min: 0, Max: 3600,
		Help: "time from starting an instance to its first request (default 3m; 8m in viral-link)"}
)

// controlTable binds each of the operator's controls (in playbooks and
// --at flags) to the typed field of the engines' shared state it sets.
var controlTable = scenario.Table[core]{
	scenario.CountControl(ctlMinInstances, func(c *core) *int { return &c.ctl.minInst }),
	scenario.SwitchControl(ctlAutoscale, func(c *core) *bool { return &c.ctl.autoscale }),
	scenario.RealControl(ctlAutoscaleTarget, func(c *core) *float64 { return &c.scaler.Target }),
	scenario.SecondsControl(ctlTTL, func(c *core) *float64 { return &c.ctl.ttl }),
	{Control: ctlWarmup, Set: func(c *core, _ input.Value) { c.warmth.warmupLeft = c.p.Cache.WarmupMinutes }},
	scenario.RealControl(ctlShedLow, func(c *core) *float64 { return &c.ctl.shedLow }),
	scenario.SwitchControl(ctlRecommendations, func(c *core) *bool { return &c.ctl.recs }),
	{Control: ctlRollback, Set: func(c *core, _ input.Value) { c.pressRollback() }},
	scenario.EnumControl(ctlLB, func(c *core) *lbPolicy { return &c.ctl.lb }),
	scenario.EnumControl(ctlDB, func(c *core) *dbLayout { return &c.ctl.db }),
	{Control: ctlBootDelay, Set: func(c *core, v input.Value) { c.fleet.SetBootDelay(des.Seconds(v.Seconds())) }},
}

// Controls are the operator's knobs, in playbooks and --at flags.
var Controls = controlTable.Controls()
