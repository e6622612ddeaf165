package analytic

import (
	"fmt"
	"math"
)

// The traffic equations of a multi-class network with class switching.
// Routing nodes are the pairs x = (class r, station i), numbered r*M + i, so
// that class switching is routing between nodes. Source: [BCMP] §3 (the
// visit-ratio equations of a chain); [Bolch] §7.1 (multi-class traffic
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
		return nil, fmt.Errorf("open-class customers never leave the network: the routing of open classes has a closed loop with no exit")
	}
	return lambda, nil
}

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
	ref        int       // reference node: (first class, its start station)
	visits     []float64 // visit ratio per node, 1 at ref; 0 outside the chain
}

// closedChains groups the closed classes into chains (classes whose
// reachable nodes overlap) and solves each chain's visit ratios
// v_y = Σ_x v_x·P[x][y] with v_ref = 1. It returns an error when a chain's
// routing does not have a single recurrent set of nodes containing the
// reference node (its visit ratios are then not determined).
func (n Network) closedChains() ([]chain, error) {
	m, r := len(n.Stations), len(n.Classes)
	owner := make([]int, r*m) // chain index + 1 per node
	var chains []chain
	for k, c := range n.Classes {
		if c.open() {
			continue
		}
		reach := n.reachable(k*m + c.Start)
		idx := -1
		for _, x := range reach {
			if owner[x] > 0 {
				idx = owner[x] - 1
				break
			}
		}
		if idx < 0 {
			chains = append(chains, chain{ref: k*m + c.Start})
			idx = len(chains) - 1
		}
		chains[idx].classes = append(chains[idx].classes, k)
		chains[idx].population += c.Population
		for _, x := range reach {
			owner[x] = idx + 1
		}
	}
	for ci := range chains {
		v, err := n.chainVisits(chains[ci].ref, owner, ci+1)
		if err != nil {
			return nil, err
		}
		chains[ci].visits = v
	}
	return chains, nil
}

// chainVisits solves v·(I − P) = 0 with v_ref = 1 over the nodes x with
// owner[x] == id.
func (n Network) chainVisits(ref int, owner []int, id int) ([]float64, error) {
	var nodes []int
	refRow := -1
	for x, o := range owner {
		if o == id {
			if x == ref {
				refRow = len(nodes)
			}
			nodes = append(nodes, x)
		}
	}
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
	v := make([]float64, len(owner))
	for row, y := range nodes {
		if ok && (!finite(sol[row]) || sol[row] < -1e-9) {
			ok = false
		}
		if ok {
			v[y] = max(sol[row], 0)
		}
	}
	if !ok {
		return nil, fmt.Errorf("closed chain through %s: its routing does not return every customer to where it started, so the visit ratios are undetermined", n.node(ref))
	}
	return v, nil
}
