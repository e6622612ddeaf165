package ctmc

import (
	"errors"
	"slices"
)

// buildChunk is how many states build takes at a time (a variable for
// the tests): their transitions are generated, then the states they reach
// looked up, then stored.
var buildChunk = 16384

// build explores every state reachable from the initial ones, breadth
// first, and stores the generator by column. With blocking, a reachable
// state in which stations are deadlocked is an error.
//
// The states are taken in chunks of consecutive indices. For a chunk, the
// transitions are generated in order (the stations' tables grow as they
// go, so this part is sequential); then the tuples they reach are looked
// up in the state set, which does not change meanwhile (on a large chain
// in two halves side by side); then the tuples not found are added in
// the order they were reached, while (on a large chain, on a second
// goroutine) the next chunk's transitions are generated — from states
// already known, so that neither waits for the other; then the chunk's
// rows are made, in blocks of states that whichever goroutine is free
// takes next (see rowMaker). A state is so numbered where the plain
// breadth-first walk (each tuple added as it is reached) would number it,
// and the chain is the same whether the work runs in parts or not.
func (c *chain) build() error {
	starts, _ := c.initial()
	if len(starts) == 0 {
		return errors.New("exact CTMC: the closed customers do not fit at their start stations (capacity below the population)")
	}
	if c.keys != nil { // room for the states known to come, so that the set seldom grows
		c.keys.reserve(int(min(max(cappedSpreads(c.m), orders(c.m, c.level)), float64(c.limit))), nil)
	}
	for _, t := range starts {
		c.add(t)
	}
	var (
		rm        = &rowMaker{c: c}
		cur, next = &chunk{}, &chunk{}
		lk        lookups
	)
	if err := c.generate(cur, c.tuples, 0, min(c.states(), buildChunk), c.packer()); err != nil {
		return err
	}
	for cur.lo < cur.hi {
		c.lookup(cur.pending, cur.pk, cur.keys, &lk)
		// The next chunk — the states known now that follow this one —
		// is generated while this one's new tuples are added; then both
		// goroutines make this chunk's rows.
		var genErr error
		lo, hi := cur.hi, min(c.states(), cur.hi+buildChunk)
		known, pk := c.tuples, c.packer()
		rm.start(cur, lk.found)
		beside(c.states() >= parallelFrom, func() {
			c.addNew(cur.pending, &lk)
			rm.ready()
			rm.take(0)
		}, func() {
			genErr = c.generate(next, known, lo, hi, pk)
			rm.wait()
			rm.take(1)
		})
		if genErr != nil {
			return genErr
		}
		if c.states() > c.limit {
			return &TooLargeError{States: float64(c.states()), AtLeast: true, Limit: c.limit, Shrink: c.shrinkHint()}
		}
		rm.finish()
		cur, next = next, cur
		if cur.lo == cur.hi && c.states() > cur.hi { // nothing was known beyond: generate now
			if err := c.generate(cur, c.tuples, cur.hi, min(c.states(), cur.hi+buildChunk), c.packer()); err != nil {
				return err
			}
		}
	}
	c.pending, c.pendKeys = nil, nil
	c.transpose(rm)
	return nil
}

// chunk holds the transitions of the states [lo, hi) being built: those
// of state lo+k are buf[ends[k]:ends[k+1]], each to the tuple at its
// place in pending; with packed keys, the tuples' keys by pk's layout.
type chunk struct {
	lo, hi  int
	buf     []edge
	ends    []int
	pending []int32
	keys    []uint64
	pk      *packer
}

// generate fills ch with the transitions of the states [lo, hi), whose
// tuples it reads from known (the chain's tuples, as they were when the
// chunk was chosen: states are being added meanwhile), checking each for
// a deadlock where stations block; with pk (nil: none), it packs each
// tuple's key as the tuple is made, while it is in the cache.
func (c *chain) generate(ch *chunk, known []int32, lo, hi int, pk *packer) error {
	ch.lo, ch.hi, ch.pk, c.pack = lo, hi, pk, pk
	ch.buf, ch.ends, c.pending, c.pendKeys = ch.buf[:0], append(ch.ends[:0], 0), ch.pending[:0], ch.keys[:0]
	check := c.blocking()
	for x := lo; x < hi; x++ {
		t := known[x*c.W : (x+1)*c.W]
		if check {
			if err := c.deadlock(t); err != nil {
				return err
			}
		}
		c.from = int32(x)
		ch.buf = c.transitions(t, ch.buf)
		ch.ends = append(ch.ends, len(ch.buf))
	}
	ch.pending, ch.keys = c.pending, c.pendKeys
	return nil
}

// lookups is what lookup leaves for addNew: by pending tuple its index
// (−1: not there) and, with packed keys, its key and the slot where its
// probe ended (else its hash in at).
type lookups struct {
	found []int32
	at    []uint64
	keys  []uint64 // own, or the chunk's keys
	own   []uint64
}

// lookup finds each tuple of pending in the state set and fills lk,
// reusing its slices. keys are the tuples' keys packed by pk's layout
// (pk nil: none), used while that is the set's layout. The set and the
// tuples are only read. On a large chain a second goroutine looks up the
// second half.
func (c *chain) lookup(pending []int32, pk *packer, keys []uint64, lk *lookups) {
	n := len(pending) / c.W
	lk.found, lk.at = slices.Grow(lk.found[:0], n)[:n], slices.Grow(lk.at[:0], n)[:n]
	packed := c.keys != nil && pk != nil && pk.layouts == c.keys.layouts && len(keys) == n
	switch {
	case packed:
		lk.keys = keys
	case c.keys != nil:
		lk.own = slices.Grow(lk.own[:0], n)[:n]
		lk.keys = lk.own
	}
	split := c.states() >= parallelFrom
	var touched [2]uint64
	halves(n, n/2, split, func(part, lo, hi int) {
		if c.keys != nil {
			touched[part] = c.keys.findMany(pending[lo*c.W:hi*c.W], lk.found[lo:hi], lk.at[lo:hi], lk.keys[lo:hi], packed)
			return
		}
		for p := lo; p < hi; p++ {
			t := pending[p*c.W : (p+1)*c.W]
			lk.at[p] = hashTuple(t)
			lk.found[p] = c.set.findHashed(t, lk.at[p], c.tuples)
		}
	})
	if c.keys != nil {
		c.keys.touched = touched[0] | touched[1]
	}
}

// addNew adds the tuples of pending that lookup did not find (found −1),
// in order, and sets their indices in lk.found. With packed keys a tuple
// is added by the key and from the slot its lookup left while the slots
// and the layout are those of the lookup.
func (c *chain) addNew(pending []int32, lk *lookups) {
	keyed, epoch, layouts := c.keys != nil, 0, 0
	if keyed {
		epoch, layouts = c.keys.epoch, c.keys.layouts // those of the lookup's slots and keys
		misses := 0
		for _, x := range lk.found {
			if x < 0 {
				misses++
			}
		}
		c.keys.reserve(misses, c.tuples)
	}
	for p, x := range lk.found {
		if x >= 0 {
			continue
		}
		t := pending[p*c.W : (p+1)*c.W]
		switch {
		case c.keys != nil && c.keys.layouts == layouts && lk.at[p] != noSlot:
			at := lk.at[p]
			if c.keys.epoch != epoch {
				at = noSlot // the slots moved; the key holds
			}
			lk.found[p] = c.addPacked(t, lk.keys[p], at)
		case keyed:
			lk.found[p] = c.addAt(t, noSlot) // t does not pack, or the layout changed, or the chain fell back (lk.at holds slots, not hashes)
		default:
			lk.found[p] = c.addAt(t, lk.at[p])
		}
	}
}

// packer returns a copy of the key set's layout for generate (nil
// without packed keys).
func (c *chain) packer() *packer {
	if c.keys == nil {
		return nil
	}
	return c.keys.packer()
}
