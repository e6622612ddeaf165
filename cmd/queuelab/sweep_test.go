package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/sweep"
)

// TestResolveShard: the shard comes from --shard, a Slurm array or a
// Kubernetes Indexed Job, and every bad combination is a usage error
// naming the flag or variable.
func TestResolveShard(t *testing.T) {
	for _, tc := range []struct {
		name   string
		flag   string
		shards int
		env    map[string]string
		want   sweep.Shard
		errHas string
	}{
		{name: "none", want: sweep.Whole},
		{name: "flag", flag: "2/5", want: sweep.Shard{I: 2, N: 5}},
		{name: "flag out of range", flag: "5/5", errHas: "--shard 5/5: the shard index is out of range"},
		{name: "flag malformed", flag: "2of5", errHas: "want i/n"},
		{name: "flag and shards disagree", flag: "1/4", shards: 3, errHas: "disagree"},
		{name: "slurm", env: map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"}, want: sweep.Shard{I: 3, N: 4}},
		{name: "slurm from 1", env: map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, want: sweep.Shard{I: 3, N: 4}},
		{name: "slurm with a step", env: map[string]string{"SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "8"}, want: sweep.Shard{I: 7, N: 8}},
		{name: "slurm bad id", env: map[string]string{"SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "8"}, errHas: `SLURM_ARRAY_TASK_ID="x"`},
		{name: "slurm out of range", env: map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4"}, errHas: "SLURM_ARRAY_TASK_ID=4 of SLURM_ARRAY_TASK_COUNT=4: the shard index 4 is out of range 0…3"},
		{name: "slurm count 0", env: map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "0"},
			errHas: "SLURM_ARRAY_TASK_COUNT=0: the number of shards must be at least 1"},
		{name: "slurm count -3", env: map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "-3"}, errHas: "must be at least 1"},
		{name: "slurm no count", env: map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, errHas: "SLURM_ARRAY_TASK_COUNT"},
		{name: "flag beats slurm", flag: "0/2", env: map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"}, want: sweep.Shard{I: 0, N: 2}},
		{name: "indexed job", shards: 8, env: map[string]string{"JOB_COMPLETION_INDEX": "7"}, want: sweep.Shard{I: 7, N: 8}},
		{name: "indexed job without shards", env: map[string]string{"JOB_COMPLETION_INDEX": "0"}, errHas: "--shards"},
		{name: "indexed job out of range", shards: 2, env: map[string]string{"JOB_COMPLETION_INDEX": "2"}, errHas: "out of range"},
		{name: "shards without index", shards: 3, errHas: "--shard i/3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, err := resolveShard(tc.flag, tc.shards, func(k string) string { return tc.env[k] })
			if tc.errHas != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.errHas)
				var u usageError
				assert.ErrorAs(t, err, &u, "exit status 2")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, s)
		})
	}
}

const cliDesign = `system: mmc
set: {arrival-rate: 3, service-mean: 1s, duration: 200s, warmup: 10s}
vary:
  servers: [4, 5]
replications: 3
responses: [mean_wait, utilization]
`

// TestSweepAndMergeCLI: two shards merged print the same bytes as one
// run, in every format; a missing shard and a bad design are refused.
func TestSweepAndMergeCLI(t *testing.T) {
	dir := t.TempDir()
	design := filepath.Join(dir, "d.yaml")
	require.NoError(t, os.WriteFile(design, []byte(cliDesign), 0o644))
	for _, format := range []string{"table", "csv", "json"} {
		code, whole, errOut := runCapture3(t, "sweep", design, "-j", "2", "--format", format)
		require.Equal(t, 0, code, errOut)
		out := filepath.Join(dir, "out-"+format)
		code, _, errOut = runCapture3(t, "sweep", design, "--out", out, "--shard", "1/2")
		require.Equal(t, 0, code, errOut)

		code, _, errOut = runCapture3(t, "merge", out)
		assert.Equal(t, 1, code)
		assert.Contains(t, errOut, "3 of 6 tasks missing: 0, 2, 4")
		assert.Contains(t, errOut, "no tasks file from shard 0 of 2")

		code, _, errOut = runCapture3(t, "sweep", design, "--out", out, "--shard", "0/2", "-j", "1")
		require.Equal(t, 0, code, errOut)
		code, merged, errOut := runCapture3(t, "merge", out, "--format", format)
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, whole, merged, "format %s", format)
	}

	bad := filepath.Join(dir, "bad.yaml")
	require.NoError(t, os.WriteFile(bad, []byte("system: mmc\nvary:\n  servers: [4, x]\n"), 0o644))
	code, _, errOut := runCapture3(t, "sweep", bad)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "bad.yaml:3")
	assert.Contains(t, errOut, `"x"`)

	code, _, errOut = runCapture3(t, "sweep", design, "--shard", "0/2")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "needs --out")

	// A --plot that cannot be written is refused before any task runs.
	for _, tc := range []struct{ plot, want string }{
		{filepath.Join(dir, "no", "p.svg"), "--plot: the folder"},
		{filepath.Join(dir, "p.gif"), `unknown picture format ".gif"`},
	} {
		code, out, errOut := runCapture3(t, "sweep", design, "--plot", tc.plot)
		assert.Equal(t, 2, code, tc.plot)
		assert.Contains(t, errOut, tc.want)
		assert.Empty(t, out, "no summary: nothing ran")
	}
	code, _, errOut = runCapture3(t, "sweep", design, "--plot", filepath.Join(dir, "p.svg"))
	require.Equal(t, 0, code, errOut)
	svg, err := os.ReadFile(filepath.Join(dir, "p.svg"))
	require.NoError(t, err)
	assert.Contains(t, string(svg), "<svg")
}

// TestETABar: the bar shows tasks done and the time left at the rate of
// the tasks run in this process (not counting those found done), and
// clears its line at the end.
func TestETABar(t *testing.T) {
	var b strings.Builder
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	bar := etaBar(&b, func() time.Time { return now })
	bar(4, 10) // 4 found done on disk
	assert.Contains(t, b.String(), "4/10 tasks, ETA …")
	now = now.Add(20 * time.Second)
	bar(6, 10) // 2 run in 20 s: 4 left take 40 s
	assert.Contains(t, b.String(), "6/10 tasks, ETA 40s")
	bar(10, 10)
	assert.True(t, strings.HasSuffix(b.String(), "\r\033[K"))
}
