package des

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// TestDisciplineTable checks what each row of the discipline table tells
// the station: which disciplines preempt, accept UntilRelease, need a
// random stream, and that PS alone has no waiting room.
func TestDisciplineTable(t *testing.T) {
	for _, tc := range []struct {
		d                            Discipline
		preemptive, holdable, random bool
		room                         bool
	}{
		{FCFS, false, true, false, true},
		{LCFSPR, true, false, false, true},
		{PS, false, false, false, false},
		{SIRO, false, true, true, true},
		{NonPreemptivePriority, false, true, false, true},
		{PreemptivePriority, true, false, false, true},
	} {
		t.Run(tc.d.String(), func(t *testing.T) {
			spec := disciplines[tc.d]
			assert.Equal(t, tc.preemptive, preemptive(tc.d))
			assert.Equal(t, tc.holdable, spec.holdable)
			assert.Equal(t, tc.random, spec.random)
			assert.Equal(t, tc.room, spec.newRoom != nil)
		})
	}
	assert.Len(t, disciplines, 6, "a new discipline gets a row in the test above")
	assert.False(t, preemptive(Discipline(len(disciplines))))
}

// TestEveryDisciplineHasARoom: every discipline package queueing names has
// its row in the table (a name added there without a room here fails), and
// the table has no row beyond them.
func TestEveryDisciplineHasARoom(t *testing.T) {
	all := queueing.Disciplines()
	require.Len(t, disciplines, len(all))
	for _, d := range all {
		assert.True(t, valid(d), "%v has no row in des's discipline table", d)
	}
	assert.False(t, valid(Discipline(len(all))))
}

// TestRoomOrder drives each waiting room through the seam alone: five
// customers (classes 1, 0, 1, 0, 1 in arrival order 0…4) join, customer 2
// abandons, and the rest are served; the order must be the discipline's.
func TestRoomOrder(t *testing.T) {
	for _, tc := range []struct {
		d    Discipline
		want []int32 // customers in the order next returns them
	}{
		{FCFS, []int32{0, 1, 3, 4}},
		{LCFSPR, []int32{4, 3, 1, 0}},
		{NonPreemptivePriority, []int32{1, 3, 0, 4}},
		{PreemptivePriority, []int32{1, 3, 0, 4}},
	} {
		t.Run(tc.d.String(), func(t *testing.T) {
			jobs, r, ids := fillRoom(tc.d)
			r.remove(&jobs, ids[2])
			var got []int32
			for range 4 {
				got = append(got, jobs.At(r.next(&jobs, nil)).cust)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestRoomSIRO: the random room serves every waiting customer exactly
// once, the abandoned one never, and its order depends on the stream.
func TestRoomSIRO(t *testing.T) {
	orders := map[string]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		jobs, r, ids := fillRoom(SIRO)
		r.remove(&jobs, ids[2])
		random := Streams{Seed: seed}.Stream("siro")
		var got []int32
		for range 4 {
			got = append(got, jobs.At(r.next(&jobs, random)).cust)
		}
		assert.ElementsMatch(t, []int32{0, 1, 3, 4}, got, "seed %d", seed)
		orders[fmt.Sprint(got)] = true
	}
	assert.Greater(t, len(orders), 3, "20 seeds give more than three of the 24 orders")
}

// TestPreemptorOrder: LCFS-PR preempts the earliest arrival in service
// and resumes a preempted customer first; preemptive priority preempts
// the latest started of the lowest class below the arrival's, and puts it
// at the head of its class.
func TestPreemptorOrder(t *testing.T) {
	t.Run("lcfs-pr", func(t *testing.T) {
		jobs, r, ids := serveAll(LCFSPR)
		p := r.(preemptor)
		v := p.victim(&jobs, 0)
		assert.Equal(t, ids[0], v, "the earliest arrival in service")
		p.leaveService(&jobs, v)
		r.add(&jobs, v, true)
		assert.Equal(t, ids[1], p.victim(&jobs, 0))
		assert.Equal(t, ids[0], r.next(&jobs, nil), "the preempted customer is on top of the stack")
	})
	t.Run("preemptive-priority", func(t *testing.T) {
		jobs, r, ids := serveAll(PreemptivePriority)
		p := r.(preemptor)
		assert.Equal(t, none, p.victim(&jobs, 1), "no class below 1 in service")
		v := p.victim(&jobs, 0)
		assert.Equal(t, ids[4], v, "the latest started of class 1")
		p.leaveService(&jobs, v)
		p.leaveService(&jobs, ids[2]) // as if it had been waiting
		r.add(&jobs, ids[2], false)
		r.add(&jobs, v, true)
		assert.Equal(t, ids[4], r.next(&jobs, nil), "the preempted customer heads its class")
		assert.Equal(t, ids[2], r.next(&jobs, nil))
	})
}

// fillRoom returns a room of discipline d holding customers 0…4 of
// classes 1, 0, 1, 0, 1, arrived in that order.
func fillRoom(d Discipline) (Slab[job], room, []int32) {
	var jobs Slab[job]
	r := disciplines[d].newRoom(2)
	ids := make([]int32, 5)
	for k := range ids {
		i := jobs.Get()
		*jobs.At(i) = job{cust: int32(k), class: int32(1 - k%2), seq: uint64(k), prev: none, next: none}
		r.add(&jobs, i, false)
		ids[k] = i
	}
	return jobs, r, ids
}

// serveAll returns a room of preemptive discipline d with customers 0…4
// (as fillRoom) all in service, started in arrival order.
func serveAll(d Discipline) (Slab[job], room, []int32) {
	var jobs Slab[job]
	r := disciplines[d].newRoom(2)
	p, ok := r.(preemptor)
	if !ok {
		panic("not preemptive")
	}
	ids := make([]int32, 5)
	for k := range ids {
		i := jobs.Get()
		*jobs.At(i) = job{cust: int32(k), class: int32(1 - k%2), seq: uint64(k), prev: none, next: none}
		p.enterService(&jobs, i)
		ids[k] = i
	}
	return jobs, r, ids
}
