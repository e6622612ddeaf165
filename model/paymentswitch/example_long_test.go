//go:build long

package paymentswitch_test

import (
	"fmt"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
)

// The backlog bound acts as shedding in a retry storm: the sale surge
// with no action, on the formula twin (no backlog) and on the des engine
// with no queue (backlog 0), the default 40 and 400 requests per slot.
// The package doc quotes these numbers.
func Example_backlog() {
	for _, c := range []struct {
		kind scenario.EngineKind
		at   string
	}{
		{scenario.Formula, ""}, {scenario.DES, "0m:backlog=0"}, {scenario.DES, "0m:backlog=40"}, {scenario.DES, "0m:backlog=400"},
	} {
		var pb scenario.Playbook
		if c.at != "" {
			var err error
			if pb, err = scenario.ParseAt(c.at, paymentswitch.Controls); err != nil {
				fmt.Println(err)
				return
			}
		}
		e, err := paymentswitch.System.New(c.kind, paymentswitch.SaleSurge, 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		r, err := scenario.Run(e, pb, 60)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-7s %-14s approval %4.1f %%, auth %4.0f ms, minute 56 approval %3.0f %%\n", c.kind, c.at,
			100*r.Goals[0].Value, r.Goals[1].Value, 100*r.Series("good_approval")[56])
	}
	// Output:
	// formula                approval 14.6 %, auth 1991 ms, minute 56 approval  63 %
	// des     0m:backlog=0   approval 79.4 %, auth  328 ms, minute 56 approval 100 %
	// des     0m:backlog=40  approval 14.5 %, auth 1986 ms, minute 56 approval  59 %
	// des     0m:backlog=400 approval 11.0 %, auth 1979 ms, minute 56 approval  19 %
}
