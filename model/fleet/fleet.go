// Package fleet is the fleet of machines both systems run on: instances
// (servers) that are ordered, boot for a delay, serve, and drain when they
// are taken away, billed by the hour while ordered. It is the shared piece
// of the web service (instances of 16 workers, an autoscaler) and the
// payment switch (servers of 32 slots, ordered by the operator).
//
// The fleet is bookkeeping only: it does not schedule events. A model that
// simulates time event by event is told of each change through Hooks (a
// boot to schedule, an instance that starts serving, one that drains) and
// calls Serve when its boot event fires; a model that steps minute by
// minute calls Promote at each step instead.
package fleet

import (
	"errors"
	"fmt"

	"queuelab/des"
)

// State is the state of one instance slot.
type State uint8

// States of an instance slot.
const (
	Free     State = iota // slot unused (reusable)
	Booting               // ordered, billed, not serving yet
	Serving               // takes traffic
	Draining              // taken out of service, finishing what it holds
)

var stateWords = [...]string{"free", "booting", "serving", "draining"}

// String returns the state's word (free, booting, serving, draining).
func (s State) String() string {
	if int(s) < len(stateWords) {
		return stateWords[s]
	}
	return fmt.Sprintf("State(%d)", uint8(s))
}

// Instance is one slot of the fleet. Gen changes whenever the slot is
// reused, so that a stale boot event (for an instance cancelled while
// booting) is recognised; Tag is the model's label of the instance (the
// web service's build version).
type Instance struct {
	State  State
	Tag    uint8
	Gen    int64
	BootAt des.Time // when a booting instance serves
}

// Config are a fleet's fixed terms.
type Config struct {
	// BootDelay is how long an ordered instance boots before it serves
	// (changeable with SetBootDelay; instances already booting keep
	// theirs).
	BootDelay des.Time
	// PricePerHour is the price of one ordered instance (booting or
	// serving) per hour, in the model's unit of money.
	PricePerHour float64
	// KeepServing is the number of serving instances Remove never drains
	// below (the web service keeps one; 0 lets the fleet empty).
	KeepServing int
}

// Hooks tell an event-driven model of fleet changes; any may be nil. A
// nil OnDrain frees a draining instance at once (a model that does not
// track what an instance still holds).
type Hooks struct {
	OnBoot  func(i int) // instance slot i started booting (schedule Serve at BootAt)
	OnServe func(i int) // instance slot i serves from now
	OnDrain func(i int) // instance slot i drains; call Drained when it is empty
}

// Fleet is the set of instance slots and the bill. Slot indices are
// stable: a model may keep per-slot state (an instance's queue) by index.
// A new instance takes the lowest free slot, and Remove takes instances
// from the highest slot down, so that — as no slot below a booting one is
// freed while it boots — the newest orders are the first cancelled.
type Fleet struct {
	Hooks
	cfg     Config
	inst    []Instance
	serving int
	booting int
	tagged  [256]int // serving instances per tag
	cost    float64
}

// ErrConfig is wrapped by New's errors.
var ErrConfig = errors.New("fleet: invalid config")

// New returns an empty fleet.
func New(cfg Config) (*Fleet, error) {
	switch {
	case cfg.BootDelay < 0:
		return nil, fmt.Errorf("%w: BootDelay %v must be ≥ 0", ErrConfig, cfg.BootDelay)
	case !(cfg.PricePerHour >= 0):
		return nil, fmt.Errorf("%w: PricePerHour %g must be ≥ 0", ErrConfig, cfg.PricePerHour)
	case cfg.KeepServing < 0:
		return nil, fmt.Errorf("%w: KeepServing %d must be ≥ 0", ErrConfig, cfg.KeepServing)
	}
	return &Fleet{cfg: cfg}, nil
}

// Serving returns the number of instances serving.
func (f *Fleet) Serving() int { return f.serving }

// Booting returns the number of instances booting.
func (f *Fleet) Booting() int { return f.booting }

// Size returns the ordered instances: serving + booting (draining ones
// are no longer counted nor billed).
func (f *Fleet) Size() int { return f.serving + f.booting }

// ServingTagged returns the number of serving instances with tag t.
func (f *Fleet) ServingTagged(t uint8) int { return f.tagged[t] }

// Slots returns the number of instance slots ever used (the bound of
// slot indices).
func (f *Fleet) Slots() int { return len(f.inst) }

// At returns instance slot i (read only; valid until the next change).
func (f *Fleet) At(i int) Instance { return f.inst[i] }

// BootDelay returns the boot delay of new orders.
func (f *Fleet) BootDelay() des.Time { return f.cfg.BootDelay }

// SetBootDelay sets the boot delay of instances ordered from now on.
func (f *Fleet) SetBootDelay(d des.Time) { f.cfg.BootDelay = max(d, 0) }

func (f *Fleet) newSlot() int {
	for i := range f.inst {
		if f.inst[i].State == Free {
			f.inst[i].Gen++
			return i
		}
	}
	f.inst = append(f.inst, Instance{Gen: 1})
	return len(f.inst) - 1
}

// Open puts n instances of tag t into service at once (the opening fleet,
// already booted before the run).
func (f *Fleet) Open(n int, t uint8) {
	for range n {
		i := f.newSlot()
		f.inst[i].State, f.inst[i].Tag = Booting, t
		f.booting++
		f.Serve(i)
	}
}

// Start orders n instances of tag t at time now; each boots for the boot
// delay, and OnBoot is told its slot.
func (f *Fleet) Start(n int, t uint8, now des.Time) {
	for range n {
		i := f.newSlot()
		in := &f.inst[i]
		in.State, in.Tag, in.BootAt = Booting, t, now+f.cfg.BootDelay
		f.booting++
		if f.OnBoot != nil {
			f.OnBoot(i)
		}
	}
}

// Serve moves booting instance i into service (a no-op if it is not
// booting: it was cancelled).
func (f *Fleet) Serve(i int) {
	in := &f.inst[i]
	if in.State != Booting {
		return
	}
	in.State = Serving
	f.booting--
	f.serving++
	f.tagged[in.Tag]++
	if f.OnServe != nil {
		f.OnServe(i)
	}
}

// BootDue reports whether the boot event of slot i, scheduled for
// generation gen, is still current: the slot was not cancelled or reused.
func (f *Fleet) BootDue(i int, gen int64) bool {
	return i < len(f.inst) && f.inst[i].Gen == gen && f.inst[i].State == Booting
}

// Promote serves every booting instance whose boot ended by now, in slot
// order (for models that step minute by minute).
func (f *Fleet) Promote(now des.Time) {
	for i := range f.inst {
		if f.inst[i].State == Booting && f.inst[i].BootAt <= now {
			f.Serve(i)
		}
	}
}

// Remove takes n instances out of the fleet: booting ones first (they
// are cancelled, from the highest slot down), then serving ones from the
// highest slot down, which drain, never fewer than KeepServing serving.
func (f *Fleet) Remove(n int) {
	for i := len(f.inst) - 1; i >= 0 && n > 0; i-- {
		if f.inst[i].State == Booting {
			f.inst[i].State = Free
			f.booting--
			n--
		}
	}
	for i := len(f.inst) - 1; i >= 0 && n > 0 && f.serving > f.cfg.KeepServing; i-- {
		in := &f.inst[i]
		if in.State != Serving {
			continue
		}
		in.State = Draining
		f.serving--
		f.tagged[in.Tag]--
		n--
		if f.OnDrain != nil {
			f.OnDrain(i)
		} else {
			in.State = Free
		}
	}
}

// Resize starts or removes instances of tag t so that Size is n.
func (f *Fleet) Resize(n int, t uint8, now des.Time) {
	switch size := f.Size(); {
	case size < n:
		f.Start(n-size, t, now)
	case size > n:
		f.Remove(size - n)
	}
}

// Drained frees draining slot i once its last work has finished.
func (f *Fleet) Drained(i int) {
	if f.inst[i].State == Draining {
		f.inst[i].State = Free
	}
}

// Retag gives up to n ordered instances (serving or booting) without tag
// t the tag t, in slot order.
func (f *Fleet) Retag(t uint8, n int) {
	for i := range f.inst {
		if n <= 0 {
			return
		}
		in := &f.inst[i]
		if (in.State != Serving && in.State != Booting) || in.Tag == t {
			continue
		}
		if in.State == Serving {
			f.tagged[in.Tag]--
			f.tagged[t]++
		}
		in.Tag = t
		n--
	}
}

// CountTag returns the ordered instances (serving or booting) with tag t.
func (f *Fleet) CountTag(t uint8) int {
	n := 0
	for i := range f.inst {
		if s := f.inst[i].State; (s == Serving || s == Booting) && f.inst[i].Tag == t {
			n++
		}
	}
	return n
}

// Rate returns the bill's rate per hour for the ordered instances plus
// extra ones billed alongside (a fleet being prepared): (Size + extra) ×
// PricePerHour.
func (f *Fleet) Rate(extra int) float64 {
	return float64(f.Size()+extra) * f.cfg.PricePerHour
}

// BillMinute adds one minute at rate (per hour) to the bill.
func (f *Fleet) BillMinute(rate float64) { f.cost += rate / 60 }

// Cost returns the bill so far.
func (f *Fleet) Cost() float64 { return f.cost }
