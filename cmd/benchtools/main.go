// Command benchtools holds the measuring tools behind BENCHMARKS.md's
// CPU-time figures, so that each can be rerun from the repository.
//
//	go run ./cmd/benchtools cpu [-rounds N] [-show] [-reap-wait D] LABEL COMMAND [LABEL COMMAND …]
//
// cpu runs the commands in interleaved rounds (round 1: every command in
// order, then round 2 …), each with /bin/sh -c, and reports the CPU time
// (user + system, seconds) of each run and each label's median. A run's
// CPU counts every process it started, not only the shell: benchtools
// makes itself the child subreaper (Linux's PR_SET_CHILD_SUBREAPER), so
// orphaned descendants — a browser's renderers left when a test stops
// the browser — are handed to it, and it waits for all of them before it
// reads getrusage(RUSAGE_CHILDREN); one still running after -reap-wait
// (10 s) is an error naming its pid. With one command and -rounds 1 it is
// the meter of a single run (BENCHMARKS.md, "Session 5: test suite
// time"). The load average (1 minute) at the start and the end is
// printed with the figures: on a shared machine it says how much they
// mean. Linux only.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "benchtools:", err)
		os.Exit(2)
	}
}

func run(args []string, out, errOut io.Writer) error {
	if len(args) == 0 || args[0] != "cpu" {
		return errors.New("usage: benchtools cpu [-rounds N] [-show] [-reap-wait D] LABEL COMMAND [LABEL COMMAND …]")
	}
	fs := flag.NewFlagSet("cpu", flag.ContinueOnError)
	fs.SetOutput(errOut)
	rounds := fs.Int("rounds", 5, "interleaved rounds")
	show := fs.Bool("show", false, "pass the commands' output through (else discarded, but for the end of a failed command's stderr)")
	reapWait := fs.Duration("reap-wait", 10*time.Second, "after a command, how long to wait for the descendants it left before giving up with their pids")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	jobs, err := parseJobs(fs.Args())
	if err != nil {
		return err
	}
	if *rounds < 1 {
		return fmt.Errorf("-rounds %d: at least 1", *rounds)
	}
	if *reapWait <= 0 {
		return fmt.Errorf("-reap-wait %v: want a positive duration", *reapWait)
	}
	if err := becomeSubreaper(); err != nil {
		return err
	}
	load0 := loadAverage()
	cpu := make([][]float64, len(jobs))
	for r := range *rounds {
		for j, job := range jobs {
			s, err := measure(job.cmd, *show, *reapWait, out, errOut)
			if err != nil {
				return fmt.Errorf("round %d, %s: %w", r+1, job.label, err)
			}
			cpu[j] = append(cpu[j], s)
		}
	}
	report(out, jobs, cpu, *rounds, load0, loadAverage())
	return nil
}

// job is one labelled command.
type job struct{ label, cmd string }

// parseJobs reads LABEL COMMAND pairs.
func parseJobs(args []string) ([]job, error) {
	if len(args) == 0 || len(args)%2 != 0 {
		return nil, fmt.Errorf("want LABEL COMMAND pairs, got %d arguments", len(args))
	}
	var jobs []job
	for i := 0; i < len(args); i += 2 {
		if args[i] == "" || strings.TrimSpace(args[i+1]) == "" {
			return nil, fmt.Errorf("pair %d: an empty label or command", i/2+1)
		}
		jobs = append(jobs, job{args[i], args[i+1]})
	}
	return jobs, nil
}

// measure runs cmd with /bin/sh -c and returns the CPU seconds it and
// every process it started used; it waits up to reapWait for the
// descendants cmd left. A failed command's error ends with the last
// lines of its stderr when it was not shown (-show).
func measure(cmd string, show bool, reapWait time.Duration, out, errOut io.Writer) (float64, error) {
	c := exec.Command("/bin/sh", "-c", cmd)
	// Without -show stderr goes to a file, not a pipe: a descendant left
	// running keeps a pipe open, and Run would wait for it.
	errFile, err := os.CreateTemp("", "benchtools-stderr-")
	if err != nil {
		return 0, err
	}
	defer os.Remove(errFile.Name())
	defer errFile.Close()
	c.Stderr = errFile
	if show {
		c.Stdout, c.Stderr = out, errOut
	}
	before, err := childrenCPU()
	if err != nil {
		return 0, err
	}
	runErr := c.Run()
	if err := reapOrphans(reapWait); err != nil {
		return 0, err
	}
	after, err := childrenCPU()
	if err != nil {
		return 0, err
	}
	if runErr != nil {
		if t := lastLines(errFile, tailMax); t != "" {
			return 0, fmt.Errorf("%w; its stderr ended:\n%s", runErr, t)
		}
		return 0, runErr
	}
	return after - before, nil
}

// tailMax bounds the stderr a failed command's error quotes, in lines.
const tailMax = 10

// lastLines is the last n lines of f (read from its last 64 KiB),
// without the final newline; "" if it cannot be read.
func lastLines(f *os.File, n int) string {
	const window = 64 << 10
	fi, err := f.Stat()
	if err != nil {
		return ""
	}
	off := max(fi.Size()-window, 0)
	b := make([]byte, fi.Size()-off)
	if _, err := f.ReadAt(b, off); err != nil && !errors.Is(err, io.EOF) {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
}

// median of xs (the mean of the middle two for an even count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// report writes each label's runs and median.
func report(out io.Writer, jobs []job, cpu [][]float64, rounds int, load0, load1 string) {
	fmt.Fprintf(out, "# CPU s (user + system, every descendant), %d interleaved rounds; load average %s → %s\n", rounds, load0, load1)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "label\truns\tmedian\tcommand")
	for j, jb := range jobs {
		runs := make([]string, len(cpu[j]))
		for i, s := range cpu[j] {
			runs[i] = fmt.Sprintf("%.3f", s)
		}
		fmt.Fprintf(tw, "%s\t%s\t%.3f\t%s\n", jb.label, strings.Join(runs, ", "), median(cpu[j]), jb.cmd)
	}
	tw.Flush()
}

// loadAverage is the first field of /proc/loadavg, or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}
