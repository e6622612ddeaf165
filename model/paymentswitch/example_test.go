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

// Drive the slot pool at 1.5 times its capacity N/S with no retries and
// compare the goodput with the original's (N/S − ωλ)/(1 − ω): the formula
// emerges from abandoned requests that stay queued.
func ExampleOpenLoad() {
	const S = 0.33 // s: 80 ms + E[min(L, 8 s)], L ~ Exp(250 ms)
	lambda := 1.5 * 192 / S
	r, err := paymentswitch.OpenLoad(paymentswitch.OpenLoadConfig{
		Rate: lambda, Servers: 6, WarmupMinutes: 1, Minutes: 5, Seed: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	var served, held, dropped, offered float64
	for _, m := range r.Minutes {
		served += m.Served
		held += m.HeldLive
		dropped += m.Dropped
		offered += m.Offered
	}
	s := held / served
	fmt.Printf("measured S %.3f s, goodput %.0f/s, abandoned %.0f %%\n", s, served/300, 100*dropped/offered)
	fmt.Printf("(N/S − ωλ)/(1 − ω) = %.0f/s\n", (192/s-paymentswitch.Omega*offered/300)/(1-paymentswitch.Omega))
	// Output:
	// measured S 0.330 s, goodput 457/s, abandoned 48 %
	// (N/S − ωλ)/(1 − ω) = 457/s
}

// The reference playbooks of the sale surge and the issuer outage on the
// des engine, seed 1: the figures the package doc quotes for them.
func Example_playbooks() {
	for _, sc := range []string{paymentswitch.SaleSurge, paymentswitch.IssuerOutage} {
		pb, err := scenario.LoadFile("../../playbooks/switch-"+sc+".yaml", paymentswitch.Controls)
		if err != nil {
			fmt.Println(err)
			return
		}
		e, err := paymentswitch.System.New(scenario.DES, sc, 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		r, err := scenario.Run(e, pb, 60)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s:", sc)
		for _, g := range r.Goals {
			fmt.Printf(" %s", scenario.Column{Unit: g.Unit, Digits: 1}.Format(g.Value))
		}
		fmt.Printf(" met=%v\n", r.Met())
	}
	// Output:
	// sale-surge: 99.3 % 328.4 ms 64.2 u met=true
	// issuer-outage: 99.2 % 92.9 % 6.3 M u 58.0 u met=true
}
