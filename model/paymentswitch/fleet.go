package paymentswitch

// servers is the server bookkeeping both engines share: servers in
// service, boot orders, and billing.
type servers struct {
	inService int
	boots     []int // minute each booting server joins, oldest order first
	cost      float64
}

func (s *servers) booting() int { return len(s.boots) }

// order sets the number of servers ordered (in service + booting) to n at
// minute m: extra servers boot until m + BootMinutes; fewer cancel the
// newest boot orders first, then take servers out of service (they drain).
func (s *servers) order(n, m int) {
	for s.inService+len(s.boots) < n {
		s.boots = append(s.boots, m+BootMinutes)
	}
	for s.inService+len(s.boots) > n && len(s.boots) > 0 {
		s.boots = s.boots[:len(s.boots)-1]
	}
	if s.inService > n {
		s.inService = n
	}
}

// tick promotes the servers due at minute m and bills the minute.
func (s *servers) tick(m int) {
	k := 0
	for _, due := range s.boots {
		if due <= m {
			s.inService++
		} else {
			s.boots[k] = due
			k++
		}
	}
	s.boots = s.boots[:k]
	s.cost += float64(s.inService+len(s.boots)) * PricePerHour / 60
}
