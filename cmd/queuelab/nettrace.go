package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"queuelab/model/network"
	"queuelab/validate"
)

// traceFlags are net run's --trace FILE and --trace-max-mb.
type traceFlags struct {
	file  string
	maxMB int
}

func addTraceFlags(fl *pflag.FlagSet) *traceFlags {
	var t traceFlags
	fl.StringVar(&t.file, "trace", "", "write one CSV row per station visit (customer,class,station,arrived,started,departed[,batch]) of the first replication to FILE")
	fl.IntVar(&t.maxMB, "trace-max-mb", 100, "with --trace: the most megabytes (10⁶ bytes) to write; the run goes on, later visits are left out and a note says when")
	return &t
}

// open creates the trace file and sets cfg.Trace; finish flushes and
// closes it and notes on stderr when the budget was reached.
func (t *traceFlags) open(cmd *cobra.Command, cfg *validate.NetworkConfig) (finish func() error, err error) {
	if t.file == "" {
		if cmd.Flags().Changed("trace-max-mb") {
			return nil, usagef("--trace-max-mb: applies only with --trace FILE")
		}
		return func() error { return nil }, nil
	}
	if t.maxMB < 1 || t.maxMB > 100_000 {
		return nil, usagef("--trace-max-mb: must be a whole number from 1 to 100000, got %d", t.maxMB)
	}
	f, err := os.Create(t.file)
	if err != nil {
		return nil, usagef("--trace: %v", err)
	}
	tr := network.NewTrace(f, int64(t.maxMB)*1_000_000)
	cfg.Trace = tr
	return func() error {
		err := tr.Flush()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("--trace %s: %w", t.file, err)
		}
		if full, at := tr.Full(); full {
			fmt.Fprintf(cmd.ErrOrStderr(), "--trace: %s reached its budget of %d MB at simulated time %.6g s; the visits ending after it are not in the file (raise --trace-max-mb or shorten --duration)\n", t.file, t.maxMB, at)
		}
		return nil
	}, nil
}
