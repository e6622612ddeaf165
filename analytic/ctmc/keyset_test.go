package ctmc

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// erlangRing returns one closed class of pop customers on a ring of m
// FCFS stations with Erlang-4 service: each station's local ids run to
// 4·pop, so m = 16 stations need more than the 41 bits a key has beside
// the indices once a few customers have met at a station.
func erlangRing(m, pop int) *Model {
	er := Erlang(1, 4)
	md := &Model{Classes: []Class{{Name: "job", Population: pop}}}
	for i := range m {
		md.Stations = append(md.Stations, Station{Name: fmt.Sprint("s", i), Servers: 1, Service: []*PH{&er}})
		row := make([]float64, m)
		row[(i+1)%m] = 1
		md.Routing = append(md.Routing, row)
	}
	return md
}

// blockingMAP returns an open tandem fed by a two-phase MMPP whose second
// station blocks the first after service: its tuples carry the held list
// and the MAP phase beside the stations.
func blockingMAP() *Model {
	e1, e2 := Exponential(0.6), Exponential(0.8)
	a := MMPP([][]float64{{0, 0.3}, {0.5, 0}}, []float64{0.4, 1.6})
	return &Model{
		Stations: []Station{{Name: "a", Servers: 1, Capacity: 40, Service: []*PH{&e1}},
			{Name: "b", Servers: 1, Capacity: 2, Blocking: AfterService, Service: []*PH{&e2}}},
		Classes: []Class{{Name: "x", MAP: &a}},
		Routing: [][]float64{{0, 1}, {0, 0}},
	}
}

// TestPackedKeysSameChain: the chain found through packed keys is the
// chain found through the hash set of tuples — same states in the same
// (breadth-first) order, same transitions, rates and tags — in one part
// and in small parts, on models with each kind of tuple entry (stations,
// held list, MAP phase), and on one whose keys stop fitting midway (the
// build falls back to the tuples' set and goes on).
func TestPackedKeysSameChain(t *testing.T) {
	open := openDesk()
	for _, tc := range []struct {
		name   string
		m      *Model
		level  int
		packed bool // the keys still pack at the end
	}{
		{"closed", ringOfThree(12), 0, true},
		{"open, FCFS order kept", open, 0, true},
		{"blocking and MAP", blockingMAP(), 0, true},
		{"keys outgrow 64 bits", erlangRing(16, 3), 0, false},
	} {
		for _, small := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/small parts %v", tc.name, small), func(t *testing.T) {
				if small {
					smallParts(t)
				}
				build := func(pack bool) *chain {
					was := packKeys
					packKeys = pack
					defer func() { packKeys = was }()
					c := newChain(tc.m, tc.level, 1_000_000)
					require.NoError(t, c.build())
					return c
				}
				want, got := build(false), build(true)
				require.Nil(t, want.keys)
				require.Equal(t, tc.packed, got.keys != nil, "packed at the end")
				require.Greater(t, got.states(), 300) // several chunks of 100 in small parts
				requireSameChain(t, want, got)
				for x := range got.states() {
					require.Equal(t, int32(x), got.find(got.tuple(x)))
				}
				missing := append([]int32(nil), got.tuple(0)...)
				missing[0] = int32(len(got.tabs[0].lists)) // no such local state
				require.Equal(t, int32(-1), got.find(missing))
			})
		}
	}
}

// TestKeySetLayout: the key set lays its keys out anew when an entry
// outgrows its width (every tuple stays found), and refuses, changing
// nothing, a tuple whose entries cannot share 64 bits with the indices.
func TestKeySetLayout(t *testing.T) {
	k := newKeySet(3, 1000) // 11 bits of indices, 53 for 3 entries
	var tuples []int32
	var added [][]int32
	for v := range int32(300) {
		tu := []int32{v % 7, v * 2003 % 6007, v << 10} // the last entry grows to 2^18
		x, ok := k.add(tu, noSlot, &tuples)
		require.True(t, ok)
		require.Equal(t, int32(len(added)), x)
		added = append(added, tu)
	}
	require.Equal(t, 11, int(k.idxBits))
	require.GreaterOrEqual(t, int(k.width[2]), 19)
	for x, tu := range added {
		require.Equal(t, int32(x), k.find(tu))
		again, ok := k.add(tu, noSlot, &tuples)
		require.True(t, ok)
		require.Equal(t, int32(x), again)
	}
	require.Equal(t, int32(-1), k.find([]int32{1, 2, 3}))
	before := k.width
	_, ok := k.add([]int32{1 << 30, 1 << 30, 1}, noSlot, &tuples) // 62 bits of entries
	require.False(t, ok)
	require.Equal(t, before, k.width)
	require.Len(t, tuples, 3*len(added))
}

// TestFallBackMidChunk: when a tuple that does not pack is added among a
// chunk's new tuples, the chain falls back to the tuples' set and adds
// the rest of the chunk there (the slots the lookup left are no hashes),
// each found afterwards under its index.
func TestFallBackMidChunk(t *testing.T) {
	c := newChain(erlangRing(16, 3), 0, 1_000_000)
	c.add(make([]int32, 16))
	var pending []int32
	for k := range int32(40) {
		tu := make([]int32, 16)
		tu[k%16] = 1 + k/16
		if k == 10 {
			for e := range tu {
				tu[e] = 1 << 20 // 16 × 21 bits: cannot pack
			}
		}
		pending = append(pending, tu...)
	}
	var lk lookups
	c.lookup(pending, nil, nil, &lk)
	require.NotEqual(t, noSlot, lk.at[11], "a fitting tuple's lookup leaves its slot")
	c.addNew(pending, &lk)
	found := lk.found
	require.Nil(t, c.keys, "fell back")
	require.Equal(t, 41, c.states())
	for p, x := range found {
		require.Equal(t, int32(p+1), x)
		require.Equal(t, x, c.find(pending[16*p:16*(p+1)]))
	}
}

// TestRelayoutMidChunk: when a tuple among a chunk's new ones outgrows
// its entry's width, the keys are laid out anew and the tuples after it
// are added under the new layout, not by the keys their lookup packed
// under the old one (each found afterwards under its index; a repeat
// after the change is the state added before it).
func TestRelayoutMidChunk(t *testing.T) {
	c := newChain(erlangRing(16, 3), 0, 1_000_000)
	c.add(make([]int32, 16))
	before := c.keys.layouts
	var pending []int32
	want := []int32{}
	for k := range 40 {
		tu := make([]int32, 16)
		switch {
		case k == 10:
			tu[3] = 100 // 7 bits: wider than any entry's room
		case k >= 30: // repeats of tuples 20–29
			copy(tu, pending[16*(k-10):16*(k-9)])
		default:
			tu[k%16] = int32(1 + k/16)
		}
		pending = append(pending, tu...)
		if k >= 30 {
			want = append(want, want[k-10])
		} else {
			want = append(want, int32(k+1))
		}
	}
	var lk lookups
	c.lookup(pending, nil, nil, &lk)
	c.addNew(pending, &lk)
	require.NotNil(t, c.keys, "still packed")
	require.Greater(t, c.keys.layouts, before, "laid out anew")
	require.Equal(t, 31, c.states())
	require.Equal(t, want, lk.found)
	for p, x := range lk.found {
		require.Equal(t, x, c.find(pending[16*p:16*(p+1)]))
	}
}
