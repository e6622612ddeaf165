package ctmc

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// withDedup sets dedupChunk for the test's length.
func withDedup(t *testing.T, on bool) {
	was := dedupChunk
	dedupChunk = on
	t.Cleanup(func() { dedupChunk = was })
}

// TestRecentSameAnswers: findMany with a recent table answers every tuple
// as findMany probing each one does — found and the slot its probe ended
// at — on tuples that repeat within a batch, across batches and after
// their key was evicted (more distinct keys than the table holds), with
// the all-zero tuple (key 0) and tuples that do not pack among them.
func TestRecentSameAnswers(t *testing.T) {
	k := newKeySet(3, 1_000_000)
	var tuples []int32
	for v := range int32(3000) { // half of the keys looked up are in the set
		_, ok := k.add([]int32{v % 97, v / 97, 2 * (v % 5)}, noSlot, &tuples)
		require.True(t, ok)
	}
	var flat []int32
	for p := range int32(40_000) {
		v := p * 7919 % 6000 // 6000 distinct keys, each back about every 6000 tuples
		switch {
		case p%13 == 0:
			v = p % 3 // near repeats, the first of them the all-zero tuple
		case p%101 == 0:
			flat = append(flat, 1<<30, 0, 0) // does not pack
			continue
		}
		flat = append(flat, v%97, v/97, 2*(v%5))
	}
	n := len(flat) / 3
	look := func(seen *recent) ([]int32, []uint64) {
		found, at, keys := make([]int32, n), make([]uint64, n), make([]uint64, n)
		k.findMany(flat, found, at, keys, false, seen)
		return found, at
	}
	wantFound, wantAt := look(nil)
	seen := new(recent)
	seen.slot[5].pos = 7 // a previous chunk's leftovers are cleared
	gotFound, gotAt := look(seen)
	require.Equal(t, wantFound, gotFound)
	require.Equal(t, wantAt, gotAt)
	require.Equal(t, int32(0), wantFound[0], "the all-zero tuple is state 0")
	require.Contains(t, wantFound, int32(-1))
	require.Contains(t, wantAt, noSlot)
}

// TestDedupSameChain: the chain built with the repeats' answers reused is
// the chain built probing each tuple, bit for bit, in one part and in
// small parts (both halves of each lookup with their own table), on
// models whose keys keep packing and one whose keys are laid out anew and
// then fall back to the tuples' set; and a chunk whose repeats follow a
// relayout mid-chunk gets the same indices and tuples either way.
func TestDedupSameChain(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    *Model
	}{
		{"closed", ringOfThree(12)},
		{"blocking and MAP", blockingMAP()},
		{"keys outgrow 64 bits", erlangRing(16, 3)},
	} {
		for _, small := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/small parts %v", tc.name, small), func(t *testing.T) {
				if small {
					smallParts(t)
				}
				build := func(on bool) *chain {
					withDedup(t, on)
					c := newChain(tc.m, 0, 1_000_000)
					require.NoError(t, c.build())
					return c
				}
				want, got := build(false), build(true)
				require.Greater(t, got.states(), 300)
				require.Equal(t, want.keys == nil, got.keys == nil)
				require.Equal(t, want.tuples, got.tuples)
				require.Equal(t, want.ptr, got.ptr)
				require.Equal(t, want.src, got.src)
				require.Equal(t, want.rate, got.rate)
				require.Equal(t, want.tags, got.tags)
				require.Equal(t, want.out, got.out)
			})
		}
	}
	t.Run("repeats after a relayout mid-chunk", func(t *testing.T) {
		chunk := func(on bool) (*chain, []int32) {
			withDedup(t, on)
			c := newChain(erlangRing(16, 3), 0, 1_000_000)
			c.add(make([]int32, 16))
			before := c.keys.layouts
			var pending []int32
			for k := range 60 {
				tu := make([]int32, 16)
				switch {
				case k == 10:
					tu[3] = 100 // wider than any entry's room
				case k >= 30: // repeats of tuples 0–29 (10: the one that outgrew)
					copy(tu, pending[16*(k%30):16*(k%30+1)])
				default:
					tu[k%16] = int32(1 + k/16)
				}
				pending = append(pending, tu...)
			}
			var lk lookups
			c.lookup(pending, nil, nil, &lk)
			c.addNew(pending, &lk)
			require.Greater(t, c.keys.layouts, before, "laid out anew")
			return c, lk.found
		}
		wc, want := chunk(false)
		gc, got := chunk(true)
		require.Equal(t, want, got)
		require.Equal(t, want[:30], want[30:])
		require.Equal(t, wc.tuples, gc.tuples)
	})
}
