package des

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBudgetCheck(t *testing.T) {
	tests := []struct {
		name     string
		budget   Budget
		work     Work
		resource string // "" = within budget
	}{
		{"small run, default budget", Budget{}, Work{Events: 1e6, Bytes: 1 << 20}, ""},
		{"exactly at the limit", Budget{MaxEvents: 10, MaxBytes: 100}, Work{Events: 10, Bytes: 100}, ""},
		{"too many events", Budget{}, Work{Events: 1e17, Bytes: 1}, "events"},
		{"events are checked first", Budget{}, Work{Events: 1e17, Bytes: 1e15}, "events"},
		{"too much memory", Budget{}, Work{Events: 1, Bytes: 3 << 30}, "memory"},
		{"raised budget", Budget{MaxEvents: 1e18, MaxBytes: 1 << 40}, Work{Events: 1e17, Bytes: 3 << 30}, ""},
		{"NaN estimate", Budget{}, Work{Events: math.NaN()}, "events"},
		{"infinite estimate", Budget{}, Work{Events: 1, Bytes: math.Inf(1)}, "memory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.budget.Check(tt.work)
			if tt.resource == "" {
				require.NoError(t, err)
				return
			}
			var over *OverBudgetError
			require.True(t, errors.As(err, &over), "%v", err)
			assert.Equal(t, tt.resource, over.Resource)
		})
	}
}

func TestConcurrentWork(t *testing.T) {
	ws := []Work{{Events: 1, Bytes: 10}, {Events: 2, Bytes: 30}, {Events: 3, Bytes: 20}}
	w := Concurrent(ws, 2, "three runs")
	assert.Equal(t, 6.0, w.Events)
	assert.Equal(t, 50.0, w.Bytes, "the two largest held at once")
	assert.Equal(t, 60.0, Concurrent(ws, 8, "").Bytes)
	assert.Equal(t, 30.0, Concurrent(ws, 0, "").Bytes, "at least one worker")
	assert.Equal(t, Work{Events: 3, Bytes: 40, Basis: "a; b"}, Work{1, 10, "a"}.Plus(Work{2, 30, "b"}))
}

func TestFormatBytes(t *testing.T) {
	for in, want := range map[float64]string{512: "512 B", 1536: "1.5 KiB", 1 << 30: "1 GiB", 7.2e9: "6.71 GiB"} {
		assert.Equal(t, want, FormatBytes(in))
	}
}

func ExampleBudget_Check() {
	// 10⁹ arrivals a second for 100 s, two events each.
	w := Work{Events: 2e11, Bytes: 4 << 20, Basis: "λ·T = 1e+11 arrivals"}
	fmt.Println(DefaultBudget.Check(w))
	fmt.Println(Budget{MaxEvents: 1e12}.Check(w))
	// Output:
	// the run would execute about 2e+11 events (λ·T = 1e+11 arrivals), more than the budget of 5e+09
	// <nil>
}
