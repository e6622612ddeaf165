package network_test

import (
	"fmt"

	"queuelab/des"
	"queuelab/model/dist"
	"queuelab/model/network"
)

// ExampleNetwork builds a tandem line in Go, without a file, simulates it
// for a while and reads the end-to-end response time.
func ExampleNetwork() {
	n := &network.Network{
		Name:    "tandem",
		Classes: []network.Class{{Name: "job", Arrivals: network.PoissonArrivals("first", 0.8)}},
		Stations: []network.Station{
			{Name: "first", Servers: 1, Service: network.Exponential(0.5)},
			{Name: "second", Servers: 1, Service: network.Exponential(0.8)},
		},
		Routes: []network.Route{{From: "first", To: "second", Prob: 1}},
	}
	if err := n.Validate(); err != nil {
		fmt.Println(err)
		return
	}
	s, err := network.New(n, network.Options{Seed: 1, Generator: des.PCG, Window: 100})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := s.RunUntil(200_000); err != nil {
		fmt.Println(err)
		return
	}
	res := s.Result(10_000, 0)
	m, _ := res.Metric(network.NetworkStation, "", "mean_response")
	// M/M/1 + M/M/1 by Burke's theorem: 0.5/(1−0.4) + 0.8/(1−0.64) ≈ 3.06 s.
	fmt.Printf("end-to-end response %.2f s over %d batches\n", m.Value(), res.Batches)
	// Output: end-to-end response 3.10 s over 30 batches
}

// ExampleNetwork_closed builds the classic terminal model: a closed class
// of 10 users who think (a delay station) and then use one server.
func ExampleNetwork_closed() {
	n := &network.Network{
		Name:    "terminal",
		Classes: []network.Class{{Name: "user", Population: 10, Start: "think"}},
		Stations: []network.Station{
			{Name: "think", Servers: des.Infinite, Service: network.Exponential(5)},
			{Name: "cpu", Servers: 1, Discipline: des.PS, Service: dist.Of(dist.HyperExp{Mean: 0.4, CV: 2})},
		},
		Routes: []network.Route{{From: "think", To: "cpu", Prob: 1}, {From: "cpu", To: "think", Prob: 1}},
	}
	an, err := n.Analytic()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(an.Stations), "stations,", an.Classes[0].Population, "customers, cpu service SCV", an.Stations[1].SCV[0])
	// Output: 2 stations, 10 customers, cpu service SCV 4
}

// ExampleSim_SetServers runs a network step by step, as a live page does:
// advance, look at the queues, change a parameter (the statistics restart
// at the mark), advance again.
func ExampleSim_SetServers() {
	n, err := network.Parse("mm1.yaml", []byte(`
arrivals: {to: desk, rate: 0.9}
stations:
  - name: desk
    service: {dist: exp, mean: 1}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _ := network.New(n, network.Options{Seed: 7, Generator: des.PCG})
	for _, t := range []float64{100, 200, 300} {
		_ = s.RunUntil(t)
		snap := s.Snapshot()
		fmt.Printf("t=%g: %d waiting, %d in service\n", snap.Time, snap.Stations[0].Waiting[0], snap.Stations[0].InService[0])
	}
	if err := s.SetServers("desk", 2); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("statistics restart at", s.MarkedAt(), "s")
	_ = s.RunUntil(400)
	fmt.Println("waiting after adding a server:", s.Snapshot().Stations[0].Waiting[0])
	// Output:
	// t=100: 14 waiting, 1 in service
	// t=200: 1 waiting, 1 in service
	// t=300: 17 waiting, 1 in service
	// statistics restart at 300 s
	// waiting after adding a server: 0
}
