package ctmc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTransientWorkBound: Options.TransientWork bounds the
// uniformization (the live page's 3·10⁸); without it the default
// (about a minute) answers the same times.
func TestTransientWorkBound(t *testing.T) {
	m := ringOfThree(6)
	times := []float64{0, 50, 100}
	sol, err := Solve(m, Options{})
	require.NoError(t, err)
	snaps, err := sol.Transient(times)
	require.NoError(t, err)
	require.Len(t, snaps, len(times))
	lam := 0.0
	for _, o := range sol.chain.out {
		lam = max(lam, o)
	}
	// A bound between what t = 50 and t = 100 need.
	work := float64(poissonRight(lam*75, transientEps)) * float64(sol.Transitions+sol.States)

	tight, err := Solve(m, Options{TransientWork: work})
	require.NoError(t, err)
	_, err = tight.Transient(times)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "too long for this chain")
	var long *TransientTooLongError
	require.ErrorAs(t, err, &long)
	assert.Equal(t, TransientTooLongError{T: 100, Steps: poissonRight(lam*100, transientEps), States: sol.States, Lambda: lam}, *long)
	half, err := tight.Transient(times[:2]) // half the horizon: fewer terms
	require.NoError(t, err)
	for i := range snaps[1].Stations { // the same answer (summed to another horizon: within the truncation)
		assert.InDeltaSlice(t, snaps[1].Stations[i].InSystem, half[1].Stations[i].InSystem, 1e-8)
	}
}
