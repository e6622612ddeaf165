package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"queuelab/report"
	"queuelab/sweep"
)

func init() { subcommands = append(subcommands, newSweepCmd, newMergeCmd) }

// sweepFlags are the flags of `queuelab sweep`.
type sweepFlags struct {
	jobs   int
	out    string
	shard  string
	shards int
	format string
	plot   string
	budget *budgetFlags
}

func newSweepCmd() *cobra.Command {
	var f sweepFlags
	cmd := &cobra.Command{
		Use:   "sweep DESIGN.yaml",
		Short: "Run a design of experiments: design points × replications, on all cores or as shards of a batch job",
		Long: `Sweep runs every design point of DESIGN.yaml (the full grid of its vary
levels, or a Latin-hypercube sample) times its replications, on all cores, and
prints per design point and response the mean over replications with its 95 %
interval and, for goals, how many replications met them.

Task i (design point i ÷ replications, replication i mod replications) runs
with a seed derived from the design's seed and its replication only, so design
points are compared on common random numbers and the output is the same bytes
whatever -j or the number of shards.

With --out DIR every result is appended to DIR as one JSON line when it
finishes; running again skips the tasks already there (resume after a crash
or a pre-empted node). When the sweep is complete DIR also gets
summary.txt, summary.csv and summary.json.

--shard i/n runs only the tasks whose index is i modulo n (i from 0), into
DIR/tasks-i-of-n.jsonl; ` + "`queuelab merge DIR`" + ` then prints the summary of the whole
sweep. Under a Slurm job array the shard comes from SLURM_ARRAY_TASK_ID and
SLURM_ARRAY_TASK_COUNT (submit with --array=0-(n-1)); under a Kubernetes
Indexed Job from JOB_COMPLETION_INDEX with --shards n.`,
		Example: `  queuelab sweep examples/sweeps/switch-servers.yaml
  queuelab sweep examples/sweeps/mmc-servers.yaml -j 2 --out results/mmc --plot mmc.svg
  queuelab sweep design.yaml --out /shared/run1 --shard 3/8
  queuelab merge /shared/run1`,
		Args: exactlyOneDesign,
		RunE: func(cmd *cobra.Command, args []string) error {
			return f.run(cmd, args[0])
		},
	}
	fl := cmd.Flags()
	fl.IntVarP(&f.jobs, "jobs", "j", 0, "parallel runs (default: all cores)")
	f.budget = addBudgetFlags(fl)
	fl.StringVar(&f.out, "out", "", "directory for the task results and summaries (resumable; needed with shards)")
	fl.StringVar(&f.shard, "shard", "", "run only shard i of n, written i/n with 0 ≤ i < n (default: from SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX with --shards)")
	fl.IntVar(&f.shards, "shards", 0, "number of shards when the shard index comes from JOB_COMPLETION_INDEX (Kubernetes Indexed Job)")
	fl.StringVar(&f.format, "format", "table", "summary format: table, csv or json")
	fl.StringVar(&f.plot, "plot", "", "also draw each response against the first varied factor, with interval bars, to this .svg or .png file")
	return cmd
}

func exactlyOneDesign(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usagef("%s takes one design file (got %d arguments); see --help", cmd.CommandPath(), len(args))
	}
	return nil
}

func (f *sweepFlags) run(cmd *cobra.Command, path string) error {
	if err := checkFormat(f.format); err != nil {
		return err
	}
	if err := checkPlotPath(f.plot); err != nil {
		return err
	}
	if f.jobs < 0 {
		return usagef("--jobs: must be 0 (all cores) or more, got %d", f.jobs)
	}
	shard, from, err := resolveShard(f.shard, f.shards, os.Getenv)
	if err != nil {
		return err
	}
	if shard.N > 1 && f.out == "" {
		return usagef("%s: a shard needs --out DIR (a directory all shards can reach): its results are merged from there", from)
	}
	if f.plot != "" && shard.N > 1 {
		return usagef("--plot: a shard has no summary to draw; give --plot to queuelab merge")
	}
	d, err := sweep.Load(path)
	if err != nil {
		return usageError{err}
	}
	if f.plot != "" && len(d.Factors) == 0 && len(d.Points) < 2 {
		return usagef("--plot: %s varies no factor: there is nothing to draw a response against", path)
	}
	if err := f.budget.check(d.Work(shard, f.jobs)); err != nil {
		return err
	}
	opts := sweep.Options{Workers: f.jobs, Out: f.out, Shard: shard,
		Warn: func(s string) { fmt.Fprintln(os.Stderr, "queuelab: note:", s) }}
	if isTerminal(os.Stderr) {
		opts.Progress = etaBar(os.Stderr, time.Now)
	}
	res, err := sweep.Run(d, opts)
	if err != nil {
		if errors.Is(err, sweep.ErrOtherDesign) {
			return usageError{err}
		}
		return err
	}
	if res.Summary == nil {
		fmt.Fprintf(cmd.OutOrStdout(), "shard %d/%d of design %s: %d tasks (%d run now, %d already done) in %s; when every shard is done, run: queuelab merge %s\n",
			shard.I, shard.N, res.Plan.Hash, res.Ran+res.Reused, res.Ran, res.Reused, f.out, f.out)
		return nil
	}
	return writeSummary(cmd.OutOrStdout(), res.Summary, f.format, f.plot)
}

// checkFormat refuses an unknown --format before any work is done.
func checkFormat(format string) error {
	switch format {
	case "table", "csv", "json":
		return nil
	}
	return usagef("--format: must be table, csv or json, got %q", format)
}

// checkPlotPath refuses a --plot of an unknown picture format or in a
// place it cannot be written, before any work.
func checkPlotPath(path string) error {
	if path == "" {
		return nil
	}
	if ext := filepath.Ext(path); !strings.EqualFold(ext, ".svg") && !strings.EqualFold(ext, ".png") {
		return usagef("--plot %s: unknown picture format %s: want a file ending in .svg or .png", quoteShort(path), quoteShort(ext))
	}
	if err := report.CheckOutput(path); err != nil {
		return usagef("--plot: %v", err)
	}
	return nil
}

func writeSummary(w io.Writer, s *sweep.Summary, format, plotPath string) error {
	var b bytes.Buffer
	if err := s.Write(&b, format); err != nil {
		return err
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return err
	}
	if plotPath != "" {
		if err := s.WritePlot(plotPath); err != nil {
			return fmt.Errorf("--plot: %w", err)
		}
	}
	return nil
}

// resolveShard returns the shard to run and where it came from: --shard
// i/n; else a Slurm job array (SLURM_ARRAY_TASK_ID counted from
// SLURM_ARRAY_TASK_MIN by SLURM_ARRAY_TASK_STEP, of
// SLURM_ARRAY_TASK_COUNT); else a Kubernetes
// Indexed Job (JOB_COMPLETION_INDEX, of --shards); else the whole sweep.
func resolveShard(flag string, shards int, env func(string) string) (sweep.Shard, string, error) {
	if shards < 0 {
		return sweep.Shard{}, "", usagef("--shards: must be 1 or more, got %d", shards)
	}
	if flag != "" {
		is, ns, ok := strings.Cut(flag, "/")
		i, err1 := strconv.Atoi(strings.TrimSpace(is))
		n, err2 := strconv.Atoi(strings.TrimSpace(ns))
		if !ok || err1 != nil || err2 != nil {
			return sweep.Shard{}, "", usagef("--shard: want i/n such as 0/4 (shard i of n, 0 ≤ i < n), got %q", flag)
		}
		s := sweep.Shard{I: i, N: n}
		if s.Check() != nil {
			return s, "", usagef("--shard %s: the shard index is out of range: want 0 ≤ i < n and n ≥ 1", flag)
		}
		if shards != 0 && shards != n {
			return s, "", usagef("--shard %s and --shards %d disagree on the number of shards", flag, shards)
		}
		return s, "--shard " + flag, nil
	}
	if id := env("SLURM_ARRAY_TASK_ID"); id != "" {
		return envShard("SLURM_ARRAY_TASK_ID", id, env("SLURM_ARRAY_TASK_MIN"), env("SLURM_ARRAY_TASK_STEP"),
			"SLURM_ARRAY_TASK_COUNT", env("SLURM_ARRAY_TASK_COUNT"))
	}
	if id := env("JOB_COMPLETION_INDEX"); id != "" {
		if shards == 0 {
			return sweep.Shard{}, "", usagef("JOB_COMPLETION_INDEX=%s is set (a Kubernetes Indexed Job): give the number of shards with --shards (the Job's completions)", id)
		}
		return envShard("JOB_COMPLETION_INDEX", id, "", "", "--shards", strconv.Itoa(shards))
	}
	if shards > 1 {
		return sweep.Shard{}, "", usagef("--shards %d: give the shard index with --shard i/%d, or run as a Slurm array or Indexed Job", shards, shards)
	}
	return sweep.Whole, "", nil
}

// envShard builds a shard from environment values, naming the variable
// at fault. A Slurm array's index is counted from SLURM_ARRAY_TASK_MIN in
// steps of SLURM_ARRAY_TASK_STEP (--array=0-15:2 has 8 shards).
func envShard(idName, id, minText, stepText, countName, count string) (sweep.Shard, string, error) {
	num := func(name, v string, lo int) (int, error) {
		x, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || x < lo {
			return 0, usagef("%s=%q: not a whole number ≥ %d", name, v, lo)
		}
		return x, nil
	}
	i, err := num(idName, id, 0)
	if err != nil {
		return sweep.Shard{}, "", err
	}
	if minText != "" {
		lo, err := num("SLURM_ARRAY_TASK_MIN", minText, 0)
		if err != nil {
			return sweep.Shard{}, "", err
		}
		step := 1
		if stepText != "" {
			if step, err = num("SLURM_ARRAY_TASK_STEP", stepText, 1); err != nil {
				return sweep.Shard{}, "", err
			}
		}
		i = (i - lo) / step
	}
	n, err := strconv.Atoi(strings.TrimSpace(count))
	if count == "" || err != nil {
		return sweep.Shard{}, "", usagef("%s is set but %s=%q is not a number of shards", idName, countName, count)
	}
	if n < 1 {
		return sweep.Shard{}, "", usagef("%s is set but %s=%s: the number of shards must be at least 1", idName, countName, count)
	}
	s := sweep.Shard{I: i, N: n}
	from := fmt.Sprintf("%s=%s of %s=%s", idName, id, countName, count)
	if s.Check() != nil {
		return s, "", usagef("%s: the shard index %d is out of range 0…%d (submit the array as --array=0-%d)", from, i, n-1, n-1)
	}
	return s, from, nil
}

// etaBar returns a Progress callback drawing a bar with the tasks done
// and the estimated time left on w (a terminal), from the rate of the
// tasks run so far in this process.
func etaBar(w io.Writer, now func() time.Time) func(done, total int) {
	start := now()
	first := -1
	return func(done, total int) {
		if first < 0 {
			first = done
		}
		const width = 30
		n := 0
		if total > 0 {
			n = width * done / total
		}
		eta := "…"
		if ran := done - first; ran > 0 {
			left := time.Duration(float64(now().Sub(start)) / float64(ran) * float64(total-done))
			eta = left.Round(time.Second).String()
		}
		fmt.Fprintf(w, "\r[%s%s] %d/%d tasks, ETA %s\033[K", strings.Repeat("#", n), strings.Repeat(".", width-n), done, total, eta)
		if done == total {
			fmt.Fprint(w, "\r\033[K")
		}
	}
}

func newMergeCmd() *cobra.Command {
	var format, out, plotPath string
	cmd := &cobra.Command{
		Use:   "merge DIR...",
		Short: "Combine the shards of a sweep into its summary (the same bytes as one unsharded run)",
		Long: `Merge reads the design.json and tasks files of the given sweep output
directories (one shared directory, or one per shard) and prints the summary of
the whole sweep, byte for byte what an unsharded run prints. It refuses
directories of different designs and an incomplete set, naming the missing
tasks and shards. The summary files are written to --out (default: the first
DIR).`,
		Example: `  queuelab merge results/run1
  queuelab merge shard0/ shard1/ shard2/ --format csv`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("%s needs at least one sweep output directory; see --help", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format); err != nil {
				return err
			}
			if err := checkPlotPath(plotPath); err != nil {
				return err
			}
			s, err := sweep.Merge(args, func(n string) { fmt.Fprintln(os.Stderr, "queuelab: note:", n) })
			if err != nil {
				return err
			}
			if out == "" {
				out = args[0]
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return err
			}
			if err := s.WriteFiles(out); err != nil {
				return err
			}
			return writeSummary(cmd.OutOrStdout(), s, format, plotPath)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&format, "format", "table", "summary format: table, csv or json")
	fl.StringVar(&out, "out", "", "directory for summary.txt, summary.csv and summary.json (default: the first DIR)")
	fl.StringVar(&plotPath, "plot", "", "also draw each response against the first varied factor to this .svg or .png file")
	return cmd
}
