package fleet_test

import (
	"fmt"

	"queuelab/des"
	"queuelab/model/fleet"
)

// A fleet of 3 serving instances orders 2 more, which boot for 5 minutes,
// and bills each minute at the ordered size.
func Example() {
	f, err := fleet.New(fleet.Config{BootDelay: 5 * des.Minute, PricePerHour: 6})
	if err != nil {
		panic(err)
	}
	f.Open(3, 0)
	f.Resize(5, 0, 0)
	for m := range 6 {
		f.Promote(des.Time(m) * des.Minute)
		f.BillMinute(f.Rate(0))
	}
	fmt.Printf("serving %d, booting %d, cost %.2f u\n", f.Serving(), f.Booting(), f.Cost())
	// Output: serving 5, booting 0, cost 3.00 u
}
