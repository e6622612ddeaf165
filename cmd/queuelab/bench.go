package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
)

func init() { subcommands = append(subcommands, newBenchCmd) }

func newBenchCmd() *cobra.Command {
	var quick bool
	var benchtime string
	var count int
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Time the engine's benchmark ladders and the model benchmarks on this machine, against ours",
		Long: `Bench runs, in this process, the benchmarks BENCHMARKS.md quotes — the hold
model (the des scheduler against container/heap and gods), the M/M/c ladder
(a hand-written floor, then des.Scheduler, des.Env and a des.Station), the
station disciplines, and the model benchmarks (the Jackson network, the
switch's sale surge, the web service's normal morning) — and prints each
one's ns/op beside ours, and the ratios BENCHMARKS.md quotes, with this
machine's CPU, Go version and load average. A ratio of rungs (des/minimal)
should be about the same on any machine; ns/op over ours says how fast this
machine is for queuelab.

Each benchmark runs for about --benchtime (as go test -benchtime), after
its own warm-up; --count N runs N rounds of all of them in turn and reports
each one's median round and the range of its rounds. One round takes about
two minutes, of --quick (the ladders' middle size, the M/M/c ladder and the
network) about twenty seconds. Run it on a quiet machine: the load average
is printed so that a busy one shows.`,
		Example: `  queuelab bench --quick
  queuelab bench --count 5 --benchtime 500ms`,
		Args: noPositionalArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			d, err := time.ParseDuration(benchtime)
			if err != nil || d <= 0 || d > time.Hour {
				return usagef("--benchtime: must be a duration from 1ns to 1h such as 1s or 200ms, got %s", quoteShort(benchtime))
			}
			if count < 1 || count > 100 {
				return usagef("--count: must be a whole number from 1 to 100, got %d", count)
			}
			return runBench(cmd.OutOrStdout(), quick, d, count)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&quick, "quick", false, "run only the ladders' middle sizes, the M/M/c ladder and the network")
	fl.StringVar(&benchtime, "benchtime", "1s", "time to run each benchmark for (as go test -benchtime)")
	fl.IntVar(&count, "count", 1, "rounds of every benchmark, taken in turn; ns/op is the median round (as benchstat)")
	return cmd
}

// benchResult is one benchmark's measurement: the median ns/op over its
// rounds, and their spread.
type benchResult struct {
	entry    benchEntry
	ns       float64 // per op, the median of the rounds
	lo, hi   float64 // the fastest and slowest round
	allocsOp int64
}

// runBench runs the benchmarks in-process with testing.Benchmark, count
// rounds of all of them in turn (so that a change in the machine's load
// touches every benchmark alike), and writes the report to w.
func runBench(w io.Writer, quick bool, benchtime time.Duration, count int) error {
	testing.Init()
	if err := flag.Set("test.benchtime", benchtime.String()); err != nil {
		return err
	}
	fmt.Fprintf(w, "machine: %s, %d CPUs, %s %s/%s\n", cpuModel(), runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(w, "load average at the start: %s\n", loadAverage())
	fmt.Fprintf(w, "ours (BENCHMARKS.md): Intel Xeon, 2 vCPUs, go1.26.8 linux/amd64, quiet (load 0.8–1.2)\n")
	fmt.Fprintf(w, "each benchmark: %d round(s) of about %v, in turn with the others; ns/op is the median round\n\n", count, benchtime)
	var entries []benchEntry
	for _, e := range benchEntries() {
		if !quick || e.quick {
			entries = append(entries, e)
		}
	}
	rounds := make([][]float64, len(entries))
	allocs := make([]int64, len(entries))
	terminal := isTerminal(os.Stderr)
	for round := range count {
		for i, e := range entries {
			if terminal {
				fmt.Fprintf(os.Stderr, "\rqueuelab: bench: round %d: %-60s", round+1, e.name)
			}
			r := testing.Benchmark(e.run)
			if r.N == 0 {
				return fmt.Errorf("bench: %s failed", e.name)
			}
			rounds[i] = append(rounds[i], float64(r.T.Nanoseconds())/float64(r.N))
			allocs[i] = max(allocs[i], r.AllocsPerOp())
		}
	}
	if terminal {
		fmt.Fprintf(os.Stderr, "\r%90s\r", "")
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "benchmark\tns/op\trounds from–to\tallocs/op\tours ns/op\there/ours")
	results := make([]benchResult, len(entries))
	for i, e := range entries {
		ns := slices.Clone(rounds[i])
		slices.Sort(ns)
		med := ns[len(ns)/2]
		if len(ns)%2 == 0 {
			med = (ns[len(ns)/2-1] + ns[len(ns)/2]) / 2
		}
		results[i] = benchResult{entry: e, ns: med, lo: ns[0], hi: ns[len(ns)-1], allocsOp: allocs[i]}
		fmt.Fprintf(tw, "%s\t%s\t%s–%s\t%d\t%s\t%s\n", e.name, benchNs(med), benchNs(ns[0]), benchNs(ns[len(ns)-1]),
			allocs[i], benchNs(e.ours), benchRatio(med, e.ours))
	}
	fmt.Fprintln(tw)
	ratios(tw, results)
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nload average at the end: %s\n", loadAverage())
	return err
}

// ratios writes the ratios BENCHMARKS.md quotes, here and ours: each
// rung of the M/M/c ladder over the floor, and the des scheduler over
// container/heap in the hold model.
func ratios(w io.Writer, results []benchResult) {
	ns := map[string]float64{}
	for _, r := range results {
		ns[r.entry.name] = r.ns
	}
	fmt.Fprintln(w, "ratio\there\tours\t\t")
	line := func(label, num, den string) {
		a, b := ns[num], ns[den]
		if a == 0 || b == 0 {
			return
		}
		fmt.Fprintf(w, "%s\t%.2f\t%s\t\t\n", label, a/b, benchRatio(oursNs[num], oursNs[den]))
	}
	for _, rho := range []string{"rho=0.69", "rho=0.95"} {
		for _, rung := range []string{"scheduler", "env", "des"} {
			line("M/M/c "+rho+" "+rung+"/minimal", "BenchmarkMMc/impl="+rung+"/"+rho, "BenchmarkMMc/impl=minimal/"+rho)
		}
	}
	line("hold n=10000 des/container-heap", "BenchmarkHold/impl=des/n=10000", "BenchmarkHold/impl=container-heap/n=10000")
	line("hold n=10000 des/gods", "BenchmarkHold/impl=des/n=10000", "BenchmarkHold/impl=gods/n=10000")
}

// benchNs formats ns/op in a readable unit; 0 is "—".
func benchNs(ns float64) string {
	switch {
	case ns == 0:
		return "—"
	case ns >= 1e9:
		return fmt.Sprintf("%.3g s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.3g ms", ns/1e6)
	}
	return fmt.Sprintf("%.1f", ns)
}

// benchRatio is a/b to two decimals, or "—" when b is 0.
func benchRatio(a, b float64) string {
	if a == 0 || b == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f", a/b)
}

// cpuModel is the processor's name from /proc/cpuinfo, or the
// architecture where there is none.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH + " (CPU model unknown)"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return runtime.GOARCH + " (CPU model unknown)"
}

// loadAverage is the 1, 5 and 15-minute load average from /proc/loadavg,
// or "unknown".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ") + " (1, 5, 15 min)"
}
