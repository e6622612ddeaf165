package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"queuelab/analytic"
	"queuelab/des"
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
	duration, warmup, precision, maxDuration string
	replications, seed, generator            string
	asJSON, asCSV                            bool
	serve                                    bool   // open FILE in the live simulator instead
	addr                                     string // with serve
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

The default duration is 200 000 times the longest mean interarrival or service time (delay stations aside).`,
		Args: exactOneFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.serve {
				return serveNetworkFile(cmd, args[0], f.addr)
			}
			n, err := network.ParseFile(args[0])
			if err != nil {
				return usagef("%v", err)
			}
			cfg, err := f.config(cmd, n)
			if err != nil {
				return err
			}
			if err := budget.check(n.Work(cfg.Simulated(), cfg.Replications)); err != nil {
				return err
			}
			rep, err := validate.RunNetwork(cfg)
			if err != nil {
				return err
			}
			if rep.Unstable != nil {
				return fmt.Errorf("network %q is unstable: station %q has utilisation ρ = %.4g ≥ 1, so its queue grows without bound and no steady state exists; lower the arrival rate or the service time there, or add servers", n.Name, rep.Unstable.Station, rep.Unstable.Rho)
			}
			w := cmd.OutOrStdout()
			switch {
			case f.asJSON:
				return writeNetRunJSON(w, rep)
			case f.asCSV:
				return writeNetRunCSV(w, rep)
			}
			return writeNetRunTable(w, rep)
		},
	}
	fl := cmd.Flags()
	budget = addBudgetFlags(fl)
	fl.StringVar(&f.duration, "duration", "", "simulated length after the warm-up (duration or seconds; default 200 000 × the longest mean interarrival or service time)")
	fl.StringVar(&f.warmup, "warmup", "", "warm-up to discard (default: chosen by MSER-5, at most half the run)")
	fl.StringVar(&f.precision, "precision", "", "run until the 95 % relative half-width of the network's mean response time is at most P (0–1, e.g. 0.01)")
	fl.StringVar(&f.maxDuration, "max-duration", "", "longest run with --precision (default 100 × --duration)")
	fl.StringVar(&f.replications, "replications", "1", "independent replications (1–10000); with 2 or more, intervals are across replications")
	fl.StringVar(&f.seed, "seed", "1", "random seed (0–18446744073709551615)")
	fl.StringVar(&f.generator, "generator", "pcg", "random generator: pcg or mulberry32")
	fl.BoolVar(&f.asJSON, "json", false, "print JSON: {\"metrics\": [{station, class, name, sim, ci95, formula, method, verdict}]}")
	fl.BoolVar(&f.asCSV, "csv", false, "print CSV with the same columns as --json")
	fl.BoolVar(&f.serve, "serve", false, "open FILE in the live simulator in the browser instead (see queuelab serve --network)")
	fl.StringVar(&f.addr, "addr", "127.0.0.1:8080", "with --serve: the address to listen on")
	return cmd
}

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
	if f.duration != "" {
		if cfg.Duration, err = mmcSeconds("duration", f.duration, 0, 1e8, true); err != nil {
			return cfg, err
		}
	}
	if f.warmup != "" {
		if cfg.Warmup, err = mmcSeconds("warmup", f.warmup, 0, 1e8, false); err != nil {
			return cfg, err
		}
	}
	if f.precision != "" {
		if cfg.Precision, err = mmcNumber("precision", f.precision, 0, 1, true); err != nil {
			return cfg, err
		}
		if cfg.Precision >= 1 {
			return cfg, usagef("--precision: must be a number > 0 and < 1, got %q", f.precision)
		}
		cfg.MaxDuration = math.Min(100*cfg.Duration, 1e9)
		if f.maxDuration != "" {
			if cfg.MaxDuration, err = mmcSeconds("max-duration", f.maxDuration, cfg.Duration, 1e9, false); err != nil {
				return cfg, err
			}
		}
	} else if f.maxDuration != "" {
		return cfg, usagef("--max-duration: applies only with --precision")
	}
	if cfg.Replications, err = mmcInt("replications", f.replications, 1, 10_000); err != nil {
		return cfg, err
	}
	if cfg.Seed, err = strconv.ParseUint(strings.TrimSpace(f.seed), 10, 64); err != nil {
		return cfg, usagef("--seed: must be a whole number from 0 to 18446744073709551615, got %q", f.seed)
	}
	if cfg.Generator, err = des.ParseGenerator(f.generator); err != nil {
		return cfg, usagef("--generator: %v", err)
	}
	if f.asJSON && f.asCSV {
		return cfg, usagef("--json and --csv: give at most one")
	}
	if err := cfg.Validate(); err != nil {
		return cfg, usagef("%v", err)
	}
	return cfg, nil
}

// netClass is the JSON class: null for all classes together.
func netClass(c string) *string {
	if c == "" {
		return nil
	}
	return &c
}

func netRunHeader(rep *validate.NetworkReport) string {
	cfg := rep.Config
	warm := "given"
	if cfg.Warmup < 0 {
		warm = "MSER-5"
	}
	s := fmt.Sprintf("network %q: seed %d (%s), warm-up %.4g s (%s), measured %.4g s", cfg.Network.Name, cfg.Seed, cfg.Generator, rep.Warmup, warm, rep.Measured)
	if cfg.Replications > 1 {
		s += fmt.Sprintf(" × %d replications", cfg.Replications)
	} else {
		s += fmt.Sprintf(", %d batches", rep.Result.Batches)
	}
	s += fmt.Sprintf(", %d customers", rep.Customers)
	if rep.SolveErr != nil {
		s += "\nanalytic: " + rep.SolveErr.Error()
	}
	return s
}

func writeNetRunTable(w io.Writer, rep *validate.NetworkReport) error {
	fmt.Fprintln(w, netRunHeader(rep))
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "station\tclass\tmetric\tsimulated ± 95 % CI\tformula\tmethod\tverdict")
	for i := range rep.Checks {
		c := &rep.Checks[i]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s ± %s\t%s\t%s\t%s\n", c.Station, orDash(c.Class), c.Name, validate.FormatValue(c.Sim.Mean),
			validate.FormatValue(c.Sim.HalfWidth), validate.FormatValue(c.Formula), orDash(c.Source), c.VerdictText())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nVerdicts at per-check significance α = %g (see queuelab mmc --help); approximate methods are reported with how far they are off.\n", validate.DefaultRule.Alpha)
	return err
}

func writeNetRunJSON(w io.Writer, rep *validate.NetworkReport) error {
	type metric struct {
		Station string               `json:"station"`
		Class   *string              `json:"class"`
		Name    string               `json:"name"`
		Sim     validate.JSONNumber  `json:"sim"`
		CI95    validate.JSONNumber  `json:"ci95"`
		Formula *validate.JSONNumber `json:"formula"`
		Method  *string              `json:"method"`
		Verdict string               `json:"verdict"`
	}
	out := struct {
		Network      string              `json:"network"`
		Seed         uint64              `json:"seed"`
		Warmup       validate.JSONNumber `json:"warmup_s"`
		Measured     validate.JSONNumber `json:"measured_s"`
		Replications int                 `json:"replications"`
		Customers    int64               `json:"customers"`
		Metrics      []metric            `json:"metrics"`
	}{Network: rep.Config.Network.Name, Seed: rep.Config.Seed, Warmup: validate.JSONNumber(rep.Warmup),
		Measured: validate.JSONNumber(rep.Measured), Replications: max(rep.Config.Replications, 1), Customers: rep.Customers}
	for i := range rep.Checks {
		c := &rep.Checks[i]
		m := metric{Station: c.Station, Class: netClass(c.Class), Name: c.Name, Sim: validate.JSONNumber(c.Sim.Mean),
			CI95: validate.JSONNumber(c.Sim.HalfWidth), Verdict: c.VerdictText()}
		if !math.IsNaN(c.Formula) {
			v := validate.JSONNumber(c.Formula)
			m.Formula, m.Method = &v, &c.Source
		}
		out.Metrics = append(out.Metrics, m)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func writeNetRunCSV(w io.Writer, rep *validate.NetworkReport) error {
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
		_ = cw.Write([]string{c.Station, c.Class, c.Name, num(c.Sim.Mean), num(c.Sim.HalfWidth), num(c.Formula), c.Source, c.VerdictText()})
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
			n, err := network.ParseFile(args[0])
			if err != nil {
				return usagef("%v", err)
			}
			an, err := n.Analytic()
			if err != nil {
				return usagef("%v", err)
			}
			if len(at) > 0 {
				return netSolveAt(cmd.OutOrStdout(), n, an, at, asJSON) // netsolveat.go
			}
			ms, err := analytic.SolveNetwork(an)
			var u *analytic.UnstableError
			if errors.As(err, &u) {
				return fmt.Errorf("network %q is unstable: station %q has utilisation ρ = %.4g ≥ 1, so no steady state exists", n.Name, u.Station, u.Rho)
			}
			if err != nil && len(ms) == 0 {
				return err
			}
			if asJSON {
				return writeNetSolveJSON(cmd.OutOrStdout(), ms)
			}
			return writeNetSolveTable(cmd.OutOrStdout(), n, ms)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON: {\"metrics\": [{station, class, name, value, method, exact}]}")
	cmd.Flags().StringSliceVar(&at, "at", nil, "give the measures at these times after an empty start (closed classes at their start station), by the exact CTMC's uniformization, with error bounds: --at 10s,1m")
	return cmd
}

func writeNetSolveJSON(w io.Writer, ms []analytic.NetMetric) error {
	type metric struct {
		Station string              `json:"station"`
		Class   *string             `json:"class"`
		Name    string              `json:"name"`
		Value   validate.JSONNumber `json:"value"`
		Method  string              `json:"method"`
		Exact   bool                `json:"exact"`
	}
	out := struct {
		Metrics []metric `json:"metrics"`
	}{Metrics: []metric{}}
	for _, m := range ms {
		out.Metrics = append(out.Metrics, metric{m.Station, netClass(m.Class), m.Name, validate.JSONNumber(m.Value), m.Method, m.Exact})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func writeNetSolveTable(w io.Writer, n *network.Network, ms []analytic.NetMetric) error {
	fmt.Fprintf(w, "network %q: %d analytic values\n\n", n.Name, len(ms))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "station\tclass\tmetric\tvalue\tmethod\texact")
	for _, m := range ms {
		ex := "approximate"
		if m.Exact {
			ex = "exact"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", m.Station, orDash(m.Class), m.Name, validate.FormatValue(m.Value), m.Method, ex)
	}
	return tw.Flush()
}
