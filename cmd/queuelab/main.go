// Command queuelab runs the queuelab simulations, validations and formula
// calculator. Run `queuelab --help` for the list of subcommands.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
)

// usageError marks an error caused by bad input on the command line; main
// exits with status 2 for it (status 1 for every other failure).
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

// usagef formats a usage error (exit status 2).
func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "queuelab",
		Short:         "Discrete-event simulation of a payment switch and a web service, checked against queueing formulas",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	for _, add := range subcommands {
		root.AddCommand(add())
	}
	return root
}

// subcommands holds the constructors of every subcommand; each file of this
// package that defines a subcommand appends to it in an init function.
var subcommands []func() *cobra.Command

func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes the command line args and returns the process exit status.
func run(args []string) int {
	root := newRootCmd()
	// cobra's "did you mean" compares an unknown command with every
	// command by edit distance, quadratic in its length: 1.3 GB for a
	// 1 MB argument. Names are short; a long one gets no suggestion.
	root.DisableSuggestions = len(args) > 0 && len(args[0]) > 64
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return 0
	}
	fmt.Fprintln(os.Stderr, "queuelab:", cutMessage(err.Error()))
	var u usageError
	if errors.As(err, &u) || isCobraUsage(err) {
		return 2
	}
	return 1
}

// maxMessage is the longest error message printed whole. Our own
// messages cut the values they echo (quoteShort); this also bounds those
// of cobra and pflag, which echo a bad value whole.
const maxMessage = 2000

// cutMessage returns msg, cut to maxMessage bytes with its length noted.
func cutMessage(msg string) string {
	if len(msg) <= maxMessage {
		return msg
	}
	cut := maxMessage
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (message cut: %d bytes)", msg[:cut], len(msg))
}

// isCobraUsage reports whether err is one of cobra's own command-line
// errors (an unknown subcommand, a wrong number of arguments), which cobra
// returns as plain errors: they are usage errors too.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, prefix := range []string{"unknown command ", "accepts ", "requires ", "unknown flag", "unknown shorthand flag"} {
		if strings.HasPrefix(msg, prefix) {
			return true
		}
	}
	return false
}
