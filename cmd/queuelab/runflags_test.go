package main

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// findCmd returns the subcommand of the root at path.
func findCmd(t *testing.T, path ...string) *cobra.Command {
	t.Helper()
	c, rest, err := newRootCmd().Find(path)
	require.NoError(t, err)
	require.Empty(t, rest)
	return c
}

// TestRunFlagsAreShared: every command that takes a run flag takes it by
// the same name with the same help text, and refuses the same bad value
// with the same message (exit status 2).
func TestRunFlagsAreShared(t *testing.T) {
	file := "../../examples/networks/loss-mmck.yaml"
	commands := map[string][]string{
		"run":      {"run"},
		"mmc":      {"mmc"},
		"net run":  {"net", "run", file},
		"validate": {"validate"},
	}
	tests := []struct {
		flag, bad, want string
		users           []string
	}{
		{flagSeed, "-1", `--seed: must be a whole number from 0 to 18446744073709551615, got "-1"`, []string{"run", "mmc", "net run", "validate"}},
		{flagGenerator, "xorshift", `--generator: unknown generator "xorshift"`, []string{"run", "mmc", "net run"}},
		{flagDuration, "0", `--duration: must be a time > 0 s`, []string{"mmc", "net run"}},
		{flagWarmup, "-2s", `--warmup: must be a time ≥ 0 s`, []string{"mmc", "net run"}},
		{flagPrecision, "1", `--precision: must be a number > 0 and < 1, got "1"`, []string{"mmc", "net run"}},
		{flagMaxDuration, "1h", `--max-duration: applies only with --precision`, []string{"mmc", "net run"}},
		{flagReplications, "0", `--replications: must be a whole number from 1 to 10000, got "0"`, []string{"net run"}},
	}
	for _, tt := range tests {
		for _, name := range tt.users {
			t.Run(tt.flag+"/"+name, func(t *testing.T) {
				path := commands[name]
				c := findCmd(t, path[:min(len(path), 2)]...)
				fl := c.Flags().Lookup(tt.flag)
				require.NotNil(t, fl, "%s has --%s", name, tt.flag)
				assert.True(t, strings.HasPrefix(fl.Usage, runFlagHelp[tt.flag]), "%s --%s help: %q", name, tt.flag, fl.Usage)
				code, _, errOut := runCapture3(t, append(append([]string{}, path...), "--"+tt.flag, tt.bad)...)
				assert.Equal(t, 2, code, errOut)
				assert.Contains(t, errOut, tt.want)
			})
		}
	}
}

// TestRunChoosesAGenerator: run's default generator is the originals'
// mulberry32 (its outputs unchanged); --generator pcg draws other numbers
// for the same seed.
func TestRunChoosesAGenerator(t *testing.T) {
	args := []string{"run", "switch", "--scenario", "normal", "--minutes", "2", "--format", "csv"}
	code, def, errOut := runCapture3(t, args...)
	require.Equal(t, 0, code, errOut)
	_, m32, _ := runCapture3(t, append(args, "--generator", "mulberry32")...)
	code, pcg, errOut := runCapture3(t, append(args, "--generator", "pcg")...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, def, m32, "mulberry32 is the default")
	assert.NotEqual(t, def, pcg, "pcg draws other numbers")
}
