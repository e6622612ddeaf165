package analytic

import (
	"fmt"

	"queuelab/analytic/ctmc"
	"queuelab/des/queueing"
)

// Poisson arrivals at a random router: the router sends each arrival to
// target j with probability p_j, independently, so the arrivals at j are
// a Poisson stream of rate λ·p_j, independent of the others'. The chain
// gives each class one station of arrival, so the class is split: it
// keeps the first target, and each further target gets a copy of the
// class (same name, same service laws, same routing, staying in the copy
// where the class would stay in itself), after n's classes. The copies
// are as exact as the class: their customers are served and routed
// alike, only told apart. foldCopies adds their results back.

// splitRouterArrivals splits out's classes that arrive at a router, or
// says why it cannot: the router switches their class, or a station
// their copies reach orders customers by class (priority).
func (n Network) splitRouterArrivals(out *ctmc.Model) error {
	m, r := len(n.Stations), len(n.Classes)
	for k, c := range n.Classes {
		if !c.open() || n.Stations[c.Source].Router == "" || n.bufferRouter(c.Source) {
			continue // a router holding customers is a station of the chain's
		}
		row := make([]float64, len(n.Routing))
		row[k*m+c.Source] = 1
		if err := n.throughRouters(row); err != nil {
			return err
		}
		var targets []int
		for y, p := range row {
			switch {
			case p == 0:
			case y/m != k:
				return fmt.Errorf("class %q arrives at router %q, which switches its class: the exact CTMC does not split such arrivals", c.Name, n.Stations[c.Source].Name)
			default:
				targets = append(targets, y%m)
			}
		}
		if len(targets) == 0 {
			return fmt.Errorf("class %q arrives at router %q, which sends it nowhere", c.Name, n.Stations[c.Source].Name)
		}
		for _, x := range n.reachable(k*m + targets[0]) {
			if d := n.Stations[x%m].Discipline; len(targets) > 1 && (d == queueing.Priority || d == queueing.PreemptivePriority) {
				return fmt.Errorf("class %q arrives at router %q and reaches priority station %q: the chain's priorities follow class order, which copies of the class would change", c.Name, n.Stations[c.Source].Name, n.Stations[x%m].Name)
			}
		}
		out.Classes[k].Rate, out.Classes[k].Source = c.Rate*row[k*m+targets[0]], targets[0]
		for _, j := range targets[1:] {
			cp := out.Classes[k]
			cp.Rate, cp.Source = c.Rate*row[k*m+j], j
			addClassCopy(out, k, cp)
		}
	}
	if len(out.Classes) > r {
		serveReached(out)
	}
	return nil
}

// serveReached leaves each class's service only at the stations its
// customers can reach, so that the split classes (which can reach one
// target each) do not count in the bound on the orders of FCFS lines
// where they never meet.
func serveReached(out *ctmc.Model) {
	m := len(out.Stations)
	starts := make([]int, len(out.Classes))
	for k, c := range out.Classes {
		starts[k] = k*m + c.Start
		if c.Open() {
			starts[k] = k*m + c.Source
		}
	}
	for x, ok := range Reachable(out.Routing, starts) {
		if !ok {
			out.Stations[x%m].Service[x/m] = nil
		}
	}
}

// addClassCopy appends cp to out as a copy of class k: k's service at
// every station, k's routing rows with k's own entries moved to the copy.
func addClassCopy(out *ctmc.Model, k int, cp ctmc.Class) {
	m, r := len(out.Stations), len(out.Classes)
	for i := range out.Stations {
		out.Stations[i].Service = append(out.Stations[i].Service, out.Stations[i].Service[k])
	}
	for x := range out.Routing {
		out.Routing[x] = append(out.Routing[x], make([]float64, m)...)
	}
	for i := range m {
		row := make([]float64, (r+1)*m)
		copy(row, out.Routing[k*m+i])
		for j := range m {
			row[r*m+j], row[k*m+j] = row[k*m+j], 0
		}
		out.Routing = append(out.Routing, row)
	}
	out.Classes = append(out.Classes, cp)
}

// foldCopies adds the results of the classes beyond the first r (copies
// made by splitRouterArrivals, named as their class) to their class's and
// cuts every list to r classes.
func foldCopies(model *ctmc.Model, r int, res []ctmc.StationResult) {
	parent := map[string]int{}
	for k := range r {
		parent[model.Classes[k].Name] = k
	}
	for i := range res {
		st := &res[i]
		for _, f := range []*[]float64{&st.Throughput, &st.Busy, &st.InSystem, &st.InQueue, &st.Waiting, &st.Offered, &st.Lost, &st.Abandoned, &st.Blocked, &st.Balked} {
			if len(*f) <= r {
				continue
			}
			for c := r; c < len(*f); c++ {
				(*f)[parent[model.Classes[c].Name]] += (*f)[c]
			}
			*f = (*f)[:r]
		}
	}
}
