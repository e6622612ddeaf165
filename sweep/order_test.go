package sweep

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLongestFirst: the tasks still to run are ordered by their design
// point's estimated events, dearest first, replications of one point in task
// order; a resumed sweep's subset keeps the
// same rule.
func TestLongestFirst(t *testing.T) {
	d := mustParse(t, `system: mmc
set: {arrival-rate: 4, service-mean: 1s}
vary:
  duration: [100s, 400s, 200s, 300s]
replications: 2
seed: 1
`)
	p := d.Plan()
	tests := []struct {
		name       string
		todo, want []int
	}{
		{"all", []int{0, 1, 2, 3, 4, 5, 6, 7}, []int{2, 3, 6, 7, 4, 5, 0, 1}},
		{"resumed", []int{1, 4, 6}, []int{6, 4, 1}},
		{"none", []int{}, []int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			todo := append([]int{}, tt.todo...)
			longestFirst(d, p, todo)
			assert.Equal(t, tt.want, todo)
		})
	}
}
