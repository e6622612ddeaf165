package webservice

import (
	"queuelab/des"
	"queuelab/model/fleet"
	"queuelab/model/scenario"
)

// dotSampler samples about DotsPerMinute requests a minute, evenly in
// time, for the picture's dots, and keeps the last gauges.
type dotSampler struct {
	dots, lastDots            []scenario.Dot
	dotEvery, nextDot         des.Time
	hitLast, utilLast, dbLast float64
}

func (e *DES) markDot(dot int8, o outcome) {
	if dot >= 0 && int(dot) < len(e.dots) {
		e.dots[dot].Outcome = outcomeWords[o]
	}
}

// Picture implements scenario.Pictured.
func (e *DES) Picture() scenario.Picture {
	var inst scenario.Group
	inst.Name = "instances"
	for i := range e.fleet.Slots() {
		in := e.fleet.At(i)
		if in.State == fleet.Free {
			continue
		}
		inst.Items = append(inst.Items, in.State.String())
		inst.Label = append(inst.Label, buildLabel(in.Tag))
	}
	pic := scenario.Picture{Groups: []scenario.Group{inst}}
	if e.prepSize > 0 {
		g := scenario.Group{Name: "rollback fleet"}
		for range e.prepSize {
			g.Items = append(g.Items, "preparing")
			g.Label = append(g.Label, buildLabel(goodBuild))
		}
		pic.Groups = append(pic.Groups, g)
	}
	gauge := func(name string, v float64) scenario.Gauge {
		if v != v {
			v = 0
		}
		return scenario.Gauge{Name: name, Value: min(max(v, 0), 1)}
	}
	pic.Gauges = []scenario.Gauge{
		gauge("cache warmth", e.warm), gauge("cache hits", e.hitLast),
		gauge("DB load", e.dbLast), gauge("workers busy", e.utilLast),
	}
	pic.Dots = append([]scenario.Dot(nil), e.lastDots...)
	return pic
}
