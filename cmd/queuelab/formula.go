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
	"time"

	"github.com/spf13/cobra"

	"queuelab/analytic"
)

func init() { subcommands = append(subcommands, newFormulaCmd) }

// paramKind is the syntax of a formula parameter.
type paramKind int

const (
	kindNumber   paramKind = iota // a real number
	kindInt                       // an integer
	kindDuration                  // Go duration syntax ("80ms") or bare seconds
	kindText                      // free text, checked by the formula
)

// param is one flag of a formula, with its valid range.
type param struct {
	flag string
	kind paramKind
	def  string // default value; "" means required unless optional
	opt  bool   // may be left out (no default)
	lo   float64
	hi   float64 // +Inf for no upper bound
	// loOpen and hiOpen exclude the bound itself.
	loOpen, hiOpen bool
	desc           string
	text           string // rangeText of a kindText parameter
}

// rangeText describes the valid values, e.g. "an integer ≥ 1".
func (p param) rangeText() string {
	if p.kind == kindText {
		return p.text
	}
	noun := "a number"
	switch p.kind {
	case kindInt:
		noun = "an integer"
	case kindDuration:
		noun = "a duration"
	}
	num := func(x float64) string {
		if p.kind == kindInt {
			return strconv.FormatFloat(x, 'f', -1, 64)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	var r string
	switch {
	case math.IsInf(p.hi, 1) && p.loOpen:
		r = fmt.Sprintf("%s > %s", noun, num(p.lo))
	case math.IsInf(p.hi, 1):
		r = fmt.Sprintf("%s ≥ %s", noun, num(p.lo))
	default:
		l, h := "[", "]"
		if p.loOpen {
			l = "("
		}
		if p.hiOpen {
			h = ")"
		}
		r = fmt.Sprintf("%s in %s%s, %s%s", noun, l, num(p.lo), num(p.hi), h)
	}
	if p.kind == kindDuration {
		r += " (e.g. 80ms, 2s, or bare seconds)"
	}
	return r
}

// parse converts and range-checks a flag value.
func (p param) parse(s string) (float64, error) {
	bad := func() error { return usagef("--%s: must be %s, got %s", p.flag, p.rangeText(), quoteShort(s)) }
	var v float64
	switch p.kind {
	case kindInt:
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return 0, bad()
		}
		// Integers are computed with as float64: past 2⁵³ they would be
		// rounded, and past 2⁶³ wrap around.
		if n > maxExactInt || n < -maxExactInt {
			if float64(n) < p.lo || float64(n) > p.hi {
				return 0, bad()
			}
			return 0, usagef("--%s: must be an integer of magnitude at most 2⁵³ = %d, got %s", p.flag, int64(maxExactInt), quoteShort(s))
		}
		v = float64(n)
	case kindDuration:
		if d, err := time.ParseDuration(strings.TrimSpace(s)); err == nil {
			v = d.Seconds()
			break
		}
		fallthrough
	default:
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, bad()
		}
		v = f
	}
	if v < p.lo || (p.loOpen && v == p.lo) || v > p.hi || (p.hiOpen && v == p.hi) {
		return 0, bad()
	}
	return v, nil
}

// maxExactInt is the largest integer every float64 below it represents
// exactly, 2⁵³.
const maxExactInt = 1 << 53

// Parameter constructors.
func intP(flag, def string, lo int, desc string) param {
	return param{flag: flag, kind: kindInt, def: def, lo: float64(lo), hi: math.Inf(1), desc: desc}
}
func numP(flag, def string, lo float64, loOpen bool, desc string) param {
	return param{flag: flag, def: def, lo: lo, loOpen: loOpen, hi: math.Inf(1), desc: desc}
}
func probP(flag, def, desc string) param {
	return param{flag: flag, def: def, lo: 0, hi: 1, desc: desc}
}
func durP(flag, def string, loOpen bool, desc string) param {
	return param{flag: flag, kind: kindDuration, def: def, loOpen: loOpen, hi: math.Inf(1), desc: desc}
}
func optional(p param) param           { p.opt = true; return p }
func atMost(p param, hi float64) param { p.hi = hi; return p }

// maxServers bounds the server counts the calculator accepts: the Erlang B
// recursion costs O(N), and 10⁷ servers is already far beyond any system.
const maxServers = 10_000_000

// inputs holds the parsed flag values of one evaluation.
type inputs struct {
	num  map[string]float64
	text map[string]string
}

func (in inputs) has(flag string) bool {
	_, ok := in.num[flag]
	_, ok2 := in.text[flag]
	return ok || ok2
}
func (in inputs) f(flag string) float64  { return in.num[flag] }
func (in inputs) int(flag string) int    { return int(in.num[flag]) }
func (in inputs) str(flag string) string { return in.text[flag] }

// output is one named result.
type output struct {
	key   string
	value float64
	unit  string
	desc  string
}

// formula is one calculator entry.
type formula struct {
	name    string
	summary string
	params  []param
	eval    func(in inputs) ([]output, error)
}

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
				return listFormulasJSON(cmd.OutOrStdout())
			}
			return listFormulas(cmd.OutOrStdout())
		},
	}
	cmd.PersistentFlags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	for _, f := range formulas() {
		cmd.AddCommand(f.command(&asJSON))
	}
	return cmd
}

// givenFlags lists the flags given on the command line with their values,
// e.g. "--servers 5 --load 1e308" (each value cut short).
func givenFlags(cmd *cobra.Command, params []param, values []string) string {
	var parts []string
	for i, p := range params {
		if cmd.Flags().Changed(p.flag) {
			parts = append(parts, "--"+p.flag+" "+shortText(values[i]))
		}
	}
	if len(parts) == 0 {
		return "(the defaults)"
	}
	return strings.Join(parts, " ")
}

// command builds the cobra subcommand of one formula.
func (f formula) command(asJSON *bool) *cobra.Command {
	values := make([]string, len(f.params))
	c := &cobra.Command{
		Use:   f.name + " " + f.usageLine(),
		Short: f.summary,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("formula %s takes only flags, got %s", f.name, quoteShort(args[0]))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			in := inputs{num: map[string]float64{}, text: map[string]string{}}
			for i, p := range f.params {
				s := values[i]
				if !cmd.Flags().Changed(p.flag) {
					switch {
					case p.def != "":
						s = p.def
					case p.opt:
						continue
					default:
						return usagef("--%s: required, must be %s", p.flag, p.rangeText())
					}
				}
				if p.kind == kindText {
					in.text[p.flag] = s
					continue
				}
				v, err := p.parse(s)
				if err != nil {
					return err
				}
				in.num[p.flag] = v
			}
			outs, err := f.eval(in)
			if err != nil {
				return err
			}
			for _, o := range outs {
				if math.IsNaN(o.value) || math.IsInf(o.value, 0) {
					return usagef("%s: the inputs %s are too extreme: result %s is not a finite number; use smaller values",
						f.name, givenFlags(cmd, f.params, values), o.key)
				}
			}
			if *asJSON {
				return writeJSON(cmd.OutOrStdout(), f.name, outs)
			}
			return writeTable(cmd.OutOrStdout(), f, in, outs)
		},
	}
	for i, p := range f.params {
		usage := p.desc + "; " + p.rangeText()
		switch {
		case p.def != "":
			usage += "; default " + p.def
		case p.opt:
			usage += "; optional"
		default:
			usage += "; required"
		}
		c.Flags().StringVar(&values[i], p.flag, "", usage)
	}
	return c
}

// usageLine renders the flags, e.g. "--servers N --load A [--t T]".
func (f formula) usageLine() string {
	var parts []string
	for _, p := range f.params {
		s := "--" + p.flag + " " + strings.ToUpper(strings.ReplaceAll(p.flag, "-", "_"))
		if p.def != "" {
			s = "[" + s + "=" + p.def + "]"
		} else if p.opt {
			s = "[" + s + "]"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func listFormulas(w io.Writer) error {
	fmt.Fprintln(w, "Formulas: queuelab formula NAME [flags] [--json]")
	fmt.Fprintln(w, "Times: Go durations (80ms, 2s) or bare seconds; rates per second.")
	for _, f := range formulas() {
		fmt.Fprintf(w, "\n%s — %s\n", f.name, f.summary)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, p := range f.params {
			d := "required"
			if p.def != "" {
				d = "default " + p.def
			} else if p.opt {
				d = "optional"
			}
			fmt.Fprintf(tw, "    --%s\t%s\t%s; %s\n", p.flag, d, p.desc, p.rangeText())
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

func listFormulasJSON(w io.Writer) error {
	type jp struct {
		Flag     string `json:"flag"`
		Required bool   `json:"required"`
		Default  string `json:"default,omitempty"`
		Range    string `json:"range"`
		Desc     string `json:"description"`
	}
	type jf struct {
		Name    string `json:"name"`
		Summary string `json:"summary"`
		Params  []jp   `json:"params"`
	}
	var list []jf
	for _, f := range formulas() {
		e := jf{Name: f.name, Summary: f.summary, Params: []jp{}}
		for _, p := range f.params {
			e.Params = append(e.Params, jp{p.flag, p.def == "" && !p.opt, p.def, p.rangeText(), p.desc})
		}
		list = append(list, e)
	}
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// writeJSON prints {"name": NAME, key: value, …} in the formula's key order.
func writeJSON(w io.Writer, name string, outs []output) error {
	var b strings.Builder
	nb, _ := json.Marshal(name)
	fmt.Fprintf(&b, "{\n  \"name\": %s", nb)
	for _, o := range outs {
		kb, _ := json.Marshal(o.key)
		vb, err := json.Marshal(o.value)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, ",\n  %s: %s", kb, vb)
	}
	b.WriteString("\n}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeTable prints the inputs and then the results, each block aligned.
func writeTable(w io.Writer, f formula, in inputs, outs []output) error {
	fmt.Fprintf(w, "%s — %s\n", f.name, f.summary)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range f.params {
		if s, ok := in.text[p.flag]; ok {
			fmt.Fprintf(tw, "  --%s\t%s\n", p.flag, s)
		}
		if v, ok := in.num[p.flag]; ok {
			unit := ""
			if p.kind == kindDuration {
				unit = " s"
			}
			fmt.Fprintf(tw, "  --%s\t%s%s\n", p.flag, strconv.FormatFloat(v, 'g', -1, 64), unit)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, o := range outs {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", o.key, strconv.FormatFloat(o.value, 'g', 6, 64), o.unit, o.desc)
	}
	return tw.Flush()
}

// Common parameters.
var (
	pServers     = atMost(intP("servers", "", 1, "number of servers N"), maxServers)
	pArrival     = numP("arrival-rate", "", 0, false, "arrival rate λ per second")
	pServiceMean = durP("service-mean", "", true, "mean service time S = 1/μ")
)

// mmcFrom builds the M/M/c queue of the common parameters.
func mmcFrom(in inputs) analytic.MMc {
	return analytic.MMc{Servers: in.int("servers"), Lambda: in.f("arrival-rate"), Mu: 1 / in.f("service-mean")}
}

// requireStable refuses an unstable M/M/c with a message naming the flags.
func requireStable(q analytic.MMc) error {
	if q.Stable() {
		return nil
	}
	return usagef("unstable queue: offered load a = λ·S = %g erlangs is not below --servers %d, so the wait grows without bound (lower --arrival-rate or --service-mean, or add servers; mmc-patience and erlang-a model overload)",
		q.Load(), q.Servers)
}

func formulas() []formula {
	return []formula{
		{
			name:    "erlang-b",
			summary: "Erlang B: blocking probability of the M/M/N/N loss system offered A erlangs",
			params:  []param{atMost(intP("servers", "", 0, "number of servers N"), maxServers), numP("load", "", 0, false, "offered load A = λ/μ in erlangs")},
			eval: func(in inputs) ([]output, error) {
				return []output{{"value", analytic.ErlangB(in.int("servers"), in.f("load")), "", "B(N, A)"}}, nil
			},
		},
		{
			name:    "erlang-c",
			summary: "Erlang C: probability that an arrival to M/M/N waits (needs A < N)",
			params:  []param{pServers, numP("load", "", 0, false, "offered load A = λ/μ in erlangs, below N")},
			eval: func(in inputs) ([]output, error) {
				n, a := in.int("servers"), in.f("load")
				if a >= float64(n) {
					return nil, usagef("--load: must be below --servers %d for a stable queue, got %g (at A ≥ N every arrival waits and the queue grows without bound)", n, a)
				}
				return []output{{"value", analytic.ErlangC(n, a), "", "C(N, A)"}}, nil
			},
		},
		{
			name:    "mmc",
			summary: "M/M/c queue: P(wait), mean wait and queue, P(W > t)",
			params:  []param{pServers, pArrival, pServiceMean, optional(durP("t", "", false, "wait threshold t for P(W > t)"))},
			eval: func(in inputs) ([]output, error) {
				q := mmcFrom(in)
				if err := requireStable(q); err != nil {
					return nil, err
				}
				outs := []output{
					{"p_wait", q.ProbWait(), "", "P(W > 0) = Erlang C"},
					{"mean_wait", q.MeanWait(), "s", "mean time in queue Wq = C/(Nμ − λ)"},
					{"mean_in_queue", q.MeanQueueLength(), "", "mean number waiting Lq = λ·Wq"},
					{"mean_in_system", q.MeanNumberInSystem(), "", "mean number present L = Lq + λS"},
					{"mean_response", q.MeanResponseTime(), "s", "mean time in system W = Wq + S"},
					{"utilization", q.Utilization(), "", "share of busy servers λS/N"},
				}
				if in.has("t") {
					outs = append(outs, output{"p_wait_gt", q.ProbWaitExceeds(in.f("t")), "", "P(W > t) = C·e^{−(Nμ − λ)t}"})
				}
				return outs, nil
			},
		},
		{
			name:    "mmc-patience",
			summary: "M/M/c+D: M/M/c with FIFO and constant patience D (exact; stable in overload)",
			params: []param{pServers, pArrival, pServiceMean, durP("patience", "", false, "patience D: a customer leaves after waiting D"),
				optional(durP("t", "", false, "threshold t for the offered-wait tail P(V > t)"))},
			eval: func(in inputs) ([]output, error) {
				q := analytic.MMcD{Servers: in.int("servers"), Lambda: in.f("arrival-rate"), Mu: 1 / in.f("service-mean"), Patience: in.f("patience")}
				outs := []output{
					{"p_wait", q.ProbWait(), "", "P(an arrival finds all servers busy)"},
					{"p_abandon", q.ProbAbandon(), "", "P(an arrival gives up after waiting D)"},
					{"mean_wait_served", q.MeanWaitServed(), "s", "mean wait of served customers"},
					{"mean_wait", q.MeanWait(), "s", "mean wait of all customers, E[min(V, D)]"},
					{"throughput", q.Throughput(), "/s", "served per second, λ(1 − P(abandon))"},
					{"utilization", q.Utilization(), "", "share of busy servers"},
				}
				if in.has("t") {
					outs = append(outs, output{"p_wait_gt", q.ProbOfferedWaitExceeds(in.f("t")), "", "P(offered wait V > t)"})
				}
				return outs, nil
			},
		},
		{
			name:    "erlang-a",
			summary: "Erlang-A (M/M/c+M): M/M/c with exponential patience",
			params:  []param{pServers, pArrival, pServiceMean, durP("patience-mean", "", true, "mean patience 1/θ")},
			eval: func(in inputs) ([]output, error) {
				q := analytic.ErlangA{Servers: in.int("servers"), Lambda: in.f("arrival-rate"), Mu: 1 / in.f("service-mean"), Theta: 1 / in.f("patience-mean")}
				if err := q.Validate(); err != nil {
					if errors.Is(err, analytic.ErrNotConverged) {
						return nil, usagef("erlang-a: (λ − Nμ)·patience is too large for the series: %v", err)
					}
					return nil, usagef("erlang-a: %v", err)
				}
				return []output{
					{"p_wait", q.ProbWait(), "", "P(an arrival waits)"},
					{"p_abandon", q.ProbAbandon(), "", "P(an arrival abandons)"},
					{"mean_wait", q.MeanWait(), "s", "mean wait of all arrivals"},
					{"mean_in_queue", q.MeanQueueLength(), "", "mean number waiting"},
					{"throughput", q.Throughput(), "/s", "served per second"},
				}, nil
			},
		},
		{
			name:    "mmck",
			summary: "M/M/c/K: M/M/c with room for K customers in total; arrivals beyond K are blocked",
			params:  []param{pServers, intP("capacity", "", 1, "most customers in the system K (≥ servers)"), pArrival, pServiceMean},
			eval: func(in inputs) ([]output, error) {
				q := analytic.MMcK{Servers: in.int("servers"), Capacity: in.int("capacity"), Lambda: in.f("arrival-rate"), Mu: 1 / in.f("service-mean")}
				if q.Capacity < q.Servers {
					return nil, usagef("--capacity: must be an integer ≥ --servers %d, got %d", q.Servers, q.Capacity)
				}
				return []output{
					{"p_block", q.ProbBlock(), "", "P(an arrival is blocked)"},
					{"throughput", q.Throughput(), "/s", "admitted per second"},
					{"utilization", q.Utilization(), "", "share of busy servers"},
					{"p_wait", q.ProbWait(), "", "P(an admitted arrival waits)"},
					{"mean_in_queue", q.MeanQueueLength(), "", "mean number waiting"},
					{"mean_in_system", q.MeanNumberInSystem(), "", "mean number present"},
					{"mean_wait", q.MeanWait(), "s", "mean wait of admitted customers"},
					{"mean_response", q.MeanResponseTime(), "s", "mean time in system of admitted customers"},
				}, nil
			},
		},
		{
			name:    "little",
			summary: "Little's law L = λ·W: give any two of --arrival-rate, --time, --number",
			params: []param{optional(pArrival), optional(durP("time", "", false, "mean time in system W")),
				optional(numP("number", "", 0, false, "mean number in system L"))},
			eval: func(in inputs) ([]output, error) {
				l, w, n := in.f("arrival-rate"), in.f("time"), in.f("number")
				switch {
				case in.has("arrival-rate") && in.has("time") && !in.has("number"):
					n = analytic.LittleL(l, w)
				case in.has("number") && in.has("arrival-rate") && !in.has("time"):
					if l == 0 {
						return nil, usagef("--arrival-rate: must be > 0 to compute the time, got 0")
					}
					w = analytic.LittleW(n, l)
				case in.has("number") && in.has("time") && !in.has("arrival-rate"):
					if w == 0 {
						return nil, usagef("--time: must be > 0 to compute the rate, got 0")
					}
					l = analytic.LittleLambda(n, w)
				default:
					return nil, usagef("little: give exactly two of --arrival-rate, --time, --number")
				}
				return []output{
					{"arrival_rate", l, "/s", "throughput λ"},
					{"time", w, "s", "mean time in system W"},
					{"number", n, "", "mean number in system L = λW"},
				}, nil
			},
		},
		{
			name:    "timeout-latency",
			summary: "Exponential latency L cut off by a timeout T: E[min(L, T)] and P(L > T)",
			params:  []param{durP("mean", "", false, "mean latency m"), durP("timeout", "", false, "timeout T")},
			eval: func(in inputs) ([]output, error) {
				m, t := in.f("mean"), in.f("timeout")
				return []output{
					{"mean_held", analytic.TimeoutHeldMean(m, t), "s", "E[min(L, T)] = m(1 − e^{−T/m})"},
					{"p_timeout", analytic.TimeoutProb(m, t), "", "P(L > T) = e^{−T/m}"},
				}, nil
			},
		},
		holdingTimeFormula(),
		{
			name:    "roc",
			summary: "Binormal fraud score: FPR, TPR, AUC, step-up shares and fraud basis points at a threshold",
			params: []param{numP("d-prime", "2.5", 0, false, "separation d′ of genuine N(0,1) and fraud N(d′,1) scores"),
				{flag: "threshold", def: "3", lo: -40, hi: 40, desc: "decline threshold t (σ of genuine scores)"},
				numP("band", "0", 0, false, "step-up band b: scores in [t − b, t) are challenged"),
				probP("genuine-pass", "0.85", "share of challenged genuine customers who pass"),
				probP("fraud-pass", "0.05", "share of challenged fraudsters who pass"),
				probP("fraud-share", "0.001", "fraud share π of transactions"),
				numP("amount-factor", "1.5", 0, false, "mean fraud amount / mean genuine amount")},
			eval: func(in inputs) ([]output, error) {
				b := analytic.Binormal{DPrime: in.f("d-prime")}
				t := in.f("threshold")
				g, f := b.StepUp(t, in.f("band"), in.f("genuine-pass"), in.f("fraud-pass"))
				return []output{
					{"fpr", b.FPR(t), "", "genuine declined by the rule, 1 − Φ(t)"},
					{"tpr", b.TPR(t), "", "fraud declined by the rule, 1 − Φ(t − d′)"},
					{"auc", b.AUC(), "", "area under the ROC curve, Φ(d′/√2)"},
					{"genuine_challenged", g.Challenged, "", "genuine sent to step-up"},
					{"genuine_approved", g.Approved, "", "genuine approved (directly or after step-up)"},
					{"fraud_challenged", f.Challenged, "", "fraud sent to step-up"},
					{"fraud_approved", f.Approved, "", "fraud approved"},
					{"fraud_stopped", 1 - f.Approved, "", "fraud declined or failing step-up"},
					{"fraud_bp", analytic.FraudBasisPoints(in.f("fraud-share"), g.Approved, f.Approved, in.f("amount-factor")), "bp", "fraud in basis points of approved amount"},
				}, nil
			},
		},
		{
			name:    "optimal-threshold",
			summary: "Cost-optimal decline threshold t* = d′/2 + ln(((1 − π)/π)·k)/d′",
			params: []param{numP("d-prime", "2.5", 0, true, "score separation d′"),
				{flag: "base-rate", lo: 0, hi: 1, loOpen: true, hiOpen: true, desc: "fraud base rate π"},
				numP("cost-ratio", "", 0, true, "k = cost of declining a genuine customer / cost of a missed fraud")},
			eval: func(in inputs) ([]output, error) {
				b := analytic.Binormal{DPrime: in.f("d-prime")}
				t := b.OptimalThreshold(in.f("base-rate"), in.f("cost-ratio"))
				return []output{
					{"threshold", t, "σ", "decline scores ≥ t*"},
					{"fpr", b.FPR(t), "", "genuine declined at t*"},
					{"tpr", b.TPR(t), "", "fraud declined at t*"},
				}, nil
			},
		},
		{
			name:    "lognormal",
			summary: "Lognormal amounts: P(X ≤ L) and the volume below L, E[X; X ≤ L]",
			params: []param{numP("median", "40", 0, true, "median amount e^μ"), numP("sigma", "1", 0, true, "σ of ln X"),
				numP("limit", "", 0, false, "limit L"), numP("factor", "1", 0, true, "scale the amounts (1.5 for fraud)")},
			eval: func(in inputs) ([]output, error) {
				l := analytic.LognormalFromMedian(in.f("median"), in.f("sigma")).Scaled(in.f("factor"))
				x := in.f("limit")
				return []output{
					{"p_below", l.CDF(x), "", "P(X ≤ L) = Φ((ln L − μ)/σ)"},
					{"partial_expectation", l.PartialExpectation(x), "u", "E[X; X ≤ L] = e^{μ+σ²/2}·Φ((ln L − μ − σ²)/σ)"},
					{"mean", l.Mean(), "u", "E[X] = e^{μ+σ²/2}"},
					{"volume_share_below", l.PartialExpectation(x) / l.Mean(), "", "share of the amount in transactions ≤ L"},
				}, nil
			},
		},
		{
			name:    "goodput",
			summary: "Overload goodput (N/S − ωλ)/(1 − ω) beyond capacity, and the shedding admit rate",
			params: []param{pArrival, intP("slots", "", 1, "connection slots N"), pServiceMean,
				{flag: "omega", def: "0.3", lo: 0, hi: 1, hiOpen: true, desc: "wasted-work share ω"},
				probP("shed-fraction", "0.9", "load shedding admits at most this share of capacity")},
			eval: func(in inputs) ([]output, error) {
				capacity := in.f("slots") / in.f("service-mean")
				return []output{
					{"capacity", capacity, "/s", "N/S"},
					{"goodput", analytic.Goodput(in.f("arrival-rate"), capacity, in.f("omega")), "/s", "useful completions per second without shedding"},
					{"shed_admit_rate", analytic.SheddingAdmitRate(in.f("arrival-rate"), capacity, in.f("shed-fraction")), "/s", "admitted per second with shedding"},
				}, nil
			},
		},
		{
			name:    "diurnal-rate",
			summary: "Web-service arrival rate base·(1 + amplitude·sin(2π(hour − 6)/24))",
			params: []param{numP("base", "1000", 0, false, "base rate per second"),
				{flag: "hour", lo: -1e6, hi: 1e6, desc: "time of day in hours (8 = 08:00)"},
				probP("amplitude", "0.25", "relative amplitude of the daily wave")},
			eval: func(in inputs) ([]output, error) {
				return []output{{"rate", analytic.DiurnalRate(in.f("base"), in.f("amplitude"), in.f("hour")), "/s", "arrival rate λ"}}, nil
			},
		},
		{
			name:    "ttl-cache",
			summary: "TTL cache hit share warm·rT/(1 + rT), r = λ/objects (Zipf popularity optional), mean age T/2",
			params: []param{pArrival, durP("ttl", "60s", false, "cache TTL T"), atMost(intP("objects", "20000", 1, "number of hot objects"), 10_000_000),
				probP("warm", "1", "share of objects currently cacheable"), numP("zipf", "0", 0, false, "Zipf exponent s of popularity (0 = uniform)")},
			eval: func(in inputs) ([]output, error) {
				n := in.int("objects")
				lambda, ttl, warm := in.f("arrival-rate"), in.f("ttl"), in.f("warm")
				hit := analytic.TTLHitRatio(lambda/float64(n), ttl, warm)
				if in.f("zipf") != 0 {
					hit = analytic.ZipfTTLHitRatio(lambda, ttl, warm, n, in.f("zipf"))
				}
				return []output{
					{"hit", hit, "", "share of requests served from the cache"},
					{"mean_age", analytic.CachedAnswerMeanAge(ttl), "s", "mean age of a cached answer, T/2"},
				}, nil
			},
		},
		{
			name:    "db-query-time",
			summary: "Database load λ·q·(1 − hit) + extra and query time base/(1 − ρ), capped",
			params: []param{pArrival, numP("queries", "3", 0, false, "DB queries per cache miss q"), probP("hit", "", "cache hit share"),
				numP("extra", "0", 0, false, "extra queries per second (600 with the warm-up job)"),
				numP("capacity", "4000", 0, true, "DB capacity, queries per second"),
				durP("base", "5ms", false, "query time of an idle DB"), durP("max", "250ms", false, "cap on the query time")},
			eval: func(in inputs) ([]output, error) {
				if in.f("max") < in.f("base") {
					return nil, usagef("--max: must be ≥ --base %gs, got %gs", in.f("base"), in.f("max"))
				}
				load := analytic.DBLoad(in.f("arrival-rate"), in.f("queries"), in.f("hit"), in.f("extra"))
				return []output{
					{"db_load", load, "/s", "queries per second"},
					{"utilization", load / in.f("capacity"), "", "ρ = load / capacity (may exceed 1)"},
					{"query_time", analytic.DBQueryTime(in.f("base"), load, in.f("capacity"), in.f("max")), "s", "base/(1 − ρ), capped"},
				}, nil
			},
		},
		{
			name:    "service-time",
			summary: "Web-service worker time S = app time + (1 − hit)·q·query time",
			params: []param{durP("app-time", "70ms", false, "app work per request (50 ms, +20 ms with recommendations)"),
				probP("hit", "", "cache hit share"), numP("queries", "3", 0, false, "DB queries per miss q"),
				durP("query-time", "", false, "DB query time")},
			eval: func(in inputs) ([]output, error) {
				return []output{{"service_time", analytic.WebServiceTime(in.f("app-time"), in.f("hit"), in.f("queries"), in.f("query-time")), "s", "mean worker holding time S"}}, nil
			},
		},
		{
			name:    "p99",
			summary: "Response-time quantile of M/M/c: the original's approximation and the exact value",
			params: []param{pServers, pArrival, pServiceMean,
				{flag: "quantile", def: "0.99", lo: 0, hi: 1, loOpen: true, hiOpen: true, desc: "quantile p"}},
			eval: func(in inputs) ([]output, error) {
				q := mmcFrom(in)
				if err := requireStable(q); err != nil {
					return nil, err
				}
				p := in.f("quantile")
				return []output{
					{"approx", q.ResponseTimeQuantileApprox(p), "s", "S·ln(1/(1 − p)) + ln(C/(1 − p))/(N/S − λ), wait term ≥ 0"},
					{"exact", q.ResponseTimeQuantile(p), "s", "exact quantile of wait + service"},
					{"wait_quantile", q.WaitQuantile(p), "s", "exact quantile of the wait alone"},
					{"mean_response", q.MeanResponseTime(), "s", "mean wait + service"},
					{"p_wait", q.ProbWait(), "", "Erlang C"},
				}, nil
			},
		},
		{
			name:    "burn-rate",
			summary: "Error budget 1 − SLO, burn = error rate / budget, budget spent per minute (30-day month)",
			params: []param{probP("error-rate", "", "share of requests failing"),
				{flag: "slo", def: "0.999", lo: 0, hi: 1, hiOpen: true, desc: "availability objective"}},
			eval: func(in inputs) ([]output, error) {
				burn := analytic.BurnRate(in.f("error-rate"), in.f("slo"))
				return []output{
					{"budget", analytic.ErrorBudget(in.f("slo")), "", "allowed error share 1 − SLO"},
					{"burn", burn, "×", "error rate / budget"},
					{"budget_per_minute", analytic.BudgetSpentPerMinute(burn), "", "share of a 30-day budget spent per minute, burn/43200"},
					{"minutes_to_exhaust", 43200 / math.Max(burn, 1e-300), "min", "minutes until a full budget is gone at this burn"},
				}, nil
			},
		},
		{
			name:    "autoscaler",
			summary: "Target-tracking autoscaler: ⌈serving·min(util, 1)/target⌉, at most --max",
			params: []param{intP("serving", "", 0, "serving instances"), numP("utilization", "", 0, false, "measured utilisation (saturates at 1)"),
				{flag: "target", def: "0.6", lo: 0, hi: 1, loOpen: true, desc: "target utilisation"}, intP("max", "40", 0, "most instances")},
			eval: func(in inputs) ([]output, error) {
				n, err := analytic.DesiredInstances(in.int("serving"), in.f("utilization"), in.f("target"), in.int("max"))
				if err != nil {
					return nil, usagef("autoscaler: %v", err)
				}
				return []output{{"desired", float64(n), "", "desired instances"}}, nil
			},
		},
		{
			name:    "cost-rate",
			summary: "Fleet cost per hour: instances × price per instance-hour",
			params:  []param{intP("instances", "", 0, "instances (or servers) billed"), numP("price", "", 0, false, "price per instance-hour (6 u on the switch, 0.40 $ on the web service)")},
			eval: func(in inputs) ([]output, error) {
				return []output{{"cost_per_hour", analytic.CostRate(in.int("instances"), in.f("price")), "/h", "cost rate"}}, nil
			},
		},
	}
}

// holdingTimeFormula is the switch's slot holding time over issuer groups.
func holdingTimeFormula() formula {
	return formula{
		name:    "holding-time",
		summary: "Payment-switch slot holding time S = switch time + Σ share·E[min(L, T)], with and without the reversal",
		params: []param{durP("switch-time", "80ms", false, "switch processing time"), durP("timeout", "8s", false, "issuer timeout T"),
			durP("reversal", "80ms", false, "extra slot time of a reversal after a timeout"),
			{flag: "groups", kind: kindText, def: "0.75:250ms,0.25:250ms", desc: "issuer groups, comma-separated share:mean-latency pairs",
				text: "pairs share:latency with shares in [0, 1] adding up to ≤ 1 (e.g. 0.75:250ms,0.25:12s)"},
			optional(numP("arrival-rate", "", 0, false, "arrival rate λ, for the busy share")),
			optional(intP("slots", "", 1, "connection slots N, for the busy share"))},
		eval: func(in inputs) ([]output, error) {
			gs, err := parseGroups(in.str("groups"))
			if err != nil {
				return nil, err
			}
			sw, rev, t := in.f("switch-time"), in.f("reversal"), in.f("timeout")
			s := analytic.HoldingTime(sw, t, gs)
			outs := []output{
				{"holding_time", s, "s", "S = switch time + Σ share·E[min(L, T)] (the original)"},
				{"holding_time_with_reversal", analytic.HoldingTimeWithReversal(sw, rev, t, gs), "s", "S + reversal time × timeout share"},
				{"timeout_share", analytic.TimeoutShare(t, gs), "", "Σ share·P(L > T)"},
			}
			if in.has("arrival-rate") != in.has("slots") {
				return nil, usagef("holding-time: give both --arrival-rate and --slots for the busy share, or neither")
			}
			if in.has("slots") {
				outs = append(outs,
					output{"busy_slots", analytic.LittleL(in.f("arrival-rate"), s), "", "λ·S (Little's law)"},
					output{"busy_share", analytic.LittleL(in.f("arrival-rate"), s) / in.f("slots"), "", "λ·S/N"})
			}
			return outs, nil
		},
	}
}

// parseGroups parses "0.75:250ms,0.25:12s".
func parseGroups(s string) ([]analytic.IssuerGroup, error) {
	bad := func() error {
		return usagef("--groups: must be comma-separated share:mean-latency pairs with shares in [0, 1] adding up to ≤ 1 and latencies ≥ 0 (e.g. 0.75:250ms,0.25:12s), got %s", quoteShort(s))
	}
	var gs []analytic.IssuerGroup
	sum := 0.0
	for _, part := range strings.Split(s, ",") {
		share, lat, ok := strings.Cut(strings.TrimSpace(part), ":")
		if !ok {
			return nil, bad()
		}
		sh, err := probP("groups", "", "").parse(share)
		if err != nil {
			return nil, bad()
		}
		m, err := durP("groups", "", false, "").parse(lat)
		if err != nil {
			return nil, bad()
		}
		sum += sh
		gs = append(gs, analytic.IssuerGroup{Share: sh, MeanLatency: m})
	}
	if sum > 1+1e-9 {
		return nil, bad()
	}
	return gs, nil
}
