package serve

import "queuelab/model/network"

// forkGraph marks a fork or join station of the graph: its kind, no
// servers, its kind for a discipline (the page draws it as a bar).
func forkGraph(ns *NetStation, s *network.Station) {
	if s.Kind != network.Fork && s.Kind != network.Join {
		return
	}
	ns.Kind = s.Kind.String()
	ns.Servers, ns.Capacity, ns.Discipline = -1, -1, ns.Kind
}

// forkRoutes lists each fork's branches as routes of probability 1 with
// their number of tasks.
func forkRoutes(n *network.Network) []NetRoute {
	var out []NetRoute
	for i := range n.Stations {
		s := &n.Stations[i]
		for _, b := range s.Split {
			out = append(out, NetRoute{From: s.Name, To: b.To, P: 1, Tasks: b.Tasks})
		}
	}
	return out
}
