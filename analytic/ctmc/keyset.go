package ctmc

import (
	"math/bits"
	"slices"
)

// keySet maps state tuples to their index, as hashSet does, where each
// tuple packs into one 64-bit key: entry e of the tuple in width[e] bits
// at shift[e]. A slot holds the key above the index + 1 (idxBits bits; 0:
// empty), so a lookup compares one word in the slot it reads and never
// reads the tuples (which the chain keeps all the same, flat, for its
// other readers).
//
// The widths grow as the tuples do: the stations' tables number their
// local states as they are reached, so no range is known in advance. When
// a tuple to add has an entry beyond its width, or the indices outgrow
// idxBits, the set is laid out anew (the widths from the largest entries
// seen, the spare bits shared out as room to grow) and refilled from the
// tuples; when the entries need more than 64 − idxBits bits, add reports
// it, and the chain falls back to hashSet for good.
type keySet struct {
	w       int
	shift   []uint8
	width   []uint8
	top     []int32 // by entry: the largest value stored
	idxBits uint
	minIdx  uint // idxBits at least (from the chain's state limit)
	slots   []uint64
	used    int
	touched uint64 // what findMany read ahead (kept so that the reads stay)
	epoch   int    // counts the times the slots moved (probe's places are then stale)
	layouts int    // counts the layouts (keys packed before are then stale)
}

// packKeys: the chain starts with packed keys (keySet); false (for the
// tests and benchmarks) keeps the hash set of tuples throughout.
var packKeys = true

// noSlot marks a lookup that found no place to add at (the tuple does
// not fit the layout): add probes from the hash.
const noSlot = ^uint64(0)

func newKeySet(w, limit int) *keySet {
	k := &keySet{w: w, shift: make([]uint8, w), width: make([]uint8, w), top: make([]int32, w),
		minIdx: uint(min(bits.Len(uint(max(limit, 0)))+1, 33)), slots: make([]uint64, 1024)}
	k.layout(k.top, 0)
	return k
}

// mixKey spreads a key's bits over the low bits that pick its slot.
func mixKey(x uint64) uint64 {
	x ^= x >> 31
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 29
	x *= 0x94D049BB133111EB
	return x ^ x>>32
}

// key packs t; ok is false when an entry exceeds its width (then t was
// never added) or is negative.
func (k *keySet) key(t []int32) (key uint64, ok bool) {
	return packKey(k.shift, k.width, t)
}

// packKey packs t with entry e in width[e] bits at shift[e]; ok is false
// when an entry does not fit.
func packKey(shift, width []uint8, t []int32) (key uint64, ok bool) {
	width, shift = width[:len(t)], shift[:len(t)]
	over := uint32(0)
	for e, v := range t {
		over |= uint32(v) >> width[e]
		key |= uint64(uint32(v)) << shift[e]
	}
	return key, over == 0
}

// noKey stands for the key of a tuple that does not pack (no key is
// that wide: the index bits are at least one).
const noKey = ^uint64(0)

// packer is a copy of the set's layout, for packing keys on another
// goroutine while the set changes: its keys hold while the set's layouts
// count is still layouts.
type packer struct {
	shift, width []uint8
	layouts      int
}

func (k *keySet) packer() *packer {
	return &packer{shift: slices.Clone(k.shift), width: slices.Clone(k.width), layouts: k.layouts}
}

// key packs t, noKey if it does not fit.
func (p *packer) key(t []int32) uint64 {
	if key, ok := packKey(p.shift, p.width, t); ok {
		return key
	}
	return noKey
}

// probe returns the index of key (−1: absent) and the slot where the
// probe ended (where key would be added). It only reads the set.
func (k *keySet) probe(key uint64) (int32, uint64) {
	return k.probeFrom(key, mixKey(key)&uint64(len(k.slots)-1))
}

// probeFrom is probe from key's first slot home.
func (k *keySet) probeFrom(key, home uint64) (int32, uint64) {
	mask := uint64(len(k.slots) - 1)
	for p := home; ; p = (p + 1) & mask {
		s := k.slots[p]
		if s == 0 {
			return -1, p
		}
		if s>>k.idxBits == key {
			return int32(s&(1<<k.idxBits-1)) - 1, p
		}
	}
}

// findBatch is how many tuples findMany hashes before it probes them.
const findBatch = 32

// findMany looks up the tuples of flat (w entries each): found[p] is the
// index of the p-th (−1: absent), keys[p] its key and at[p] the slot
// where its probe ended (noSlot if it does not pack). With packed true
// keys already hold the tuples' keys under the current layout (noKey
// where one does not pack) and flat is not read. It only reads the set;
// it returns what it read ahead, for the caller to keep. The tuples are
// taken in batches whose first slots are read before any is probed, so
// that the processor waits for their cache misses side by side rather
// than one after another.
func (k *keySet) findMany(flat []int32, found []int32, at, keys []uint64, packed bool) (touched uint64) {
	var homes [findBatch]uint64
	mask := uint64(len(k.slots) - 1)
	slots := k.slots
	n := len(found)
	for b := 0; b < n; b += findBatch {
		e := min(b+findBatch, n)
		if !packed {
			for p := b; p < e; p++ {
				key, fits := k.key(flat[p*k.w : (p+1)*k.w])
				if !fits {
					key = noKey
				}
				keys[p] = key
			}
		}
		touch := uint64(0)
		for q := range e - b {
			h := mixKey(keys[b+q]) & mask
			homes[q] = h
			touch |= slots[h]
		}
		touched |= touch
		for p := b; p < e; p++ {
			if keys[p] == noKey {
				found[p], at[p] = -1, noSlot
				continue
			}
			found[p], at[p] = k.probeFrom(keys[p], homes[p-b])
		}
	}
	return touched
}

// find returns the index of tuple t, −1 if absent. It only reads the set.
func (k *keySet) find(t []int32) int32 {
	key, ok := k.key(t)
	if !ok {
		return -1
	}
	x, _ := k.probe(key)
	return x
}

// reserve makes room in the slots for n more tuples, so that adding them
// does not move the slots unless the layout changes.
func (k *keySet) reserve(n int, tuples []int32) {
	if 2*(k.used+n) > len(k.slots) {
		k.refill(tuples, k.used+n)
	}
}

// add adds tuple t (if absent) and returns its index; at, if not noSlot,
// is where a probe of t ended with the slots as they are (the same
// epoch), so the search goes on from there. ok is false when t's entries
// cannot be packed into the key with the indices beside them: nothing is
// added.
func (k *keySet) add(t []int32, at uint64, tuples *[]int32) (x int32, ok bool) {
	key, fits := k.key(t)
	return k.addKey(t, key, fits, at, tuples)
}

// addKey is add with t's key under the current layout and whether it
// fits given (findMany's).
func (k *keySet) addKey(t []int32, key uint64, fits bool, at uint64, tuples *[]int32) (x int32, ok bool) {
	if !fits || k.used+2 >= 1<<k.idxBits {
		if slices.Min(t) < 0 {
			return -1, false
		}
		top := append([]int32(nil), k.top...)
		for e, v := range t {
			top[e] = max(top[e], v)
		}
		if !k.layout(top, 1) {
			return -1, false
		}
		k.refill(*tuples, 0)
		key, _ = k.key(t)
		at = noSlot
	}
	if 2*(k.used+1) > len(k.slots) {
		k.refill(*tuples, k.used+1)
		at = noSlot
	}
	mask := uint64(len(k.slots) - 1)
	if at == noSlot {
		at = mixKey(key) & mask
	}
	for p := at; ; p = (p + 1) & mask {
		s := k.slots[p]
		if s == 0 {
			k.used++
			k.slots[p] = key<<k.idxBits | uint64(k.used)
			*tuples = append(*tuples, t...)
			for e, v := range t {
				k.top[e] = max(k.top[e], v)
			}
			return int32(k.used - 1), true
		}
		if s>>k.idxBits == key {
			return int32(s&(1<<k.idxBits-1)) - 1, true
		}
	}
}

// layout chooses the widths: each entry's exact need (from the largest
// value to hold, top), and the bits left beside the indices (room for
// more than twice the tuples stored plus extra) shared out evenly as room
// to grow. It reports false, changing nothing, when the exact needs do
// not fit.
func (k *keySet) layout(top []int32, extra int) bool {
	idxBits := max(k.minIdx, uint(bits.Len(uint(2*(k.used+extra)+1))))
	need := make([]int, k.w)
	spare := 64 - int(idxBits)
	for e, v := range top {
		need[e] = bits.Len32(uint32(v))
		spare -= need[e]
	}
	if spare < 0 {
		return false
	}
	k.idxBits = idxBits
	k.layouts++
	at := uint8(0)
	for e := range need {
		wd := need[e] + spare/k.w
		if e < spare%k.w {
			wd++
		}
		wd = min(wd, 31)
		k.shift[e], k.width[e] = at, uint8(wd)
		at += uint8(wd)
	}
	return true
}

// refill puts every stored tuple back under the current layout, into
// enough slots for size tuples at half load.
func (k *keySet) refill(tuples []int32, size int) {
	n := 1024
	for n < 2*max(size, k.used) {
		n *= 2
	}
	k.slots = make([]uint64, n)
	k.epoch++
	mask := uint64(n - 1)
	for x := range k.used {
		key, _ := k.key(tuples[x*k.w : (x+1)*k.w])
		p := mixKey(key) & mask
		for k.slots[p] != 0 {
			p = (p + 1) & mask
		}
		k.slots[p] = key<<k.idxBits | uint64(x+1)
	}
}
