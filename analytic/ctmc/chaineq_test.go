package ctmc

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// requireSameChain fails the test unless got is the chain want state for
// state and transition for transition: the same tuples in the same
// order, the same columns (ptr, src, rate, tags) and the same rate out of
// each state, every float bit for bit.
func requireSameChain(t *testing.T, want, got *chain) {
	t.Helper()
	require.Equal(t, want.tuples, got.tuples, "states")
	require.Equal(t, want.out, got.out, "rates out")
	require.Equal(t, want.ptr, got.ptr, "column starts")
	require.Equal(t, want.src, got.src, "sources")
	require.Equal(t, want.rate, got.rate, "rates")
	require.Equal(t, want.tags, got.tags, "tags")
}
