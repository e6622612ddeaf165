package ctmc

import "slices"

// hashSet maps state tuples to their index by open addressing. A slot
// holds the index + 1 in its low 32 bits (0: empty) and the top 32 bits
// of the tuple's hash above, so that most slots of other tuples are
// passed over without reading their tuple.
type hashSet struct {
	m     int
	slots []uint64
	used  int
}

func (h *hashSet) init(m int) {
	h.m = m
	h.slots = make([]uint64, 1024)
}

func hashTuple(t []int32) uint64 {
	x := uint64(0x9E3779B97F4A7C15)
	for _, v := range t {
		x ^= uint64(uint32(v))
		x *= 0xBF58476D1CE4E5B9
		x ^= x >> 31
	}
	return x
}

const fingerprint = 0xFFFFFFFF_00000000

func (h *hashSet) find(t []int32, tuples []int32) int32 {
	return h.findHashed(t, hashTuple(t), tuples)
}

// findHashed is find with the tuple's hash hv given. It only reads the
// set.
func (h *hashSet) findHashed(t []int32, hv uint64, tuples []int32) int32 {
	mask := uint64(len(h.slots) - 1)
	for k := hv & mask; ; k = (k + 1) & mask {
		s := h.slots[k]
		if s == 0 {
			return -1
		}
		if s&fingerprint == hv&fingerprint {
			x := int(uint32(s)) - 1
			if slices.Equal(tuples[x*h.m:(x+1)*h.m], t) {
				return int32(x)
			}
		}
	}
}

func (h *hashSet) add(t []int32, tuples *[]int32) int32 {
	return h.addHashed(t, hashTuple(t), tuples)
}

// addHashed is add with the tuple's hash hv given.
func (h *hashSet) addHashed(t []int32, hv uint64, tuples *[]int32) int32 {
	if 2*(h.used+1) > len(h.slots) {
		h.grow(*tuples)
	}
	mask := uint64(len(h.slots) - 1)
	for k := hv & mask; ; k = (k + 1) & mask {
		s := h.slots[k]
		if s == 0 {
			h.used++
			*tuples = append(*tuples, t...)
			h.slots[k] = hv&fingerprint | uint64(h.used)
			return int32(h.used - 1)
		}
		if s&fingerprint == hv&fingerprint {
			x := int(uint32(s)) - 1
			if slices.Equal((*tuples)[x*h.m:(x+1)*h.m], t) {
				return int32(x)
			}
		}
	}
}

func (h *hashSet) grow(tuples []int32) {
	old := h.slots
	h.slots = make([]uint64, 2*len(old))
	mask := uint64(len(h.slots) - 1)
	for _, s := range old {
		if s == 0 {
			continue
		}
		x := int(uint32(s)) - 1
		k := hashTuple(tuples[x*h.m:(x+1)*h.m]) & mask
		for h.slots[k] != 0 {
			k = (k + 1) & mask
		}
		h.slots[k] = s
	}
}

// refill makes the set hold exactly the tuples given (flat, m per state,
// numbered in order), with room for twice as many.
func (h *hashSet) refill(tuples []int32) {
	n := len(tuples) / h.m
	size := 1024
	for size < 4*n {
		size *= 2
	}
	h.slots, h.used = make([]uint64, size), n
	mask := uint64(size - 1)
	for x := range n {
		hv := hashTuple(tuples[x*h.m : (x+1)*h.m])
		k := hv & mask
		for h.slots[k] != 0 {
			k = (k + 1) & mask
		}
		h.slots[k] = hv&fingerprint | uint64(x+1)
	}
}
