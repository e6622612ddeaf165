package ctmc

// newTwoStationAggregator returns the joint steps of a chain of two
// stations, where splitting the stations into two sets leaves each set one
// station: the steps alternate between grouping the states by the
// customers' counts — how many of each class every station holds, the
// order of a waiting line, the phases, held lists and MAP phases apart —
// and by the local state of the station with more local states (the
// other where the larger's would be more than states/maxGroupShare: on a
// closed network the one station's state nearly fixes the other's). The
// counts are the levels of a truncated open network (the open customers
// present) refined by class and station; the station's own grouping
// corrects the order and phases of its line jointly with its counts,
// which the counts do not see. On two classes through a desk whose FCFS
// line keeps their order (1.3·10⁶ states, 6 144 local states at the desk:
// the one-station steps skip a station of more than maxAggregate and then
// fail their trial) the sweeps fall from 329 to 85 (BENCHMARKS.md,
// session 7). Nil without an open class (on closed networks of two
// stations they were measured no better than the one-station steps:
// fewer sweeps on some, more on others) and where either grouping would
// have more than states/maxGroupShare groups.
func newTwoStationAggregator(c *chain, packed *packedRates) *jointAggregator {
	open := false
	for _, cl := range c.m.Classes {
		open = open || cl.Open()
	}
	if !open {
		return nil
	}
	most := c.states() / maxGroupShare
	big := largerStation(c, most)
	return learnSides(c, packed, func() (*grouping, bool) {
		return newCountGrouping(c, most)
	}, func() (*grouping, bool) {
		return newGrouping(c, 1<<big, most)
	})
}

// largerStation returns the station of two with more local states, or
// the other where the larger has more than most.
func largerStation(c *chain, most int) int {
	big := 0
	if len(c.tabs[1].lists) > len(c.tabs[0].lists) {
		big = 1
	}
	if len(c.tabs[big].lists) > most {
		return 1 - big
	}
	return big
}

// newCountGrouping groups c's states by how many customers of each class
// every station holds (each station's local states coded by their counts
// in mixed radix, the stations' codes in turn); false beyond most groups.
func newCountGrouping(c *chain, most int) (*grouping, bool) {
	codes := make([][]uint64, c.M)
	radix := make([]uint64, c.M)
	span := 1.0
	for i, tb := range c.tabs {
		top := make([]uint64, c.R) // by class: the most present at i
		for _, in := range tb.info {
			for r, v := range in.count {
				top[r] = max(top[r], uint64(v))
			}
		}
		radix[i] = 1
		for _, v := range top {
			radix[i] *= v + 1
			span *= float64(v + 1)
		}
		codes[i] = make([]uint64, len(tb.info))
		for x, in := range tb.info {
			k := uint64(0)
			for r, v := range in.count {
				k = k*(top[r]+1) + uint64(v)
			}
			codes[i][x] = k
		}
	}
	return numberGroups(c.states(), span, most, func(x int) uint64 {
		t := c.tuple(x)
		key := uint64(0)
		for i := range c.M {
			key = key*radix[i] + codes[i][t[i]]
		}
		return key
	})
}
