package webservice

import (
	"queuelab/des"
	"queuelab/model/fleet"
	"queuelab/model/scenario"
)

// dotSampler samples about perMinute requests a minute, evenly in time,
// for the picture's dots, and keeps the last complete minute's.
type dotSampler struct {
	dots, lastDots []scenario.Dot
	every, next    des.Time // 0 every: no dots
}

func newDotSampler(perMinute int) dotSampler {
	d := dotSampler{dots: make([]scenario.Dot, 0, max(perMinute, 0))}
	if perMinute > 0 {
		d.every = des.Minute / des.Time(perMinute)
	}
	return d
}

// open starts a minute at now.
func (d *dotSampler) open(now des.Time) {
	d.dots = d.dots[:0]
	d.next = now
}

// sample returns the dot of a request of the given class arriving at now
// in the minute that started at start, or −1 if it is not sampled.
func (d *dotSampler) sample(now, start des.Time, low bool) int8 {
	if d.every <= 0 || now < d.next || len(d.dots) >= cap(d.dots) {
		return -1
	}
	dot := int8(len(d.dots))
	class := "high"
	if low {
		class = "low"
	}
	d.dots = append(d.dots, scenario.Dot{At: (now - start).Seconds(), Class: class})
	d.next += d.every
	for d.next <= now {
		d.next += d.every
	}
	return dot
}

// mark records the outcome of the request of dot (−1: none).
func (d *dotSampler) mark(dot int8, o outcome) {
	if dot >= 0 && int(dot) < len(d.dots) {
		d.dots[dot].Outcome = outcomeWords[o]
	}
}

// close ends the minute: its dots with an outcome become the last ones.
func (d *dotSampler) close() {
	d.lastDots = d.lastDots[:0]
	for _, dot := range d.dots {
		if dot.Outcome != "" {
			d.lastDots = append(d.lastDots, dot)
		}
	}
}

// gauges are the last minute's cache hit share, worker utilisation and
// database utilisation, for the picture.
type gauges struct{ hit, util, db float64 }

// Picture implements scenario.Pictured.
func (e *DES) Picture() scenario.Picture {
	c := e.core
	var inst scenario.Group
	inst.Name = "instances"
	for i := range c.fleet.Slots() {
		in := c.fleet.At(i)
		if in.State == fleet.Free {
			continue
		}
		inst.Items = append(inst.Items, in.State.String())
		inst.Label = append(inst.Label, buildLabel(in.Tag))
	}
	pic := scenario.Picture{Groups: []scenario.Group{inst}}
	if n := c.deploy.prepSize; n > 0 {
		g := scenario.Group{Name: "rollback fleet"}
		for range n {
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
		gauge("cache warmth", c.warmth.warm), gauge("cache hits", e.gauges.hit),
		gauge("DB load", e.gauges.db), gauge("workers busy", e.gauges.util),
	}
	pic.Dots = append([]scenario.Dot(nil), e.dots.lastDots...)
	return pic
}
