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
// already known, so that neither waits for the other. A state is so
// numbered where the plain breadth-first walk (each tuple added as it is
// reached) would number it, and the chain is the same whether the work
// runs in parts or not.
func (c *chain) build() error {
	starts, _ := c.initial()
	if len(starts) == 0 {
		return errors.New("exact CTMC: the closed customers do not fit at their start stations (capacity below the population)")
	}
	for _, t := range starts {
		c.add(t)
	}
	var (
		pieces    []*rowPiece
		cur, next = &chunk{}, &chunk{}
		found     []int32
		hashes    []uint64
	)
	if err := c.generate(cur, c.tuples, 0, min(c.states(), buildChunk)); err != nil {
		return err
	}
	for cur.lo < cur.hi {
		found, hashes = c.lookup(cur.pending, found, hashes)
		// The next chunk — the states known now that follow this one —
		// is generated while this one's new tuples are added.
		var genErr error
		lo, hi := cur.hi, min(c.states(), cur.hi+buildChunk)
		known := c.tuples
		beside(c.states() >= parallelFrom, func() { c.addNew(cur.pending, found, hashes) },
			func() { genErr = c.generate(next, known, lo, hi) })
		if genErr != nil {
			return genErr
		}
		if c.states() > c.limit {
			return &TooLargeError{States: float64(c.states()), AtLeast: true, Limit: c.limit, Shrink: c.shrinkHint()}
		}
		var two [2]*rowPiece
		mid := cur.lo + (cur.hi-cur.lo)/2
		halves(cur.hi, mid, c.states() >= parallelFrom, func(part, from, to int) {
			from = max(from, cur.lo)
			two[part] = c.rows(from, to, cur.buf, cur.ends[from-cur.lo:to-cur.lo+1], found)
		})
		for _, pc := range two {
			if pc != nil && len(pc.out) > 0 {
				pieces = append(pieces, pc)
				c.out = append(c.out, pc.out...)
			}
		}
		cur, next = next, cur
		if cur.lo == cur.hi && c.states() > cur.hi { // nothing was known beyond: generate now
			if err := c.generate(cur, c.tuples, cur.hi, min(c.states(), cur.hi+buildChunk)); err != nil {
				return err
			}
		}
	}
	c.pending = nil
	c.transpose(pieces)
	return nil
}

// chunk holds the transitions of the states [lo, hi) being built: those
// of state lo+k are buf[ends[k]:ends[k+1]], each to the tuple at its
// place in pending.
type chunk struct {
	lo, hi  int
	buf     []edge
	ends    []int
	pending []int32
}

// generate fills ch with the transitions of the states [lo, hi), whose
// tuples it reads from known (the chain's tuples, as they were when the
// chunk was chosen: states are being added meanwhile), checking each for
// a deadlock where stations block.
func (c *chain) generate(ch *chunk, known []int32, lo, hi int) error {
	ch.lo, ch.hi = lo, hi
	ch.buf, ch.ends, c.pending = ch.buf[:0], append(ch.ends[:0], 0), ch.pending[:0]
	check := c.blocking()
	for x := lo; x < hi; x++ {
		t := known[x*c.W : (x+1)*c.W]
		if check {
			if err := c.deadlock(t); err != nil {
				return err
			}
		}
		ch.buf = c.transitions(t, ch.buf)
		ch.ends = append(ch.ends, len(ch.buf))
	}
	ch.pending = c.pending
	return nil
}

// rowPiece holds the out-transitions of the states first, first+1, … by
// row: those of first+k are col[ptr[k]:ptr[k+1]] at rates val[…].
type rowPiece struct {
	first int
	ptr   []int32
	col   []int32
	val   []float64
	tags  []uint8 // by transition: the stations whose local state it changes; nil beyond 8 stations
	out   []float64
}

// rows turns the edges of the states [lo, hi) — state lo+k's are
// buf[ends[k]:ends[k+1]], each to the pending tuple found names — into
// rows: sorted by target, merged, self-loops dropped.
func (c *chain) rows(lo, hi int, buf []edge, ends []int, found []int32) *rowPiece {
	pc := &rowPiece{first: lo, ptr: make([]int32, 1, hi-lo+1), out: make([]float64, 0, hi-lo)}
	size := ends[hi-lo] - ends[0]
	pc.col, pc.val = make([]int32, 0, size), make([]float64, 0, size)
	tagged := c.M <= 8
	if tagged {
		pc.tags = make([]uint8, 0, size)
	}
	for k, x := 0, lo; x < hi; k, x = k+1, x+1 {
		es := buf[ends[k]:ends[k+1]]
		for e := range es {
			es[e].to = found[es[e].to]
		}
		sortEdges(es)
		sum := 0.0
		for e, ed := range es {
			if ed.to == int32(x) {
				continue // a self-loop changes nothing
			}
			sum += ed.rate
			if e > 0 && es[e-1].to == ed.to {
				pc.val[len(pc.val)-1] += ed.rate
				continue
			}
			pc.col, pc.val = append(pc.col, ed.to), append(pc.val, ed.rate)
			if tagged {
				pc.tags = append(pc.tags, ed.tag)
			}
		}
		pc.out = append(pc.out, sum)
		pc.ptr = append(pc.ptr, int32(len(pc.col)))
	}
	return pc
}

// sortEdges sorts es by target: by insertion where slices.SortFunc sorts
// by insertion too (12 edges or fewer, most rows), so that the edges to
// one target, whose rates are summed in this order, come in the same
// order either way.
func sortEdges(es []edge) {
	if len(es) > 12 {
		slices.SortFunc(es, func(a, b edge) int { return int(a.to) - int(b.to) })
		return
	}
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && es[j].to < es[j-1].to; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

// lookup finds each tuple of pending in the state set (−1: not there) and
// returns the indices and what addNew needs to add the others (with
// packed keys the slots where the probes ended, else the tuples' hashes),
// reusing the slices given. The set and the tuples are only read. On a
// large chain a second goroutine looks up the second half.
func (c *chain) lookup(pending []int32, found []int32, hashes []uint64) ([]int32, []uint64) {
	n := len(pending) / c.W
	found, hashes = slices.Grow(found[:0], n)[:n], slices.Grow(hashes[:0], n)[:n]
	split := c.states() >= parallelFrom
	var touched [2]uint64
	halves(n, n/2, split, func(part, lo, hi int) {
		if c.keys != nil {
			touched[part] = c.keys.findMany(pending[lo*c.W:hi*c.W], found[lo:hi], hashes[lo:hi])
			return
		}
		for p := lo; p < hi; p++ {
			t := pending[p*c.W : (p+1)*c.W]
			hashes[p] = hashTuple(t)
			found[p] = c.set.findHashed(t, hashes[p], c.tuples)
		}
	})
	if c.keys != nil {
		c.keys.touched = touched[0] | touched[1]
	}
	return found, hashes
}

// addNew adds the tuples of pending that lookup did not find (found −1),
// in order, and sets their indices in found. hints is what lookup left:
// with packed keys the slot where each probe ended, else the hashes.
func (c *chain) addNew(pending []int32, found []int32, hints []uint64) {
	keyed, epoch := c.keys != nil, 0
	if keyed {
		epoch = c.keys.epoch // the epoch of the lookup's slots
		misses := 0
		for _, x := range found {
			if x < 0 {
				misses++
			}
		}
		c.keys.reserve(misses, c.tuples)
	}
	for p, x := range found {
		if x >= 0 {
			continue
		}
		t, hint := pending[p*c.W:(p+1)*c.W], hints[p]
		switch {
		case c.keys != nil && c.keys.epoch != epoch:
			hint = noSlot // the slots moved
		case keyed && c.keys == nil:
			hint = noSlot // fell back: the hint is a slot, not a hash
		}
		found[p] = c.addAt(t, hint)
	}
}

// transpose turns the rows (out-transitions) into columns, the sources
// of each column in increasing order. On a large chain two halves of the
// columns are filled side by side.
func (c *chain) transpose(pieces []*rowPiece) {
	n := c.states()
	c.ptr = make([]int64, n+1)
	total, tagged := 0, false
	span := make([][2]int32, len(pieces)) // by piece: its least and greatest column
	for p, pc := range pieces {
		lo, hi := int32(n), int32(-1)
		for _, j := range pc.col {
			c.ptr[j+1]++
			lo, hi = min(lo, j), max(hi, j)
		}
		span[p] = [2]int32{lo, hi}
		total += len(pc.col)
		tagged = pc.tags != nil
	}
	for j := range n {
		c.ptr[j+1] += c.ptr[j]
	}
	c.src = make([]int32, total)
	c.rate = make([]float64, total)
	if tagged {
		c.tags = make([]uint8, total)
	}
	fill := slices.Clone(c.ptr[:n])
	halves(n, n/2, n >= parallelFrom, func(part, lo, hi int) {
		for p, pc := range pieces {
			if int(span[p][1]) < lo || int(span[p][0]) >= hi {
				continue // no column of this half
			}
			for r := range len(pc.ptr) - 1 {
				i := int32(pc.first + r)
				for k := pc.ptr[r]; k < pc.ptr[r+1]; k++ {
					j := pc.col[k]
					if int(j) < lo || int(j) >= hi {
						continue
					}
					c.src[fill[j]], c.rate[fill[j]] = i, pc.val[k]
					if tagged {
						c.tags[fill[j]] = pc.tags[k]
					}
					fill[j]++
				}
			}
		}
	})
}
