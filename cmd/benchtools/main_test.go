package main

import (
	"bytes"
	"runtime"
	"testing"

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
	direct, err := measure(busy, false, &out, &errOut)
	require.NoError(t, err)
	orphan, err := measure("("+busy+") & exit 0", false, &out, &errOut)
	require.NoError(t, err)
	assert.Greater(t, direct, 0.03, "the loop burns CPU")
	assert.Greater(t, orphan, direct/3, "the orphaned loop's CPU is counted (direct %.3f s, orphaned %.3f s)", direct, orphan)
	_, err = measure("exit 3", false, &out, &errOut)
	assert.Error(t, err, "a failing command is an error, not a figure")
}
