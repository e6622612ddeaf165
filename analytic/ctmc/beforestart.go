package ctmc

// Blocking before service as the simulator plays it (BeforeStart). A
// customer of class r at station i whose next station j — certain, or
// drawn at this moment (draws.go) — blocks so checks j whenever it
// reaches a server of i — arriving at an idle server, taken from the
// waiting line when a server frees (after a departure, an abandonment or
// a held customer's release), or placed there at time 0 — and, j being
// full then, holds the server unstarted (startPhase) and is listed with
// the held customers for j. The check
// reads the state at the moment the simulator makes it (model/network's
// extras.onStart):
//
//   - after a departure from i the next customer starts before the
//     departing one reaches its next station (des.Station.finish starts
//     the next, then calls OnDepart), so it sees that station without it;
//   - after a held customer's release the next at its station starts
//     before the released one enters the station it waited for;
//   - an arrival at i reaching an idle server sees the state the arrival
//     finds (a routed one: its old station already without it);
//   - a customer held before service starts when a place frees without a
//     second check.
//
// The tables compute these outcomes with the stations full at the check
// as a bit mask (settleGated, gates); the chain reads the mask
// off the global state (closedAt) and lists those who were held
// (noteHeld).

// The gated tables: what happens at a station where a start may be
// held, worked out once per local state, class and mask of full stations
// (their pattern never changes). As the other tables they
// are indexed by local state, here through heads (gmoveAt by local id,
// goutAt by local id·classes + class, one per kind), each the place + 1
// in a pool of the first entry of a short chain, one entry per mask met
// there (at most a few for an arrival or a placement, whose mask is cut
// to the arriving class's stations, maskOf; a few for the moves); 0: none yet. The heads
// hold no pointers, so the collector does not scan them.

// gatedMoves is one local state's moves under one mask.
type gatedMoves struct {
	closed uint64
	mv     []move
	next   int32 // the chain's next entry + 1, or 0
}

// gatedOuts is one outcome list under one mask.
type gatedOuts struct {
	closed uint64
	out    []outcome
	next   int32
}

// What a gated outcome list is of: the index into table.goutAt.
const (
	gateArrive = iota
	gateUnblock
	gatePlace
	gateKinds
)

// memoGates turns the memo of the gated tables and of unblock off when
// false, so that each lookup works its outcomes out afresh (a variable
// for the tests: the chain must not depend on it).
var memoGates = true

// grown returns s extended with zero values to length n at least,
// doubling its capacity when it must move.
func grown[T any](s []T, n int) []T {
	switch {
	case n <= len(s):
		return s
	case n <= cap(s):
		old := len(s)
		s = s[:n]
		clear(s[old:])
		return s
	}
	g := make([]T, n, 2*n)
	copy(g, s)
	return g
}

// movesFor returns the moves of local state x where the customers of the
// customers who start after a departure and go to a station in closed
// are held before service.
func (t *table) movesFor(x int32, closed uint64) []move {
	if closed == 0 {
		return t.movesOf(x)
	}
	if !memoGates {
		return t.computeMoves(x, closed)
	}
	t.gmoveAt = grown(t.gmoveAt, int(x)+1)
	for e := t.gmoveAt[x]; e != 0; e = t.gmoves[e-1].next {
		if g := &t.gmoves[e-1]; g.closed == closed {
			return g.mv
		}
	}
	mv := t.computeMoves(x, closed)
	t.gmoves = append(t.gmoves, gatedMoves{closed, mv, t.gmoveAt[x]})
	t.gmoveAt[x] = int32(len(t.gmoves))
	return mv
}

// arrivalsFor is arrivals where a class-r arrival reaching a server is
// held before service if the station it goes to (or draws) is in closed. (Only the arriving customer can
// start: where a server is free nobody else waits.)
func (t *table) arrivalsFor(x int32, r int, closed uint64) []outcome {
	closed &= t.maskOf(r)
	if closed == 0 {
		return t.arrivals(x, r)
	}
	return t.gated(gateArrive, x, r, closed, func() []outcome {
		if !t.full(x) {
			if p := t.st.join(len(t.lists[x])); p > 0 {
				return t.placeGated(x, r, p, closed)
			}
		}
		return nil
	})
}

// gated returns the outcomes of kind what (gateArrive, …) for local state
// x, class r and mask closed, working them out by f the first time.
func (t *table) gated(what int, x int32, r int, closed uint64, f func() []outcome) []outcome {
	if !memoGates {
		return f()
	}
	k := int(x)*t.classes + r
	t.goutAt[what] = grown(t.goutAt[what], k+1)
	for e := t.goutAt[what][k]; e != 0; e = t.gouts[e-1].next {
		if g := &t.gouts[e-1]; g.closed == closed {
			return g.out
		}
	}
	out := f() // may add local states, never gated entries
	t.gouts = append(t.gouts, gatedOuts{closed, out, t.goutAt[what][k]})
	t.goutAt[what][k] = int32(len(t.gouts))
	return out
}

// placeFor is place (an initial customer, whatever the room) with the
// start held as in arrivalsFor.
func (t *table) placeFor(x int32, r int, closed uint64) []outcome {
	closed &= t.maskOf(r)
	if closed == 0 {
		return t.place(x, r, 1)
	}
	return t.gated(gatePlace, x, r, closed, func() []outcome {
		return t.placeGated(x, r, 1, closed)
	})
}

func (t *table) placeGated(x int32, r int, p float64, closed uint64) []outcome {
	l := t.disc.arrive(append([]code(nil), t.lists[x]...), mkcode(r, 0))
	return t.settleGated(l, p, closed, nil)
}

// unblockFor is unblock where the customer the freed server takes is held
// before service if the station it goes to (or draws) is in closed.
func (t *table) unblockFor(x int32, r int, closed uint64) []outcome {
	if closed == 0 {
		return t.unblock(x, r)
	}
	return t.gated(gateUnblock, x, r, closed, func() []outcome {
		l := t.lists[x]
		for j, c := range l {
			if c == mkcode(r, blockedPhase) {
				m := append(append([]code(nil), l[:j]...), l[j+1:]...)
				return t.settleGated(m, 1, closed, nil)
			}
		}
		return nil
	})
}

// maskOf returns the bits of the BeforeStart stations a class-r customer
// reaching a server here may check.
func (t *table) maskOf(r int) uint64 {
	if t.g.mask == nil {
		return 0
	}
	return t.g.mask[r]
}

// closedAt returns the BeforeStart stations checked at station i that
// are full in tuple t, a bit each (see gates): a customer going there who
// reaches a server now is held before service.
func (c *chain) closedAt(t []int32, i int) uint64 {
	if !c.gated[i] {
		return 0
	}
	var m uint64
	for g, j := range c.tabs[i].g.to {
		if c.tabs[j].full(t[j]) {
			m |= 1 << g
		}
	}
	return m
}

// noteHeld sets v[i] to station i's local state to, reached from local
// state from with the stations in closed full, and lists last, in v's
// held list, each customer that was held so (one who found the station
// it goes to full and holds its server unstarted), with its local class.
func (c *chain) noteHeld(v []int32, i int, from, to int32, closed uint64) {
	v[i] = to
	if closed == 0 {
		return
	}
	tb := c.tabs[i]
	for lc := range tb.classes + len(tb.g.drawn) {
		j, bit := tb.holdTo(lc)
		if closed&bit == 0 {
			continue
		}
		h := mkcode(lc, startPhase)
		for n := countCode(tb.lists[to], h) - countCode(tb.lists[from], h); n > 0; n-- {
			v[c.blk] = c.held.push(v[c.blk], heldCustomer{int16(i), int16(lc), int16(j), -1})
		}
	}
}

func countCode(l []code, x code) int {
	n := 0
	for _, y := range l {
		if y == x {
			n++
		}
	}
	return n
}
