package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"queuelab/calculator"
)

// TestExitStatusByType checks that the exit status follows the error's
// type, whatever its message says.
func TestExitStatusByType(t *testing.T) {
	_, _, inputErr := func() (calculator.Inputs, []calculator.Output, error) {
		f, _ := calculator.Lookup("erlang-b")
		return f.Evaluate(map[string]string{"servers": "-1", "load": "1"})
	}()
	for _, tc := range []struct {
		name string
		err  error
		want int
	}{
		{"usage error", usagef("--x: bad"), 2},
		{"wrapped usage error", fmt.Errorf("context: %w", usagef("--x: bad")), 2},
		{"calculator input error", inputErr, 2},
		{"wrapped input error", fmt.Errorf("formula: %w", inputErr), 2},
		{"failure worded like a usage error", errors.New("unknown command \"x\" for \"queuelab\""), 1},
		{"failure", errors.New("disk full"), 1},
	} {
		assert.Equal(t, tc.want, exitStatus(tc.err), tc.name)
	}
}

// TestCobraUsageErrorsAreTyped runs the command-line mistakes cobra
// itself reports: each must exit with status 2.
func TestCobraUsageErrorsAreTyped(t *testing.T) {
	for _, args := range [][]string{
		{"nope"},                      // unknown subcommand (cobra's Find)
		{"scenarios", "extra"},        // cobra.NoArgs
		{"formula", "mmc", "stray"},   // our own argument check
		{"run", "--no-such-flag"},     // unknown flag
		{"formula", "erlang-b", "-z"}, // unknown shorthand flag
	} {
		code, _, errOut := runCapture3(t, args...)
		assert.Equal(t, 2, code, "%v: %s", args, errOut)
	}
	code, out, _ := runCapture3(t, "help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Available Commands")
}
