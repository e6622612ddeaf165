//go:build long

package ctmc

import "testing"

// TestSweepLimitJudgedByTheResidualEveryLimit is
// TestSweepLimitJudgedByTheResidual at every limit from 1 sweep to two
// past the sweeps an unlimited solve needs (about 250 solves).
func TestSweepLimitJudgedByTheResidualEveryLimit(t *testing.T) {
	checkSweepLimits(t, func(need int) []int {
		most := make([]int, 0, need+2)
		for m := 1; m <= need+2; m++ {
			most = append(most, m)
		}
		return most
	})
}
