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
// up in the hash set, which does not change meanwhile (in two halves side
// by side on a large chain); then the tuples not found are added in the
// order they were reached. A state is so numbered where the plain
// breadth-first walk (each tuple added as it is reached) would number it,
// and the chain is the same whether the lookups run in parts or not.
func (c *chain) build() error {
	starts, _ := c.initial()
	if len(starts) == 0 {
		return errors.New("exact CTMC: the closed customers do not fit at their start stations (capacity below the population)")
	}
	for _, t := range starts {
		c.add(t)
	}
	var (
		pieces []*rowPiece
		buf    []edge
		ends   = []int{0} // by state of the chunk: the end of its edges in buf
		found  []int32
		hashes []uint64
		check  = c.blocking()
	)
	for lo := 0; lo < c.states(); {
		hi := min(c.states(), lo+buildChunk)
		buf, ends, c.pending = buf[:0], ends[:1], c.pending[:0]
		for x := lo; x < hi; x++ {
			cur := c.tuple(x)
			if check {
				if err := c.deadlock(cur); err != nil {
					return err
				}
			}
			buf = c.transitions(cur, buf)
			ends = append(ends, len(buf))
		}
		found, hashes = c.lookup(found, hashes)
		for p, x := range found {
			if x < 0 {
				found[p] = c.set.addHashed(c.pending[p*c.W:(p+1)*c.W], hashes[p], &c.tuples)
			}
		}
		if c.states() > c.limit {
			return &TooLargeError{States: float64(c.states()), AtLeast: true, Limit: c.limit, Shrink: c.shrinkHint()}
		}
		var two [2]*rowPiece
		mid := lo + (hi-lo)/2
		halves(hi, mid, c.states() >= parallelFrom, func(part, from, to int) {
			two[part] = c.rows(max(from, lo), to, buf, ends[max(from, lo)-lo:to-lo+1], found)
		})
		for _, pc := range two {
			if pc != nil && len(pc.out) > 0 {
				pieces = append(pieces, pc)
				c.out = append(c.out, pc.out...)
			}
		}
		lo = hi
	}
	c.pending = nil
	c.transpose(pieces)
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
		slices.SortFunc(es, func(a, b edge) int { return int(a.to) - int(b.to) })
		cur := c.tuple(x)
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
				pc.tags = append(pc.tags, c.changed(cur, ed.to))
			}
		}
		pc.out = append(pc.out, sum)
		pc.ptr = append(pc.ptr, int32(len(pc.col)))
	}
	return pc
}

// lookup finds each tuple of c.pending in the hash set (−1: not there)
// and returns the indices and the tuples' hashes, reusing the slices
// given. On a large chain the two halves of the tuples are looked up side
// by side: the set is only read.
func (c *chain) lookup(found []int32, hashes []uint64) ([]int32, []uint64) {
	n := len(c.pending) / c.W
	found, hashes = slices.Grow(found[:0], n)[:n], slices.Grow(hashes[:0], n)[:n]
	halves(n, n/2, c.states() >= parallelFrom, func(_, lo, hi int) {
		for p := lo; p < hi; p++ {
			t := c.pending[p*c.W : (p+1)*c.W]
			hashes[p] = hashTuple(t)
			found[p] = c.set.findHashed(t, hashes[p], c.tuples)
		}
	})
	return found, hashes
}

// transpose turns the rows (out-transitions) into columns, the sources
// of each column in increasing order. On a large chain two halves of the
// columns are filled side by side.
func (c *chain) transpose(pieces []*rowPiece) {
	n := c.states()
	c.ptr = make([]int64, n+1)
	total, tagged := 0, false
	for _, pc := range pieces {
		for _, j := range pc.col {
			c.ptr[j+1]++
		}
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
		for _, pc := range pieces {
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
