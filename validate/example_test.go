package validate_test

import (
	"fmt"

	"queuelab/model/network"
	"queuelab/validate"
)

// Erlang B is insensitive to the service law: a loss system with
// deterministic service blocks as often as one with exponential service.
func ExampleStation() {
	cfg := validate.Config{
		Servers: 10, ArrivalRate: 8, Capacity: 10, // M/D/10/10, offered load 8 erlangs
		Service:  network.Deterministic(1),
		Duration: 50000, Warmup: 1000, Seed: 1,
	}
	res, err := validate.Station(cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	pb, _ := res.Metric("p_block")
	f := validate.Formulas(cfg)["p_block"]
	c := validate.Check{Name: "P(block)", Sim: pb, Formula: f.Value, Source: f.Source}
	c.Judge(validate.DefaultRule)
	fmt.Printf("simulated %.2f, %s %.4f: %s\n", pb.Mean, f.Source, f.Value, c.VerdictText())
	// Output:
	// simulated 0.12, Erlang B (insensitive) 0.1217: agrees
}
