package ctmc

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRecentSameChain: with a recent table small enough to be refilled
// many times (1 024 slots: the newest 256 to 512 states) and used from key
// sets of 4 096 slots, build gives the plain walk's chain, in one part and
// in small parts, on a closed model and on one whose keys are laid out
// anew midway (the table refilled under the new layout) until they stop
// packing; the table answered some lookups.
func TestRecentSameChain(t *testing.T) {
	rs, rf := recentSlots, recentFrom
	recentSlots, recentFrom = 1024, 4096
	t.Cleanup(func() { recentSlots, recentFrom = rs, rf })
	for _, tc := range []struct {
		name string
		m    *Model
	}{{"closed", ringOfThree(14)}, {"keys outgrow 64 bits", erlangRing(16, 3)}} {
		want := plainChain(t, tc.m)
		for _, small := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/small parts %v", tc.name, small), func(t *testing.T) {
				if small {
					smallParts(t)
				}
				got := newChain(tc.m, 0, 1_000_000)
				got.keys.reserve(3000, nil) // 4 096 slots: the table is on from the start
				require.NotNil(t, got.keys.recent.slots)
				require.NoError(t, got.build())
				require.Greater(t, got.states(), 2000)
				require.Equal(t, want.tuples, got.tuples)
				require.Equal(t, want.ptr, got.ptr)
				require.Equal(t, want.src, got.src)
				require.Equal(t, want.rate, got.rate)
				require.Equal(t, want.out, got.out)
				require.Equal(t, want.tags, got.tags)
			})
		}
	}
}

// TestRecentAnswers: the recent table holds the newest states under the
// current layout and answers as the slots do; a key it does not hold is
// found in the slots.
func TestRecentAnswers(t *testing.T) {
	rs, rf := recentSlots, recentFrom
	recentSlots, recentFrom = 1024, 4096
	t.Cleanup(func() { recentSlots, recentFrom = rs, rf })
	c := newChain(ringOfThree(14), 0, 1_000_000)
	c.keys.reserve(3000, nil)
	require.NoError(t, c.build())
	k := c.keys
	require.NotNil(t, k.recent.slots)
	held := 0
	n := c.states()
	flat := c.tuples
	found, at, keys := make([]int32, n), make([]uint64, n), make([]uint64, n)
	k.findMany(flat, found, at, keys, false)
	for x := range n {
		require.Equal(t, int32(x), found[x])
		key, ok := k.key(c.tuple(x))
		require.True(t, ok)
		if y := k.recent.probe(key, mixKey(key)&uint64(len(k.recent.slots)-1), k.idxBits); y >= 0 {
			require.Equal(t, int32(x), y)
			held++
		} else {
			require.Less(t, x, n-recentSlots/4, "the newest states are held")
		}
	}
	require.GreaterOrEqual(t, held, recentSlots/4)
	require.LessOrEqual(t, held, recentSlots/2)
}
