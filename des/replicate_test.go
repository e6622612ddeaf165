package des

import (
	"errors"
	"fmt"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReplicateByIndex checks that results come back by index whatever
// the number of workers, including more workers than tasks and none.
func TestReplicateByIndex(t *testing.T) {
	for _, tc := range []struct{ n, workers int }{{0, 1}, {1, 4}, {7, 1}, {7, 2}, {100, 4}, {5, 0}} {
		t.Run(fmt.Sprintf("n=%d/j=%d", tc.n, tc.workers), func(t *testing.T) {
			calls := 0
			got := Replicate(tc.n, tc.workers, func(i int) uint64 {
				return ReplicationSeed(9, i)
			}, func(finished int) {
				calls++
				assert.Equal(t, calls, finished)
			})
			require.Len(t, got, tc.n)
			for i, v := range got {
				assert.Equal(t, ReplicationSeed(9, i), v, "task %d", i)
			}
			assert.Equal(t, tc.n, calls)
		})
	}
}

// TestRunTasksSubset runs an arbitrary subset of indices (as a shard or a
// resumed sweep does) and sees each exactly once.
func TestRunTasksSubset(t *testing.T) {
	tasks := []int{9, 2, 40, 3, 17}
	var seen []int
	err := RunTasks(tasks, 3, func(i int) int { return 2 * i }, func(i, v int) error {
		assert.Equal(t, 2*i, v)
		seen = append(seen, i)
		return nil
	})
	require.NoError(t, err)
	sort.Ints(seen)
	assert.Equal(t, []int{2, 3, 9, 17, 40}, seen)
}

// TestRunTasksStopsOnError: the first error from done is returned and no
// new task starts after it.
func TestRunTasksStopsOnError(t *testing.T) {
	tasks := make([]int, 1000)
	for i := range tasks {
		tasks[i] = i
	}
	boom := errors.New("disk full")
	n := 0
	err := RunTasks(tasks, 1, func(i int) int { return i }, func(i, v int) error {
		n++
		if n == 3 {
			return boom
		}
		return nil
	})
	require.ErrorIs(t, err, boom)
	assert.Equal(t, 3, n, "one worker: nothing runs after the failing task")
}

// TestReplicationSeed: distinct replications and bases give distinct
// seeds, and the value is fixed (validate reports depend on it).
func TestReplicationSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for base := uint64(0); base < 4; base++ {
		for r := 0; r < 256; r++ {
			s := ReplicationSeed(base, r)
			require.False(t, seen[s], "base %d r %d repeats a seed", base, r)
			seen[s] = true
		}
	}
	assert.Equal(t, ReplicationSeed(1, 0), ReplicationSeed(1, 0))
	assert.NotEqual(t, ReplicationSeed(7, 0), ReplicationSeed(8, 0))
}

// ExampleReplicate runs five replications of a tiny experiment on two
// workers: the results, by index, are the same with any number of workers.
func ExampleReplicate() {
	means := Replicate(5, 2, func(r int) float64 {
		s := NewPCG(ReplicationSeed(42, r), 0)
		sum := 0.0
		for range 1000 {
			sum += s.Float64()
		}
		return sum / 1000
	}, nil)
	ci := MeanCI(means, 0.95)
	fmt.Printf("mean of 5 replications %.3f ± %.3f\n", ci.Mean, ci.HalfWidth)
	// Output:
	// mean of 5 replications 0.503 ± 0.015
}
