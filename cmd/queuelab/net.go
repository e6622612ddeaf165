package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"queuelab/analytic"
	"queuelab/analytic/ctmc"
	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/model/network"
	"queuelab/validate"
)

func init() { subcommands = append(subcommands, newNetCmd) }

func newNetCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "net",
		Short: "Simulate or solve a queueing network described in a file",
		Long: `A queueing network file (YAML: classes, stations, routing; see the README's
"Networks" section and go doc queuelab/model/network) is simulated customer
by customer (net run) or solved by the exact or approximate method that
applies (net solve). examples/networks/ holds textbook cases.`,
		Args: noPositionalArgs,
	}
	cmd.AddCommand(newNetRunCmd(), newNetSolveCmd())
	return cmd
}

type netRunFlags struct {
	runs          *runFlags
	asJSON, asCSV bool
	serve         bool   // open FILE in the live simulator instead
	addr          string // with serve
	trace         *traceFlags
	percentiles   bool
}

func newNetRunCmd() *cobra.Command {
	var f netRunFlags
	var budget *budgetFlags
	cmd := &cobra.Command{
		Use:   "run FILE",
		Short: "Simulate a network and compare every measure with the analytic value that applies",
		Long: `Simulate the network of FILE per customer and print, per station and class
and for the whole network ("network": per customer end to end; for a closed
class the cycle time back to its start station), each measure with its 95 %
confidence interval beside every analytic value that applies, its method and
a verdict (exact methods must agree; approximate ones are reported with how
far they are off). An unstable network is reported naming the station.

Without --duration or --precision the run starts at 200 000 times the longest
mean interarrival or service time (delay stations aside) and grows, by
quarters, until every metric with an analytic value has a 95 % relative
half-width of at most 2 % (so that its check can give a verdict), or to 5
times that length. With --duration it runs exactly that long.

An open network whose customers can never leave is refused before it runs,
as net solve refuses it. A run expected to see fewer than 300 customers (10
per batch) is refused; one that measured fewer prints every verdict as "not
enough data".

Exit status: 0 when the run was judged (whatever the verdicts; a run
without --duration or --precision that stops at its longest length short of
its 2 % aim says so on stderr and is judged with the intervals it reached);
1 when the run measured too few customers to judge, or stopped at
--max-duration short of a --precision you gave; 2 for bad flags, a refused run, or a network with no steady
state (unstable, keeping its customers, or deadlocked by blocking).`,
		Args: exactOneFile,
		RunE: func(cmd *cobra.Command, args []string) error { return f.run(cmd, args[0], budget) },
	}
	fl := cmd.Flags()
	budget = addBudgetFlags(fl)
	f.runs = addRunFlags(fl,
		runFlag{name: flagDuration, note: "200 000 × the longest mean interarrival or service time, grown until the checks are precise enough, at most 5 times"},
		runFlag{name: flagWarmup, note: "the first 5 % of the run"},
		runFlag{name: flagPrecision, note: "none; the main metric is the network's mean response time"},
		runFlag{name: flagMaxDuration},
		runFlag{name: flagReplications, value: "1"},
		runFlag{name: flagSeed, value: "1"},
		runFlag{name: flagGenerator, value: "pcg"})
	f.trace = addTraceFlags(fl)
	fl.BoolVar(&f.percentiles, "percentiles", false, "add the p50, p90 and p99 response time and wait per station and class and end to end, with batch-quantile intervals, beside the exact values where they exist")
	fl.BoolVar(&f.asJSON, "json", false, "print JSON: {\"metrics\": [{station, class, name, sim, ci95, formula, method, verdict}]}")
	fl.BoolVar(&f.asCSV, "csv", false, "print CSV with the same columns as --json")
	fl.BoolVar(&f.serve, "serve", false, "open FILE in the live simulator in the browser instead (see queuelab serve --network)")
	fl.StringVar(&f.addr, "addr", "127.0.0.1:8080", "with --serve: the address to listen on")
	return cmd
}

// run is the net run command: it reads FILE and the flags, costs the run
// against the budget, refuses what cannot give a steady state or enough
// data, simulates and prints every metric beside its analytic values. It
// returns the "not enough data" error (exit status 1) after printing,
// when too few customers were measured to judge.
func (f *netRunFlags) run(cmd *cobra.Command, file string, budget *budgetFlags) error {
	if f.serve {
		return serveNetworkFile(cmd, file, f.addr)
	}
	n, unit, err := network.ParseFileUnit(file)
	if err != nil {
		return usagef("%v", err)
	}
	cfg, err := f.config(cmd, n)
	if err != nil {
		return err
	}
	if cfg.PrecisionAll && budget.check(n.Work(cfg.Simulated(), cfg.Replications)) != nil {
		// The default growth would exceed the budget: run the first length only.
		cfg.Precision, cfg.PrecisionAll, cfg.MaxDuration = 0, false, 0
	}
	if err := budget.check(n.Work(cfg.Simulated(), cfg.Replications)); err != nil {
		return err
	}
	if err := netExpectEnough(cfg); err != nil {
		return err
	}
	cfg.Percentiles = f.percentiles
	finishTrace, err := f.trace.open(cmd, &cfg)
	if err != nil {
		return err
	}
	rep, err := validate.RunNetwork(cfg)
	if terr := finishTrace(); err == nil && terr != nil {
		return terr
	}
	if errors.Is(err, analytic.ErrNoExit) {
		return usagef("%v", err) // no steady state: exit 2, as an unstable network
	}
	if dl := (*network.DeadlockError)(nil); errors.As(err, &dl) {
		return usagef("%s: %v", validate.NetworkTitle(n.Name, file), err) // no steady state: exit 2
	}
	if err != nil {
		return err
	}
	if rep.Unstable != nil {
		return usagef("%s; lower the arrival rate or the service time there, or add servers", validate.NetworkUnstableText(validate.NetworkTitle(n.Name, file), rep.Unstable.Station, rep.Unstable.Rho))
	}
	enough := rep.EnoughData()
	if enough != nil {
		validate.MarkNetworkNoData(rep.Checks, enough)
	}
	w := cmd.OutOrStdout()
	switch {
	case f.asJSON:
		err = writeNetRunJSON(w, rep, unit)
	case f.asCSV:
		err = writeNetRunCSV(w, rep, unit)
	default:
		err = writeNetRunTable(w, rep, file, unit)
	}
	if err != nil {
		return err
	}
	if enough != nil {
		return enough
	}
	short := rep.PrecisionShortfall()
	if short != nil && cfg.PrecisionAll {
		// The 2 % aim of a run without --duration or --precision is the
		// command's own, not the user's: stopping short of it is a note,
		// and the checks are judged with the intervals reached.
		fmt.Fprintf(cmd.ErrOrStderr(), "note: the run stopped at its longest default length (%.6g s) before %s reached the default %g %% relative half-width; the checks are judged with the intervals reached (a longer --duration, e.g. %.6gs, narrows them)\n",
			cfg.MaxDuration, rep.ShortMetric, 100*cfg.Precision, 4*cfg.MaxDuration)
		return nil
	}
	return short
}

// netExpectEnough refuses, before it starts, an open network's run that
// is expected to measure fewer customers than validate.MinCustomers. A
// network that is unstable or keeps its customers is left to RunNetwork,
// whose refusal says more.
func netExpectEnough(cfg validate.NetworkConfig) error {
	exp, need := cfg.ExpectedCustomers(), cfg.MinCustomers()
	if exp >= float64(need) {
		return nil
	}
	if an, err := cfg.Network.Analytic(); err == nil {
		var u *analytic.UnstableError
		if _, err := analytic.SolveNetwork(an); errors.As(err, &u) || errors.Is(err, analytic.ErrNoExit) {
			return nil
		}
	}
	perSecond := exp / cfg.Duration
	if longest := float64(need) / perSecond; longest > netMaxDuration {
		return usagef("--duration: not enough data: even the longest run (%g s) at %g arrivals/s expects %.3g customers, need %d (%d per batch); raise the arrival rate or add replications",
			netMaxDuration, perSecond/float64(max(cfg.Replications, 1)), perSecond*netMaxDuration, need, validate.MinPerBatch)
	}
	return usagef("--duration: not enough data: %g s at %g arrivals/s expects %.3g customers, need %d (%d per batch); lengthen --duration to at least %.4g s",
		cfg.Duration, perSecond/float64(max(cfg.Replications, 1)), exp, need, validate.MinPerBatch, float64(need)/perSecond)
}

// netDefaultPrecision is the 95 % relative half-width a run without
// --duration and --precision aims at for every metric with an analytic
// value: at 2 % the half-width at the verdicts' α = 10⁻⁴ (t with
// 29 degrees of freedom: 2.4 times the 95 % one) is within the power rule's
// 5 % of the value, so the check gives a verdict instead of
// "inconclusive". netDefaultGrowth bounds how much longer than the default
// duration such a run may grow.
const (
	netDefaultPrecision = 0.02
	netDefaultGrowth    = 5
)

// netMaxDuration is the longest --duration, in seconds.
const netMaxDuration = 1e8

func exactOneFile(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usagef("%s: needs exactly one network FILE (e.g. examples/networks/jackson-feedback.yaml), got %d arguments", cmd.CommandPath(), len(args))
	}
	return nil
}

func (f *netRunFlags) config(cmd *cobra.Command, n *network.Network) (validate.NetworkConfig, error) {
	cfg := validate.NetworkConfig{Network: n, Warmup: validate.AutoWarmup}
	var err error
	cfg.Duration = network.DefaultDuration(n)
	d, given, err := f.runs.duration(netMaxDuration)
	if err != nil {
		return cfg, err
	}
	if given {
		cfg.Duration = d
	}
	if cfg.Warmup, err = f.runs.warmup(); err != nil {
		return cfg, err
	}
	if cfg.Precision, err = f.runs.precision(); err != nil {
		return cfg, err
	}
	if cfg.MaxDuration, err = f.runs.maxDuration(cfg.Duration, math.Min(100*cfg.Duration, 1e9)); err != nil {
		return cfg, err
	}
	if cfg.Precision == 0 {
		cfg.MaxDuration = 0
		if !given {
			// Neither given: run until every check can give a verdict
			// (see netDefaultPrecision), at most netDefaultGrowth times longer.
			cfg.Precision, cfg.PrecisionAll = netDefaultPrecision, true
			cfg.MaxDuration = math.Min(netDefaultGrowth*cfg.Duration, 1e9)
		}
	}
	if cfg.Replications, err = f.runs.replications(); err != nil {
		return cfg, err
	}
	if cfg.Seed, err = f.runs.seed(); err != nil {
		return cfg, err
	}
	if cfg.Generator, err = f.runs.generator(); err != nil {
		return cfg, err
	}
	if f.asJSON && f.asCSV {
		return cfg, usagef("--json and --csv: give at most one")
	}
	if err := cfg.Validate(); err != nil {
		return cfg, usagef("%v", err)
	}
	return cfg, nil
}

func netRunHeader(rep *validate.NetworkReport, file, unit string) string {
	cfg := rep.Config
	warm := "given"
	if cfg.Warmup < 0 {
		warm = fmt.Sprintf("%g %% of the first length", 100*validate.NetworkWarmupShare)
	}
	s := fmt.Sprintf("%s: seed %d (%s), warm-up %.4g s (%s), measured %.4g s", validate.NetworkTitle(cfg.Network.Name, file), cfg.Seed, cfg.Generator, rep.Warmup, warm, rep.Measured)
	if cfg.Replications > 1 {
		s += fmt.Sprintf(" × %d replications", cfg.Replications)
	} else {
		s += fmt.Sprintf(", %d batches", rep.Result.Batches)
	}
	s += fmt.Sprintf(", %d customers", rep.Customers)
	if cfg.Precision > 0 {
		s += fmt.Sprintf(" (run grown towards a %g %% relative half-width, at most %.4g s)", 100*cfg.Precision, cfg.MaxDuration)
	}
	s += netUnitNote(unit)
	if rep.SolveErr != nil {
		s += "\nanalytic: " + rep.SolveErr.Error()
	}
	return s
}

func writeNetRunTable(w io.Writer, rep *validate.NetworkReport, file, unit string) error {
	fmt.Fprintln(w, netRunHeader(rep, file, unit))
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "station\tclass\tmetric\tsimulated ± 95 % CI\tformula\tmethod\tverdict")
	for i := range rep.Checks {
		c := &rep.Checks[i]
		u := netUnitScale(unit, queueing.Metric(c.Name))
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s ± %s\t%s\t%s\t%s\n", c.Station, orDash(c.Class), c.Name, validate.FormatValue(u*c.Sim.Mean),
			validate.FormatValue(u*c.Sim.HalfWidth), validate.FormatValue(u*c.Formula), orDash(c.Source), c.VerdictText())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, "\n"+netVerdictNote(rep))
	return err
}

// netVerdictNote states the verdict rules as the checks of rep applied
// them (README, "Network verdicts"), with the family-wise bound of the
// exact checks.
func netVerdictNote(rep *validate.NetworkReport) string {
	alpha := validate.DefaultRule.Alpha
	m, k := 0, 0
	for i := range rep.Checks {
		c := &rep.Checks[i]
		switch c.Verdict {
		case validate.Agrees, validate.Inconclusive, validate.Disagrees:
			if !c.Approx {
				m++
				k = c.Sim.K
			}
		}
	}
	s := fmt.Sprintf("Verdicts at per-check significance α = %g", alpha)
	if m > 0 && k >= 2 {
		ratio := des.StudentTQuantile(1-alpha/2, float64(k-1)) / des.StudentTQuantile(0.975, float64(k-1))
		s += fmt.Sprintf(": an exact value DISAGREES beyond %.2f × the 95 %% half-width (%d batches or replications); %d exact checks, family-wise false alarms ≤ %.2g %%", ratio, k, m, 100*float64(m)*alpha)
	}
	return s + ". An approximate value is judged by its printed error, (formula − sim)/|sim|: DISAGREES beyond ±50 % by more than noise explains."
}

func writeNetRunJSON(w io.Writer, rep *validate.NetworkReport, unit string) error {
	out := struct {
		Network      string                      `json:"network"`
		Seed         uint64                      `json:"seed"`
		Warmup       validate.JSONNumber         `json:"warmup_s"`
		Measured     validate.JSONNumber         `json:"measured_s"`
		Replications int                         `json:"replications"`
		Customers    int64                       `json:"customers"`
		TimeUnit     string                      `json:"time_unit,omitempty"` // of sim, ci95 and formula; seconds when absent
		Metrics      []validate.NetworkCheckJSON `json:"metrics"`
	}{Network: rep.Config.Network.Name, Seed: rep.Config.Seed, Warmup: validate.JSONNumber(rep.Warmup),
		Measured: validate.JSONNumber(rep.Measured), Replications: max(rep.Config.Replications, 1), Customers: rep.Customers,
		TimeUnit: netUnitName(unit)}
	for i := range rep.Checks {
		c := &rep.Checks[i]
		out.Metrics = append(out.Metrics, c.CheckJSON(netUnitScale(unit, queueing.Metric(c.Name))))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func writeNetRunCSV(w io.Writer, rep *validate.NetworkReport, unit string) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"station", "class", "name", "sim", "ci95", "formula", "method", "verdict"})
	num := func(x float64) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return ""
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	for i := range rep.Checks {
		c := &rep.Checks[i]
		u := netUnitScale(unit, queueing.Metric(c.Name))
		_ = cw.Write([]string{c.Station, c.Class, c.Name, num(u * c.Sim.Mean), num(u * c.Sim.HalfWidth), num(u * c.Formula), c.Source, c.VerdictText()})
	}
	cw.Flush()
	return cw.Error()
}

func newNetSolveCmd() *cobra.Command {
	var asJSON bool
	var at []string
	cmd := &cobra.Command{
		Use:   "solve FILE",
		Short: "Solve a network analytically: every method that applies, exact or approximate",
		Args:  exactOneFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			n, unit, err := network.ParseFileUnit(args[0])
			if err != nil {
				return usagef("%v", err)
			}
			an, err := n.Analytic()
			if err != nil {
				return usagef("%v", err)
			}
			if len(at) > 0 {
				return netSolveAt(cmd.OutOrStdout(), n, args[0], an, at, asJSON) // netsolveat.go
			}
			ms, ctmcWhy, err := analytic.SolveNetworkCTMCWhy(an)
			ctmcWhy = ctmcWhere(args[0], n, ctmcWhy)
			var u *analytic.UnstableError
			if errors.As(err, &u) {
				return usagef("%s is unstable: station %q has utilisation ρ = %.4g ≥ 1, so no steady state exists", validate.NetworkTitle(n.Name, args[0]), u.Station, u.Rho)
			}
			if errors.Is(err, analytic.ErrNoExit) {
				return usagef("%v", err)
			}
			if err != nil && len(ms) == 0 {
				return err
			}
			for i := range ms {
				ms[i].Value *= netUnitScale(unit, ms[i].Name)
			}
			if asJSON {
				return writeNetSolveJSON(cmd.OutOrStdout(), unit, ms, ctmcWhy)
			}
			return writeNetSolveTable(cmd.OutOrStdout(), n, args[0], unit, ms, ctmcWhy)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON: {\"metrics\": [{station, class, name, value, method, exact}]}; an infinite value is null with \"infinite\": true")
	cmd.Flags().StringSliceVar(&at, "at", nil, "give the measures at these times from the file's initial state (initial:; else empty, closed classes at their start station), by the exact CTMC's uniformization, with error bounds: --at 10s,1m")
	return cmd
}

// writeNetSolveJSON writes net solve's values; ctmcWhy, when not nil,
// says why the exact CTMC is not among them (ctmc_not_used).
func writeNetSolveJSON(w io.Writer, unit string, ms []analytic.NetMetric, ctmcWhy error) error {
	type metric struct {
		Station string              `json:"station"`
		Class   *string             `json:"class"`
		Name    queueing.Metric     `json:"name"`
		Value   validate.JSONNumber `json:"value"`
		Method  string              `json:"method"`
		Exact   bool                `json:"exact"`
		// Infinite marks a value of +Inf (value null): a mean with no
		// finite limit.
		Infinite bool `json:"infinite,omitempty"`
	}
	out := struct {
		TimeUnit    string   `json:"time_unit,omitempty"` // of the values; seconds when absent
		Metrics     []metric `json:"metrics"`
		CTMCNotUsed string   `json:"ctmc_not_used,omitempty"`
	}{TimeUnit: netUnitName(unit), Metrics: []metric{}}
	if ctmcWhy != nil {
		out.CTMCNotUsed = ctmcWhy.Error()
	}
	for _, m := range ms {
		out.Metrics = append(out.Metrics, metric{m.Station, validate.JSONClass(m.Class), m.Name, validate.JSONNumber(m.Value), m.Method, m.Exact, math.IsInf(m.Value, 1)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeNetSolveTable writes net solve's values as a table; ctmcWhy, when
// not nil, is said after it: why the exact CTMC is not among them.
func writeNetSolveTable(w io.Writer, n *network.Network, file, unit string, ms []analytic.NetMetric, ctmcWhy error) error {
	fmt.Fprintf(w, "%s: %d analytic values%s\n\n", validate.NetworkTitle(n.Name, file), len(ms), netUnitNote(unit))
	if len(ms) == 0 && ctmcWhy != nil {
		// Nothing answers: say it once, with the chain's reason (the
		// feature that no other method covers is not the reason the chain
		// gives), and no empty table.
		others := "this network"
		if n.HasFeatures() {
			others = "its " + n.FeatureNames()
		}
		where, why := "", ctmcWhy // the location first, as in every other message
		if at, ok := ctmcWhy.(*fileLineError); ok {
			where, why = fmt.Sprintf("%s:%d: ", at.file, at.line), at.err
		}
		fmt.Fprintf(w, "%sNo analytic value: %s; no other method covers %s. queuelab net run simulates it.\n", where, ctmcNotUsed(why), others)
		return nil
	}
	if len(ms) == 0 && n.HasFeatures() {
		fmt.Fprintf(w, "No analytic method covers this network's %s yet; queuelab net run simulates it.\n\n", n.FeatureNames())
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "station\tclass\tmetric\tvalue\tmethod\texact")
	for _, m := range ms {
		ex := "approximate"
		if m.Exact {
			ex = "exact"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", m.Station, orDash(m.Class), m.Name, validate.FormatValue(m.Value), m.Method, ex)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if ctmcWhy != nil {
		fmt.Fprintf(w, "\n%s\n", ctmcNotUsed(ctmcWhy))
	}
	return nil
}

// ctmcWhere puts the file and line of the station a refusal of the exact
// CTMC is about (a ctmc.AtError: a station, or its routing row), as n,
// parsed from file, records it, in front of its words, as a
// *fileLineError; other reasons are returned as they are.
func ctmcWhere(file string, n *network.Network, why error) error {
	var at *ctmc.AtError
	if !errors.As(why, &at) {
		return why
	}
	if line := n.StationLine(at.Station, at.Routing); line > 0 {
		return &fileLineError{file: file, line: line, err: why}
	}
	return why
}

// fileLineError is a reason placed at a line of a file: its words are
// "file:line: " and the reason's.
type fileLineError struct {
	file string
	line int
	err  error
}

func (e *fileLineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.file, e.line, e.err) }
func (e *fileLineError) Unwrap() error { return e.err }

// ctmcNotUsed words why the exact CTMC gave no values: the chain's own
// refusals say so themselves; a network the chain does not model is
// introduced as such, after the file and line a *fileLineError places it
// at (location first: "x.yaml:5: exact CTMC not used: …").
func ctmcNotUsed(ctmcWhy error) string {
	if at, ok := ctmcWhy.(*fileLineError); ok {
		return fmt.Sprintf("%s:%d: %s", at.file, at.line, ctmcNotUsed(at.err))
	}
	var na *analytic.CTMCNotApplicableError
	if errors.As(ctmcWhy, &na) {
		return "exact CTMC not used: " + ctmcWhy.Error()
	}
	return ctmcWhy.Error()
}

// netUnitName is the network file's time unit when it is not seconds, else
// "" (results are then in seconds, as they always were).
func netUnitName(unit string) string {
	if network.TimeUnitSeconds(unit) == 1 {
		return ""
	}
	return unit
}

// netUnitNote says in which unit times and rates are shown, for a file
// whose time_unit is not seconds ("" otherwise).
func netUnitNote(unit string) string {
	u := netUnitName(unit)
	if u == "" {
		return ""
	}
	return fmt.Sprintf("; times in %s and rates per %s, as the file's time_unit", u, u)
}

// netUnitScale is the factor that turns metric name's value from seconds
// into the network file's time unit: rates (throughput and its bounds) are
// multiplied by the unit's length, times (mean_response, mean_wait and
// their bounds) divided by it; counts, utilisations and shares are kept.
func netUnitScale(unit string, name queueing.Metric) float64 {
	u := network.TimeUnitSeconds(unit)
	switch {
	case u == 1:
		return 1
	case name == queueing.Throughput, name == queueing.ThroughputLower, name == queueing.ThroughputUpper:
		return u
	case name == queueing.MeanResponse, name == queueing.MeanResponseLower, name == queueing.MeanResponseUpper, name == queueing.MeanWait, queueing.IsPercentile(name):
		return 1 / u
	}
	return 1
}
