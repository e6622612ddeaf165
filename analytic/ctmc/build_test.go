package ctmc

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// plainChain builds m's chain the plainest way, as a check on build: one
// state at a time, breadth first, each tuple reached looked up in a map
// and added there if new; each state's edges sorted by sortEdges (whose
// order of equal targets fixes the order their rates are summed in),
// merged, self-loops dropped; the columns gathered by appending, source
// after source. It shares with build only the generation of transitions.
func plainChain(t *testing.T, m *Model) *chain {
	c := newChain(m, 0, 1_000_000)
	starts, _ := c.initial()
	index := map[string]int32{}
	var tuples []int32
	find := func(tu []int32) int32 {
		k := fmt.Sprint(tu)
		if x, ok := index[k]; ok {
			return x
		}
		index[k] = int32(len(tuples) / c.W)
		tuples = append(tuples, tu...)
		return index[k]
	}
	for _, s := range starts {
		find(s)
	}
	type in struct {
		src  int32
		rate float64
		tag  uint8
	}
	var cols [][]in
	var out []float64
	for x := 0; x < len(tuples)/c.W; x++ {
		c.pending, c.from = c.pending[:0], int32(x)
		tu := append([]int32(nil), tuples[x*c.W:(x+1)*c.W]...)
		es := c.transitions(tu, nil)
		for e := range es {
			if es[e].to < 0 {
				require.Equal(t, int32(x), ^es[e].to, "a self-loop names its state")
				es[e].to = find(tu)
				continue
			}
			p := int(es[e].to)
			es[e].to = find(append([]int32(nil), c.pending[p*c.W:(p+1)*c.W]...))
		}
		sortEdges(es)
		sum := 0.0
		var row []edge
		for _, ed := range es {
			if ed.to == int32(x) {
				continue
			}
			sum += ed.rate
			if len(row) > 0 && row[len(row)-1].to == ed.to {
				row[len(row)-1].rate += ed.rate
				continue
			}
			row = append(row, ed)
		}
		out = append(out, sum)
		for len(cols) < len(tuples)/c.W {
			cols = append(cols, nil)
		}
		for _, ed := range row {
			cols[ed.to] = append(cols[ed.to], in{int32(x), ed.rate, ed.tag})
		}
	}
	c.tuples, c.out = tuples, out
	c.ptr = []int64{0}
	c.src, c.rate, c.tags = []int32{}, []float64{}, []uint8{}
	for _, col := range cols {
		for _, e := range col {
			c.src, c.rate, c.tags = append(c.src, e.src), append(c.rate, e.rate), append(c.tags, e.tag)
		}
		c.ptr = append(c.ptr, int64(len(c.src)))
	}
	if c.M > 8 {
		c.tags = nil
	}
	return c
}

// TestBuildIsThePlainWalk: build — chunks, lookups in halves, the rows
// made in blocks claimed by two goroutines, the columns counted as the
// rows are made, self-loops never looked up — gives the chain of the
// plain walk state for state and bit for bit, with packed keys and with
// the tuples' set, in one part and in small parts (blocks of 7 states, so
// that both goroutines take blocks of every chunk), on closed models (one
// with self-loops: a class routed back to where it was served), an open
// FCFS one, one with blocking and a MAP, and one whose keys stop packing
// midway.
func TestBuildIsThePlainWalk(t *testing.T) {
	open := openDesk()
	loops := ringOfThree(8)
	loops.Routing[0] = []float64{0.2, 0.4, 0.4, 0, 0, 0} // back to a: the same local state
	for _, tc := range []struct {
		name string
		m    *Model
	}{
		{"closed", ringOfThree(10)}, {"closed with self-loops", loops}, {"open, FCFS order kept", open},
		{"blocking and MAP", blockingMAP()}, {"keys outgrow 64 bits", erlangRing(16, 3)},
	} {
		want := plainChain(t, tc.m)
		for _, small := range []bool{false, true} {
			for _, pack := range []bool{true, false} {
				t.Run(fmt.Sprintf("%s/small parts %v/packed %v", tc.name, small, pack), func(t *testing.T) {
					if small {
						smallParts(t)
						rb := rowBlock
						rowBlock = 7
						t.Cleanup(func() { rowBlock = rb })
					}
					defer PackKeys(pack)()
					got := newChain(tc.m, 0, 1_000_000)
					require.NoError(t, got.build())
					require.Greater(t, got.states(), 300) // several chunks of 100 in small parts
					requireSameChain(t, want, got)
				})
			}
		}
	}
}
