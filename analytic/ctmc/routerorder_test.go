package ctmc_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
)

// transitRing is the closed ring a (one place, blocking before service)
// → router lb → a or b, b → a or lb, each branch with probability ½, n
// customers starting at b, unit service rates, its stations listed in
// the order given (names from "a", "lb", "b"). Two customers can be in
// transit through the router in one event: a's, leaving for lb, and the
// one lb held for the full a, released by that departure; the first may
// draw a and take its place.
func transitRing(n int, order []string) *ctmc.Model {
	one := ctmc.Exponential(1)
	at := map[string]int{}
	for k, name := range order {
		at[name] = k
	}
	M := len(order)
	m := &ctmc.Model{
		Stations: make([]ctmc.Station, M),
		Classes:  []ctmc.Class{{Name: "job", Population: n, Start: at["b"]}},
		Routing:  [][]float64{make([]float64, M), make([]float64, M), make([]float64, M)},
	}
	m.Stations[at["a"]] = ctmc.Station{Name: "a", Servers: 1, Capacity: 1, Blocking: ctmc.BeforeStart, Service: []*ctmc.PH{&one}}
	m.Stations[at["lb"]] = ctmc.Station{Name: "lb", Router: true, Service: []*ctmc.PH{nil}}
	m.Stations[at["b"]] = ctmc.Station{Name: "b", Servers: 1, Service: []*ctmc.PH{&one}}
	m.Routing[at["a"]][at["lb"]] = 1
	m.Routing[at["lb"]][at["a"]], m.Routing[at["lb"]][at["b"]] = 0.5, 0.5
	m.Routing[at["b"]][at["a"]], m.Routing[at["b"]][at["lb"]] = 0.5, 0.5
	return m
}

// TestRouterTransitOrder: the results of transitRing do not depend on the
// order its stations are listed in (each station's L, X and blocked
// count to 1e-12, 2 and 3 customers). Customers in transit through the
// router end their services of zero length in the order they began
// them, as in the simulator; played in station order instead, listing
// [a, lb, b] gave X_a 0.84714 against 0.85145 for [b, lb, a].
func TestRouterTransitOrder(t *testing.T) {
	orders := [][]string{{"a", "lb", "b"}, {"b", "lb", "a"}, {"lb", "a", "b"}, {"a", "b", "lb"}, {"b", "a", "lb"}, {"lb", "b", "a"}}
	for _, n := range []int{2, 3} {
		type res struct{ l, x, blk float64 }
		var want map[string]res
		for _, order := range orders {
			sol, err := ctmc.Solve(transitRing(n, order), ctmc.Options{})
			require.NoError(t, err, "n %d, %v", n, order)
			got := map[string]res{}
			for k, name := range order {
				s := sol.Stations[k]
				got[name] = res{s.InSystem[0], s.Throughput[0], s.Blocked[0]}
			}
			if want == nil {
				want = got
				t.Logf("n %d: X_a %.5f", n, got["a"].x)
				continue
			}
			for name, w := range want {
				g := got[name]
				require.InDelta(t, w.l, g.l, 1e-12, "n %d, %v: L at %s", n, order, name)
				require.InDelta(t, w.x, g.x, 1e-12, "n %d, %v: X at %s", n, order, name)
				require.InDelta(t, w.blk, g.blk, 1e-12, "n %d, %v: blocked at %s", n, order, name)
			}
		}
	}
}
