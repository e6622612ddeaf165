package desbench

import (
	"container/heap"
	"fmt"
	"sync"
	"testing"

	"github.com/emirpasic/gods/trees/binaryheap"

	"queuelab/des"
)

// HoldSizes are the pending-set sizes of the hold ladder.
var HoldSizes = []int{100, 10_000, 1_000_000}

// HoldIncrements returns Exp(1) time increments (in nanoseconds, mean
// 1 s), drawn once so that every implementation in the hold model pays the
// same for randomness: nothing. They are drawn on the first call, not at
// start-up: every queuelab command links this package, and a 512 KiB table
// made by init stays live, to be marked by each cycle of the collector (a
// sweep's replications run 16 of them).
var HoldIncrements = sync.OnceValue(func() []des.Time {
	s := des.NewMulberry32(1)
	out := make([]des.Time, 1<<16)
	for i := range out {
		out[i] = des.Seconds(des.Exponential{Rate: 1}.Rand(s))
	}
	return out
})

// chItem and chHeap are the container/heap baseline: the textbook
// heap.Interface implementation ordered by (time, sequence).
type chItem struct {
	at  des.Time
	seq uint64
}
type chHeap []chItem

func (h chHeap) Len() int { return len(h) }
func (h chHeap) Less(i, j int) bool {
	return h[i].at < h[j].at || (h[i].at == h[j].at && h[i].seq < h[j].seq)
}
func (h chHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *chHeap) Push(x any)   { *h = append(*h, x.(chItem)) }
func (h *chHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}

// Hold is the classic hold model (Jones, CACM 29(4), 1986): n pending
// events; each operation pops the minimum and pushes one event at now +
// Exp(1). It compares the des scheduler with container/heap and gods'
// binary heap, for every size of HoldSizes, named "impl=des/n=100" and so
// on.
func Hold() []Case {
	var cs []Case
	for _, n := range HoldSizes {
		cs = append(cs,
			Case{fmt.Sprintf("impl=des/n=%d", n), func(b *testing.B) { holdDES(b, n) }},
			Case{fmt.Sprintf("impl=container-heap/n=%d", n), func(b *testing.B) { holdContainerHeap(b, n) }},
			Case{fmt.Sprintf("impl=gods/n=%d", n), func(b *testing.B) { holdGods(b, n) }})
	}
	return cs
}

func holdDES(b *testing.B, n int) {
	inc := HoldIncrements()
	var s des.Scheduler[int32]
	for i := 0; i < n; i++ {
		s.Schedule(inc[i&0xffff]*des.Time(i%7+1), 0, int32(i))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		at, p, _ := s.Pop()
		s.Schedule(at+inc[i&0xffff], 0, p)
	}
}

func holdContainerHeap(b *testing.B, n int) {
	inc := HoldIncrements()
	h := make(chHeap, 0, n+1)
	var seq uint64
	for i := 0; i < n; i++ {
		seq++
		heap.Push(&h, chItem{inc[i&0xffff] * des.Time(i%7+1), seq})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		it := heap.Pop(&h).(chItem)
		seq++
		heap.Push(&h, chItem{it.at + inc[i&0xffff], seq})
	}
}

func holdGods(b *testing.B, n int) {
	inc := HoldIncrements()
	h := binaryheap.NewWith(func(x, y any) int {
		a, c := x.(chItem), y.(chItem)
		switch {
		case a.at < c.at || (a.at == c.at && a.seq < c.seq):
			return -1
		case a.at == c.at && a.seq == c.seq:
			return 0
		}
		return 1
	})
	var seq uint64
	for i := 0; i < n; i++ {
		seq++
		h.Push(chItem{inc[i&0xffff] * des.Time(i%7+1), seq})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v, _ := h.Pop()
		seq++
		h.Push(chItem{v.(chItem).at + inc[i&0xffff], seq})
	}
}
