package analytic

// Reachable marks the routing nodes a customer can reach from any of the
// nodes in from, following only routes of positive probability:
// out[x] is true for x in from and for every node reached from them.
// routing is square, as Network.Routing; it is not changed.
func Reachable(routing [][]float64, from []int) []bool {
	seen := make([]bool, len(routing))
	stack := make([]int, 0, len(from))
	for _, x := range from {
		if !seen[x] {
			seen[x] = true
			stack = append(stack, x)
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for y, p := range routing[x] {
			if p > 0 && !seen[y] {
				seen[y] = true
				stack = append(stack, y)
			}
		}
	}
	return seen
}
