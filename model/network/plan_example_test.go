package network_test

import (
	"fmt"

	"queuelab/des"
	"queuelab/model/network"
)

// ExampleSim_PlanResult runs one replication that ends with one known
// Result, as a sweep or `net run --replications` does: planned, the Sim
// takes only the 31 window boundaries of that Result's 30 batches, not
// all 1200, and the Result is the same but for the events run.
func ExampleSim_PlanResult() {
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
	for _, plan := range []bool{false, true} {
		s, _ := network.New(n, network.Options{Seed: 7, Generator: des.PCG, Window: 1000.0 / 1200})
		if plan {
			_ = s.PlanResult(1000, 50, 0)
		}
		_ = s.RunUntil(1000)
		res := s.Result(50, 0)
		m, _ := res.Metric("desk", "", "mean_in_system")
		fmt.Printf("planned %-5v: L = %.6f over %d batches, %d events\n", plan, m.Value(), res.Batches, res.Events)
		s.Close()
	}
	// Output:
	// planned false: L = 6.282420 over 30 batches, 3065 events
	// planned true : L = 6.282420 over 30 batches, 1897 events
}
