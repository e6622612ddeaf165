package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"queuelab/des"
	"queuelab/model/scenario"
	"queuelab/model/systems"
)

func init() { subcommands = append(subcommands, newRunCmd, newScenariosCmd) }

// findSystem returns the system called name, or a usage error listing the
// valid names.
func findSystem(name string) (scenario.System, error) {
	s, err := systems.Find(name)
	if err != nil {
		return s, usagef("%w", err)
	}
	return s, nil
}

// runOptions are the flags of `queuelab run`.
type runOptions struct {
	scenario string
	playbook string
	at       []string
	seed     uint64
	gen      des.Generator
	runs     *runFlags
	minutes  int
	engine   string
	format   string
	plot     string
	report   string
	columns  []string
}

// loadPlaybook reads --playbook and every --at, in that order.
func (o *runOptions) loadPlaybook(sys scenario.System) (scenario.Playbook, error) {
	var pb scenario.Playbook
	if o.playbook != "" {
		p, err := scenario.LoadFile(o.playbook, sys.Controls)
		if err != nil {
			return nil, usagef("--playbook: %v", err)
		}
		pb = p
	}
	for _, spec := range o.at {
		p, err := scenario.ParseAt(spec, sys.Controls)
		if err != nil {
			return nil, usageError{err}
		}
		pb = pb.Merge(p)
	}
	return pb, nil
}

// runEngine runs one engine of sys under the options.
func runEngine(sys scenario.System, sc scenario.Scenario, kind scenario.EngineKind, o *runOptions, pb scenario.Playbook) (*scenario.Result, error) {
	var e scenario.Engine
	var err error
	switch {
	case sys.NewWithGenerator != nil:
		e, err = sys.NewWithGenerator(kind, sc.Name, o.seed, o.gen)
	case o.gen != des.Mulberry32:
		return nil, usagef("--generator: %s runs only with mulberry32", sys.Name)
	default:
		e, err = sys.New(kind, sc.Name, o.seed)
	}
	if err != nil {
		return nil, err
	}
	prog := newProgress()
	r, err := scenario.RunProgress(e, pb, o.minutes, func(done, total int) {
		prog.update(float64(done), float64(total), "minutes ("+string(kind)+" engine)")
	})
	prog.done()
	if err != nil {
		return nil, usageError{err}
	}
	r.System, r.Scenario, r.Engine, r.Seed = sys.Name, sc.Name, string(kind), o.seed
	r.Goals = scenario.ScaleGoals(r.Goals, sc.Minutes, o.minutes)
	return r, nil
}

func newRunCmd() *cobra.Command {
	o := &runOptions{}
	var budget *budgetFlags
	cmd := &cobra.Command{
		Use:   "run [switch|web]",
		Short: "Run a scenario of the payment switch or the web service, minute by minute",
		Long: `Run simulates one scenario of a system for its length (or --minutes), applying
the playbook's control changes at their minutes, and prints the per-minute
headline indicators with status words, the goal verdicts and the seed.

With no arguments it runs the payment switch's sale-surge scenario with no
action: watch the retry storm build up. The same seed, scenario and playbook
always give byte-identical output.

Goals are written for the scenario's own length. Under another --minutes,
goals on totals over the run (costs in u or $, the stand-in risk in M u) are
scaled in proportion to the length and say so; goals on means, shares,
rates and the state at the end hold as written.

A playbook file may be at most 1 MiB. Actions at or after the end of the
run never apply; each is reported on stderr as a warning. Before
simulating, the run's events and memory are estimated and a run over
--max-events or --max-memory is refused; runs longer than 2 s show their
progress on stderr (redrawn on a terminal, a line every 30 s otherwise).`,
		Example: `  queuelab run
  queuelab run switch --scenario sale-surge --playbook playbooks/switch-sale-surge.yaml
  queuelab run switch --scenario fraud-wave --at 5m:threshold=2.2,stepup=0.6 --engine both
  queuelab run web --scenario cache-flush --format json --seed 7`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, args, budget) },
	}
	f := cmd.Flags()
	f.StringVar(&o.scenario, "scenario", "", "scenario name (listed by: queuelab scenarios); default sale-surge for switch, normal for web")
	f.StringVar(&o.playbook, "playbook", "", "YAML playbook of timed control changes")
	f.StringArrayVar(&o.at, "at", nil, "inline control change TIME:control=value[,control=value…] (repeatable), e.g. 5m:servers=10,shedding=on")
	o.runs = addRunFlags(f, runFlag{name: flagSeed, value: "1"}, runFlag{name: flagGenerator, value: "mulberry32"})
	f.IntVar(&o.minutes, "minutes", 0, "simulated minutes (default: the scenario's length)")
	f.StringVar(&o.engine, "engine", "des", "des (per transaction), formula (the original's per-minute formulas) or both")
	f.StringVar(&o.format, "format", "table", "output format: table, csv or json")
	f.StringVar(&o.plot, "plot", "", "also write trend charts to this .svg or .png file")
	f.StringVar(&o.report, "report", "", "also write a self-contained HTML report to this file (- for standard output)")
	f.StringSliceVar(&o.columns, "columns", nil, "indicator keys to plot (default: the headline indicators)")
	budget = addBudgetFlags(f)
	return cmd
}

// maxLateWarnings is the most late actions warnLate names one by one.
const maxLateWarnings = 10

// warnLate warns on w about actions at or after the end of a run of
// minutes, which never apply: the first maxLateWarnings by name, then how
// many more.
func warnLate(w io.Writer, late scenario.Playbook, minutes int) {
	for i, a := range late {
		if i == maxLateWarnings {
			fmt.Fprintf(w, "queuelab: warning: and %d more actions after the end of the run\n", len(late)-i)
			return
		}
		fmt.Fprintf(w, "queuelab: warning: %s: %s=%s at minute %d is after the end of the run (%d minutes) and never applies\n",
			a.Source, a.Control, shortText(a.Value.Text), a.Minute, minutes)
	}
}

func writeResult(w io.Writer, format string, r, twin *scenario.Result) error {
	switch format {
	case "json":
		return scenario.WriteJSON(w, r, twin)
	case "csv":
		if twin != nil {
			return scenario.WriteCSV(w, r, twin)
		}
		return scenario.WriteCSV(w, r)
	}
	return scenario.WriteTable(w, r, twin)
}

func newScenariosCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "scenarios",
		Short: "List every scenario of both systems with its story and goals, and every control",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			w := cmd.OutOrStdout()
			for _, sys := range systems.All() {
				fmt.Fprintf(w, "# %s — %s\n\n", sys.Name, sys.Title)
				for _, sc := range sys.Scenarios {
					fmt.Fprintf(w, "%s/%s: %s (%d min)\n", sys.Name, sc.Name, sc.Title, sc.Minutes)
					fmt.Fprintf(w, "  %s\n", wrap(sc.Story, 76, "  "))
					if sc.Lesson != "" {
						fmt.Fprintf(w, "  lesson: %s\n", wrap(sc.Lesson, 68, "          "))
					}
					for _, st := range sc.Start {
						fmt.Fprintf(w, "  starts with: %s = %s\n", st.Control, st.Value)
					}
					for _, g := range sc.Goals {
						fmt.Fprintf(w, "  goal: %s (target %s)\n", g.Name, g.TargetText())
					}
					fmt.Fprintln(w)
				}
				fmt.Fprintf(w, "controls of %s:\n", sys.Name)
				for _, c := range sys.Controls {
					fmt.Fprintf(w, "  %-18s %s — %s\n", c.Name, c.Range(), c.Help)
				}
				fmt.Fprintln(w)
			}
			return nil
		},
	}
}

// wrap folds s at width columns, indenting continuation lines.
func wrap(s string, width int, indent string) string {
	var b strings.Builder
	col := 0
	for i, word := range strings.Fields(s) {
		if i > 0 {
			if col+1+len(word) > width {
				b.WriteString("\n" + indent)
				col = 0
			} else {
				b.WriteByte(' ')
				col++
			}
		}
		b.WriteString(word)
		col += len(word)
	}
	return b.String()
}

// run is the run command: it checks the arguments and flags, costs the
// run against the budget, simulates it on each engine asked for and
// writes the results and the artifacts.
func (o *runOptions) run(cmd *cobra.Command, args []string, budget *budgetFlags) error {
	var err error
	if o.seed, err = o.runs.seed(); err != nil {
		return err
	}
	if o.gen, err = o.runs.generator(); err != nil {
		return err
	}
	sys, sc, kinds, err := o.resolve(cmd, args)
	if err != nil {
		return err
	}
	if err := o.checkArtifacts(sys, sc); err != nil {
		return err
	}
	pb, err := o.loadPlaybook(sys)
	if err != nil {
		return err
	}
	warnLate(cmd.ErrOrStderr(), pb.After(o.minutes), o.minutes)
	work := des.Work{}
	for _, k := range kinds {
		if k == scenario.DES {
			work = scenario.RunWork(sys.Name, o.minutes, 64)
		}
	}
	if err := budget.check(work); err != nil {
		return err
	}
	var results []*scenario.Result
	for _, k := range kinds {
		r, err := runEngine(sys, sc, k, o, pb)
		if err != nil {
			return err
		}
		results = append(results, r)
	}
	var twin *scenario.Result
	if len(results) == 2 {
		twin = results[1]
	}
	if err := writeResult(cmd.OutOrStdout(), o.format, results[0], twin); err != nil {
		return err
	}
	return writeArtifacts(o, sys, sc, results[0], twin)
}

// resolve checks the run command's arguments and flags, fills in the
// defaults that depend on the system and scenario, and returns the
// system, the scenario and the engines to run.
func (o *runOptions) resolve(cmd *cobra.Command, args []string) (scenario.System, scenario.Scenario, []scenario.EngineKind, error) {
	fail := func(err error) (scenario.System, scenario.Scenario, []scenario.EngineKind, error) {
		return scenario.System{}, scenario.Scenario{}, nil, err
	}
	name := "switch"
	if len(args) == 1 {
		name = args[0]
	}
	sys, err := findSystem(name)
	if err != nil {
		return fail(err)
	}
	if o.scenario == "" {
		o.scenario = "sale-surge"
		if name != "switch" {
			o.scenario = "normal"
		}
	}
	sc, err := sys.Scenario(o.scenario)
	if err != nil {
		return fail(usagef("--scenario: %v", err))
	}
	if !cmd.Flags().Changed("minutes") {
		o.minutes = sc.Minutes
	}
	if o.minutes < 1 || o.minutes > scenario.MaxPlaybookMinute {
		return fail(usagef("--minutes: must be an integer from 1 to %d, got %d", scenario.MaxPlaybookMinute, o.minutes))
	}
	switch o.format {
	case "table", "csv", "json":
	default:
		return fail(usagef("--format: must be table, csv or json, got %s", quoteShort(o.format)))
	}
	kinds := map[string][]scenario.EngineKind{
		"des":     {scenario.DES},
		"formula": {scenario.Formula},
		"both":    {scenario.DES, scenario.Formula},
	}[o.engine]
	if kinds == nil {
		return fail(usagef("--engine: must be des, formula or both, got %s", quoteShort(o.engine)))
	}
	return sys, sc, kinds, nil
}
