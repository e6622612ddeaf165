package main

import (
	"github.com/spf13/cobra"

	"queuelab/model/scenario"
)

// writeArtifacts writes the --plot and --report files of a run.
func writeArtifacts(cmd *cobra.Command, o *runOptions, r, twin *scenario.Result) error {
	if o.plot != "" || o.report != "" {
		return usagef("--plot and --report are not available yet")
	}
	return nil
}
