package serve

import "queuelab/analytic"

// trapped returns the stations, in network order, where open-class
// customers arrive and can never leave: every route from there leads
// back into the network (rows that sum to 1 on a loop with no exit), and
// no station on the way lets them go by patience or turns them away by a
// capacity. Such a network fills for as long as it runs, like an
// overloaded one, though no station's ρ says so: the page shows it as
// unstable. Closed classes never leave by design and are not considered.
func trapped(n analytic.Network) []string {
	M := len(n.Stations)
	nodes := len(n.Routing)
	if M == 0 || nodes != M*len(n.Classes) {
		return nil
	}
	// out[k]: node k (class r at station i, k = r·M+i) can leave from
	// itself; then, backwards along the routes, every node that can reach
	// such a node.
	exits := make([]bool, nodes)
	into := make([][]int, nodes) // into[j]: the nodes routing to j
	for k, row := range n.Routing {
		st := n.Stations[k%M]
		sum := 0.0
		for j, p := range row {
			if p > 0 {
				sum += p
				into[j] = append(into[j], k)
			}
		}
		exits[k] = sum < 1-1e-9 || st.Patience > 0 || st.Capacity > 0
	}
	stack := make([]int, 0, nodes)
	for k, e := range exits {
		if e {
			stack = append(stack, k)
		}
	}
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, from := range into[k] {
			if !exits[from] {
				exits[from] = true
				stack = append(stack, from)
			}
		}
	}
	// Forwards from the open classes' arrivals: any node reached that
	// cannot leave traps them.
	var arrivals []int
	for r, c := range n.Classes {
		if c.Rate > 0 {
			arrivals = append(arrivals, r*M+c.Source)
		}
	}
	caught := make([]bool, M)
	for k, reached := range analytic.Reachable(n.Routing, arrivals) {
		if reached && !exits[k] {
			caught[k%M] = true
		}
	}
	var out []string
	for i, c := range caught {
		if c {
			out = append(out, n.Stations[i].Name)
		}
	}
	return out
}
