package des

import "fmt"

// SetCapacity sets the most customers at the station to k (≥ 1, or
// Unlimited) now. Lowering it below the number present removes nobody:
// arrivals are lost until fewer than k are present. k < 1 other than
// Unlimited panics.
func (s *Station) SetCapacity(k int) {
	if k < 1 && k != Unlimited {
		panic(fmt.Sprintf("des: station %q: SetCapacity(%d), want k ≥ 1 or Unlimited", s.name, k))
	}
	s.checkNotStarting("SetCapacity")
	s.capacity = max(k, 0)
}
