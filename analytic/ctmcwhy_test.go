package analytic

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"queuelab/analytic/ctmc"
)

// TestOtherMethods: a chain refused for its size says the approximate
// methods still answer only where they gave values; other reasons are
// left as they are.
func TestOtherMethods(t *testing.T) {
	big := &ctmc.TooLargeError{States: 3e6, Limit: 2_500_000, Shrink: "smaller: the population of class \"a\" (10)"}
	other := errors.New("lognormal service is not phase-type")
	for _, tc := range []struct {
		why  error
		vals int
		want string
	}{
		{big, 5, big.Error() + "; the approximate methods still answer"},
		{big, 0, big.Error()},
		{other, 5, other.Error()},
		{nil, 5, ""},
	} {
		got := otherMethods(tc.why, tc.vals)
		if tc.why == nil {
			assert.NoError(t, got)
			continue
		}
		assert.EqualError(t, got, tc.want)
		assert.ErrorIs(t, got, tc.why, "the reason stays inspectable")
	}
}
