package network

import (
	"errors"
	"fmt"

	"queuelab/des"
)

// TapConfig asks a Sim to follow the customers of one station one by one,
// for what the station's cumulative statistics cannot give: how many
// customers had to wait at all, how many waited longer than given
// thresholds, and every response time (for exact quantiles). Its counts
// are taken at the observation-window boundaries like every other
// statistic, so StationBatches returns them batch by batch.
type TapConfig struct {
	Station string
	// WaitAbove are thresholds t in seconds: the tap counts the customers
	// whose wait exceeded each (TapBatch.Above).
	WaitAbove []float64
	// Responses keeps the response time of every served customer (8 bytes
	// each, for the whole run).
	Responses bool
}

// TapBatch is what a tap saw in one batch. A customer is filed in the
// batch in which its wait became known: at the start of its service, or
// when its patience ran out; its response time when it departed.
type TapBatch struct {
	// Waited counts the admitted customers who had to wait: served after
	// a positive wait, or abandoned (only waiting customers abandon). A
	// customer that finds a server free starts at once with a wait of 0.
	Waited int64
	// Above[j] counts the customers whose wait exceeded WaitAbove[j], of
	// those served or abandoned.
	Above []int64
	// Responses are the response times (arrival at the station to
	// departure) in seconds of the customers served, in departure order;
	// nil unless TapConfig.Responses.
	Responses []float64
}

// stationTap is a Sim's tap: cumulative counts, and their values at each
// observation-window boundary since the mark (kept, halved and forgotten
// with the observer's).
type stationTap struct {
	above    []float64
	keepResp bool
	waited   int64
	over     []int64
	resp     []float64
	bWaited  []int64 // per boundary
	bOver    []int64 // per boundary b and threshold j: b·len(above)+j
	bResp    []int   // per boundary: len(resp)
	station  int
}

// Tap starts following the customers of station c.Station (see
// TapConfig), from now on; the counts at boundaries before now are those
// of an empty tap. A Sim has at most one tap.
func (s *Sim) Tap(c TapConfig) error {
	if s.tap != nil {
		return errors.New("tap: the simulation already has one")
	}
	i, ok := s.top.stationIdx[c.Station]
	if !ok {
		return fmt.Errorf("tap: no station %q", c.Station)
	}
	t := &stationTap{above: append([]float64(nil), c.WaitAbove...), keepResp: c.Responses, station: i}
	t.over = make([]int64, len(t.above))
	if b := s.obs.spare; b != nil { // a closed Sim's (observer.release)
		t.bWaited, t.bOver, t.bResp = b.waited, b.over, b.resp
		b.waited, b.over, b.resp = nil, nil, nil
	}
	for range s.obs.at { // one per boundary kept
		t.record()
	}
	s.tap = t
	stn := s.stations[i]
	onStart, onDepart, onAbandon := stn.OnStart, stn.OnDepart, stn.OnAbandon
	stn.OnStart = func(cust int32, class int, waited des.Time, tk des.Ticket) {
		t.wait(waited.Seconds(), waited > 0)
		if onStart != nil {
			onStart(cust, class, waited, tk)
		}
	}
	stn.OnAbandon = func(cust int32, class int) {
		t.wait((s.env.Now() - s.custs.At(cust).arrived).Seconds(), true)
		onAbandon(cust, class)
	}
	if t.keepResp {
		stn.OnDepart = func(cust int32, class int) {
			t.resp = append(t.resp, (s.env.Now() - s.custs.At(cust).arrived).Seconds())
			onDepart(cust, class)
		}
	}
	return nil
}

// wait files a customer's wait w, which was positive if queued.
func (t *stationTap) wait(w float64, queued bool) {
	if queued {
		t.waited++
	}
	for j, a := range t.above {
		if w > a {
			t.over[j]++
		}
	}
}

// record keeps the counts as one more boundary.
func (t *stationTap) record() {
	t.bWaited = append(t.bWaited, t.waited)
	t.bOver = append(t.bOver, t.over...)
	t.bResp = append(t.bResp, len(t.resp))
}

// The observer's hooks: a boundary taken, every other one dropped, all
// forgotten at a mark.

func (s *Sim) tapTake() {
	if s.tap != nil {
		s.tap.record()
	}
}

func (s *Sim) tapHalve() {
	t := s.tap
	if t == nil {
		return
	}
	nt := len(t.above)
	k := 0
	for b := 0; b < len(t.bWaited); b += 2 {
		t.bWaited[k], t.bResp[k] = t.bWaited[b], t.bResp[b]
		copy(t.bOver[k*nt:(k+1)*nt], t.bOver[b*nt:(b+1)*nt])
		k++
	}
	t.bWaited, t.bResp, t.bOver = t.bWaited[:k], t.bResp[:k], t.bOver[:k*nt]
}

func (s *Sim) tapMark() {
	if t := s.tap; t != nil {
		t.bWaited, t.bOver, t.bResp, t.resp = t.bWaited[:0], t.bOver[:0], t.bResp[:0], t.resp[:0]
	}
}

// StationBatches returns, for each batch of r, the statistics of station
// (all classes together) over the batch, as the difference of the
// cumulative snapshots at its ends (At is the batch's length), and what
// the tap saw in it (nil without a tap on that station). r must be the
// Result of s taken last, with no event run since.
func (s *Sim) StationBatches(r *Result, station string) ([]des.StationSnapshot, []TapBatch, error) {
	i, ok := s.top.stationIdx[station]
	switch {
	case !ok:
		return nil, nil, fmt.Errorf("station batches: no station %q", station)
	case r.Events != s.env.Steps() || r.Start != s.obs.markAt.Seconds():
		return nil, nil, errors.New("station batches: the result is not the simulation's latest")
	}
	o := &s.obs
	R, M := s.top.R, s.top.M
	per := M * (R + 1)
	col := i*(R+1) + R
	k := len(r.bounds) - 1
	snaps := make([]des.StationSnapshot, k)
	for b := range snaps {
		snaps[b] = o.st[r.bounds[b+1]*per+col].Sub(o.st[r.bounds[b]*per+col])
	}
	t := s.tap
	if t == nil || t.station != i {
		return snaps, nil, nil
	}
	nt := len(t.above)
	taps := make([]TapBatch, k)
	for b := range taps {
		a, z := r.bounds[b], r.bounds[b+1]
		tb := &taps[b]
		tb.Waited = t.bWaited[z] - t.bWaited[a]
		tb.Above = make([]int64, nt)
		for j := range tb.Above {
			tb.Above[j] = t.bOver[z*nt+j] - t.bOver[a*nt+j]
		}
		if t.keepResp {
			tb.Responses = t.resp[t.bResp[a]:t.bResp[z]]
		}
	}
	return snaps, taps, nil
}
