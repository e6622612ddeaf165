// Command queuelab runs the queuelab simulations, validations and formula
// calculator. Run `queuelab --help` for the list of subcommands.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"queuelab/calculator"
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
	addProfiling(root)
	markArgsUsage(root)
	return root
}

// markArgsUsage makes the errors of every command's argument check (cobra's
// ExactArgs, NoArgs, … and our own) usage errors.
func markArgsUsage(c *cobra.Command) {
	if check := c.Args; check != nil {
		c.Args = func(cmd *cobra.Command, args []string) error {
			err := check(cmd, args)
			var u usageError
			if err != nil && !errors.As(err, &u) {
				return usageError{err}
			}
			return err
		}
	}
	for _, sub := range c.Commands() {
		markArgsUsage(sub)
	}
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
	out := &checkedWriter{w: os.Stdout}
	root.SetOut(out)
	err := findCommand(root, args)
	if err == nil {
		err = root.Execute()
	}
	if err == nil {
		err = out.err // a command that printed without checking (help, lists)
	}
	if err == nil {
		return 0
	}
	fmt.Fprintln(os.Stderr, "queuelab:", cutMessage(err.Error()))
	return exitStatus(err)
}

// findCommand reports an unknown subcommand as a usage error. cobra's
// Find fails only for that, and returns it as a plain error; Execute would
// do the same lookup, so this one runs first and types the error. The
// help and completion commands are added first, as Execute adds them.
func findCommand(root *cobra.Command, args []string) error {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd(args...)
	if _, _, err := root.Find(args); err != nil {
		return usageError{err}
	}
	return nil
}

// exitStatus is 2 for bad input on the command line (a usageError, or a
// calculator.InputError from a formula's parameters) and 1 for every other
// failure.
func exitStatus(err error) int {
	var u usageError
	if errors.As(err, &u) || calculator.IsInputError(err) {
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

// checkedWriter is standard output that keeps its first write error, so
// that output lost to a full disk or a closed file (queuelab scenarios >
// /dev/full) is a failure with exit status 1 even where a command prints
// without checking each write.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if err != nil && c.err == nil {
		c.err = err
	}
	return n, err
}
