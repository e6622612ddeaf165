package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"queuelab/model/scenario"
	"queuelab/model/systems"
)

func init() { subcommands = append(subcommands, newIndicatorsCmd) }

func newIndicatorsCmd() *cobra.Command {
	var markdown bool
	cmd := &cobra.Command{
		Use:   "indicators [switch|web]",
		Short: "List every indicator of a system: its JSON/CSV key, unit and exact definition",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			list := systems.All()
			if len(args) == 1 {
				sys, err := findSystem(args[0])
				if err != nil {
					return err
				}
				list = []scenario.System{sys}
			}
			w := cmd.OutOrStdout()
			for _, sys := range list {
				e, err := sys.New(scenario.DES, sys.Scenarios[0].Name, 1)
				if err != nil {
					return err
				}
				if markdown {
					fmt.Fprintf(w, "| `%s` key | unit | definition |\n|---|---|---|\n", sys.Name)
				} else {
					fmt.Fprintf(w, "# %s\n", sys.Name)
				}
				for _, c := range e.Columns() {
					unit := c.Unit
					switch unit {
					case "%", "‰":
						unit = "fraction (shown in " + unit + ")"
					case "":
						unit = "count"
					}
					head := ""
					if c.Headline {
						head = " (headline)"
					}
					if markdown {
						fmt.Fprintf(w, "| `%s`%s | %s | %s |\n", c.Key, head, unit, c.Doc)
					} else {
						fmt.Fprintf(w, "%-22s %-24s %s%s\n    %s\n", c.Key, unit, c.Label, head, wrap(c.Doc, 74, "    "))
					}
				}
				fmt.Fprintln(w)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&markdown, "markdown", false, "print Markdown tables (as in the README)")
	return cmd
}
