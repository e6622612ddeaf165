package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"queuelab/des"
	"queuelab/model/scenario"
	"queuelab/report"
	"queuelab/validate"
)

func init() { subcommands = append(subcommands, newValidateCmd) }

func newValidateCmd() *cobra.Command {
	var (
		quick, asJSON bool
		reportPath    string
		runs          *runFlags
	)
	var budget *budgetFlags
	cmd := &cobra.Command{
		Use:   "validate",
		Short: "Run the validation catalogue: simulation against textbook formulas, with verdicts",
		Long: `Run every experiment of the validation catalogue — M/M/1 and M/M/c at several
loads, Erlang B insensitivity, M/M/c/K, M/G/1, M/M/c+D with the switch's 2 s
patience (and the original's timeout estimate beside it), Erlang-A, p99 and
the database query time — in parallel across cores, and compare each
simulated metric (batch-means 95 % interval) with its formula; then the
model-level checks (overload goodput, shedding, issuer timeouts, Little's law on
every station of both models, the TTL cache, the database, the normal-day
figures) and the per-entity engines against their formula twins.

Verdicts: agrees; approximate: formula off by X % (a documented approximation,
(formula − sim)/sim measured); inconclusive (interval too wide to show an error);
DISAGREES. Per-check significance α = 0.0001; the family-wise rate is printed.
Exit status 1 if any check DISAGREES or is inconclusive.

--quick (what CI runs) takes well under a minute on 2 cores; the full run
takes a few minutes. --report writes FILE.md (Markdown) or FILE.html.`,
		Args: noPositionalArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			base, err := runs.seed()
			if err != nil {
				return err
			}
			writeReport, err := reportWriter(reportPath)
			if err != nil {
				return err
			}
			opts := validate.Options{Quick: quick, Seed: base}
			if err := budget.check(validateWork(opts)); err != nil {
				return err
			}
			if isTerminal(os.Stderr) {
				opts.Progress = progressBar(os.Stderr)
			}
			rep, err := validate.Run(opts)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				err = rep.WriteJSON(out)
			} else {
				err = rep.WriteText(out)
			}
			if err != nil {
				return err
			}
			if writeReport != nil {
				err := report.WriteFile(reportPath, func(w io.Writer) error { return writeReport(rep, w) })
				if err != nil {
					return fmt.Errorf("--report %s: %w", reportPath, err)
				}
			}
			if rep.Failed > 0 {
				return fmt.Errorf("validation failed: %d of %d checks disagree with their formula or are inconclusive", rep.Failed, len(rep.Checks))
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&quick, "quick", false, "run the quick catalogue (CI)")
	fl.BoolVar(&asJSON, "json", false, "print JSON instead of a table")
	fl.StringVar(&reportPath, "report", "", "also write a report to FILE.md or FILE.html")
	runs = addRunFlags(fl, runFlag{name: flagSeed, value: "1"})
	budget = addBudgetFlags(fl)
	return cmd
}

// validateWork estimates the work of a catalogue run: its station
// experiments and its model experiments (scenario runs; the model probes,
// a few short runs, are not counted), GOMAXPROCS at a time.
func validateWork(opts validate.Options) des.Work {
	ws := validate.StationWorks(opts)
	stations := len(ws)
	for _, e := range validate.ModelCatalogue() {
		if opts.Quick && !e.Quick {
			continue
		}
		minutes := e.Minutes
		if !opts.Quick {
			minutes = e.FullMinutes
		}
		ws = append(ws, scenario.RunWork(e.System.Name, minutes, 64))
	}
	return des.Concurrent(ws, runtime.GOMAXPROCS(0),
		fmt.Sprintf("%d station and %d model experiments, %d at a time", stations, len(ws)-stations, runtime.GOMAXPROCS(0)))
}

// noPositionalArgs refuses positional arguments with a usage error (exit
// status 2).
func noPositionalArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef("%s takes no arguments (got %s); see --help", cmd.CommandPath(), quoteShort(strings.Join(args, " ")))
	}
	return nil
}

// isTerminal reports whether f is a character device (an interactive
// terminal rather than a file or a pipe).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar returns a Progress callback drawing a one-line bar on w.
func progressBar(w io.Writer) func(done, total int) {
	return func(done, total int) {
		const width = 30
		n := width * done / total
		fmt.Fprintf(w, "\r[%s%s] %d/%d experiments", strings.Repeat("#", n), strings.Repeat(".", width-n), done, total)
		if done == total {
			fmt.Fprint(w, "\r\033[K")
		}
	}
}

// reportWriter returns the writer of the --report file's format (by its
// extension), nil if path is empty, or a usage error if the format is
// unknown or the file cannot be written there: checked before minutes of
// simulation, not after.
func reportWriter(path string) (func(*validate.Report, io.Writer) error, error) {
	if path == "" {
		return nil, nil
	}
	var write func(*validate.Report, io.Writer) error
	switch strings.ToLower(filepath.Ext(path)) {
	case ".md", ".markdown":
		write = (*validate.Report).WriteMarkdown
	case ".html", ".htm":
		write = (*validate.Report).WriteHTML
	default:
		return nil, usagef("--report: the file name must end in .md or .html, got %s", quoteShort(path))
	}
	if err := report.CheckOutput(path); err != nil {
		return nil, usagef("--report: %v", err)
	}
	return write, nil
}
