package analytic

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReachable(t *testing.T) {
	// 0 → 1 → 2 ⟲ 1; 3 → 0; zero-probability route 2 → 3 is not a route.
	routing := [][]float64{
		{0, 1, 0, 0},
		{0, 0, 0.5, 0},
		{0, 1, 0, 0},
		{1, 0, 0, 0},
	}
	for _, tc := range []struct {
		name string
		from []int
		want []bool
	}{
		{"none", nil, []bool{false, false, false, false}},
		{"from 0", []int{0}, []bool{true, true, true, false}},
		{"from the loop", []int{2}, []bool{false, true, true, false}},
		{"from 3", []int{3}, []bool{true, true, true, true}},
		{"repeated start", []int{2, 2}, []bool{false, true, true, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Reachable(routing, tc.from))
		})
	}
}
