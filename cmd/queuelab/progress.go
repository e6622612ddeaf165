package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"queuelab/model/input"
)

// quoteShort quotes a user's value for a message, cut short (see
// input.QuoteShort).
func quoteShort(s string) string { return input.QuoteShort(s) }

// shortText is s when it is at most input.MaxEcho bytes, else
// quoteShort(s).
func shortText(s string) string {
	if len(s) <= input.MaxEcho {
		return s
	}
	return quoteShort(s)
}

// Progress of a long run goes to stderr, never to stdout, so output stays
// byte-identical. Nothing is shown for the first progressDelay of a run;
// after it, a terminal sees one line redrawn in place at most every
// progressRedraw and erased at the end, and anything else (a log file, a
// pipe) gets one plain line every progressLine.
const (
	progressDelay  = 2 * time.Second
	progressRedraw = 200 * time.Millisecond
	progressLine   = 30 * time.Second
)

// progress reports how far a long run is. It is cheap to call often:
// it looks at the clock and returns unless a line is due.
type progress struct {
	w        io.Writer
	terminal bool
	start    time.Time
	last     time.Time
	shown    bool
	now      func() time.Time
}

// newProgress returns a progress reporter writing to stderr.
func newProgress() *progress {
	return &progress{w: os.Stderr, terminal: isTerminal(os.Stderr), start: time.Now(), now: time.Now}
}

// update reports done of total units (e.g. minutes); what names them.
func (p *progress) update(done, total float64, what string) {
	t := p.now()
	if t.Sub(p.start) < progressDelay {
		return
	}
	every := progressLine
	if p.terminal {
		every = progressRedraw
	}
	if p.shown && t.Sub(p.last) < every {
		return
	}
	p.last, p.shown = t, true
	pct := 0.0
	if total > 0 {
		pct = 100 * done / total
	}
	elapsed := t.Sub(p.start).Round(time.Second)
	line := fmt.Sprintf("queuelab: %.4g of %.4g %s (%.0f %%), %v elapsed", done, total, what, pct, elapsed)
	if done > 0 && done < total {
		left := time.Duration(float64(t.Sub(p.start)) * (total - done) / done).Round(time.Second)
		line += fmt.Sprintf(", about %v left", left)
	}
	if p.terminal {
		fmt.Fprintf(p.w, "\r\033[K%s", line)
	} else {
		fmt.Fprintln(p.w, line)
	}
}

// done erases a terminal's progress line.
func (p *progress) done() {
	if p.terminal && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
