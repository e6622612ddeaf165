package network

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

// TestWorkEstimatesEvents runs each example network briefly and checks
// that Work's event estimate is within a factor of 2.5 of the events the
// run executed (observation windows add a few), and never below half.
func TestWorkEstimatesEvents(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "networks", "*.yaml"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			n, err := ParseFile(f)
			require.NoError(t, err)
			dur := DefaultDuration(n) / 200
			s, err := New(n, Options{Seed: 3, Generator: des.PCG, Window: dur / 100})
			require.NoError(t, err)
			require.NoError(t, s.RunUntil(dur))
			w := n.Work(dur, 1)
			ran := float64(s.Events())
			assert.Greater(t, w.Events, ran/2, "estimate %s", w.Basis)
			assert.Less(t, w.Events, ran*2.5, "estimate %s", w.Basis)
			assert.Greater(t, w.Bytes, 0.0)
		})
	}
}
