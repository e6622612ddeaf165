package network

import (
	"math"

	"queuelab/des"
)

// loadDep is the service of a load-dependent station (Station.Rates): one
// FCFS server whose customer in service receives work at rate mult[n-1]
// (the last value beyond) with n customers present. Whenever n changes the
// remaining work is brought up to date and the completion rescheduled, so
// that any service law is served at the changing rate (for exponential
// service this is the birth–death station with death rates μ·mult[n-1]).
type loadDep struct {
	mult      []float64 // nil: not load-dependent
	id        int32     // the customer in service (not blocked), or -1
	remaining float64   // its work left, s at rate 1
	rate      float64   // the multiplier since since
	since     des.Time
	done      des.Handle
}

// start begins customer id's service at station i.
func (l *loadDep) start(x *extras, i int, id int32) {
	l.id, l.remaining, l.since = id, x.work[id].Seconds(), x.s.env.Now()
	l.rate = multiplier(l.mult, x.s.stations[i].InSystem()-1)
	l.schedule(x, i)
}

// change brings the customer in service up to date after the number
// present at station i changed.
func (l *loadDep) change(x *extras, i int) {
	if l.id < 0 {
		return
	}
	now := x.s.env.Now()
	rate := multiplier(l.mult, x.s.stations[i].InSystem()-1)
	if rate == l.rate {
		return
	}
	l.remaining = math.Max(0, l.remaining-(now-l.since).Seconds()*l.rate)
	l.since, l.rate = now, rate
	x.s.env.Cancel(l.done)
	l.schedule(x, i)
}

func (l *loadDep) schedule(x *extras, i int) {
	l.done = x.s.env.MustAfter(des.Seconds(l.remaining/l.rate), des.PriorityRelease, des.Event{Kind: x.doneKind, Ref: l.id, Aux: int64(i)})
}
