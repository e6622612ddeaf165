package network_test

import (
	"fmt"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/model/network"
)

// A two-way fork/join built in Go: each job splits at the fork into one
// task per branch, and leaves the join when both are done. Its mean
// response is compared with Nelson–Tantawi's exact value.
func Example_forkJoin() {
	n := &network.Network{
		Classes: []network.Class{{Name: "job", Arrivals: network.PoissonArrivals("split", 0.5)}},
		Stations: []network.Station{
			{Name: "split", Kind: network.Fork, Split: []network.Branch{{To: "left", Tasks: 1}, {To: "right", Tasks: 1}}},
			{Name: "left", Servers: 1, Service: network.Exponential(1)},
			{Name: "right", Servers: 1, Service: network.Exponential(1)},
			{Name: "merge", Kind: network.Join},
		},
		Routes: []network.Route{{From: "left", To: "merge", Prob: 1}, {From: "right", To: "merge", Prob: 1}},
	}
	sim, err := network.New(n, network.Options{Seed: 1, Generator: des.PCG, Window: 100})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := sim.RunUntil(300_000); err != nil {
		fmt.Println(err)
		return
	}
	res := sim.Result(10_000, 0)
	resp, _ := res.Metric("split", "", "mean_response")
	sync, _ := res.Metric("merge", "", "mean_sync_delay")
	exact, method, _ := analytic.NelsonTantawi(2, 0.5, 1)
	fmt.Printf("fork to join: %.1f s (%s: %.3f s)\n", resp.Value(), method, exact)
	fmt.Printf("a task waits at the join: %.1f s\n", sync.Value())
	// Output:
	// fork to join: 2.9 s (Nelson-Tantawi (exact, 2 branches): 2.875 s)
	// a task waits at the join: 0.9 s
}
