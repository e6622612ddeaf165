package analytic

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// The traffic equations of a multi-class network with class switching.
// Routing nodes are the pairs x = (class r, station i), numbered r*M + i, so
// that class switching is routing between nodes. Source: [BCMP] (the
// visit-ratio equations of a chain); [Bolch] ch. 7 (multi-class traffic
// equations with class switching).

// solveLinear solves A·x = b by Gaussian elimination with partial pivoting,
// overwriting A and b. It reports false when A is singular (a pivot below
// 1e-12 times the largest entry of its column).
func solveLinear(a [][]float64, b []float64) ([]float64, bool) {
	n := len(b)
	for col := range n {
		piv, best := col, math.Abs(a[col][col])
		for row := col + 1; row < n; row++ {
			if v := math.Abs(a[row][col]); v > best {
				piv, best = row, v
			}
		}
		if !(best > 1e-12) {
			return nil, false
		}
		a[col], a[piv] = a[piv], a[col]
		b[col], b[piv] = b[piv], b[col]
		for row := col + 1; row < n; row++ {
			f := a[row][col] / a[col][col]
			if f == 0 {
				continue
			}
			for k := col; k < n; k++ {
				a[row][k] -= f * a[col][k]
			}
			b[row] -= f * b[col]
		}
	}
	x := make([]float64, n)
	for row := n - 1; row >= 0; row-- {
		s := b[row]
		for k := row + 1; k < n; k++ {
			s -= a[row][k] * x[k]
		}
		x[row] = s / a[row][row]
	}
	return x, true
}

// openFlows solves the open traffic equations λ_y = γ_y + Σ_x λ_x·P[x][y]
// over the nodes of open classes, for the external arrival vector gamma
// (indexed by node). It returns λ per node (0 on closed-class nodes), or an
// error when customers of some open class can circulate for ever (I − P is
// singular on the nodes they reach).
func (n Network) openFlows(gamma []float64) ([]float64, error) {
	m := len(n.Stations)
	var nodes []int
	for x := range n.Routing {
		if n.Classes[x/m].open() {
			nodes = append(nodes, x)
		}
	}
	k := len(nodes)
	a := make([][]float64, k)
	b := make([]float64, k)
	for row, y := range nodes {
		a[row] = make([]float64, k)
		for col, x := range nodes {
			a[row][col] = -n.Routing[x][y]
		}
		a[row][row]++
		b[row] = gamma[y]
	}
	sol, ok := solveLinear(a, b)
	lambda := make([]float64, len(n.Routing))
	if ok {
		for row, y := range nodes {
			lambda[y] = max(sol[row], 0)
			ok = ok && finite(sol[row])
		}
	}
	if !ok {
		return nil, ErrNoExit
	}
	return lambda, nil
}

// ErrNoExit is returned (possibly wrapped) for an open network whose
// customers can never leave: the routing of its open classes has a closed
// loop with no exit, so customers pile up without bound and no steady
// state exists. Simulators refuse such a network before running it.
var ErrNoExit = errors.New("open-class customers never leave the network: the routing of open classes has a closed loop with no exit")

// openRates returns the arrival rate λ per node of every open class (total
// over the visits of a customer, external and internal arrivals).
func (n Network) openRates() ([]float64, error) {
	m := len(n.Stations)
	gamma := make([]float64, len(n.Routing))
	for k, c := range n.Classes {
		if c.open() {
			gamma[k*m+c.Source] += c.Rate
		}
	}
	return n.openFlows(gamma)
}

// openVisits returns, for open class k, the mean number of visits per node
// of one customer who arrives from outside as class k (visits as other
// classes after switching included).
func (n Network) openVisits(k int) ([]float64, error) {
	m := len(n.Stations)
	gamma := make([]float64, len(n.Routing))
	gamma[k*m+n.Classes[k].Source] = 1
	return n.openFlows(gamma)
}

// chain is a set of closed classes whose customers can turn into one
// another (a routing chain of [BCMP]); the population of the chain is the
// sum of its classes' populations.
type chain struct {
	classes    []int     // class indices, increasing
	population int       // customers in the chain
	ref        int       // reference node, where the visit ratio is 1
	visits     []float64 // visit ratio per node, 1 at ref; 0 outside the chain's recurrent nodes
}

// closedChains groups the closed classes into chains (classes whose
// reachable nodes overlap) and solves each chain's visit ratios
// v_y = Σ_x v_x·P[x][y] on its recurrent nodes, with v_ref = 1. The
// reference node is the first class's start, or, when customers never come
// back there, the first node of the chain's recurrent set. A chain whose
// customers can end up in two sets of nodes that never meet is an error:
// how its population splits between them is not fixed by the routing.
func (n Network) closedChains() ([]chain, error) {
	m, r := len(n.Stations), len(n.Classes)
	group := make([]int, r) // union-find parent over classes
	first := make([]int, r*m)
	reach := make([][]int, r)
	for k := range group {
		group[k] = k
	}
	find := func(k int) int {
		for group[k] != k {
			group[k] = group[group[k]]
			k = group[k]
		}
		return k
	}
	for k, c := range n.Classes {
		if c.open() {
			continue
		}
		reach[k] = n.reachable(k*m + c.Start)
		for _, x := range reach[k] {
			if first[x] == 0 {
				first[x] = k + 1
			} else if a, b := find(first[x]-1), find(k); a != b {
				group[max(a, b)] = min(a, b)
			}
		}
	}
	var chains []chain
	index := map[int]int{} // root class → chain
	owner := make([]int, r*m)
	for k, c := range n.Classes {
		if c.open() {
			continue
		}
		root := find(k)
		ci, ok := index[root]
		if !ok {
			ci = len(chains)
			index[root] = ci
			chains = append(chains, chain{ref: k*m + c.Start})
		}
		chains[ci].classes = append(chains[ci].classes, k)
		chains[ci].population += c.Population
		for _, x := range reach[k] {
			owner[x] = ci + 1
		}
	}
	for ci := range chains {
		if err := n.solveChain(&chains[ci], owner, ci+1); err != nil {
			return nil, err
		}
	}
	return chains, nil
}

// solveChain finds the recurrent nodes of the chain (the nodes x with
// owner[x] == id), picks its reference node and solves its visit ratios.
func (n Network) solveChain(ch *chain, owner []int, id int) error {
	var nodes []int
	for x, o := range owner {
		if o == id {
			nodes = append(nodes, x)
		}
	}
	terminal := n.terminalComponents(nodes)
	if len(terminal) != 1 {
		return fmt.Errorf("closed chain through %s: its customers can end up in %d separate parts of the network that never meet, so how they split is undetermined", n.node(ch.ref), len(terminal))
	}
	recurrent := terminal[0]
	if !slices.Contains(recurrent, ch.ref) {
		ch.ref = recurrent[0]
	}
	v, err := n.chainVisits(ch.ref, recurrent)
	ch.visits = v
	return err
}

// terminalComponents returns the strongly connected components of the
// routing graph on nodes (closed under reachability) that no edge leaves:
// the recurrent sets of the routing chain. Each is sorted. Tarjan's
// algorithm.
func (n Network) terminalComponents(nodes []int) [][]int {
	index := make([]int, len(n.Routing))
	low := make([]int, len(n.Routing))
	onStack := make([]bool, len(n.Routing))
	comp := make([]int, len(n.Routing))
	for i := range index {
		index[i], comp[i] = -1, -1
	}
	var stack []int
	var comps [][]int
	counter := 0
	var visit func(u int)
	visit = func(u int) {
		index[u], low[u] = counter, counter
		counter++
		stack = append(stack, u)
		onStack[u] = true
		for v, p := range n.Routing[u] {
			if p <= 0 {
				continue
			}
			if index[v] < 0 {
				visit(v)
				low[u] = min(low[u], low[v])
			} else if onStack[v] {
				low[u] = min(low[u], index[v])
			}
		}
		if low[u] == index[u] {
			var c []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp[w] = len(comps)
				c = append(c, w)
				if w == u {
					break
				}
			}
			slices.Sort(c)
			comps = append(comps, c)
		}
	}
	for _, x := range nodes {
		if index[x] < 0 {
			visit(x)
		}
	}
	var terminal [][]int
	for ci, c := range comps {
		closed := true
		for _, u := range c {
			for v, p := range n.Routing[u] {
				if p > 0 && comp[v] != ci {
					closed = false
				}
			}
		}
		if closed {
			terminal = append(terminal, c)
		}
	}
	return terminal
}

// chainVisits solves v·(I − P) = 0 with v_ref = 1 over the recurrent nodes
// of a chain (an irreducible set, so the solution is unique and positive).
func (n Network) chainVisits(ref int, nodes []int) ([]float64, error) {
	refRow := slices.Index(nodes, ref)
	k := len(nodes)
	a := make([][]float64, k)
	b := make([]float64, k)
	for row, y := range nodes {
		a[row] = make([]float64, k)
		if row == refRow {
			a[row][row], b[row] = 1, 1
			continue
		}
		for col, x := range nodes {
			a[row][col] = -n.Routing[x][y]
		}
		a[row][row]++
	}
	sol, ok := solveLinear(a, b)
	v := make([]float64, len(n.Routing))
	for row, y := range nodes {
		if ok && (!finite(sol[row]) || sol[row] < -1e-9) {
			ok = false
		}
		if ok {
			v[y] = max(sol[row], 0)
		}
	}
	if !ok {
		return nil, fmt.Errorf("closed chain through %s: the visit ratios could not be solved (the routing is numerically singular)", n.node(ref))
	}
	return v, nil
}

// OpenStationRates returns, per station, the rate at which open-class
// customers arrive there by the traffic equations, all open classes
// together, every visit counted (at a fork's branch, the tasks its fork
// sends; 0 at forks and joins, which serve nobody, and at stations no
// open class visits). Where nobody is lost it is the station's
// throughput; where a full station loses arrivals, an upper bound of it.
// The error is n's invalidity or ErrNoExit.
func OpenStationRates(n Network) ([]float64, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	rates := n.openRates
	if len(n.Forks) > 0 {
		rates = n.forkRates
	}
	lam, err := rates()
	if err != nil {
		return nil, err
	}
	m := len(n.Stations)
	out := make([]float64, m)
	for x, l := range lam {
		out[x%m] += l
	}
	return out, nil
}
