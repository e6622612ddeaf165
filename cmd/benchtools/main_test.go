package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{0.41, 0.34, 0.43, 0.47, 0.38}, 0.41},
	} {
		assert.Equal(t, tc.want, median(tc.xs), "%v", tc.xs)
	}
}

func TestParseJobs(t *testing.T) {
	jobs, err := parseJobs([]string{"a", "true", "b", "sleep 0"})
	require.NoError(t, err)
	assert.Equal(t, []job{{"a", "true"}, {"b", "sleep 0"}}, jobs)
	for _, bad := range [][]string{nil, {"a"}, {"a", "true", "b"}, {"", "true"}, {"a", " "}} {
		_, err := parseJobs(bad)
		assert.Error(t, err, "%q", bad)
	}
}

// busy burns about 0.1–0.2 s of CPU in a shell loop.
const busy = `i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done`

// TestMeasureCountsOrphans: the CPU of a process the command left behind
// (a background job still running when its shell exits, as a browser's
// renderers are when a test stops the browser) is counted; without the
// subreaper and the reaping it is lost.
func TestMeasureCountsOrphans(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Linux only")
	}
	require.NoError(t, becomeSubreaper())
	var out, errOut bytes.Buffer
	direct, err := measure(busy, false, time.Minute, &out, &errOut)
	require.NoError(t, err)
	orphan, err := measure("("+busy+") & exit 0", false, time.Minute, &out, &errOut)
	require.NoError(t, err)
	assert.Greater(t, direct, 0.03, "the loop burns CPU")
	assert.Greater(t, orphan, direct/3, "the orphaned loop's CPU is counted (direct %.3f s, orphaned %.3f s)", direct, orphan)
	_, err = measure("exit 3", false, time.Minute, &out, &errOut)
	assert.Error(t, err, "a failing command is an error, not a figure")
}

// TestMeasureQuotesStderr: a failed command's error ends with the last
// lines of its stderr when it is not shown; stdout is not quoted.
func TestMeasureQuotesStderr(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Linux only")
	}
	require.NoError(t, becomeSubreaper())
	const cmd = `echo to-stdout; for i in $(seq 1 25); do echo "line $i" >&2; done; exit 3`
	var out, errOut bytes.Buffer
	_, err := measure(cmd, false, time.Minute, &out, &errOut)
	require.Error(t, err)
	msg := err.Error()
	assert.Contains(t, msg, "exit status 3")
	assert.True(t, strings.HasSuffix(msg, "\nline 24\nline 25"), "the last lines, in order: %q", msg)
	assert.Contains(t, msg, "\nline 16\n", "ten lines kept")
	assert.NotContains(t, msg, "line 15\n", "only ten lines kept")
	assert.NotContains(t, msg, "to-stdout")
	assert.Empty(t, errOut.String(), "stderr not passed through without -show")
}

// TestMeasureReapWait: a descendant that outlives -reap-wait makes the
// run an error naming its pid, instead of a wait without end.
func TestMeasureReapWait(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Linux only")
	}
	require.NoError(t, becomeSubreaper())
	pidFile := filepath.Join(t.TempDir(), "pid")
	var out, errOut bytes.Buffer
	_, err := measure("sleep 600 & echo $! > "+pidFile+"; exit 0", false, 100*time.Millisecond, &out, &errOut)
	b, rerr := os.ReadFile(pidFile)
	require.NoError(t, rerr)
	pid, perr := strconv.Atoi(strings.TrimSpace(string(b)))
	require.NoError(t, perr)
	t.Cleanup(func() { // the sleep is ours (the subreaper's): end and reap it
		_ = syscall.Kill(pid, syscall.SIGKILL)
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(pid, &ws, 0, nil)
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "pid "+strconv.Itoa(pid))
	assert.Contains(t, err.Error(), "-reap-wait 100ms")
}
