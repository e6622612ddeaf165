package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestProgress(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		terminal bool
		at       []time.Duration // clock at each update
		want     []string        // lines expected, in order
	}{
		{"a short run shows nothing", true, []time.Duration{0, time.Second, 1999 * time.Millisecond}, nil},
		{"a terminal is redrawn in place, at most every 200 ms", true,
			[]time.Duration{3 * time.Second, 3100 * time.Millisecond, 3300 * time.Millisecond},
			[]string{"\r\033[Kqueuelab: 3 of 10 minutes (30 %), 3s elapsed, about 7s left", "\r\033[Kqueuelab: 5 of 10 minutes"}},
		{"a log gets a line every 30 s", false,
			[]time.Duration{3 * time.Second, 20 * time.Second, 34 * time.Second},
			[]string{"queuelab: 3 of 10 minutes (30 %), 3s elapsed, about 7s left\n", "queuelab: 5 of 10 minutes (50 %), 34s elapsed, about 34s left\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			i := 0
			p := &progress{w: &out, terminal: tt.terminal, start: start, now: func() time.Time { return start.Add(tt.at[i]) }}
			for i = range tt.at {
				done := []float64{3, 4, 5}[i]
				p.update(done, 10, "minutes")
			}
			p.done()
			got := out.String()
			for _, w := range tt.want {
				assert.Contains(t, got, w)
			}
			if tt.want == nil {
				assert.Empty(t, got)
			}
			if tt.terminal && tt.want != nil {
				assert.True(t, strings.HasSuffix(got, "\r\033[K"), "the line is erased at the end")
				assert.Equal(t, 2, strings.Count(got, "queuelab:"), "the 100 ms update is skipped")
			}
		})
	}
}
