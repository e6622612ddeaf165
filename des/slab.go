package des

import "fmt"

// Slab is a free-list allocator of T values addressed by stable int32
// indices: Get hands out the index of a zeroed element, Put returns it for
// reuse. A model keeps its per-entity records (customers, requests) in a
// Slab and passes the indices around in events (Event.Ref), so that in
// steady state, once the slab has grown to the largest number of live
// entities, nothing allocates.
//
// An index stays valid and refers to the same element until it is Put.
// A pointer returned by At is valid only until the next Get (which may
// grow the backing array); keep indices, not pointers, across calls that
// may allocate. Freed indices are reused last-in first-out, so the hot
// elements stay in cache.
//
// The zero Slab is empty and ready to use. A Slab is not safe for
// concurrent use.
type Slab[T any] struct {
	items []T
	used  []bool  // used[i]: index i is handed out
	free  []int32 // indices available for reuse, most recently freed last
}

// Get returns the index of a zeroed element, reusing a freed one if any.
// It panics if the slab would exceed 2³¹−1 elements.
func (s *Slab[T]) Get() int32 {
	if n := len(s.free); n > 0 {
		i := s.free[n-1]
		s.free = s.free[:n-1]
		s.used[i] = true
		return i
	}
	if len(s.items) == 1<<31-1 {
		panic("des: Slab is full (2³¹−1 elements)")
	}
	var zero T
	s.items = append(s.items, zero)
	s.used = append(s.used, true)
	return int32(len(s.items) - 1)
}

// At returns a pointer to element i, which must have been returned by Get
// and not yet Put. The pointer is valid until the next Get.
func (s *Slab[T]) At(i int32) *T { return &s.items[i] }

// Put zeroes element i and makes its index available to Get. It panics if
// i is out of range or already free: freeing twice would hand one index to
// two owners.
func (s *Slab[T]) Put(i int32) {
	if i < 0 || int(i) >= len(s.items) || !s.used[i] {
		panic(fmt.Sprintf("des: Slab.Put(%d) of an index that is not in use", i))
	}
	var zero T
	s.items[i] = zero
	s.used[i] = false
	s.free = append(s.free, i)
}

// Len returns the number of elements in use (got and not yet put).
func (s *Slab[T]) Len() int { return len(s.items) - len(s.free) }

// Cap returns the number of elements allocated, in use or free.
func (s *Slab[T]) Cap() int { return len(s.items) }
