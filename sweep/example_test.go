package sweep_test

import (
	"fmt"
	"os"

	"queuelab/sweep"
)

// Example runs a small station sweep in memory: two numbers of servers,
// three replications each, and prints the summary table.
func Example() {
	d, err := sweep.Parse("example.yaml", []byte(`system: mmc
set: {arrival-rate: 3, service-mean: 1s, duration: 2000s, warmup: 100s}
vary:
  servers: [4, 6]
replications: 3
seed: 7
responses: [p_wait, utilization]
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := sweep.Run(d, sweep.Options{Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := res.Summary.WriteTable(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// sweep 316e3b81fd65048f: system mmc; 2 design points × 3 replications, seed 7; mean ± 95 % interval over replications
	// fixed: arrival-rate=3, service-mean=1s, duration=2000s, warmup=100s
	//
	// point  servers  p_wait          utilization
	// 0      4        0.5167 ± 0.036  0.7509 ± 0.022
	// 1      6        0.1005 ± 0.039  0.5004 ± 0.014
}

// ExampleParse shows an error for a value out of a control's range: the
// file, the line, the value and the valid range.
func ExampleParse() {
	_, err := sweep.Parse("surge.yaml", []byte(`system: switch
scenario: sale-surge
vary:
  servers: [8, 200]
`))
	fmt.Println(err)
	// Output:
	// surge.yaml:4: control servers: invalid value "200": want an integer from 2 to 24
}
