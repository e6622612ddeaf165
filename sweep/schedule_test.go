package sweep

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// switchDesign is issue 25 item 5's 6-task design: the sale surge with
// backoff retries and 8 or 10 servers from minute 5, 3 replications; the
// points listed as given.
func switchDesign(servers string) string {
	return fmt.Sprintf(`system: switch
scenario: sale-surge
at: 5m
set: {retry: backoff}
vary:
  servers: %s
replications: 3
seed: 1
`, servers)
}

// TestLongestFirstScenario: a scenario's points are costed by the formula
// twin's attempts, so the servers-8 sale surge (1.75 times the attempts
// of servers 10: its retries) starts first whichever way the design lists
// the points; with the formula engine every point costs its
// minutes and the order stays the task order.
func TestLongestFirstScenario(t *testing.T) {
	tests := []struct {
		name, src string
		want      []int
	}{
		{"servers [10, 8]", switchDesign("[10, 8]"), []int{3, 4, 5, 0, 1, 2}},
		{"servers [8, 10]", switchDesign("[8, 10]"), []int{0, 1, 2, 3, 4, 5}},
		{"formula engine", switchDesign("[10, 8]") + "engine: formula\n", []int{0, 1, 2, 3, 4, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustParse(t, tt.src)
			todo := []int{0, 1, 2, 3, 4, 5}
			longestFirst(d, d.Plan(), todo)
			assert.Equal(t, tt.want, todo)
		})
	}
	cost := pointCosts(mustParse(t, switchDesign("[8, 10]")))
	require.Len(t, cost, 2)
	assert.Greater(t, cost[0], 1.5*cost[1], "servers 8 against 10: attempts of the formula twin (1.75×)")
}

// makespan returns when the last of the tasks ends on workers identical
// workers that each take the next task of order as soon as they are free
// (list scheduling, as des.RunTasks hands out indices), tasks costing
// cost[i].
func makespan(cost []float64, order []int, workers int) float64 {
	free := make([]float64, workers) // when each worker is next free
	end := 0.0
	for _, i := range order {
		w := 0
		for k := range free {
			if free[k] < free[w] {
				w = k
			}
		}
		free[w] += cost[i]
		end = max(end, free[w])
	}
	return end
}

// TestMakespan checks the list-scheduling simulation on hand-worked
// cases: three long tasks (2.2) and three short (1) on two workers end
// at 5.2 long first (9.6/5.2 = 1.85×) and 5.4 short first; 2+2+1+1+1+1
// in task order end at 4, and one worker takes the sum.
func TestMakespan(t *testing.T) {
	long3short3 := []float64{2.2, 2.2, 2.2, 1, 1, 1}
	tests := []struct {
		name    string
		cost    []float64
		order   []int
		workers int
		want    float64
	}{
		{"long first", long3short3, []int{0, 1, 2, 3, 4, 5}, 2, 5.2},
		{"short first", long3short3, []int{3, 4, 5, 0, 1, 2}, 2, 5.4},
		{"alternating", long3short3, []int{0, 3, 1, 4, 2, 5}, 2, 5.4},
		{"one worker", long3short3, []int{0, 1, 2, 3, 4, 5}, 1, 9.6},
		{"evens", []float64{2, 2, 1, 1, 1, 1}, []int{0, 1, 2, 3, 4, 5}, 2, 4},
		{"more workers than tasks", []float64{3, 1}, []int{1, 0}, 4, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.InDelta(t, tt.want, makespan(tt.cost, tt.order, tt.workers), 1e-12)
		})
	}
}
