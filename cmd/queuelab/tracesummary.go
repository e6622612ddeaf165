package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/exp/trace"
)

// traceSummary is what an execution trace says about the time the
// simulation did not spend simulating: the goroutines' time by state and
// the garbage collector's share. It is read with golang.org/x/exp/trace,
// the Go team's reader of the trace format runtime/trace writes.
type traceSummary struct {
	span time.Duration // first to last event
	// Goroutine time, added up over goroutines: running on a processor,
	// runnable but waiting for one (the scheduler's latency: more
	// goroutines than cores), in system calls, blocked.
	running, runnable, syscall, waiting time.Duration
	gcCycles                            int
	gcMark                              time.Duration // concurrent mark phases, wall time
	gcAssist                            time.Duration // mark assists, added up over goroutines
	stw                                 time.Duration // stop-the-world pauses
}

// summariseTrace reads the execution trace r.
func summariseTrace(r io.Reader) (traceSummary, error) {
	var s traceSummary
	tr, err := trace.NewReader(r)
	if err != nil {
		return s, err
	}
	type goState struct {
		state trace.GoState
		since trace.Time
	}
	goroutines := map[trace.GoID]goState{}
	ranges := map[string]trace.Time{}
	var first, last trace.Time
	seen := false
	for {
		ev, err := tr.ReadEvent()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return s, err
		}
		t := ev.Time()
		if !seen {
			first, seen = t, true
		}
		last = t
		switch ev.Kind() {
		case trace.EventStateTransition:
			st := ev.StateTransition()
			if st.Resource.Kind != trace.ResourceGoroutine {
				continue
			}
			id := st.Resource.Goroutine()
			_, to := st.Goroutine()
			if g, ok := goroutines[id]; ok {
				s.addGo(g.state, t.Sub(g.since))
			}
			goroutines[id] = goState{to, t}
		case trace.EventRangeBegin, trace.EventRangeActive:
			rg := ev.Range()
			if ev.Kind() == trace.EventRangeActive {
				t = first
			}
			ranges[rg.Name+"/"+rg.Scope.String()] = t
		case trace.EventRangeEnd:
			rg := ev.Range()
			key := rg.Name + "/" + rg.Scope.String()
			if start, ok := ranges[key]; ok {
				s.addRange(rg.Name, t.Sub(start))
				delete(ranges, key)
			}
		}
	}
	for _, g := range goroutines {
		s.addGo(g.state, last.Sub(g.since))
	}
	s.span = last.Sub(first)
	return s, nil
}

func (s *traceSummary) addGo(state trace.GoState, d time.Duration) {
	switch state {
	case trace.GoRunning:
		s.running += d
	case trace.GoRunnable:
		s.runnable += d
	case trace.GoSyscall:
		s.syscall += d
	case trace.GoWaiting:
		s.waiting += d
	}
}

func (s *traceSummary) addRange(name string, d time.Duration) {
	switch {
	case name == "GC concurrent mark phase":
		s.gcCycles++
		s.gcMark += d
	case name == "GC mark assist":
		s.gcAssist += d
	case strings.HasPrefix(name, "stop-the-world"):
		s.stw += d
	}
}

// write prints the summary in two lines. Time in system calls is left
// out: a goroutine of the runtime or the profiler can sit in one for the
// whole trace, which says nothing about the simulation.
func (s traceSummary) write(w io.Writer) error {
	share := func(d time.Duration) string {
		if s.span <= 0 {
			return "—"
		}
		return fmt.Sprintf("%.1f %%", 100*d.Seconds()/s.span.Seconds())
	}
	_, err := fmt.Fprintf(w, "execution trace: %.3g s; goroutines running %.3g s, runnable but waiting for a processor %.3g s\n"+
		"  GC: %d cycles, mark phases %.3g s (%s of the trace), mark assists %.3g s, stop-the-world pauses %.3g ms (%s)\n",
		s.span.Seconds(), s.running.Seconds(), s.runnable.Seconds(),
		s.gcCycles, s.gcMark.Seconds(), share(s.gcMark), s.gcAssist.Seconds(), float64(s.stw)/1e6, share(s.stw))
	return err
}

// writeTraceSummary summarises the trace file at path on w.
func writeTraceSummary(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	s, err := summariseTrace(f)
	if err != nil {
		return fmt.Errorf("--exectrace %s: reading it back: %w", path, err)
	}
	return s.write(w)
}
