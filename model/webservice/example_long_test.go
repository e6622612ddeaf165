//go:build long

package webservice_test

import (
	"fmt"
	"strings"

	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// play runs the des engine on a web scenario (seed 1) with the given
// --at specs and prints its goals in one line. The package doc quotes
// these lines.
func play(name string, at ...string) {
	var pb scenario.Playbook
	for _, s := range at {
		p, err := scenario.ParseAt(s, webservice.Controls)
		if err != nil {
			fmt.Println(err)
			return
		}
		pb = append(pb, p...)
	}
	sc, err := webservice.System.Scenario(name)
	if err != nil {
		fmt.Println(err)
		return
	}
	e, err := webservice.New(scenario.DES, name, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := scenario.Run(e, pb, sc.Minutes)
	if err != nil {
		fmt.Println(err)
		return
	}
	label := strings.Join(at, " ")
	if label == "" {
		label = "(no action)"
	}
	fmt.Printf("%-38s", label)
	for _, g := range r.Goals {
		mark := ""
		if !g.Met {
			mark = "!"
		}
		fmt.Printf(" %s%s", scenario.Column{Unit: g.Unit, Digits: 2}.Format(g.Value), mark)
	}
	fmt.Println()
}

// The bad build with no action, with the rollback pressed at 09:13 (the
// reference playbook) or at 09:20, and pressed twice: at 09:13 and 09:15,
// or 09:13 and 09:18. Columns: budget
// left, burn (1 h) at the end, cost; "!" marks a goal not met.
func Example_badBuild() {
	play("bad-build")
	play("bad-build", "13m:rollback=press")
	play("bad-build", "20m:rollback=press")
	play("bad-build", "13m:rollback=press", "15m:rollback=press")
	play("bad-build", "13m:rollback=press", "18m:rollback=press")
	// Output:
	// (no action)                            16.79 %! 23.10 ×! 2.67 $
	// 13m:rollback=press                     19.32 % 4.86 × 3.00 $
	// 20m:rollback=press                     18.52 % 10.66 ×! 3.00 $
	// 13m:rollback=press 15m:rollback=press  19.09 % 6.52 × 3.13 $
	// 13m:rollback=press 18m:rollback=press  18.75 % 9.01 × 3.33 $!
}

// The cache flush with no action, the warm-up job alone, shedding the
// low-priority traffic while the job runs, and the reference playbook
// (feature off and warm-up at 12:01, feature back on at 12:06). Columns: highest DB utilisation from 12:01, cache hits over
// the 20 minutes from the flush, errors from 12:01, recommendations
// available.
func Example_cacheFlush() {
	play("cache-flush")
	play("cache-flush", "11m:warmup=press")
	play("cache-flush", "11m:shed-low=100%,warmup=press", "16m:shed-low=0%")
	play("cache-flush", "11m:recommendations=off,warmup=press", "16m:recommendations=on")
	// Output:
	// (no action)                            81.54 % 19.75 %! 1.99 %! 100.00 %
	// 11m:warmup=press                       85.74 % 53.73 % 1.95 %! 100.00 %
	// 11m:shed-low=100%,warmup=press 16m:shed-low=0% 81.59 % 54.03 % 0.04 % 100.00 %
	// 11m:recommendations=off,warmup=press 16m:recommendations=on 78.25 % 54.77 % 0.01 % 85.49 %
}
