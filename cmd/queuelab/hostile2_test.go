package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The second round of hostile inputs (issue 20): every case failed on the
// code before it, by its exit status or its message.

// writeInput writes text to dir/name and returns the path.
func writeInput(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

const oneStation = "name: one\narrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    service: {dist: exp, mean: 0.5}\n"

// TestHostileInputsRoundTwo: times the clock cannot hold, second YAML
// documents, a control set twice in one --at.
func TestHostileInputsRoundTwo(t *testing.T) {
	dir := t.TempDir()
	tinyMean := writeInput(t, dir, "tiny.yaml", "name: tiny\narrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    service: {dist: exp, mean: 1e-12}\n")
	tinyUnit := writeInput(t, dir, "tiny-ms.yaml", "name: tiny\ntime_unit: ms\narrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    service: {dist: det, mean: 1e-7}\n")
	twoNets := writeInput(t, dir, "two-nets.yaml", oneStation+"---\nname: other\n")
	twoDesigns := writeInput(t, dir, "two-designs.yaml", "system: mmc\nvary:\n  servers: [9, 10]\n---\nsystem: net\n")
	tinyDesign := writeInput(t, dir, "tiny-design.yaml", "system: mmc\nset: {service-mean: 1e-12, duration: 100}\nvary:\n  servers: [1, 2]\n")
	runHostile(t, []hostileCase{
		{"service mean 1e-300 s", []string{"mmc", "--service-mean", "1e-300"}, 2,
			`--service-mean: "1e-300" s is shorter than the clock's resolution of 1 ns`, refusedAlloc},
		{"patience 1 ps", []string{"mmc", "--patience", "1e-12"}, 2, `--patience: "1e-12" s is shorter than the clock's resolution`, refusedAlloc},
		{"net duration 1 ps", []string{"net", "run", tinyMean, "--duration", "1e-12"}, 2, "resolution of 1 ns", refusedAlloc},
		{"network mean 1 ps", []string{"net", "run", tinyMean}, 2,
			`tiny.yaml:5: station "q" service: mean: 1e-12 s is below the clock's resolution of 1 ns`, refusedAlloc},
		{"network mean 0.1 ns in ms", []string{"net", "run", tinyUnit}, 2, "below the clock's resolution of 1 ns", refusedAlloc},
		{"sweep factor 1 ps", []string{"sweep", tinyDesign}, 2, "service-mean", refusedAlloc},
		{"a second document in a network file", []string{"net", "run", twoNets}, 2,
			`two-nets.yaml:6: a second YAML document: a network file is one mapping (remove the "---" line)`, refusedAlloc},
		{"a second document in a network to solve", []string{"net", "solve", twoNets}, 2, "two-nets.yaml:6: a second YAML document", refusedAlloc},
		{"a second document in a sweep design", []string{"sweep", twoDesigns}, 2,
			`two-designs.yaml:4: a second YAML document: a sweep design is one mapping (remove the "---" line)`, refusedAlloc},
		{"one control twice in one --at", []string{"run", "--at", "5m:servers=12,servers=8"}, 2,
			`--at 5m:servers=12,servers=8: "servers" is set twice at the same time (first servers=12)`, refusedAlloc},
	})
}

// TestHostileResume: a resumed sweep whose tasks file holds two different
// lines for one task is refused, as merge refuses it.
func TestHostileResume(t *testing.T) {
	dir := t.TempDir()
	design := writeInput(t, dir, "d.yaml", "system: mmc\nset: {arrival-rate: 4, service-mean: 1s, duration: 300s}\nvary:\n  servers: [5, 6]\nreplications: 2\nseed: 3\nresponses: [p_wait]\n")
	out := filepath.Join(dir, "out")
	code, _, stderr := runCapture3(t, "sweep", design, "--out", out)
	require.Equal(t, 0, code, stderr)
	tasks := filepath.Join(out, "tasks.jsonl")
	data, err := os.ReadFile(tasks)
	require.NoError(t, err)
	first := strings.SplitAfter(string(data), "\n")[0]
	changed := strings.Replace(first, `"p_wait":0.`, `"p_wait":0.9`, 1)
	require.NotEqual(t, first, changed)
	require.NoError(t, os.WriteFile(tasks, append(data, changed...), 0o644))
	runHostile(t, []hostileCase{
		{"resume with two results for task 0", []string{"sweep", design, "--out", out}, 1,
			"tasks.jsonl:5: task 0 has a different result than at line 1", refusedAlloc},
		{"merge of the same", []string{"merge", out}, 1, "task 0 has", refusedAlloc},
	})
}

// TestHostileEndlessFiles: every file a command reads goes through a
// capped reader; /dev/zero is refused at once, not read whole.
func TestHostileEndlessFiles(t *testing.T) {
	dir := t.TempDir()
	zeroNet := writeInput(t, dir, "zero-net.yaml", "system: net\nnetwork: /dev/zero\nvary:\n  mean.q: [1, 2]\n")
	out := filepath.Join(dir, "out")
	design := writeInput(t, dir, "d.yaml", "system: mmc\nset: {arrival-rate: 4, service-mean: 1s, duration: 300s}\nvary:\n  servers: [5, 6]\nseed: 3\nresponses: [p_wait]\n")
	code, _, stderr := runCapture3(t, "sweep", design, "--out", out)
	require.Equal(t, 0, code, stderr)
	tasks := filepath.Join(out, "tasks.jsonl")
	require.NoError(t, os.Remove(tasks))
	require.NoError(t, os.Symlink("/dev/zero", tasks))
	runHostile(t, []hostileCase{
		{"serve --network /dev/zero", []string{"serve", "--network", "/dev/zero"}, 2,
			"--network: /dev/zero: the file is larger than the 1 MiB limit", refusedAlloc},
		{"net run /dev/zero --serve", []string{"net", "run", "/dev/zero", "--serve"}, 2,
			"/dev/zero: the file is larger than the 1 MiB limit", refusedAlloc},
		{"a sweep of the network /dev/zero", []string{"sweep", zeroNet}, 2, "/dev/zero: the file is larger than the 1 MiB limit", refusedAlloc},
		{"merge of a tasks file that is /dev/zero", []string{"merge", out}, 1, "tasks.jsonl: not a regular file", refusedAlloc},
		{"resume into a tasks file that is /dev/zero", []string{"sweep", design, "--out", out}, 1, "tasks.jsonl: not a regular file", refusedAlloc},
	})
}

// TestHostileOutputs: an output that is a device, a FIFO or a socket is
// refused before the run and left as it was; an output that is a symbolic
// link keeps the link and replaces the file it points to.
func TestHostileOutputs(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.html")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	dev := filepath.Join(dir, "full.html") // a copy of /dev/full when root may make one
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, int(1<<8|7)); err != nil {
		dev = "/dev/full"
	}
	target := filepath.Join(dir, "real", "report.html")
	require.NoError(t, os.Mkdir(filepath.Dir(target), 0o755))
	require.NoError(t, os.WriteFile(target, []byte("earlier"), 0o644))
	link := filepath.Join(dir, "link.html")
	require.NoError(t, os.Symlink(target, link))
	svgLink := filepath.Join(dir, "p.svg")
	require.NoError(t, os.Symlink(fifo, svgLink))
	runHostile(t, []hostileCase{
		{"report onto a device", []string{"run", "--minutes", "1", "--report", dev}, 2, "is a device, not a regular file", refusedAlloc},
		{"report onto a FIFO", []string{"run", "--minutes", "1", "--report", fifo}, 2, "is a FIFO (named pipe), not a regular file", refusedAlloc},
		{"plot through a link to a FIFO", []string{"run", "--minutes", "1", "--plot", svgLink}, 2, "through the link to", refusedAlloc},
		{"report through a link", []string{"run", "--minutes", "1", "--report", link}, 0, "", runAlloc},
	})
	for _, p := range []string{dev, fifo} {
		st, err := os.Lstat(p)
		require.NoError(t, err)
		assert.False(t, st.Mode().IsRegular(), "%s was replaced by a regular file", p)
	}
	st, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&os.ModeSymlink, "the link is kept")
	data, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Contains(t, string(data), "<html", "the link's target has the report")
}

// TestOutputToAFullDevice: output lost to a full device is a failure
// (exit 1 and the write error), for every command, also those that print
// lists without checking each write.
func TestOutputToAFullDevice(t *testing.T) {
	for _, args := range [][]string{
		{"scenarios"}, {"indicators"}, {"indicators", "--markdown"}, {"--help"},
		{"formula", "erlang-c", "--servers", "10", "--load", "8"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
			require.NoError(t, err)
			defer full.Close()
			saved := os.Stdout
			os.Stdout = full
			code, _, stderr := func() (int, string, string) {
				defer func() { os.Stdout = saved }()
				return runCapture3Err(t, args...)
			}()
			assert.Equal(t, 1, code, stderr)
			assert.Contains(t, stderr, "no space left on device")
		})
	}
}

// runCapture3Err runs the command with stderr captured and stdout as the
// caller set it.
func runCapture3Err(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	saved := os.Stderr
	os.Stderr = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	code := run(args)
	os.Stderr = saved
	require.NoError(t, w.Close())
	return code, "", <-done
}

// TestHostileStopsAndStatuses: a precision run that stops at its longest
// length says so and exits 1 after its table; an unstable model exits 2
// in mmc and net alike.
func TestHostileStopsAndStatuses(t *testing.T) {
	dir := t.TempDir()
	unstable := writeInput(t, dir, "unstable.yaml", "name: u\narrivals: {to: q, rate: 3}\nstations:\n  - name: q\n    service: {dist: exp, mean: 0.5}\n")
	jackson := filepath.Join("..", "..", "examples", "networks", "jackson-feedback.yaml")
	runHostile(t, []hostileCase{
		{"mmc precision out of reach", []string{"mmc", "--precision", "0.001", "--max-duration", "200"}, 1,
			"precision not reached: the 95 % relative half-width of mean_wait is undefined (the mean is 0) after the longest run (200 s), target 0.001", runAlloc},
		{"mmc precision out of reach, utilisation", []string{"mmc", "--precision", "0.0001", "--main", "utilization", "--duration", "60", "--max-duration", "100"}, 1,
			"precision not reached: the 95 % relative half-width of utilization is", runAlloc},
		{"net precision out of reach", []string{"net", "run", jackson, "--precision", "0.001", "--duration", "2000", "--max-duration", "4000"}, 1,
			"precision not reached: 1 of 1 replication(s) stopped at the longest run (4000 s)", runAlloc},
		{"unstable mmc", []string{"mmc", "--arrival-rate", "1000"}, 2, "unstable queue", refusedAlloc},
		{"unstable net run", []string{"net", "run", unstable}, 2, `station "q" has utilisation ρ = 1.5`, refusedAlloc},
		{"unstable net solve", []string{"net", "solve", unstable}, 2, `station "q" has utilisation ρ = 1.5`, refusedAlloc},
	})
	code, out, stderr := runCapture3(t, "mmc", "--precision", "0.05", "--main", "utilization")
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "utilization")
	code, out, _ = runCapture3(t, "mmc", "--precision", "0.001", "--max-duration", "200")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "little_L=lambda_W", "the table is printed before the failure")
}

// TestHostileSmaller: the smaller defects of the second round.
func TestHostileSmaller(t *testing.T) {
	dir := t.TempDir()
	design := writeInput(t, dir, "d.yaml", "system: mmc\nset: {arrival-rate: 4, service-mean: 1s, duration: 300s}\nvary:\n  servers: [5, 6]\nseed: 3\nresponses: [p_wait]\n")
	t.Setenv("SLURM_ARRAY_TASK_ID", "0")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "0")
	runHostile(t, []hostileCase{
		{"a Slurm array of 0 tasks", []string{"sweep", design, "--out", filepath.Join(dir, "out")}, 2,
			"SLURM_ARRAY_TASK_COUNT=0: the number of shards must be at least 1", refusedAlloc},
		{"a suggested duration past the maximum", []string{"mmc", "--arrival-rate", "1e-9", "--duration", "1e8"}, 2,
			"even the longest run (--duration 1e+08 s) expects 0.1; raise --arrival-rate to at least 3e-06/s", refusedAlloc},
	})
	assert.NoDirExists(t, filepath.Join(dir, "out"))

	code, out, stderr := runCapture3(t, "run", "web", "--scenario", "viral-link", "--minutes", "3")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "fleet cost ≤ $0.30 ", "the label has the scaled figure")
	assert.NotContains(t, out, "$7.50")
}

// ringFile is a closed class of population customers going round a ring
// of m single-server stations.
func ringFile(m, population int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name: ring\nclasses:\n  - {name: c, population: %d, start: s0}\nstations:\n", population)
	for i := range m {
		fmt.Fprintf(&b, "  - {name: s%d, service: {dist: exp, mean: 0.01}}\n", i)
	}
	b.WriteString("routing:\n")
	for i := range m {
		fmt.Fprintf(&b, "  s%d: {s%d: 1}\n", i, (i+1)%m)
	}
	return b.String()
}

// TestHostileMemoryEstimates: the large closed networks whose memory was
// estimated 3.5–8× low (and then used 0.5–1.8 GB) are refused before they
// run. model/network's TestWorkBoundsMeasuredPeak checks the estimates
// against measured peaks.
func TestHostileMemoryEstimates(t *testing.T) {
	dir := t.TempDir()
	ring := writeInput(t, dir, "ring.yaml", ringFile(1024, 1024))
	million := writeInput(t, dir, "million.yaml", ringFile(2, 1_000_000))
	sweepRing := writeInput(t, dir, "ring-sweep.yaml", "system: net\nnetwork: ring.yaml\nset: {duration: 10}\nvary:\n  population.c: [1024, 1025, 1026, 1027]\n")
	runHostile(t, []hostileCase{
		{"a ring of 1024 stations in 256 MiB", []string{"net", "run", ring, "--duration", "10", "--max-memory", "256MiB"}, 2,
			"more than the budget of 256 MiB (--max-memory)", runAlloc}, // exact MVA of 1024 stations: 40 MB
		{"a class of a million in 512 MiB", []string{"net", "run", million, "--duration", "10", "--max-memory", "512MiB"}, 2,
			"more than the budget of 512 MiB (--max-memory)", refusedAlloc},
		// Each point is solved twice (stability, estimate) by exact MVA of
		// 1024 stations, 40 MB allocated each: analysis, no simulation.
		{"a sweep of the ring in the default 1 GiB", []string{"sweep", sweepRing}, 2, "(--max-memory)", 384 << 20},
	})
}
