package main

import (
	"github.com/spf13/cobra"

	"queuelab/calculator"
)

func init() { subcommands = append(subcommands, newFormulaCmd) }

// newFormulaCmd is `queuelab formula`: the command-line face of package
// calculator, one subcommand per formula, one flag per parameter.
func newFormulaCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "formula [NAME] [flags]",
		Short: "Evaluate a queueing formula (Erlang B/C, M/M/c, M/M/c+D, …); without NAME list them all",
		Long: `Evaluate one of the analytic formulas behind the two modelled systems.

Run "queuelab formula" alone for the list of formulas and their parameters,
and "queuelab formula NAME --help" for one formula. Times accept Go duration
syntax ("80ms", "2s") or bare numbers of seconds; rates are per second.
--json prints the results as one JSON object with a fixed key order.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("unknown formula %s; run \"queuelab formula\" for the list", quoteShort(args[0]))
			}
			if asJSON {
				return calculator.ListJSON(cmd.OutOrStdout())
			}
			return calculator.List(cmd.OutOrStdout())
		},
	}
	cmd.PersistentFlags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	for _, f := range calculator.All() {
		cmd.AddCommand(formulaCommand(f, &asJSON))
	}
	return cmd
}

// formulaCommand builds the subcommand of formula f. Its errors are
// calculator.InputError values, which main classifies as usage errors.
func formulaCommand(f calculator.Formula, asJSON *bool) *cobra.Command {
	values := make([]string, len(f.Params))
	c := &cobra.Command{
		Use:   f.Name + " " + f.UsageLine(),
		Short: f.Summary,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("formula %s takes only flags, got %s", f.Name, quoteShort(args[0]))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			given := map[string]string{}
			for i, p := range f.Params {
				if cmd.Flags().Changed(p.Flag()) {
					given[p.Flag()] = values[i]
				}
			}
			in, outs, err := f.Evaluate(given)
			if err != nil {
				return err
			}
			if *asJSON {
				return calculator.WriteJSON(cmd.OutOrStdout(), f.Name, outs)
			}
			return calculator.WriteTable(cmd.OutOrStdout(), f, in, outs)
		},
	}
	for i, p := range f.Params {
		usage := p.Description() + "; " + p.Range()
		switch {
		case p.Default() != "":
			usage += "; default " + p.Default()
		case p.Required():
			usage += "; required"
		default:
			usage += "; optional"
		}
		c.Flags().StringVar(&values[i], p.Flag(), "", usage)
	}
	return c
}
