package ctmc

import (
	"slices"
	"sync/atomic"
)

// rowBlock is how many states' rows make one piece (a variable for the
// tests): the unit of work the two goroutines take turns at.
var rowBlock = 512

// rowPiece holds the out-transitions of the states first, first+1, … by
// row: those of first+k are col[ptr[k]:ptr[k+1]] at rates val[…]; its
// columns lie in [lo, hi].
type rowPiece struct {
	first  int
	lo, hi int32
	ptr    []int32
	col    []int32
	val    []float64
	tags   []uint8 // by transition: the stations whose local state it changes; nil beyond 8 stations
	out    []float64
}

// rowMaker makes the rows of the chunks in order, each chunk's in blocks
// of rowBlock states that the two goroutines claim one at a time: the
// calling one once the chunk's new states are added, the other once it
// has generated the next chunk. Which goroutine makes a block changes
// nothing in it, so the pieces, kept in the order of their states, do
// not depend on the scheduling. Each goroutine also counts the
// transitions into each column, for the transpose.
type rowMaker struct {
	c      *chain
	pieces []*rowPiece // the rows made so far, in order
	counts [2][]int32  // by goroutine: transitions into each column so far

	ch     *chunk // the chunk whose rows are being made
	found  []int32
	blocks []*rowPiece // its pieces, by block
	claim  atomic.Int32
	added  chan struct{} // closed once the chunk's targets all have indices
}

// start readies the making of ch's rows, found naming the states its
// pending tuples are (once added).
func (rm *rowMaker) start(ch *chunk, found []int32) {
	rm.ch, rm.found = ch, found
	nb := (ch.hi - ch.lo + rowBlock - 1) / rowBlock
	rm.blocks = slices.Grow(rm.blocks[:0], nb)[:nb]
	rm.claim.Store(0)
	rm.added = make(chan struct{})
}

// ready is called, on the calling goroutine, once the chunk's new states
// are added: the counts are grown to every state known and the other
// goroutine may take blocks.
func (rm *rowMaker) ready() {
	n := rm.c.states()
	for p := range rm.counts {
		if len(rm.counts[p]) < n {
			rm.counts[p] = append(rm.counts[p], make([]int32, n-len(rm.counts[p]))...)
		}
	}
	close(rm.added)
}

// wait blocks until ready was called.
func (rm *rowMaker) wait() { <-rm.added }

// take makes the blocks not yet claimed, one at a time, counting the
// columns in counts[part], until none is left.
func (rm *rowMaker) take(part int) {
	ch := rm.ch
	for {
		b := int(rm.claim.Add(1)) - 1
		if b >= len(rm.blocks) {
			return
		}
		lo := ch.lo + b*rowBlock
		hi := min(lo+rowBlock, ch.hi)
		rm.blocks[b] = rm.c.rows(lo, hi, ch.buf, ch.ends[lo-ch.lo:hi-ch.lo+1], rm.found, rm.counts[part])
	}
}

// finish keeps the chunk's pieces and appends their states' total rates
// out to the chain's.
func (rm *rowMaker) finish() {
	for _, pc := range rm.blocks { // each has a state: all are claimed before finish
		rm.pieces = append(rm.pieces, pc)
		rm.c.out = append(rm.c.out, pc.out...)
	}
	clear(rm.blocks)
}

// rows turns the edges of the states [lo, hi) — state lo+k's are
// buf[ends[k]:ends[k+1]], each to the pending tuple found names or (its
// to negative) a self-loop — into
// rows: sorted by target, merged, self-loops dropped; each column kept
// is counted in count.
func (c *chain) rows(lo, hi int, buf []edge, ends []int, found []int32, count []int32) *rowPiece {
	pc := &rowPiece{first: lo, lo: int32(c.states()), hi: -1, ptr: make([]int32, 1, hi-lo+1), out: make([]float64, 0, hi-lo)}
	size := ends[hi-lo] - ends[0]
	pc.col, pc.val = make([]int32, 0, size), make([]float64, 0, size)
	tagged := c.M <= 8
	if tagged {
		pc.tags = make([]uint8, 0, size)
	}
	for k, x := 0, lo; x < hi; k, x = k+1, x+1 {
		es := buf[ends[k]:ends[k+1]]
		for e := range es {
			if to := es[e].to; to >= 0 {
				es[e].to = found[to]
			} else {
				es[e].to = ^to // a self-loop, not looked up
			}
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
			count[ed.to]++
			pc.lo, pc.hi = min(pc.lo, ed.to), max(pc.hi, ed.to)
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

// transpose turns the rows rm made (out-transitions) into columns, the
// sources of each column in increasing order. On a large chain two
// halves of the columns are filled side by side.
func (c *chain) transpose(rm *rowMaker) {
	n := c.states()
	c.ptr = make([]int64, n+1)
	for p := range rm.counts {
		rm.counts[p] = append(rm.counts[p], make([]int32, max(n-len(rm.counts[p]), 0))...)
	}
	for j := range n {
		c.ptr[j+1] = c.ptr[j] + int64(rm.counts[0][j]) + int64(rm.counts[1][j])
	}
	rm.counts = [2][]int32{}
	total, tagged := c.ptr[n], c.M <= 8
	c.src = make([]int32, total)
	c.rate = make([]float64, total)
	if tagged {
		c.tags = make([]uint8, total)
	}
	fill := slices.Clone(c.ptr[:n])
	halves(n, n/2, n >= parallelFrom, func(part, lo, hi int) {
		for _, pc := range rm.pieces {
			if int(pc.hi) < lo || int(pc.lo) >= hi {
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
