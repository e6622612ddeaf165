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
// table lists the rates in the order they first occur.
func packRates(c *chain) *packedRates {
	p := &packedRates{idx: make([]uint16, len(c.rate)), tab: new([1 << 16]float64)}
	// An open-addressing set of the rates' bits seen so far, at most half
	// full, each slot holding the rate's bits and its index + 1 (0: free).
	keys, vals := make([]uint64, 64), make([]uint32, 64)
	n := 0
	for k, r := range c.rate {
		b := math.Float64bits(r)
		mask := uint64(len(keys) - 1)
		h := (b * 0x9e3779b97f4a7c15) >> 32 & mask
		for vals[h] != 0 && keys[h] != b {
			h = (h + 1) & mask
		}
		if vals[h] == 0 {
			if n == maxDistinctRates {
				return nil
			}
			p.tab[n] = r
			n++
			keys[h], vals[h] = b, uint32(n)
			if 2*n > len(keys) {
				keys, vals = regrowRates(keys, vals)
			}
			// h is stale after regrowing; the index is known.
			p.idx[k] = uint16(n - 1)
			continue
		}
		p.idx[k] = uint16(vals[h] - 1)
	}
	return p
}

// regrowRates returns the set of packRates at twice the size.
func regrowRates(keys []uint64, vals []uint32) ([]uint64, []uint32) {
	nk, nv := make([]uint64, 2*len(keys)), make([]uint32, 2*len(keys))
	mask := uint64(len(nk) - 1)
	for s, v := range vals {
		if v == 0 {
			continue
		}
		h := (keys[s] * 0x9e3779b97f4a7c15) >> 32 & mask
		for nv[h] != 0 {
			h = (h + 1) & mask
		}
		nk[h], nv[h] = keys[s], v
	}
	return nk, nv
}
