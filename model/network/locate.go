package network

// StationLine returns the line of the file n was parsed from where
// station is written — its item under stations, or with routing its key
// under routing (its routing row; the station's item when it has none) —
// or 0 when n was not parsed (built in Go) or does not name it. For
// messages about a parsed network found after Parse (an analytic
// method's refusal). The lines are those the parser recorded.
func (n *Network) StationLine(station string, routing bool) int {
	if routing {
		if l, ok := n.lines[elemRouting(station)]; ok {
			return l
		}
	}
	return n.lines[elemStation(station)]
}
