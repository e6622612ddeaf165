package ctmc

// recentSet is a small open-addressing table in front of a large keySet:
// it maps the keys of the states added last to their indices, in slots
// laid out as the key set's (key above the index + 1; 0: empty), so that
// the lookups of a breadth-first build, whose targets that are already
// states were nearly all added a few hundred thousand states before,
// read a table that stays in the cache instead of one whose every probe
// is a miss to memory.
//
// Its contract is that of a cache: every entry it holds is an entry of
// the key set under the key set's current layout, so an index it gives
// is the key set's answer, and a key it does not hold is looked up in the
// key set. It is only changed when the key set is (keySet.addKey,
// keySet.refill), never while findMany reads it. It holds at most half
// as many entries as it has slots; when it is that full it is refilled
// with the last quarter (of its slots) of the states added, so it always
// holds at least the newest len(slots)/4 of them.
type recentSet struct {
	slots []uint64 // nil: off (the key set is small enough to stay in the cache)
	used  int
}

// recentSlots is the size of the recent table (8 MiB of slots: a window
// of 262 144 to 524 288 states) and recentFrom the size of the key set's
// slots from which it is used (64 MiB); variables for the tests.
var recentSlots, recentFrom = 1 << 20, 1 << 23

// probe returns the index key's entry holds, −1 if it holds none; home
// is where key's probe starts (its mix masked by the slots).
func (r *recentSet) probe(key, home uint64, idxBits uint) int32 {
	mask := uint64(len(r.slots) - 1)
	for p := home; ; p = (p + 1) & mask {
		s := r.slots[p]
		if s == 0 {
			return -1
		}
		if s>>idxBits == key {
			return int32(s&(1<<idxBits-1)) - 1
		}
	}
}

// put enters slot word s (key above index + 1) for key, which it does not
// hold.
func (r *recentSet) put(key, s uint64) {
	mask := uint64(len(r.slots) - 1)
	p := mixKey(key) & mask
	for r.slots[p] != 0 {
		p = (p + 1) & mask
	}
	r.slots[p] = s
	r.used++
}

// note enters the state just added to k (its key and slot word s); when
// the table is half full it is refilled from the newest states.
func (k *keySet) note(key, s uint64, tuples []int32) {
	if k.recent.slots == nil {
		return
	}
	if 2*(k.recent.used+1) > len(k.recent.slots) {
		k.refillRecent(tuples)
		return // the refill took the newest states, this one among them
	}
	k.recent.put(key, s)
}

// refillRecent turns the recent table on or off by the size of k's
// slots and, on, fills it anew with the newest len(slots)/4 states under
// k's current layout (tuples: the chain's, k.used of them).
func (k *keySet) refillRecent(tuples []int32) {
	if len(k.slots) < recentFrom || recentSlots > len(k.slots)/4 {
		k.recent = recentSet{}
		return
	}
	if len(k.recent.slots) != recentSlots {
		k.recent.slots = make([]uint64, recentSlots)
	} else {
		clear(k.recent.slots)
	}
	k.recent.used = 0
	for x := max(k.used-recentSlots/4, 0); x < k.used; x++ {
		key, _ := k.key(tuples[x*k.w : (x+1)*k.w])
		k.recent.put(key, key<<k.idxBits|uint64(x+1))
	}
}
