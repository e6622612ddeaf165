package network

import (
	"testing"
)

// BenchmarkNetwork simulates the open Jackson network with feedback of
// examples/networks/jackson-feedback.yaml (three M/M/1 stations, 25/6
// visits per customer). One op is one station visit: the run is as long
// as b.N visits take on average (the total visit rate is 25/6 per second),
// after a warm-up that grows every buffer to its steady-state size.
func BenchmarkNetwork(b *testing.B) {
	n, err := ParseFile("../../examples/networks/jackson-feedback.yaml")
	if err != nil {
		b.Fatal(err)
	}
	BenchmarkVisits(b, n)
}
