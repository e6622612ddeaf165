package scenario_test

import (
	"fmt"
	"strings"

	"queuelab/model/input"
	"queuelab/model/scenario"
)

func ExampleQuoteShort() {
	fmt.Println(input.QuoteShort("servers"))
	fmt.Println(input.QuoteShort(strings.Repeat("9", 5000)))
	// Output:
	// "servers"
	// "999999999999999999999999999999999999999999999999999999999999"… (5000 bytes)
}

func ExampleScaleGoals() {
	goals := []scenario.Goal{
		scenario.Goal{Name: "server cost", Op: "<=", Target: 75, Unit: "u"}.Check(1500),
		scenario.Goal{Name: "good approval", Op: ">=", Target: 0.95, Unit: "%"}.Check(0.97),
	}
	// A day-long run of a 60-minute scenario.
	for _, g := range scenario.ScaleGoals(goals, 60, 1440) {
		fmt.Printf("%s: target %s, met %t %s\n", g.Name, g.TargetText(), g.Met, g.Note)
	}
	// Output:
	// server cost: target ≤ 1800.0 u, met true target scaled from 75.0 u for 60 minutes to 1440 minutes
	// good approval: target ≥ 95.0 %, met true
}
