package analytic_test

import (
	"errors"
	"fmt"

	"queuelab/analytic"
	"queuelab/des/queueing"
)

// A tandem line built in Go code: Poisson arrivals at 1/s pass an
// exponential server of mean 0.5 s, then one of mean 0.8 s. It is a
// Jackson network, so each station is an M/M/1 of its own and the exact
// end-to-end response is 1 + 4 = 5 s. Where closed forms give every value
// exactly, SolveNetwork skips the network's Markov chain; ForceCTMC solves
// it anyway (exact CTMC, truncated where less than 1e-12 of the
// probability lies beyond), and it says the same.
func ExampleSolveNetwork() {
	n := analytic.Network{
		Stations: []analytic.NetStation{
			{Name: "cut", Servers: 1, Mean: []float64{0.5}, SCV: []float64{1}},
			{Name: "polish", Servers: 1, Mean: []float64{0.8}, SCV: []float64{1}},
		},
		Classes:   []analytic.NetClass{{Name: "part", Rate: 1, ArrivalSCV: 1, Source: 0}},
		Routing:   [][]float64{{0, 1}, {0, 0}}, // cut → polish → out
		ForceCTMC: true,
	}
	metrics, err := analytic.SolveNetwork(n)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range metrics {
		if m.Class == "part" && (m.Name == "mean_response" || m.Name == "utilization") {
			fmt.Printf("%-7s %-14s %.3f  %s (exact %v)\n", m.Station, m.Name, m.Value, m.Method, m.Exact)
		}
	}
	// At 1.5 arrivals per second the polisher is overloaded (ρ = 1.2).
	n.Classes[0].Rate = 1.5
	_, err = analytic.SolveNetwork(n)
	var unstable *analytic.UnstableError
	fmt.Println(errors.As(err, &unstable), unstable.Station)
	// Output:
	// cut     mean_response  1.000  Jackson product form (exact true)
	// cut     mean_response  1.000  exact CTMC (exact true)
	// cut     utilization    0.500  exact CTMC (exact true)
	// cut     utilization    0.500  traffic equations (exact true)
	// polish  mean_response  4.000  Jackson product form (exact true)
	// polish  mean_response  4.000  exact CTMC (exact true)
	// polish  utilization    0.800  exact CTMC (exact true)
	// polish  utilization    0.800  traffic equations (exact true)
	// network mean_response  5.000  Jackson product form (exact true)
	// network mean_response  5.000  exact CTMC (exact true)
	// true polish
}

// A central-server computer model (terminals with 5 s think time, a CPU and
// two disks) with 20 users, reduced to its service demands per interaction,
// solved by exact MVA and its two approximations, with the bounds.
func ExampleClosedModel_ExactMVA() {
	c := analytic.ClosedModel{
		Servers:    []int{queueing.Infinite, 1, 1, 1}, // terminals (delay), CPU, disk1, disk2
		Demand:     [][]float64{{5}, {0.25}, {0.1}, {0.045}},
		Population: []int{20},
	}
	for _, solve := range []struct {
		name string
		run  func() (analytic.MVAResult, error)
	}{{"exact MVA", c.ExactMVA}, {"Schweitzer", c.Schweitzer}, {"Linearizer", c.Linearizer}} {
		res, _ := solve.run()
		x := res.Throughput[0]
		fmt.Printf("%-10s X = %.4f/s  response = %.3f s  CPU busy %.1f %%\n", solve.name, x, 20/x-5, 100*x*0.25)
	}
	b, _ := analytic.BalancedJobBounds([]float64{0.25, 0.1, 0.045}, 5, 20)
	fmt.Printf("balanced job bounds: %.4f ≤ X ≤ %.4f\n", b.ThroughputLower, b.ThroughputUpper)
	// Output:
	// exact MVA  X = 3.2838/s  response = 1.091 s  CPU busy 82.1 %
	// Schweitzer X = 3.2042/s  response = 1.242 s  CPU busy 80.1 %
	// Linearizer X = 3.2973/s  response = 1.066 s  CPU busy 82.4 %
	// balanced job bounds: 2.4085 ≤ X ≤ 3.5854
}

// Two priority classes at one exponential server (Cobham's formulas): the
// high class waits 1 s on average, the low class 10/3 s.
func ExamplePriorityQueue() {
	q := analytic.PriorityQueue{Servers: 1, Classes: []analytic.PriorityClass{
		{Lambda: 0.3, Mean: 1, SCV: 1},
		{Lambda: 0.4, Mean: 1, SCV: 1},
	}}
	fmt.Printf("non-preemptive waits: %.3f s, %.3f s\n", q.MeanWait(0), q.MeanWait(1))
	q.Preemptive = true
	fmt.Printf("preemptive responses: %.3f s, %.3f s\n", q.MeanResponseTime(0), q.MeanResponseTime(1))
	// Output:
	// non-preemptive waits: 1.000 s, 3.333 s
	// preemptive responses: 1.429 s, 4.762 s
}

// Pollaczek–Khinchine: at the same load, deterministic service halves the
// M/M/1 wait, while processor sharing does not care about the service law.
func ExampleMG1() {
	for _, scv := range []float64{1, 0, 4} {
		q := analytic.MG1{Lambda: 0.8, Mean: 1, SCV: scv}
		fmt.Printf("c² = %v: FCFS wait %.1f s, PS response %.1f s\n", scv, q.MeanWait(), q.PSResponseTime())
	}
	// Output:
	// c² = 1: FCFS wait 4.0 s, PS response 5.0 s
	// c² = 0: FCFS wait 2.0 s, PS response 5.0 s
	// c² = 4: FCFS wait 10.0 s, PS response 5.0 s
}
