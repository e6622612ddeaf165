package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"queuelab/des/queueing"
	"queuelab/model/input"
	"queuelab/validate"
)

func init() { subcommands = append(subcommands, newMMcCmd) }

// mmcMetrics are the metrics `queuelab mmc` prints, in order.
var mmcMetrics = []queueing.Metric{
	queueing.PWait, queueing.MeanWait, queueing.MeanWaitServed, queueing.PAbandon, queueing.PBlock,
	queueing.Utilization, queueing.MeanInQueue, queueing.MeanInSystem, queueing.Throughput, queueing.MeanResponse,
}

// mmcFlags holds the raw flag values: the station's parameters
// (validate.StationParams, the mmc sweep's factors too) and the shared run
// flags. They are parsed and range-checked by config so that every error
// names its flag and the valid range.
type mmcFlags struct {
	station map[string]*string
	runs    *runFlags
	main    string
	asJSON  bool
}

func newMMcCmd() *cobra.Command {
	var f mmcFlags
	var budget *budgetFlags
	cmd := &cobra.Command{
		Use:   "mmc",
		Short: "Simulate one M/M/c-type station and compare every metric with its exact formula",
		Long: `Simulate one station — Poisson arrivals, c servers, a FIFO queue, optional
patience (reneging) and capacity (blocking) — and print each measured metric
with its 95 % batch-means confidence interval beside the exact formula where
one exists (Erlang C, Erlang B, M/M/c/K, M/M/c+D, Erlang-A, Pollaczek–
Khinchine) and a verdict at per-check significance α = 0.0001.

With no flags it simulates the payment switch's slot pool on a normal day:
λ = 400/s, c = 192 slots, exponential holding time of mean 0.33 s.
Times accept Go durations (250ms, 2s, 10m) or bare seconds.

Before simulating, the run's events and memory are estimated from the flags;
a run over --max-events or --max-memory is refused (raise them to run it
anyway), and so is a run expected to see fewer than 300 customers (10 per
batch), too few for any interval. Runs longer than 2 s show progress on
stderr.

Exit status: 0 when the run was judged (whatever the verdicts); 1 when it
measured too few customers to judge — fewer than 300 arrived, or fewer than
300 left the system because the run is shorter than the time they stay
("not enough data": the table is printed, every verdict says so); 2 for bad
flags or a refused run.`,
		Args: noPositionalArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return f.run(cmd, budget) },
	}
	budget = addBudgetFlags(cmd.Flags())
	fl := cmd.Flags()
	f.station = map[string]*string{}
	for _, p := range validate.StationParams {
		f.station[p.Name] = fl.String(p.Name, p.Default, p.Help)
	}
	f.runs = addRunFlags(fl,
		runFlag{name: flagDuration, value: "10m"},
		runFlag{name: flagWarmup, note: "chosen by MSER-5, at most half the run"},
		runFlag{name: flagPrecision},
		runFlag{name: flagMaxDuration},
		runFlag{name: flagSeed, value: "1"},
		runFlag{name: flagGenerator, value: "pcg"})
	fl.StringVar(&f.main, "main", "", "metric --precision applies to (default mean_wait; p_block for a loss system; e.g. mean_in_system when waits are rare)")
	fl.BoolVar(&f.asJSON, "json", false, "print JSON instead of a table")
	return cmd
}

// mmcMaxDuration is the longest --duration (s).
const mmcMaxDuration = 1e8

// run is the mmc command: it reads the flags, costs the run against the
// budget, simulates the station and prints every metric beside its
// formula. It returns the "not enough data" error (exit status 1) after
// printing, when too few customers were measured to judge.
func (f *mmcFlags) run(cmd *cobra.Command, budget *budgetFlags) error {
	cfg, err := f.config()
	if err != nil {
		return err
	}
	if err := budget.check(cfg.Work()); err != nil {
		return err
	}
	if exp, need := cfg.ExpectedCustomers(), cfg.MinCustomers(); exp < float64(need) {
		fix := fmt.Sprintf("lengthen --duration to at least %.4g s", float64(need)/cfg.ArrivalRate)
		if float64(need)/cfg.ArrivalRate > mmcMaxDuration { // past what --duration takes: the rate must rise
			fix = fmt.Sprintf("even the longest run (--duration %g s) expects %.3g; raise --arrival-rate to at least %.3g/s",
				mmcMaxDuration, cfg.ArrivalRate*mmcMaxDuration, float64(need)/mmcMaxDuration)
		}
		return usagef("--duration: not enough data: %g s at %g arrivals/s expects %.3g customers, need %d (%d per batch); %s",
			exp/cfg.ArrivalRate, cfg.ArrivalRate, exp, need, validate.MinPerBatch, fix)
	}
	prog := newProgress()
	res, err := validate.StationProgress(cfg, func(done, total float64) { prog.update(done, total, "simulated seconds") })
	prog.done()
	if err != nil {
		if errors.Is(err, validate.ErrUnstable) {
			return usagef("%v", err)
		}
		return err
	}
	checks := mmcChecks(res)
	enough := res.EnoughData()
	if enough != nil {
		validate.MarkNoData(checks, enough)
	}
	if f.asJSON {
		err = writeMMcJSON(cmd.OutOrStdout(), res, checks)
	} else {
		err = writeMMcTable(cmd.OutOrStdout(), res, checks)
	}
	if err != nil {
		return err
	}
	if enough != nil {
		return enough
	}
	return res.PrecisionShortfall()
}

// config reads every flag into a station configuration, or returns a usage
// error naming the flag.
func (f *mmcFlags) config() (validate.Config, error) {
	var cfg validate.Config
	st := validate.StationSettings{}
	for _, p := range validate.StationParams {
		if text := *f.station[p.Name]; text != "" {
			v, err := parseParam(p, text)
			if err != nil {
				return cfg, err
			}
			st[p.Name] = v
		}
	}
	if err := st.Apply(&cfg, func(p string) string { return "--" + p }); err != nil {
		return cfg, usagef("%v", err)
	}
	var err error
	if cfg.Warmup, err = f.runs.warmup(); err != nil {
		return cfg, err
	}
	cfg.Duration = 600
	if d, ok, err := f.runs.duration(mmcMaxDuration); err != nil {
		return cfg, err
	} else if ok {
		cfg.Duration = d
	}
	if err := f.precisionRun(&cfg); err != nil {
		return cfg, err
	}
	if cfg.Seed, err = f.runs.seed(); err != nil {
		return cfg, err
	}
	if cfg.Generator, err = f.runs.generator(); err != nil {
		return cfg, err
	}
	if err := cfg.Validate(); err != nil {
		return cfg, usagef("%v", err)
	}
	return cfg, nil
}

// parseParam parses flag p's text by its control: within its range, above
// its minimum where it must be.
func parseParam(p validate.StationParam, text string) (float64, error) {
	switch p.Kind {
	case input.Int:
		v, err := flagInt(p.Name, text, int(p.Min), int(p.Max))
		return float64(v), err
	case input.Duration:
		return flagSeconds(p.Name, text, p.Min, p.Max, p.Above)
	case input.Enum:
		v, err := p.Parse(text)
		if err != nil {
			return 0, usagef("--%s: unknown %s %s (valid: %s)", p.Name, p.What, quoteShort(text), strings.Join(p.Choices, ", "))
		}
		return v.Num, nil
	}
	return flagNumber(p.Name, text, p.Min, p.Max, p.Above)
}

// precisionRun reads --precision, --max-duration and --main into cfg
// (after --duration): a run until the main metric's interval is narrow
// enough, between a minimum and a maximum length.
func (f *mmcFlags) precisionRun(cfg *validate.Config) error {
	var err error
	if cfg.Precision, err = f.runs.precision(); err != nil {
		return err
	}
	if cfg.Precision == 0 {
		if f.main != "" {
			return usagef("--main: applies only with --precision")
		}
		_, err := f.runs.maxDuration(0, 0)
		return err
	}
	cfg.MinDuration = cfg.Duration
	if !f.runs.given(flagDuration) {
		cfg.MinDuration = 60
	}
	if cfg.MaxDuration, err = f.runs.maxDuration(cfg.MinDuration, 100*cfg.MinDuration); err != nil {
		return err
	}
	if f.main != "" {
		cfg.Main = queueing.Metric(f.main)
		if !slices.Contains(validate.MetricNames, cfg.Main) {
			names := make([]string, len(validate.MetricNames))
			for i, n := range validate.MetricNames {
				names[i] = string(n)
			}
			return usagef("--main: must be one of %s, got %s", strings.Join(names, ", "), quoteShort(f.main))
		}
	}
	return nil
}

// mmcChecks judges every printed metric against its formula (a Check with
// a NaN formula where none applies).
func mmcChecks(res *validate.Result) []validate.Check {
	f := validate.Formulas(res.Config)
	var out []validate.Check
	for _, name := range mmcMetrics {
		e, _ := res.Metric(name)
		c := validate.Check{Name: string(name), Sim: e, Formula: math.NaN(), Expected: math.NaN()}
		if fv, ok := f[name]; ok {
			c.Formula, c.Source = fv.Value, fv.Source
			c.Expected = validate.ExpectedEvents(res, f, name)
		}
		c.Judge(validate.DefaultRule)
		out = append(out, c)
	}
	little := validate.LittleCheck(res)
	little.Name = "little_L=lambda_W"
	little.Judge(validate.DefaultRule)
	return append(out, little)
}

func mmcDescribe(cfg validate.Config) string {
	var b strings.Builder
	fmt.Fprintf(&b, "station: c = %d servers, λ = %g/s, %s service of mean %g s", cfg.Servers, cfg.ArrivalRate, validate.ServiceName(cfg.Service), cfg.ServiceMean())
	if k, ok := cfg.Service.Param("k"); ok {
		fmt.Fprintf(&b, " (k = %d)", int(k.Num))
	} else if _, ok := cfg.Service.Param("cv"); ok {
		fmt.Fprintf(&b, " (SCV %.3g)", cfg.Service.SCV())
	}
	fmt.Fprintf(&b, ", offered load %.4g erlangs (ρ = %.4g)", cfg.Offered(), cfg.Rho())
	switch cfg.Patience.Kind {
	case validate.PatienceDet:
		fmt.Fprintf(&b, ", patience %g s", cfg.Patience.Value)
	case validate.PatienceExp:
		fmt.Fprintf(&b, ", exponential patience of mean %g s", cfg.Patience.Value)
	}
	if cfg.Capacity > 0 {
		fmt.Fprintf(&b, ", capacity %d", cfg.Capacity)
	}
	return b.String()
}

func writeMMcTable(w io.Writer, res *validate.Result, checks []validate.Check) error {
	cfg := res.Config
	warm := "given"
	if res.WarmupByMSER {
		warm = "MSER-5"
	}
	fmt.Fprintln(w, mmcDescribe(cfg))
	fmt.Fprintf(w, "run: seed %d (%s), warm-up %.4g s (%s), measured %.4g s, %d arrivals, %d batches, %d events\n\n",
		cfg.Seed, cfg.Generator, res.Warmup, warm, res.Measured, res.Customers, res.Metrics[0].K, res.Events)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tsimulated ± 95 % CI\tformula\tsource\tverdict")
	for i := range checks {
		c := &checks[i]
		sim := validate.FormatValue(c.Sim.Mean) + " ± " + validate.FormatValue(c.Sim.HalfWidth)
		if math.IsInf(c.Sim.HalfWidth, 0) || math.IsNaN(c.Sim.HalfWidth) {
			sim = validate.FormatValue(c.Sim.Mean) + " (no interval)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", c.Name, sim,
			validate.FormatValue(c.Formula), orDash(c.Source), c.VerdictText())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nVerdicts at per-check significance α = %g: agrees = within the %g %% interval and precise enough "+
		"(half-width ≤ %g %% of the value) to show a real error; inconclusive = consistent but too imprecise "+
		"(run longer, or the event is too rare); DISAGREES = further apart than noise allows; "+
		"not enough data = too few customers (or none of the kind) to form an interval.\n",
		validate.DefaultRule.Alpha, 100*(1-validate.DefaultRule.Alpha), 100*validate.DefaultRule.PowerRel)
	return err
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func writeMMcJSON(w io.Writer, res *validate.Result, checks []validate.Check) error {
	type metric struct {
		Name    string               `json:"name"`
		Sim     validate.JSONNumber  `json:"sim"`
		CI95    validate.JSONNumber  `json:"ci95"`
		Formula *validate.JSONNumber `json:"formula"`
		Source  string               `json:"source,omitempty"`
		Verdict string               `json:"verdict"`
	}
	cfg := res.Config
	out := struct {
		Station string              `json:"station"`
		Seed    uint64              `json:"seed"`
		Warmup  validate.JSONNumber `json:"warmup_s"`
		Measure validate.JSONNumber `json:"measured_s"`
		Arrived int64               `json:"arrivals"`
		Metrics []metric            `json:"metrics"`
	}{Station: mmcDescribe(cfg), Seed: cfg.Seed, Warmup: validate.JSONNumber(res.Warmup), Measure: validate.JSONNumber(res.Measured), Arrived: res.Customers}
	for i := range checks {
		c := &checks[i]
		m := metric{Name: c.Name, Sim: validate.JSONNumber(c.Sim.Mean), CI95: validate.JSONNumber(c.Sim.HalfWidth), Source: c.Source, Verdict: c.VerdictText()}
		if !math.IsNaN(c.Formula) {
			v := validate.JSONNumber(c.Formula)
			m.Formula = &v
		}
		out.Metrics = append(out.Metrics, m)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
