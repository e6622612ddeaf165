package ctmc

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// heldCustomer is one customer held on its server at station from (as
// class class), blocked after service until station to, where it will be
// class toClass, has room; toClass −1: blocked before service
// (BeforeStart), it starts when to has room.
type heldCustomer struct {
	from, class, to, toClass int16
}

// heldLists numbers the lists of held customers: a list is kept by
// destination (stably), so within a destination in the order they were
// blocked, which is the order they enter; the order across destinations
// says nothing and is not kept. Customers in transit through a router
// (router.go) are one group, after all held ones, in the order they
// began their services of zero length, which is the order those end in
// (des: same time and priority, first scheduled first).
type heldLists struct {
	ids   map[string]int32
	lists [][]heldCustomer
	key   []byte // scratch
}

func (h *heldLists) id(l []heldCustomer) int32 {
	if h.ids == nil {
		h.ids = map[string]int32{}
	}
	b := h.key[:0]
	for _, e := range l {
		for _, v := range [4]int16{e.from, e.class, e.to, e.toClass} {
			b = append(b, byte(v), byte(uint16(v)>>8))
		}
	}
	h.key = b
	if x, ok := h.ids[string(b)]; ok { // a lookup by string(b) copies nothing
		return x
	}
	x := int32(len(h.lists))
	h.ids[string(b)] = x
	h.lists = append(h.lists, slices.Clone(l))
	return x
}

// push returns the id of list x with e blocked (or in transit) last.
func (h *heldLists) push(x int32, e heldCustomer) int32 {
	l := append(slices.Clone(h.lists[x]), e)
	slices.SortStableFunc(l, func(a, b heldCustomer) int { return heldGroup(a) - heldGroup(b) })
	return h.id(l)
}

// heldGroup is the group e is kept in within a held list: its
// destination, or one past every station's index when it is in transit.
func heldGroup(e heldCustomer) int {
	if inTransit(e) {
		return math.MaxInt16 + 1
	}
	return int(e.to)
}

// without returns the id of list x without its k-th customer.
func (h *heldLists) without(x int32, k int) int32 {
	return h.id(slices.Delete(slices.Clone(h.lists[x]), k, k+1))
}

// resolve lets held customers in wherever their next station has room —
// for each destination the one blocked first; the place it frees upstream
// may let another in, and so on — and emits the states this ends in,
// each with rate times its probability (the freed servers draw the phases
// of those who start). t is not changed.
func (c *chain) resolve(t []int32, rate float64, emit func([]int32, float64)) {
	for k, e := range c.held.lists[t[c.blk]] {
		if inTransit(e) || c.tabs[e.to].full(t[e.to]) {
			continue
		}
		rest := c.held.without(t[c.blk], k)
		if e.toClass < 0 && c.tabs[e.from].st.Router { // starts its service of zero length: in transit
			u := slices.Clone(t)
			u[c.blk] = c.held.push(rest, heldCustomer{e.from, e.class, e.to, transitClass(int(e.class))})
			c.resolve(u, rate, emit)
			return
		}
		if e.toClass < 0 { // held before service: it starts, taking no place
			for _, o := range c.tabs[e.from].start(t[e.from], int(e.class)) {
				u := slices.Clone(t)
				u[e.from], u[c.blk] = o.to, rest
				c.resolve(u, rate*o.p, emit)
			}
			return
		}
		// The next customer upstream starts before the released one enters
		// (des.Station.finish), so a check it makes finds e.to with room.
		closed := c.closedAt(t, int(e.from))
		for _, o := range c.tabs[e.from].unblockFor(t[e.from], int(e.class), closed) {
			u := slices.Clone(t)
			u[c.blk] = rest
			c.noteHeld(u, int(e.from), t[e.from], o.to, closed)
			into := c.closedAt(u, int(e.to))
			for _, a := range c.tabs[e.to].arrivalsFor(u[e.to], int(e.toClass), into) {
				v := slices.Clone(u)
				c.noteHeld(v, int(e.to), u[e.to], a.to, into)
				c.resolve(v, rate*o.p*a.p, emit)
			}
		}
		return
	}
	emit(t, rate)
}

// deadlock returns an error when state t is deadlocked: a set of full
// stations each of whose servers holds a customer that can never move —
// blocked after service for, or declared (before service) to, a station of
// the set — and none of whose waiting customers can abandon. Nothing in
// the set ever moves again, so the chain would be absorbed there.
func (c *chain) deadlock(t []int32) error {
	frozen := make([]bool, c.M)
	any := false
	for i := range c.tabs {
		frozen[i] = c.stuck(t, i)
		any = any || frozen[i]
	}
	if !any {
		return nil
	}
	for changed := true; changed; {
		changed = false
		for i := range c.M {
			if frozen[i] && !c.waitsWithin(t, i, frozen) {
				frozen[i], changed = false, true
			}
		}
	}
	var names []string
	for i, f := range frozen {
		if f {
			names = append(names, fmt.Sprintf("%q", c.m.Stations[i].Name))
		}
	}
	if names == nil {
		return nil
	}
	return fmt.Errorf("exact CTMC: blocking can deadlock: in a reachable state stations %s are full and every server there holds a customer blocked for another of them, so nothing there can ever move (larger buffers, more servers or fewer customers avoid it)",
		strings.Join(names, ", "))
}

// stuck reports whether station i is full and none of its customers can
// move on its own: every one in service is held or suspended, and no
// waiting one can abandon.
func (c *chain) stuck(t []int32, i int) bool {
	tb := c.tabs[i]
	if tb.st.Capacity == 0 || !tb.full(t[i]) {
		return false
	}
	l := tb.lists[t[i]]
	s := tb.shares(l)
	for k, cd := range l {
		switch {
		case s[k] > 0 && !holding(cd) && !c.suspended(t, i, tb.real(classOf(cd))):
			return false
		case s[k] == 0 && !started(cd) && tb.st.Patience > 0:
			return false
		}
	}
	return true
}

// waitsWithin reports whether every customer held or suspended at station
// i waits for a station in set.
func (c *chain) waitsWithin(t []int32, i int, set []bool) bool {
	if c.blk >= 0 {
		for _, e := range c.held.lists[t[c.blk]] {
			if int(e.from) == i && !set[e.to] {
				return false
			}
		}
	}
	for _, cd := range c.tabs[i].lists[t[i]] {
		if j := c.bbs[c.tabs[i].real(classOf(cd))*c.M+i]; j >= 0 && !set[j] {
			return false
		}
	}
	return true
}
