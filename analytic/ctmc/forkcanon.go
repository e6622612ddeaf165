package ctmc

import (
	"cmp"
	"slices"
)

// The canonical order of a job list (see jobFork): two adjacent jobs may
// trade places where no branch tells them apart by order, and a list is
// written as the least of those its swaps reach.

// jobKey is what canon reads of one job: its codes packed (when they fit
// in 64 bits, so that comparing keys compares the codes in order), the
// branches where order matters and its task is undone (u), and the FCFS
// branches where its task waits (w).
type jobKey struct {
	key  uint64
	u, w uint64
	at   int
}

// bound reports whether job a must stay before job b (b after a in the
// list): some branch tells them apart by their order — an LCFS-PR branch
// where both are undone, or an FCFS branch where both are undone and one
// of them waits.
func (f *jobFork) bound(a, b *jobKey) bool {
	return a.u&b.u&(a.w|b.w|f.lcfs) != 0
}

// keys returns the jobKeys of list l.
func (f *jobFork) keys(l []uint16) []jobKey {
	B := f.B()
	ks := make([]jobKey, len(l)/B)
	for j := range ks {
		k := &ks[j]
		k.at = j * B
		for b, v := range l[j*B : (j+1)*B] {
			if B <= 4 {
				k.key = k.key<<16 | uint64(v)
			}
			if v == taskDone || f.order[b] == orderNone {
				continue
			}
			k.u |= 1 << b
			if v == 0 && f.order[b] == orderWaiting {
				k.w |= 1 << b
			}
		}
	}
	return ks
}

// compare orders two jobs of l by their codes: negative when a comes
// first, zero when their codes are equal.
func (f *jobFork) compare(l []uint16, a, b *jobKey) int {
	if f.B() <= 4 {
		return cmp.Compare(a.key, b.key)
	}
	B := f.B()
	return slices.Compare(l[a.at:a.at+B], l[b.at:b.at+B])
}

// canon returns the lexicographically least list among those l's swaps
// of unbound adjacent jobs reach: repeatedly, of the jobs no remaining
// job before them is bound to, the least.
func (f *jobFork) canon(l []uint16) []uint16 {
	B := f.B()
	ks := f.keys(l)
	n := len(ks)
	out := make([]uint16, 0, len(l))
	free := true
	for j := range ks {
		free = free && ks[j].u == 0
	}
	if free { // no branch keeps an order: the jobs are a multiset
		slices.SortStableFunc(ks, func(a, b jobKey) int { return f.compare(l, &a, &b) })
		for j := range ks {
			out = append(out, l[ks[j].at:ks[j].at+B]...)
		}
		return out
	}
	before := make([]int32, n) // remaining jobs before j bound to it
	for j := range n {
		if ks[j].u == 0 {
			continue
		}
		for i := range j {
			if f.bound(&ks[i], &ks[j]) {
				before[j]++
			}
		}
	}
	taken := make([]bool, n)
	for range n {
		best := -1
		for j := range n {
			if !taken[j] && before[j] == 0 && (best < 0 || f.compare(l, &ks[j], &ks[best]) < 0) {
				best = j
			}
		}
		taken[best] = true
		out = append(out, l[ks[best].at:ks[best].at+B]...)
		if ks[best].u == 0 {
			continue
		}
		for j := best + 1; j < n; j++ {
			if !taken[j] && f.bound(&ks[best], &ks[j]) {
				before[j]--
			}
		}
	}
	return out
}
