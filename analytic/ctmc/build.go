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
		rowPtr = []int64{0}
		col    []int32
		val    []float64
		tags   []uint8 // by transition: the stations whose local state it changes (M ≤ 8)
		tagged = c.M <= 8
		buf    []edge
		ends   []int // by state of the chunk: the end of its edges in buf
		found  []int32
		hashes []uint64
		check  = c.blocking()
	)
	for lo := 0; lo < c.states(); {
		hi := min(c.states(), lo+buildChunk)
		buf, ends, c.pending = buf[:0], ends[:0], c.pending[:0]
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
		start := 0
		for k, x := 0, lo; x < hi; k, x = k+1, x+1 {
			es := buf[start:ends[k]]
			start = ends[k]
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
					val[len(val)-1] += ed.rate
					continue
				}
				col, val = append(col, ed.to), append(val, ed.rate)
				if tagged {
					tags = append(tags, c.changed(cur, ed.to))
				}
			}
			c.out = append(c.out, sum)
			rowPtr = append(rowPtr, int64(len(col)))
		}
		lo = hi
	}
	c.pending = nil
	c.transpose(rowPtr, col, val, tags)
	return nil
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

// transpose turns the rows (out-transitions) into columns; the sources
// of each column come in increasing order (the sweeps rely on it). On a
// large chain two halves of the columns are filled side by side.
func (c *chain) transpose(rowPtr []int64, col []int32, val []float64, tags []uint8) {
	n := c.states()
	c.ptr = make([]int64, n+1)
	for _, j := range col {
		c.ptr[j+1]++
	}
	for j := range n {
		c.ptr[j+1] += c.ptr[j]
	}
	c.src = make([]int32, len(col))
	c.rate = make([]float64, len(col))
	if tags != nil {
		c.tags = make([]uint8, len(col))
	}
	fill := slices.Clone(c.ptr[:n])
	halves(n, n/2, n >= parallelFrom, func(part, lo, hi int) {
		for i := range n {
			for k := rowPtr[i]; k < rowPtr[i+1]; k++ {
				j := col[k]
				if int(j) < lo || int(j) >= hi {
					continue
				}
				c.src[fill[j]], c.rate[fill[j]] = int32(i), val[k]
				if tags != nil {
					c.tags[fill[j]] = tags[k]
				}
				fill[j]++
			}
		}
	})
}
