package des

import (
	"fmt"
	"math"
)

// SetServers sets the number of servers to n (≥ 0, or Infinite) now. More
// servers start waiting customers at once (PS: everyone's rate rises).
// Fewer servers drain: customers in service finish, and nobody new starts
// until fewer than n are busy (PS: everyone's rate falls at once). With a
// preemptive discipline an arrival may still preempt a customer on a
// draining server and take it over until it comes free. A negative n
// other than Infinite panics.
func (s *Station) SetServers(n int) {
	if n < 0 && n != Infinite {
		panic(fmt.Sprintf("des: station %q: SetServers(%d), want n ≥ 0 or Infinite", s.name, n))
	}
	s.checkNotStarting("SetServers")
	now := s.env.Now()
	if s.sharing {
		s.psAdvance(now)
	}
	if n == Infinite {
		n = math.MaxInt
	}
	s.servers = n
	s.noteServers()
	if s.sharing {
		s.psReschedule()
		s.psNote()
		return
	}
	s.fill(now)
	s.noteTotal()
}

// Boot orders n servers that join after delay (a machine booting), at
// PriorityControl. It returns a handle for CancelBoot; n ≤ 0 orders
// nothing and returns the zero Handle. A station with Infinite servers
// stays infinite.
func (s *Station) Boot(n int, delay Time) Handle {
	if n <= 0 {
		return Handle{}
	}
	s.booting += n
	return s.env.MustAfter(delay, PriorityControl, Event{Kind: s.bootKind, Aux: int64(n)})
}

// CancelBoot cancels the n servers ordered by the Boot call that returned
// h, if they have not joined yet; it reports whether they were cancelled.
func (s *Station) CancelBoot(h Handle, n int) bool {
	if !s.env.Cancel(h) {
		return false
	}
	s.booting -= n
	return true
}

// Booting returns the number of servers ordered by Boot that have not
// joined yet.
func (s *Station) Booting() int { return s.booting }

func (s *Station) onBoot(ev Event) {
	n := int(ev.Aux)
	s.booting -= n
	if s.servers == math.MaxInt {
		return
	}
	s.SetServers(s.servers + n)
}
