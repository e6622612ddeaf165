package paymentswitch

import (
	"fmt"

	"queuelab/des"
	"queuelab/model/fleet"
)

// servers are the switch's servers, on the shared fleet (model/fleet):
// ordered by the servers control, booting BootMinutes, then serving
// SlotsPerServer connection slots each, billed PricePerHour while ordered.
// Both engines step it minute by minute: an order takes effect at the
// start of its minute (Promote), and each minute is billed at the rate of
// the servers ordered then. Removed servers leave the fleet at once; their
// slots drain in the des engine's station (des.Station.SetServers).
type servers struct{ f *fleet.Fleet }

// newServers returns the fleet with n servers in service.
func newServers(n int) servers {
	f, err := fleet.New(fleet.Config{BootDelay: BootMinutes * des.Minute, PricePerHour: PricePerHour})
	if err != nil {
		panic(fmt.Sprintf("paymentswitch: %v", err)) // the terms are constants
	}
	f.Open(n, 0)
	return servers{f: f}
}

func (s servers) inService() int { return s.f.Serving() }
func (s servers) booting() int   { return s.f.Booting() }
func (s servers) cost() float64  { return s.f.Cost() }

// order sets the number of servers ordered (in service + booting) to n at
// minute m: extra servers boot until m + BootMinutes; fewer cancel the
// newest boot orders first, then take servers out of service.
func (s servers) order(n, m int) { s.f.Resize(n, 0, des.Time(m)*des.Minute) }

// tick promotes the servers due at minute m and bills the minute.
func (s servers) tick(m int) {
	s.f.Promote(des.Time(m) * des.Minute)
	s.f.BillMinute(s.f.Rate(0))
}
