package paymentswitch

import (
	"sort"

	"queuelab/des"
	"queuelab/model/scenario"
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

// picture samples about one outcome per second of the minute, among
// attempts that arrived in the minute, for the live page.
type picture struct {
	dots []scenario.Dot
	next des.Time
}

func (p *picture) reset(start des.Time) {
	p.dots = p.dots[:0]
	p.next = start
}

// dot records the outcome of transaction t's current attempt now, if the
// sample wants one.
func (p *picture) dot(e *desEngine, t *txn, outcome string) {
	now := e.env.Now()
	if now < p.next || t.arrived < e.win.start || len(p.dots) == cap(p.dots) {
		return
	}
	p.next = now + des.Second
	class := "genuine"
	if t.fraud {
		class = "fraud"
	}
	p.dots = append(p.dots, scenario.Dot{At: (t.arrived - e.win.start).Seconds(), Class: class, Outcome: outcome})
}

// Picture shows the server rack (24 positions), the two issuer groups and
// about one sampled transaction per second of the last minute.
func (e *desEngine) Picture() scenario.Picture {
	rack := make([]string, MaxServers)
	for i := range rack {
		switch {
		case i < e.srv.inService():
			rack[i] = "in-service"
		case i < e.srv.inService()+e.srv.booting():
			rack[i] = "booting"
		default:
			rack[i] = "empty"
		}
	}
	b := "normal"
	if e.win.groupBMean > 4*IssuerMean*(1+GroupBWobble) {
		b = "slow"
		if e.ctl.limit > 0 {
			b = "stand-in"
		}
	}
	dots := append([]scenario.Dot(nil), e.pic.dots...)
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
