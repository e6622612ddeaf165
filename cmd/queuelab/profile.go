package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"queuelab/des"
	"queuelab/report"
)

// profiledCommands are the commands that take the profiling flags, by
// their path under the root command.
var profiledCommands = []string{"run", "mmc", "net run", "sweep", "validate"}

// profileFlags are the profiling flags every profiled command takes.
type profileFlags struct {
	cpu, mem, exectrace, events string
}

// addProfiling adds the profiling flags to every profiled command under
// root and wraps its RunE so that the profiles cover the whole command.
func addProfiling(root *cobra.Command) {
	for _, path := range profiledCommands {
		cmd, _, err := root.Find(strings.Fields(path))
		if err != nil || cmd.RunE == nil {
			panic("queuelab: no command " + path + " to profile") // a programming error
		}
		p := &profileFlags{}
		fl := cmd.Flags()
		fl.StringVar(&p.cpu, "cpuprofile", "", "write a CPU profile (runtime/pprof; open with go tool pprof) to FILE")
		fl.StringVar(&p.mem, "memprofile", "", "write a memory allocation profile (go tool pprof) to FILE at the end")
		fl.StringVar(&p.exectrace, "exectrace", "", "write an execution trace (runtime/trace; open with go tool trace) to FILE")
		fl.StringVar(&p.events, "event-profile", "", "print the engine's event profile (per event kind: count, share, pending-set size, sampled time) on stderr; --event-profile=FILE writes it to FILE")
		fl.Lookup("event-profile").NoOptDefVal = "-"
		run := cmd.RunE
		cmd.RunE = func(c *cobra.Command, args []string) error {
			return p.around(c, func() error { return run(c, args) })
		}
	}
}

// around runs the command under the profiles asked for. Each file is
// checked before anything runs and written through a temporary file
// renamed into place (report.WriteFile) when the command ends, also when
// it fails (a failed validation is worth profiling too).
func (p *profileFlags) around(cmd *cobra.Command, run func() error) error {
	for _, f := range []struct{ flag, path string }{
		{"cpuprofile", p.cpu}, {"memprofile", p.mem}, {"exectrace", p.exectrace}, {"event-profile", p.eventFile()},
	} {
		if f.path == "" {
			continue
		}
		if err := report.CheckOutput(f.path); err != nil {
			return usagef("--%s: %v", f.flag, err)
		}
	}
	var runErr error
	step := func() error { runErr = run(); return nil }
	if p.events != "" {
		step = p.withEvents(cmd, step, &runErr)
	}
	if p.exectrace != "" {
		step = streamTo("exectrace", p.exectrace, trace.Start, trace.Stop, step)
	}
	if p.cpu != "" {
		step = streamTo("cpuprofile", p.cpu, pprof.StartCPUProfile, pprof.StopCPUProfile, step)
	}
	if err := step(); err != nil {
		return err
	}
	if p.exectrace != "" {
		if err := writeTraceSummary(cmd.ErrOrStderr(), p.exectrace); err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "queuelab: warning: %v\n", err)
		}
	}
	if p.mem != "" {
		runtime.GC() // the in-use figures as of the end of the run
		err := report.WriteFile(p.mem, func(w io.Writer) error { return pprof.Lookup("allocs").WriteTo(w, 0) })
		if err != nil {
			return fmt.Errorf("--memprofile %s: %w", p.mem, err)
		}
	}
	return runErr
}

// streamTo returns step run with a profile streamed to path from start to
// stop.
func streamTo(flag, path string, start func(io.Writer) error, stop func(), step func() error) func() error {
	return func() error {
		err := report.WriteFile(path, func(w io.Writer) error {
			if err := start(w); err != nil {
				return err
			}
			defer stop()
			return step()
		})
		if err != nil {
			return fmt.Errorf("--%s %s: %w", flag, path, err)
		}
		return nil
	}
}

// eventFile is the --event-profile file, or "" for stderr.
func (p *profileFlags) eventFile() string {
	if p.events == "-" {
		return ""
	}
	return p.events
}

// eventProfiler is the event profile running for the command, if any;
// writeArtifacts adds its pending-set chart to a run's report.
var eventProfiler *des.Profiler

// withEvents returns step run under an event profile, written after it
// as a table, or as JSON when the command prints JSON or the file's name
// ends in .json; not if the command refused its input (*runErr is a
// usage error).
func (p *profileFlags) withEvents(cmd *cobra.Command, step func() error, runErr *error) func() error {
	return func() error {
		prof, err := des.StartProfile(des.ProfileOptions{SampleEvery: des.DefaultSampleEvery})
		if err != nil {
			return err
		}
		eventProfiler = prof
		defer func() { eventProfiler = nil }()
		defer prof.Stop() // also if step panics; Stop may be called twice
		err = step()
		prof.Stop()
		var u usageError
		if err != nil || errors.As(*runErr, &u) {
			return err
		}
		ep := prof.Profile()
		asJSON := wantsJSON(cmd) || strings.HasSuffix(strings.ToLower(p.events), ".json")
		write := func(w io.Writer) error {
			if asJSON {
				return writeEventProfileJSON(w, ep)
			}
			return writeEventProfileTable(w, ep)
		}
		if file := p.eventFile(); file != "" {
			if err := report.WriteFile(file, write); err != nil {
				return fmt.Errorf("--event-profile %s: %w", file, err)
			}
			return nil
		}
		return write(cmd.ErrOrStderr())
	}
}

// wantsJSON reports whether the command was asked for JSON output (--json,
// or --format json).
func wantsJSON(cmd *cobra.Command) bool {
	if f := cmd.Flags().Lookup("json"); f != nil && f.Value.String() == "true" {
		return true
	}
	f := cmd.Flags().Lookup("format")
	return f != nil && f.Value.String() == "json"
}

// eventProfileReport returns the report section of the running event
// profile, or nil when none runs.
func eventProfileReport() []report.Section {
	if eventProfiler == nil {
		return nil
	}
	s, err := report.EventProfileSection(eventProfiler.Profile())
	if err != nil {
		return []report.Section{{Heading: "Event profile", Body: report.Para("no chart: " + err.Error())}}
	}
	return []report.Section{s}
}

// writeEventProfileTable writes the event profile as a table.
func writeEventProfileTable(w io.Writer, ep *des.EventProfile) error {
	timing := "no event timed"
	if ep.SampleEvery > 0 {
		timing = fmt.Sprintf("1 event in %d timed on average", ep.SampleEvery)
	}
	envs := "environments"
	if ep.Envs == 1 {
		envs = "environment"
	}
	if ep.Events == 0 {
		_, err := fmt.Fprintf(w, "event profile: no event ran in the engine (%d %s)\n", ep.Envs, envs)
		return err
	}
	fmt.Fprintf(w, "event profile: %d events in %d %s; %.3g s of wall time in the engine (waits for a core included), %.3g M events/s; %s\n",
		ep.Events, ep.Envs, envs, ep.Busy.Seconds(), ep.EventsPerSecond()/1e6, timing)
	width := len("kind")
	for _, k := range ep.Kinds {
		width = max(width, utf8.RuneCountInString(k.Name))
	}
	left := func(s string) string { return s + strings.Repeat(" ", width-utf8.RuneCountInString(s)) }
	var sum time.Duration
	var dropped uint64
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\tevents\tshare\tmean pending\tmax pending\ttimed\test. time\ttime share\tns/event\t\n", left("kind"))
	for _, k := range ep.Kinds {
		est, share, per := "—", "—", "—"
		if k.Sampled > 0 {
			est = fmt.Sprintf("%.3g s", k.Time.Seconds())
			share = fmt.Sprintf("%.1f %%", 100*k.TimeShare)
			per = fmt.Sprintf("%.0f", float64(k.Time.Nanoseconds())/float64(k.Count))
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f %%\t%.1f\t%d\t%d\t%s\t%s\t%s\t\n",
			left(k.Name), k.Count, 100*k.Share, k.MeanPending, k.MaxPending, k.Sampled, est, share, per)
		sum += k.Time
		dropped += k.Interrupted
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if ep.SampleEvery == 0 {
		return nil
	}
	share := "—"
	if ep.Busy > 0 {
		share = fmt.Sprintf("%.0f %%", 100*sum.Seconds()/ep.Busy.Seconds())
	}
	_, err := fmt.Fprintf(w, "estimated times add up to %.3g s, %s of the engine's time (the rest: the event loop, clock readings, interruptions); %d timed events over %v left out as interrupted\n",
		sum.Seconds(), share, dropped, ep.MaxSample)
	return err
}

// eventProfileJSON is the JSON form of an event profile.
type eventProfileJSON struct {
	Events          uint64       `json:"events"`
	Envs            int          `json:"environments"`
	EngineSeconds   float64      `json:"engine_seconds"`
	WallSeconds     float64      `json:"wall_seconds"`
	EventsPerSecond float64      `json:"events_per_second"`
	SampleEvery     int          `json:"sample_every"`
	MaxSampleNs     int64        `json:"max_sample_ns"`
	Kinds           []kindJSON   `json:"kinds"`
	Pending         [][2]float64 `json:"pending"` // [simulated seconds, pending events]
}

type kindJSON struct {
	Name        string  `json:"kind"`
	Count       uint64  `json:"events"`
	Share       float64 `json:"share"`
	MeanPending float64 `json:"mean_pending"`
	MaxPending  int     `json:"max_pending"`
	Sampled     uint64  `json:"timed"`
	Interrupted uint64  `json:"interrupted"`
	Seconds     float64 `json:"est_seconds"`
	TimeShare   float64 `json:"time_share"`
}

// writeEventProfileJSON writes the event profile as one JSON object.
func writeEventProfileJSON(w io.Writer, ep *des.EventProfile) error {
	out := eventProfileJSON{Events: ep.Events, Envs: ep.Envs, EngineSeconds: ep.Busy.Seconds(),
		WallSeconds: ep.Wall.Seconds(), EventsPerSecond: ep.EventsPerSecond(), SampleEvery: ep.SampleEvery,
		MaxSampleNs: ep.MaxSample.Nanoseconds(), Kinds: []kindJSON{}, Pending: [][2]float64{}}
	for _, k := range ep.Kinds {
		out.Kinds = append(out.Kinds, kindJSON{k.Name, k.Count, k.Share, k.MeanPending, k.MaxPending, k.Sampled, k.Interrupted, k.Time.Seconds(), k.TimeShare})
	}
	for _, pt := range ep.Pending {
		out.Pending = append(out.Pending, [2]float64{pt.At.Seconds(), float64(pt.Pending)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
