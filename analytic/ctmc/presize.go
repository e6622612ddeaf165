package ctmc

// cappedSpreads estimates the states for sizing the key set: as spreads,
// the ways to spread each closed class's customers over the stations
// that serve it, multiplied over the classes, but with no station given
// more of a class's customers than its capacity (0: no limit). Each
// class is capped alone, so where classes share a station the product
// still counts some spreads that do not fit together; it is a size hint,
// never a bound a refusal may rest on (spreads is that).
func cappedSpreads(m *Model) float64 {
	out := 1.0
	for r, cl := range m.Classes {
		if cl.Open() {
			continue
		}
		n := cl.Population
		// ways[k]: the ways to spread k customers over the stations so far
		ways := make([]float64, n+1)
		ways[0] = 1
		for _, s := range m.Stations {
			if s.Service[r] == nil {
				continue
			}
			room := n
			if s.Capacity > 0 {
				room = min(room, s.Capacity)
			}
			next, window := make([]float64, n+1), 0.0
			for k := range ways { // next[k]: the sum of ways[k−room … k]
				window += ways[k]
				if k > room {
					window -= ways[k-room-1]
				}
				next[k] = window
				if window > hugeSpread { // beyond any state limit; the sums would lose their precision
					return hugeSpread
				}
			}
			ways = next
		}
		out *= ways[n]
	}
	return out
}

// hugeSpread is where cappedSpreads stops counting.
const hugeSpread = 1e15
