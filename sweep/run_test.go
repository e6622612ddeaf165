package sweep

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallMMc is a design of 12 short station runs (a few ms each).
const smallMMc = `system: mmc
set: {arrival-rate: 4, service-mean: 1s, duration: 300s, warmup: 15s}
vary:
  servers: [5, 6, 8]
replications: 4
seed: 11
responses: [p_wait, mean_wait, utilization]
`

func mustParse(t *testing.T, src string) *Design {
	t.Helper()
	d, err := Parse("test.yaml", []byte(src))
	require.NoError(t, err)
	return d
}

// outputs renders a summary in every format.
func outputs(t *testing.T, s *Summary) string {
	t.Helper()
	var b bytes.Buffer
	for _, f := range []string{"table", "csv", "json"} {
		require.NoError(t, s.Write(&b, f))
	}
	return b.String()
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// TestDeterministicAcrossWorkersAndShards: the summary (every format) and
// the finished tasks file are the same bytes with 1, 2 or 4 workers, and a
// sweep run as 3 shards and merged gives the same summary.
func TestDeterministicAcrossWorkersAndShards(t *testing.T) {
	for name, src := range map[string]string{"mmc": smallMMc, "net": smallNet} {
		t.Run(name, func(t *testing.T) { checkDeterministic(t, mustParse(t, src)) })
	}
}

// smallNet is 8 short runs of the tandem network of examples/networks.
const smallNet = `system: net
network: ../examples/networks/tandem.yaml
set: {duration: 500s, servers.second: 2}
vary:
  rate.job: [0.5, 1.5]
replications: 4
seed: 3
`

func checkDeterministic(t *testing.T, d *Design) {
	var want, wantTasks string
	n := d.Plan().NumTasks()
	for _, j := range []int{1, 2, 4} {
		dir := t.TempDir()
		res, err := Run(d, Options{Workers: j, Out: dir})
		require.NoError(t, err)
		require.NotNil(t, res.Summary)
		assert.Equal(t, n, res.Ran)
		got, tasks := outputs(t, res.Summary), readFile(t, filepath.Join(dir, "tasks.jsonl"))
		assert.Equal(t, got, readFile(t, filepath.Join(dir, "summary.txt"))+readFile(t, filepath.Join(dir, "summary.csv"))+readFile(t, filepath.Join(dir, "summary.json")))
		if want == "" {
			want, wantTasks = got, tasks
			continue
		}
		assert.Equal(t, want, got, "-j %d", j)
		assert.Equal(t, wantTasks, tasks, "-j %d", j)
	}
	for _, shards := range []int{2, 3, 5} {
		shared := t.TempDir()
		for i := range shards {
			res, err := Run(d, Options{Workers: 2, Out: shared, Shard: Shard{i, shards}})
			require.NoError(t, err)
			assert.Nil(t, res.Summary, "a shard of several has no summary")
		}
		s, err := Merge([]string{shared}, nil)
		require.NoError(t, err)
		assert.Equal(t, want, outputs(t, s), "%d shards merged", shards)
	}
}

// TestScenarioSystem runs a 3-minute switch sweep: the settings apply at
// `at`, goals and met are recorded, and common random numbers make the
// two levels' runs differ only through the factor.
func TestScenarioSystem(t *testing.T) {
	d := mustParse(t, `system: switch
scenario: sale-surge
minutes: 3
at: 1m
vary: {servers: [6, 12]}
replications: 2
responses: [booting, cost, goals, met]
`)
	res, err := Run(d, Options{Workers: 2})
	require.NoError(t, err)
	s := res.Summary
	require.Len(t, s.Points, 2)
	assert.Equal(t, 0.0, s.Points[0].Stats[0].Mean, "6 servers: none ordered")
	assert.Equal(t, 6.0, s.Points[1].Stats[0].Mean, "12 servers set at minute 1: 6 still booting at the end of minute 3")
	assert.Greater(t, s.Points[1].Stats[1].Mean, s.Points[0].Stats[1].Mean, "more servers cost more")
	assert.Equal(t, 0.0, s.Points[0].Stats[1].HalfWidth, "cost does not depend on the seed")
	var b bytes.Buffer
	require.NoError(t, s.WriteTable(&b))
	assert.Contains(t, b.String(), "goal3: server cost (target <= 75 u)")
	assert.Regexp(t, `\[\d/2\]`, b.String())
}

// TestResumeAfterTruncatedLine: a run cut short — a half-written last line
// and lines never written — is resumed: the torn line is not taken for a
// result, only the missing tasks run, and the final files are the same
// bytes as an uninterrupted run.
func TestResumeAfterTruncatedLine(t *testing.T) {
	d := mustParse(t, smallMMc)
	dir := t.TempDir()
	_, err := Run(d, Options{Workers: 2, Out: dir})
	require.NoError(t, err)
	path := filepath.Join(dir, "tasks.jsonl")
	full := readFile(t, path)
	summary := readFile(t, filepath.Join(dir, "summary.json"))
	lines := strings.SplitAfter(full, "\n")
	for _, cut := range []struct {
		name    string
		content string
		rerun   int
	}{
		{"torn last line", strings.Join(lines[:7], "") + lines[7][:len(lines[7])/2], 5},
		{"torn line only", lines[0][:30], 12},
		{"garbage line", lines[0] + "{\"design\":\x00\x00\n" + strings.Join(lines[1:3], ""), 9},
		{"nothing lost", full, 0},
	} {
		t.Run(cut.name, func(t *testing.T) {
			require.NoError(t, os.WriteFile(path, []byte(cut.content), 0o644))
			require.NoError(t, os.Remove(filepath.Join(dir, "summary.json")))
			var notes []string
			res, err := Run(d, Options{Workers: 2, Out: dir, Warn: func(s string) { notes = append(notes, s) }})
			require.NoError(t, err)
			assert.Equal(t, cut.rerun, res.Ran, "tasks run again")
			assert.Equal(t, 12-cut.rerun, res.Reused)
			assert.Equal(t, full, readFile(t, path))
			assert.Equal(t, summary, readFile(t, filepath.Join(dir, "summary.json")))
			if cut.rerun > 0 && cut.name != "torn line only" {
				require.NotEmpty(t, notes)
				assert.Contains(t, notes[0], "tasks.jsonl:")
			}
		})
	}
}

// TestMergeRefuses: an incomplete shard set names the missing tasks and
// shard; directories of different designs and a task with two different
// results are refused; an output directory of another design is refused.
func TestMergeRefuses(t *testing.T) {
	d := mustParse(t, smallMMc)
	shared := t.TempDir()
	for _, i := range []int{0, 2} {
		_, err := Run(d, Options{Workers: 2, Out: shared, Shard: Shard{i, 3}})
		require.NoError(t, err)
	}
	_, err := Merge([]string{shared}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "4 of 12 tasks missing: 1, 4, 7, 10")
	assert.Contains(t, err.Error(), "no tasks file from shard 1 of 3")

	other := t.TempDir()
	d2 := mustParse(t, strings.Replace(smallMMc, "seed: 11", "seed: 12", 1))
	_, err = Run(d2, Options{Workers: 2, Out: other, Shard: Shard{1, 3}})
	require.NoError(t, err)
	_, err = Merge([]string{shared, other}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "different designs")

	_, err = Run(d2, Options{Workers: 2, Out: shared, Shard: Shard{1, 3}})
	require.ErrorIs(t, err, ErrOtherDesign)

	// A task recorded twice with different values.
	_, err = Run(d, Options{Workers: 2, Out: shared, Shard: Shard{1, 3}})
	require.NoError(t, err)
	tampered := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(tampered, "design.json"), []byte(readFile(t, filepath.Join(shared, "design.json"))), 0o644))
	line := strings.SplitAfter(readFile(t, filepath.Join(shared, "tasks-0-of-3.jsonl")), "\n")[0]
	line = strings.Replace(line, `"p_wait":0.`, `"p_wait":0.9`, 1)
	require.NoError(t, os.WriteFile(filepath.Join(tampered, "tasks.jsonl"), []byte(line), 0o644))
	_, err = Merge([]string{shared, tampered}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "different results")

	_, err = Merge([]string{t.TempDir()}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a sweep output directory")
}

// TestShardCheck: shard indices out of range are refused.
func TestShardCheck(t *testing.T) {
	for _, s := range []Shard{{-1, 3}, {3, 3}, {2, 1}} {
		_, err := Run(mustParse(t, smallMMc), Options{Shard: s, Out: t.TempDir()})
		require.Error(t, err, "%v", s)
		assert.Contains(t, err.Error(), fmt.Sprintf("shard %d/%d", s.I, s.N))
	}
}

// TestWritePlot draws a summary as SVG and PNG, and refuses another
// extension and a design that varies nothing.
func TestWritePlot(t *testing.T) {
	res, err := Run(mustParse(t, smallMMc), Options{Workers: 2})
	require.NoError(t, err)
	dir := t.TempDir()
	for _, name := range []string{"p.svg", "p.png"} {
		require.NoError(t, res.Summary.WritePlot(filepath.Join(dir, name)))
		st, err := os.Stat(filepath.Join(dir, name))
		require.NoError(t, err)
		assert.Greater(t, st.Size(), int64(1000))
	}
	svg := readFile(t, filepath.Join(dir, "p.svg"))
	assert.Contains(t, svg, "mean_wait")
	assert.Contains(t, svg, "servers")
	require.ErrorContains(t, res.Summary.WritePlot(filepath.Join(dir, "p.pdf")), ".svg or .png")

	flat, err := Run(mustParse(t, "system: mmc\nset: {duration: 100s, arrival-rate: 1, service-mean: 1, servers: 2}\nreplications: 2\n"), Options{})
	require.NoError(t, err)
	require.ErrorContains(t, flat.Summary.WritePlot(filepath.Join(dir, "f.svg")), "varies no factor")
}

// TestNetIdentity: a network path is relative to the design's folder, and
// the plan's hash covers the network file's content, so shards run
// against different versions of the file do not merge.
func TestNetIdentity(t *testing.T) {
	dir := t.TempDir()
	net := readFile(t, "../examples/networks/tandem.yaml")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "line.yaml"), []byte(net), 0o644))
	design := filepath.Join(dir, "d.yaml")
	require.NoError(t, os.WriteFile(design, []byte("system: net\nnetwork: line.yaml\nvary: {rate.job: [0.5]}\n"), 0o644))
	d1, err := Load(design)
	require.NoError(t, err)
	p1 := d1.Plan()
	assert.Contains(t, p1.Input, "network sha256:")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "line.yaml"), []byte(strings.Replace(net, "mean: 0.8", "mean: 0.7", 1)), 0o644))
	d2, err := Load(design)
	require.NoError(t, err)
	assert.NotEqual(t, p1.Hash, d2.Plan().Hash)
}
