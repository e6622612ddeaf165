package analytic

import (
	"errors"
	"fmt"

	"queuelab/analytic/ctmc"
)

// otherMethods adds to the chain's refusal for its size, ctmcWhy, that
// the other methods still answer — where they gave values (vals of them).
// The chain does not know it; without values the claim would be false.
func otherMethods(ctmcWhy error, vals int) error {
	var big *ctmc.TooLargeError
	if vals == 0 || !errors.As(ctmcWhy, &big) {
		return ctmcWhy
	}
	return fmt.Errorf("%w; the approximate methods still answer", ctmcWhy)
}
