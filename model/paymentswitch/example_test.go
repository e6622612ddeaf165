package paymentswitch_test

import (
	"fmt"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
)

// Run the fraud wave on the formula twin, first with no action, then with
// a threshold of 2.9σ and a 1.6σ step-up band from minute 5.
func Example() {
	for _, at := range []string{"", "5m:threshold=2.9,stepup=1.6"} {
		var pb scenario.Playbook
		if at != "" {
			var err error
			if pb, err = scenario.ParseAt(at, paymentswitch.Controls); err != nil {
				fmt.Println(err)
				return
			}
		}
		e, err := paymentswitch.System.New(scenario.Formula, paymentswitch.FraudWave, 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		r, err := scenario.Run(e, pb, 60)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("playbook %q:\n", at)
		for _, g := range r.Goals {
			fmt.Printf("  %-58s %s %v\n", g.Name, scenario.Column{Unit: g.Unit, Digits: 1}.Format(g.Value), g.Met)
		}
	}
	// Output:
	// playbook "":
	//   mean fraud rate from the wave on                           103.8 bp false
	//   mean good-customer approval from the wave on               99.9 % true
	//   mean good customers declined by the rule from the wave on  1.3 ‰ true
	// playbook "5m:threshold=2.9,stepup=1.6":
	//   mean fraud rate from the wave on                           21.8 bp true
	//   mean good-customer approval from the wave on               98.4 % true
	//   mean good customers declined by the rule from the wave on  1.9 ‰ true
}
