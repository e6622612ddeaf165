package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"queuelab/analytic"
)

// TestCTMCNotUsed: the reason is introduced by its type, not by its
// wording — a network the chain does not model is "not used" whatever its
// text begins with; the chain's own refusals are given as they are; a
// file and line come first.
func TestCTMCNotUsed(t *testing.T) {
	na := &analytic.CTMCNotApplicableError{Err: errors.New("lognormal service is not phase-type")}
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"not applicable", na, "exact CTMC not used: lognormal service is not phase-type"},
		{"not applicable, wrapped", fmt.Errorf("%w; more", na), "exact CTMC not used: lognormal service is not phase-type; more"},
		{"not applicable, worded like a refusal", &analytic.CTMCNotApplicableError{Err: errors.New("exact CTMC models no jsq router")},
			"exact CTMC not used: exact CTMC models no jsq router"},
		{"the chain's refusal", errors.New("exact CTMC refused: 3e+07 states exceed the limit"), "exact CTMC refused: 3e+07 states exceed the limit"},
		{"the chain's refusal, other words", errors.New("Gauss-Seidel did not converge"), "Gauss-Seidel did not converge"},
		{"not applicable, at a line", &fileLineError{file: "x.yaml", line: 5, err: na}, "x.yaml:5: exact CTMC not used: lognormal service is not phase-type"},
		{"the chain's refusal, at a line", &fileLineError{file: "x.yaml", line: 5, err: errors.New("exact CTMC refused: too many states")}, "x.yaml:5: exact CTMC refused: too many states"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, ctmcNotUsed(tc.err))
		})
	}
}
