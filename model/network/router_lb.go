package network

// choose returns the node a class-r customer leaving router i goes to by
// its policy (see LBPolicy for the draws and the tie rule). The number
// present at a target is its customers waiting and in service.
func (x *extras) choose(i int, lb *LoadBalance, r int) int32 {
	s := x.s
	R := s.top.R
	to := x.lbTo[i]
	node := func(k int) int32 { return int32(to[k]*R + r) }
	switch lb.Policy {
	case LBRoundRobin:
		k := x.rr[i]
		x.rr[i] = (k + 1) % len(lb.To)
		return node(k)
	case LBJSQ:
		best, bestN := 0, -1
		for k := range lb.To {
			if n := s.stations[to[k]].InSystem(); bestN < 0 || n < bestN {
				best, bestN = k, n
			}
		}
		return node(best)
	case LBPowerOfD:
		return node(x.powerOfD(i, lb))
	}
	// LBRandom: the router's row is an equal split over To (lbRows).
	return s.route.next(r, i, s.rtStream[i].Float64())
}

// powerOfD draws D distinct targets of router i uniformly (a partial
// Fisher–Yates shuffle over the target indices, one draw each) and returns
// the index of the one with the fewest present, the first drawn on a tie.
func (x *extras) powerOfD(i int, lb *LoadBalance) int {
	to, idx := x.lbTo[i], x.lbIdx[i]
	n := len(to)
	for k := range idx {
		idx[k] = k
	}
	best, bestN := -1, 0
	for k := 0; k < lb.D; k++ {
		m := k + x.s.rtStream[i].IntN(n-k)
		idx[k], idx[m] = idx[m], idx[k]
		if c := x.s.stations[to[idx[k]]].InSystem(); best < 0 || c < bestN {
			best, bestN = idx[k], c
		}
	}
	return best
}
