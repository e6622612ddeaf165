package des_test

import (
	"testing"

	"queuelab/des"
	"queuelab/des/desbench"
)

// BenchmarkStation simulates M/M/1 at ρ = 0.8 through a Station for every
// discipline (desbench.Station); one operation is one customer.
func BenchmarkStation(b *testing.B) { runCases(b, desbench.Station()) }

func TestStationSteadyStateDoesNotAllocate(t *testing.T) {
	for _, c := range desbench.StationCases {
		m := desbench.NewStationMM(des.StationConfig{Name: "s", Servers: 1, Discipline: c.Discipline}, c.Rates, 1, 2)
		m.RunCustomers(100_000)
		allocs := testing.AllocsPerRun(20, func() { m.RunCustomers(1000) })
		if allocs != 0 {
			t.Errorf("%v: %v allocations per 1000 customers", c.Discipline, allocs)
		}
	}
	for _, held := range []bool{true, false} {
		m := desbench.NewHoldMM(des.StationConfig{Name: "s", Servers: 2}, held, 2)
		m.RunCustomers(100_000)
		if allocs := testing.AllocsPerRun(20, func() { m.RunCustomers(1000) }); allocs != 0 {
			t.Errorf("held=%v (else work set at start): %v allocations per 1000 customers", held, allocs)
		}
	}
}
