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

// CTMCNotApplicableError is NetworkCTMC's error when the network has no
// chain to solve: a law, feature or combination that the chain does not
// model (CTMCModel, ctmc.Model.Validate). Its text is Err's, unchanged;
// the chain's own refusals (too large, no convergence …) are other
// errors, worded as the chain's.
type CTMCNotApplicableError struct{ Err error }

func (e *CTMCNotApplicableError) Error() string { return e.Err.Error() }
func (e *CTMCNotApplicableError) Unwrap() error { return e.Err }
