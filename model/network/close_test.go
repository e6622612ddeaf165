package network

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

// TestCloseRecyclesBuffers: a Sim built after another was closed (and may
// reuse its observation buffers, of another shape) gives the same Result
// as a Sim built with fresh ones, and the closed Sim's Result, taken
// before Close, is untouched by the new Sim's run. The collector is off
// so that the pool keeps what Close gave it.
func TestCloseRecyclesBuffers(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	jackson, err := ParseFile("../../examples/networks/jackson-feedback.yaml")
	require.NoError(t, err)
	tests := []struct {
		name        string
		first, then *Network
	}{
		{"three stations, then one", jackson, mm1(0.5, 1)},
		{"one station, then three", mm1(0.5, 1), jackson},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fresh := run(t, tt.then, 3, 2_000)
			s, err := New(tt.first, Options{Seed: 4, Generator: des.PCG, Window: 2})
			require.NoError(t, err)
			require.NoError(t, s.RunUntil(2_000))
			before := s.Result(100, 0)
			kept := *before
			kept.Metrics = append([]Metric(nil), before.Metrics...)
			s.Close()
			assert.Equal(t, fresh, run(t, tt.then, 3, 2_000), "a Sim on recycled buffers")
			assert.Equal(t, &kept, before, "a Result taken before Close")
		})
	}
}
