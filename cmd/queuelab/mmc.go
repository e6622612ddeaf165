package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"queuelab/des"
	"queuelab/model/input"
	"queuelab/model/network"
	"queuelab/validate"
)

func init() { subcommands = append(subcommands, newMMcCmd) }

// The defaults of `queuelab mmc` are the payment switch's connection-slot
// pool on a normal day: 400 transactions/s, 6 servers × 32 = 192 slots,
// a mean holding time of 0.33 s (80 ms switch time + 250 ms issuer
// latency): utilisation 0.6875. It is the README's first command.
const (
	mmcDefaultServers  = "192"
	mmcDefaultRate     = "400"
	mmcDefaultMean     = "0.33"
	mmcDefaultDuration = "10m"
)

// mmcMetrics are the metrics `queuelab mmc` prints, in order.
var mmcMetrics = []string{
	"p_wait", "mean_wait", "mean_wait_served", "p_abandon", "p_block",
	"utilization", "mean_in_queue", "mean_in_system", "throughput", "mean_response",
}

// mmcFlags holds the raw flag values; they are parsed and range-checked
// by config so that every error names its flag and the valid range.
type mmcFlags struct {
	servers, rate, mean, service, cv, erlangK string
	patience, patienceMean, capacity, warmup  string
	duration, precision, maxDuration, seed    string
	main                                      string
	generator                                 string
	asJSON                                    bool
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
	fl.StringVar(&f.servers, "servers", mmcDefaultServers, "number of servers c (1–1000000)")
	fl.StringVar(&f.rate, "arrival-rate", mmcDefaultRate, "Poisson arrival rate λ per second (> 0)")
	fl.StringVar(&f.mean, "service-mean", mmcDefaultMean, "mean service time S (duration or seconds, > 0)")
	fl.StringVar(&f.service, "service", "exp", "service-time law: exp, det, lognormal, erlang-k, hyperexp")
	fl.StringVar(&f.cv, "service-cv", "", "coefficient of variation of lognormal (default 1, 0–20) or hyperexp (default 2, 1–20) service")
	fl.StringVar(&f.erlangK, "erlang-k", "2", "phases of erlang-k service (1–1000)")
	fl.StringVar(&f.patience, "patience", "", "deterministic patience D: a customer leaves after waiting D (M/M/c+D)")
	fl.StringVar(&f.patienceMean, "patience-mean", "", "exponential patience with this mean (Erlang-A)")
	fl.StringVar(&f.capacity, "capacity", "0", "most customers in the system K (0 = unlimited; K = servers is a loss system)")
	fl.StringVar(&f.warmup, "warmup", "", "warm-up to discard (default: chosen by MSER-5, at most half the run)")
	fl.StringVar(&f.duration, "duration", mmcDefaultDuration, "simulated run length (with --precision: the minimum length)")
	fl.StringVar(&f.precision, "precision", "", "run until the 95 % relative half-width of the main metric is at most P (0–1, e.g. 0.02)")
	fl.StringVar(&f.maxDuration, "max-duration", "", "longest run with --precision (default 100 × --duration)")
	fl.StringVar(&f.main, "main", "", "metric --precision applies to (default mean_wait; p_block for a loss system; e.g. mean_in_system when waits are rare)")
	fl.StringVar(&f.seed, "seed", "1", "random seed (0–18446744073709551615)")
	fl.StringVar(&f.generator, "generator", "pcg", "random generator: pcg (period 2¹²⁸, for long runs) or mulberry32 (the originals')")
	fl.BoolVar(&f.asJSON, "json", false, "print JSON instead of a table")
	return cmd
}

// The mmc flags are read by the model controls' parser
// (input.Control.Parse), as playbooks, sweeps and the calculator are;
// the messages name the flag and its range.

// mmcMaxDuration is the longest --duration (s).
const mmcMaxDuration = 1e8

// mmcParse parses s as a value of kind in [lo, hi] (lo excluded if
// loOpen), or reports bad().
func mmcParse(kind input.ValueKind, flag, s string, lo, hi float64, loOpen bool, bad func() error) (float64, error) {
	v, err := input.Control{Kind: kind, Min: lo, Max: hi}.Parse(s)
	if errors.Is(err, input.ErrBelowResolution) {
		return 0, usagef("--%s: %s s is %v", flag, quoteShort(s), input.ErrBelowResolution)
	}
	if err != nil || (loOpen && v.Num == lo) {
		return 0, bad()
	}
	return v.Num, nil
}

// mmcSeconds parses a time: a Go duration ("250ms") or bare seconds.
func mmcSeconds(flag, s string, lo, hi float64, loOpen bool) (float64, error) {
	bound := "≥"
	if loOpen {
		bound = ">"
	}
	return mmcParse(input.Duration, flag, s, lo, hi, loOpen, func() error {
		return usagef("--%s: must be a time %s %g s and ≤ %g s (a Go duration such as 2s or 250ms, or bare seconds), got %s", flag, bound, lo, hi, quoteShort(s))
	})
}

// mmcNumber parses a number in [lo, hi] (lo excluded if loOpen).
func mmcNumber(flag, s string, lo, hi float64, loOpen bool) (float64, error) {
	bound := "≥"
	if loOpen {
		bound = ">"
	}
	return mmcParse(input.Float, flag, s, lo, hi, loOpen, func() error {
		return usagef("--%s: must be a number %s %g and ≤ %g, got %s", flag, bound, lo, hi, quoteShort(s))
	})
}

// mmcInt parses an integer in [lo, hi].
func mmcInt(flag, s string, lo, hi int) (int, error) {
	v, err := mmcParse(input.Int, flag, s, float64(lo), float64(hi), false, func() error {
		return usagef("--%s: must be a whole number from %d to %d, got %s", flag, lo, hi, quoteShort(s))
	})
	return int(v), err
}

// run is the mmc command: it reads the flags, costs the run against the
// budget, simulates the station and prints every metric beside its
// formula. It returns the "not enough data" error (exit status 1) after
// printing, when too few customers were measured to judge.
func (f *mmcFlags) run(cmd *cobra.Command, budget *budgetFlags) error {
	cfg, err := f.config(cmd)
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
func (f *mmcFlags) config(cmd *cobra.Command) (validate.Config, error) {
	var cfg validate.Config
	var err error
	if cfg.Servers, err = mmcInt("servers", f.servers, 1, 1_000_000); err != nil {
		return cfg, err
	}
	if cfg.ArrivalRate, err = mmcNumber("arrival-rate", f.rate, 0, 1e9, true); err != nil {
		return cfg, err
	}
	if cfg.Service, err = f.serviceLaw(); err != nil {
		return cfg, err
	}
	if cfg.Patience, err = f.patienceLaw(); err != nil {
		return cfg, err
	}
	if cfg.Capacity, err = mmcInt("capacity", f.capacity, 0, 100_000_000); err != nil {
		return cfg, err
	}
	if cfg.Capacity != 0 && cfg.Capacity < cfg.Servers {
		return cfg, usagef("--capacity: must be 0 (unlimited) or at least --servers (%d), got %d", cfg.Servers, cfg.Capacity)
	}
	cfg.Warmup = validate.AutoWarmup
	if f.warmup != "" {
		if cfg.Warmup, err = mmcSeconds("warmup", f.warmup, 0, 1e8, false); err != nil {
			return cfg, err
		}
	}
	if cfg.Duration, err = mmcSeconds("duration", f.duration, 0, mmcMaxDuration, true); err != nil {
		return cfg, err
	}
	if err := f.precisionRun(cmd, &cfg); err != nil {
		return cfg, err
	}
	if cfg.Seed, err = strconv.ParseUint(strings.TrimSpace(f.seed), 10, 64); err != nil {
		return cfg, usagef("--seed: must be a whole number from 0 to 18446744073709551615, got %s", quoteShort(f.seed))
	}
	if cfg.Generator, err = des.ParseGenerator(f.generator); err != nil {
		return cfg, usagef("--generator: %v", err)
	}
	if err := cfg.Validate(); err != nil {
		return cfg, usagef("%v", err)
	}
	return cfg, nil
}

// serviceLaw reads --service-mean, --service, --service-cv and --erlang-k.
func (f *mmcFlags) serviceLaw() (network.Dist, error) {
	mean, err := mmcSeconds("service-mean", f.mean, 0, 1e6, true)
	if err != nil {
		return network.Dist{}, err
	}
	if _, err := validate.ServiceLaw(f.service, 1, 0, 1); err != nil {
		return network.Dist{}, usagef("--service: %v", err)
	}
	cv := 0.0
	if f.cv != "" {
		switch f.service {
		case "lognormal":
			cv, err = mmcNumber("service-cv", f.cv, 0, 20, true)
		case "hyperexp":
			cv, err = mmcNumber("service-cv", f.cv, 1, 20, true)
		default:
			err = usagef("--service-cv: applies only to --service lognormal or hyperexp (the %s law has a fixed CV)", f.service)
		}
		if err != nil {
			return network.Dist{}, err
		}
	}
	k, err := mmcInt("erlang-k", f.erlangK, 1, 1000)
	if err != nil {
		return network.Dist{}, err
	}
	law, err := validate.ServiceLaw(f.service, mean, cv, k)
	if err != nil {
		return law, usagef("--service: %v", err)
	}
	return law, nil
}

// patienceLaw reads --patience and --patience-mean: at most one of them.
func (f *mmcFlags) patienceLaw() (validate.Patience, error) {
	var p validate.Patience
	var err error
	switch {
	case f.patience != "" && f.patienceMean != "":
		return p, usagef("--patience and --patience-mean: give at most one (deterministic or exponential patience)")
	case f.patience != "":
		p.Kind = validate.PatienceDet
		if p.Value, err = mmcSeconds("patience", f.patience, 0, 1e6, false); err != nil {
			return p, err
		}
	case f.patienceMean != "":
		p.Kind = validate.PatienceExp
		if p.Value, err = mmcSeconds("patience-mean", f.patienceMean, 0, 1e6, true); err != nil {
			return p, err
		}
	}
	return p, nil
}

// precisionRun reads --precision, --max-duration and --main into cfg
// (after --duration): a run until the main metric's interval is narrow
// enough, between a minimum and a maximum length.
func (f *mmcFlags) precisionRun(cmd *cobra.Command, cfg *validate.Config) error {
	if f.precision == "" {
		if f.maxDuration != "" || f.main != "" {
			return usagef("--max-duration and --main: apply only with --precision")
		}
		return nil
	}
	var err error
	if cfg.Precision, err = mmcNumber("precision", f.precision, 0, 1, true); err != nil {
		return err
	}
	if cfg.Precision >= 1 {
		return usagef("--precision: must be a number > 0 and < 1, got %s", quoteShort(f.precision))
	}
	cfg.MinDuration = cfg.Duration
	if !cmd.Flags().Changed("duration") {
		cfg.MinDuration = 60
	}
	cfg.MaxDuration = 100 * cfg.MinDuration
	if f.maxDuration != "" {
		if cfg.MaxDuration, err = mmcSeconds("max-duration", f.maxDuration, cfg.MinDuration, 1e9, false); err != nil {
			return err
		}
	}
	if f.main != "" {
		cfg.Main = f.main
		if !knownMMcMetric(f.main) {
			return usagef("--main: must be one of %s, got %s", strings.Join(validate.MetricNames, ", "), quoteShort(f.main))
		}
	}
	return nil
}

func knownMMcMetric(name string) bool {
	for _, n := range validate.MetricNames {
		if n == name {
			return true
		}
	}
	return false
}

// mmcChecks judges every printed metric against its formula (a Check with
// a NaN formula where none applies).
func mmcChecks(res *validate.Result) []validate.Check {
	f := validate.Formulas(res.Config)
	var out []validate.Check
	for _, name := range mmcMetrics {
		e, _ := res.Metric(name)
		c := validate.Check{Name: name, Sim: e, Formula: math.NaN(), Expected: math.NaN()}
		if fv, ok := f[name]; ok {
			c.Formula, c.Source = fv.Value, fv.Source
			if fw, ok := f["p_wait"]; ok && (name == "p_wait" || name == "mean_wait" || name == "mean_wait_served" || name == "mean_in_queue") {
				c.Expected = fw.Value * float64(res.Customers)
			} else if strings.HasPrefix(name, "p_") {
				c.Expected = fv.Value * float64(res.Customers)
			}
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
	fmt.Fprintf(&b, "station: c = %d servers, λ = %g/s, %s service of mean %g s", cfg.Servers, cfg.ArrivalRate, validate.ServiceName(cfg.Service.Kind), cfg.ServiceMean())
	switch cfg.Service.Kind {
	case network.LogNormal, network.HyperExp:
		fmt.Fprintf(&b, " (SCV %.3g)", cfg.Service.SCV())
	case network.Erlang:
		fmt.Fprintf(&b, " (k = %d)", cfg.Service.K)
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
