package serve_test

import (
	"fmt"

	"queuelab/serve"
)

func ExampleParseNetChange() {
	c, err := serve.ParseNetChange("route b>a=0.3")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s: from %s to %s, p = %s\n", c.Kind, c.Station, c.To, c.Value)
	t, _ := serve.ParseNetTimed("120:servers cpu=2")
	fmt.Println(t.At, t.Change)
	// Output:
	// route: from b to a, p = 0.3
	// 120 servers cpu=2
}

// A network file run as the network page runs it: stepped in simulated
// time, changed while it runs, and compared with its formulas.
func ExampleOpenNetwork() {
	src := []byte(`name: two
arrivals: {to: a, rate: 1}
stations:
  - name: a
    service: {dist: exp, mean: 0.5}
`)
	live, err := serve.OpenNetwork("two.yaml", src, 1)
	if err != nil {
		panic(err)
	}
	if err := live.RunUntil(100); err != nil {
		panic(err)
	}
	if err := live.Apply(serve.NetChange{Kind: "service", Station: "a", Value: "det"}); err != nil {
		panic(err)
	}
	fmt.Println(live.Now(), live.Graph().Stations[0].Service[0].Dist)
	for _, f := range live.Analytic().Formulas {
		if f.Station == "a" && f.Class == "" && f.Name == "mean_wait" {
			fmt.Printf("%s = %.3g s (%s)\n", f.Name, f.Value, f.Method)
		}
	}
	// Output:
	// 100 det
	// mean_wait = 0.25 s (Pollaczek-Khinchine)
}
