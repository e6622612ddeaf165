package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"queuelab/des"
)

// budgetFlags are the --max-events and --max-memory flags every command
// that simulates carries. A command adopts them in two lines:
//
//	budget := addBudgetFlags(cmd.Flags())                 // when building the command
//	if err := budget.check(work); err != nil { return err } // before simulating
//
// where work is the des.Work its model estimates from the inputs.
type budgetFlags struct{ events, memory string }

func addBudgetFlags(fs *pflag.FlagSet) *budgetFlags {
	b := &budgetFlags{}
	fs.StringVar(&b.events, "max-events", fmt.Sprintf("%g", des.DefaultBudget.MaxEvents),
		"refuse a run estimated to execute more events than this (about 5 million a second)")
	fs.StringVar(&b.memory, "max-memory", "1GiB",
		"refuse a run estimated to need more memory than this (e.g. 512MiB, 4GiB)")
	return b
}

// budget parses the flags.
func (b *budgetFlags) budget() (des.Budget, error) {
	ev, err := strconv.ParseFloat(strings.TrimSpace(b.events), 64)
	if err != nil || !(ev >= 1 && ev <= 1e18) {
		return des.Budget{}, usagef("--max-events: must be a number of events from 1 to 1e18, got %s", quoteShort(b.events))
	}
	mem, err := parseBytes(b.memory)
	if err != nil {
		return des.Budget{}, usagef("--max-memory: %v", err)
	}
	return des.Budget{MaxEvents: ev, MaxBytes: mem}, nil
}

// check refuses work over the budget with a usage error (exit status 2)
// that names the flag to raise.
func (b *budgetFlags) check(w des.Work) error {
	bud, err := b.budget()
	if err != nil {
		return err
	}
	err = bud.Check(w)
	var over *des.OverBudgetError
	if !errors.As(err, &over) {
		return err
	}
	flag := "--max-events"
	if over.Resource == "memory" {
		flag = "--max-memory"
	}
	return usagef("%v (%s); shorten the run or lower the load, or raise %s to run it anyway", err, flag, flag)
}

// parseBytes parses a size: bare bytes, or a number with a unit B, KiB,
// MiB, GiB, TiB (powers of 1024) or KB, MB, GB, TB (powers of 1000),
// from 1 MiB to 1 PiB.
func parseBytes(s string) (float64, error) {
	t := strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   float64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1}}
	mult := 1.0
	for _, u := range units {
		if strings.HasSuffix(strings.ToUpper(t), strings.ToUpper(u.suffix)) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	n := v * mult
	if err != nil || math.IsNaN(n) || n < 1<<20 || n > 1<<50 {
		return 0, fmt.Errorf("must be a size from 1MiB to 1PiB such as 512MiB or 4GiB, got %s", quoteShort(s))
	}
	return n, nil
}
