package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"queuelab/model/scenario"
	"queuelab/report"
)

// reproduceCommand returns the canonical command line that reproduces a
// run with these options.
func (o *runOptions) reproduceCommand(system string) string {
	parts := []string{"queuelab", "run", system,
		"--scenario", o.scenario,
		"--seed", strconv.FormatUint(o.seed, 10),
		"--minutes", strconv.Itoa(o.minutes),
		"--engine", o.engine}
	if o.playbook != "" {
		parts = append(parts, "--playbook", shellQuote(o.playbook))
	}
	for _, a := range o.at {
		parts = append(parts, "--at", shellQuote(a))
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes s for a POSIX shell when it holds anything but safe
// characters.
func shellQuote(s string) string {
	safe := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=,%", r))
	}) < 0
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// checkArtifacts refuses, before anything is simulated, a --plot file of
// an unknown format, a --plot or --report file that cannot be written, and
// unknown --columns keys.
func (o *runOptions) checkArtifacts(sys scenario.System, sc scenario.Scenario) error {
	if err := checkPlotPath(o.plot); err != nil {
		return err
	}
	if o.report != "" {
		if err := report.CheckOutput(o.report); err != nil {
			return usagef("--report: %v", err)
		}
	}
	if len(o.columns) == 0 {
		return nil
	}
	e, err := sys.New(scenario.DES, sc.Name, o.seed)
	if err != nil {
		return err
	}
	var keys []string
	for _, c := range e.Columns() {
		keys = append(keys, c.Key)
	}
	for _, k := range o.columns {
		if !slices.Contains(keys, k) {
			return usagef("--columns: unknown indicator %s (valid: %s)", quoteShort(k), strings.Join(keys, ", "))
		}
	}
	return nil
}

// writeArtifacts writes the --plot and --report files of a run.
func writeArtifacts(o *runOptions, sys scenario.System, sc scenario.Scenario, r, twin *scenario.Result) error {
	if o.plot != "" {
		if err := report.WritePlot(o.plot, r, twin, o.columns); err != nil {
			return fmt.Errorf("--plot %s: %w", o.plot, err)
		}
	}
	if o.report == "" {
		return nil
	}
	params := []report.Param{
		{Name: "system", Value: sys.Name + " — " + sys.Title},
		{Name: "scenario", Value: sc.Name},
		{Name: "seed", Value: strconv.FormatUint(o.seed, 10)},
		{Name: "minutes", Value: strconv.Itoa(o.minutes)},
		{Name: "engine", Value: o.engine},
	}
	if o.playbook != "" {
		params = append(params, report.Param{Name: "playbook file", Value: o.playbook})
	}
	for _, a := range o.at {
		params = append(params, report.Param{Name: "--at", Value: a})
	}
	meta := report.Meta{Command: o.reproduceCommand(sys.Name), Params: params, Scenario: &sc, Keys: o.columns, Extra: eventProfileReport()}
	err := report.WriteFile(o.report, func(w io.Writer) error { return report.WriteHTML(w, r, twin, meta) })
	if err != nil {
		return fmt.Errorf("--report %s: %w", o.report, err)
	}
	return nil
}
