package ctmc

import (
	"fmt"
	"math/bits"
)

// The next station drawn at the start (BeforeStart with a random next
// station). At a station some of whose customers may go to a station
// that blocks before service as the simulator plays it, the simulator
// draws each customer's next station when the customer reaches a server
// (model/network's extras.onStart), holds the server unstarted if the
// drawn station blocks so and is full, and sends the customer, at the
// end of its service, to the station it drew. Where a class goes to such
// a station with probability 1 the draw says nothing (certain). Where it
// may go elsewhere the customers in service are no longer a fair sample
// of the routing row (those who drew a full station were held; those
// who started did not), so the chain keeps the drawn destination of each
// customer from the draw to its departure: as a class of the station's
// own, a "drawn class" (local to its table, numbered after the model's
// classes), which is the model's class in everything but where it goes.
// A customer still waiting keeps its plain class: nothing it does before
// it reaches a server depends on the draw, which the simulator has not
// made yet.

// drawOpt is one possible draw of a class at a station, with probability
// p, kept as drawn class lc (gates.drawn says where it leads).
type drawOpt struct {
	lc int
	p  float64
}

// drawnClass is what a drawn class stands for: class real, route k of
// its row (k = len(routes): out), held before service for station to
// (−1: never) when bit is in the mask.
type drawnClass struct {
	real, k int
	to      int32
	bit     uint64
}

// gates is a table's view of the BeforeStart stations its customers
// check when they reach a server.
type gates struct {
	to      []int32     // the stations checked, bit g for to[g]
	mask    []uint64    // by class: the bits its customers may check
	certain []uint64    // by class: the bit of the station it goes to with probability 1, or 0
	draw    [][]drawOpt // by class: its possible draws, nil if it draws nothing
	drawn   []drawnClass
}

// maxGates bounds the BeforeStart stations one station's customers check
// (a bit each in the masks).
const maxGates = 64

// bitOf returns the mask bit of station j, adding it if new.
func (g *gates) bitOf(j int32) uint64 {
	for b, x := range g.to {
		if x == j {
			return 1 << b
		}
	}
	g.to = append(g.to, j)
	return 1 << (len(g.to) - 1)
}

// real returns the model's class of local class lc.
func (t *table) real(lc int) int {
	if lc < t.classes {
		return lc
	}
	return t.g.drawn[lc-t.classes].real
}

// destOf returns the route index drawn by local class lc (len(routes):
// out), or −1 for a model class, which draws at the end of its service.
func (t *table) destOf(lc int) int16 {
	if lc < t.classes {
		return -1
	}
	return int16(t.g.drawn[lc-t.classes].k)
}

// holdTo returns the station a customer of local class lc held before
// service waits for, and the mask bit of that station (0 if never held).
func (t *table) holdTo(lc int) (int32, uint64) {
	if lc < t.classes {
		if t.g.certain == nil {
			return -1, 0
		}
		if b := t.g.certain[lc]; b != 0 {
			return t.g.to[bits.TrailingZeros64(b)], b
		}
		return -1, 0
	}
	d := t.g.drawn[lc-t.classes]
	return d.to, d.bit
}

// rowGates is how class r's routing row at station i meets the stations
// that block before service (BeforeStart; i itself aside): p[j] is the
// probability of going to such a station j (nil: none), certain the one
// it goes to with probability 1 (−1: none), and draws the drawn classes
// it needs otherwise (one per route, one more for leaving the network;
// 0 when certain or when p is nil).
type rowGates struct {
	p       []float64
	certain int
	draws   int
}

// gatesOfRow classifies class r's routing row at station i (setGates
// builds its gates from it, drawBudget counts them).
func (m *Model) gatesOfRow(r, i int) rowGates {
	M := len(m.Stations)
	g := rowGates{certain: -1}
	left, routes := 1.0, 0
	for y, p := range m.Routing[r*M+i] {
		if p > 0 {
			routes++
			left -= p
			if j := y % M; j != i && m.Stations[j].Blocking == BeforeStart {
				g.p = grown(g.p, M)
				g.p[j] += p
			}
		}
	}
	if g.p == nil {
		return g
	}
	for j, p := range g.p {
		if p >= 1-routingSlack {
			g.certain = j
			return g
		}
	}
	g.draws = routes
	if left > routingSlack {
		g.draws++
	}
	return g
}

// setGates fills each table's gates from the model's routing: for each
// class at a station that may go to another station blocking
// BeforeStart, the bits it checks, and either the station it goes to
// with probability 1 or its draws.
func (c *chain) setGates() {
	M := c.M
	for x, rts := range c.routes {
		r, i := x/M, x%M
		tb := c.tabs[i]
		if tb.st.Router {
			continue // routerArrive plays its draws
		}
		rg := c.m.gatesOfRow(r, i)
		if rg.p == nil {
			continue
		}
		c.gated[i] = true
		g := &tb.g
		g.mask, g.certain, g.draw = grown(g.mask, c.R), grown(g.certain, c.R), grown(g.draw, c.R)
		for j, p := range rg.p {
			if p > 0 {
				g.mask[r] |= g.bitOf(int32(j))
			}
		}
		if rg.certain >= 0 {
			g.certain[r] = g.bitOf(int32(rg.certain))
			continue
		}
		for k := range rg.draws {
			d := drawnClass{real: r, k: k, to: -1}
			p := c.exitP[x]
			if k < len(rts) {
				p = rts[k].p
				if j := rts[k].station; j != i && c.m.Stations[j].Blocking == BeforeStart {
					d.to, d.bit = int32(j), g.bitOf(int32(j))
				}
			}
			lc := c.R + len(g.drawn)
			g.drawn = append(g.drawn, d)
			g.draw[r] = append(g.draw[r], drawOpt{lc: lc, p: p})
		}
	}
}

// drawBudget returns why the stations' drawn classes do not fit in a
// state's code (maxClasses classes in all at a station, the model's
// included), or nil.
func (m *Model) drawBudget() error {
	M, R := len(m.Stations), len(m.Classes)
	for i, st := range m.Stations {
		if st.Router {
			continue // routerArrive plays its draws
		}
		n, gated, gates := R, make([]bool, M), 0
		for r := range R {
			rg := m.gatesOfRow(r, i)
			n += rg.draws
			for j, p := range rg.p {
				if p > 0 && !gated[j] {
					gated[j] = true
					gates++
				}
			}
		}
		switch {
		case n > maxClasses:
			return &AtError{Station: st.Name, Routing: true, Err: fmt.Errorf("station %q feeds stations that block before service at random: the exact CTMC keeps each started customer's drawn destination as a class of the station's own, and its %d classes and destinations exceed the %d a state holds (fewer classes or routes there avoid it)", st.Name, n, maxClasses)}
		case gates > maxGates:
			return &AtError{Station: st.Name, Routing: true, Err: fmt.Errorf("station %q feeds %d stations that block before service: the exact CTMC takes at most %d", st.Name, gates, maxGates)}
		}
	}
	return nil
}
