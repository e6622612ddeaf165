package ctmc

import "math"

// packedRates is a compact copy of a chain's transition rates for the
// solver's loops, which read every transition on every sweep: most
// networks' generators hold few distinct rates (a few hundred on a
// three-class network of 2.4·10⁶ states), so each transition keeps a
// 2-byte index into a table of them instead of its 8-byte rate — 6 bytes
// read per transition with its source instead of 12. tab[idx[k]] is
// c.rate[k] bit for bit, so the loops compute exactly what they compute
// from c.rate.
type packedRates struct {
	idx []uint16
	tab *[1 << 16]float64 // full size: an index is always in range
}

// maxDistinctRates is how many distinct rates packRates keeps in its
// table (a variable for the tests); beyond, the chain is not packed.
var maxDistinctRates = 1 << 16

// packRates returns c's rates packed, or nil when they have more than
// maxDistinctRates distinct values (the solver then reads c.rate). The
// table lists the rates in the order they first occur. On a large chain
// the two halves of the transitions are packed side by side, each into
// a table of its own; the second's is then merged into the first's (its
// rates not in the first's appended in its order, which keeps the order
// of first occurrence) and its indices renamed.
func packRates(c *chain) *packedRates {
	m := len(c.rate)
	p := &packedRates{idx: make([]uint16, m), tab: new([1 << 16]float64)}
	var sets [2]*rateSet
	cut, split := m/2, c.states() >= parallelFrom
	halves(m, cut, split, func(part, lo, hi int) {
		sets[part] = packPart(c.rate[lo:hi], p.idx[lo:hi])
	})
	all := sets[0]
	if all == nil || split && sets[1] == nil {
		return nil // too many distinct rates
	}
	if split {
		rename := make([]uint16, len(sets[1].order))
		same := true
		for k, r := range sets[1].order {
			v, ok := all.add(r)
			if !ok {
				return nil
			}
			rename[k] = v
			same = same && int(v) == k
		}
		if !same {
			for k := cut; k < m; k++ {
				p.idx[k] = rename[p.idx[k]]
			}
		}
	}
	copy(p.tab[:], all.order)
	return p
}

// packPart fills idx with each rate's place in a table of the distinct
// rates in the order they first occur, and returns that table's set, or
// nil beyond maxDistinctRates.
func packPart(rates []float64, idx []uint16) *rateSet {
	set := newRateSet()
	for k, r := range rates {
		v, ok := set.add(r)
		if !ok {
			return nil
		}
		idx[k] = v
	}
	return set
}

// rateSet is an open-addressing set of rates by their bits, at most half
// full, each slot holding the rate's bits and its place + 1 in order
// (0: free).
type rateSet struct {
	keys  []uint64
	vals  []uint32
	order []float64 // the rates in the order added
}

func newRateSet() *rateSet { return &rateSet{keys: make([]uint64, 64), vals: make([]uint32, 64)} }

// add returns r's place in the order, adding it if new; false when that
// would pass maxDistinctRates.
func (s *rateSet) add(r float64) (uint16, bool) {
	b := math.Float64bits(r)
	mask := uint64(len(s.keys) - 1)
	h := (b * 0x9e3779b97f4a7c15) >> 32 & mask
	for s.vals[h] != 0 && s.keys[h] != b {
		h = (h + 1) & mask
	}
	if s.vals[h] != 0 {
		return uint16(s.vals[h] - 1), true
	}
	if len(s.order) == maxDistinctRates {
		return 0, false
	}
	s.order = append(s.order, r)
	s.keys[h], s.vals[h] = b, uint32(len(s.order))
	if 2*len(s.order) > len(s.keys) {
		s.regrow()
	}
	return uint16(len(s.order) - 1), true
}

// regrow doubles the set's slots.
func (s *rateSet) regrow() {
	nk, nv := make([]uint64, 2*len(s.keys)), make([]uint32, 2*len(s.keys))
	mask := uint64(len(nk) - 1)
	for at, v := range s.vals {
		if v == 0 {
			continue
		}
		h := (s.keys[at] * 0x9e3779b97f4a7c15) >> 32 & mask
		for nv[h] != 0 {
			h = (h + 1) & mask
		}
		nk[h], nv[h] = s.keys[at], v
	}
	s.keys, s.vals = nk, nv
}
