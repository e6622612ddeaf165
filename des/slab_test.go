package des

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSlabReusesIndices(t *testing.T) {
	var s Slab[struct{ a, b int }]
	a, b, c := s.Get(), s.Get(), s.Get()
	assert.Equal(t, []int32{0, 1, 2}, []int32{a, b, c})
	s.At(b).a = 7
	s.Put(b)
	assert.Equal(t, 2, s.Len())
	// The freed index comes back, zeroed.
	d := s.Get()
	assert.Equal(t, b, d)
	assert.Zero(t, s.At(d).a)
	s.Put(a)
	s.Put(c)
	assert.Equal(t, []int32{c, a, 3}, []int32{s.Get(), s.Get(), s.Get()}) // last freed first
	assert.Equal(t, 4, s.Cap())
}

func TestSlabRefusesDoublePut(t *testing.T) {
	var s Slab[int]
	i := s.Get()
	s.Put(i)
	assert.PanicsWithValue(t, "des: Slab.Put(0) of an index that is not in use", func() { s.Put(i) })
	assert.Panics(t, func() { s.Put(5) })
}

func TestSlabSteadyStateDoesNotAllocate(t *testing.T) {
	var s Slab[[4]int64]
	for i := 0; i < 64; i++ {
		s.Get()
	}
	for i := int32(0); i < 64; i++ {
		s.Put(i)
	}
	allocs := testing.AllocsPerRun(1000, func() {
		i, j := s.Get(), s.Get()
		s.Put(i)
		s.Put(j)
	})
	require.Zero(t, allocs)
}
