package network

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

// ringNetwork is a closed class of population customers going round a ring
// of m single-server stations.
func ringNetwork(m, population int) string {
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

// memCase is a network whose run's peak resident memory Work must bound.
type memCase struct {
	name     string
	src      string
	duration float64
	windows  int // observation windows of the run: 1200 as validate's fixed runs, MaxWindows as a long precision run
}

// memChildEnv names the case a child process of the test binary runs.
const memChildEnv = "QUEUELAB_WORKMEM_CHILD"

// checkWorkBoundsPeak runs each case in a fresh process (the test binary
// itself, through TestWorkMemoryChild), as validate runs a network (1200
// observation windows (1200 as validate's fixed runs, up to MaxWindows), then the result with an MSER-5 warm-up), reads the
// process's peak resident set (VmHWM) and checks that Work's memory is at
// least that.
func checkWorkBoundsPeak(t *testing.T, cases []memCase) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("needs /proc/self/status (Linux) to read the peak resident set")
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			file := t.TempDir() + "/net.yaml"
			require.NoError(t, os.WriteFile(file, []byte(tc.src), 0o644))
			cmd := exec.Command(os.Args[0], "-test.run=^TestWorkMemoryChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s:%g:%d", memChildEnv, file, tc.duration, tc.windows))
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, string(out))
			var peak float64
			for _, line := range strings.Split(string(out), "\n") {
				if v, ok := strings.CutPrefix(line, "peak-bytes "); ok {
					peak, err = strconv.ParseFloat(v, 64)
					require.NoError(t, err)
				}
			}
			require.Positive(t, peak, string(out))
			n, err := Parse("net.yaml", []byte(tc.src))
			require.NoError(t, err)
			w := n.Work(tc.duration, 1)
			t.Logf("estimate %.0f MiB, measured peak %.0f MiB (%.2f×)", w.Bytes/(1<<20), peak/(1<<20), w.Bytes/peak)
			assert.GreaterOrEqual(t, w.Bytes, peak, "the estimate bounds the measured peak")
		})
	}
}

// TestWorkMemoryChild is the child process of checkWorkBoundsPeak; it does
// nothing in an ordinary test run.
func TestWorkMemoryChild(t *testing.T) {
	spec := os.Getenv(memChildEnv)
	if spec == "" {
		t.Skip("runs only as the child of a memory check")
	}
	parts := strings.Split(spec, ":")
	require.Len(t, parts, 3)
	file := parts[0]
	duration, err := strconv.ParseFloat(parts[1], 64)
	require.NoError(t, err)
	windows, err := strconv.Atoi(parts[2])
	require.NoError(t, err)
	n, err := ParseFile(file)
	require.NoError(t, err)
	s, err := New(n, Options{Seed: 1, Generator: des.PCG, Window: duration / float64(windows)})
	require.NoError(t, err)
	require.NoError(t, s.RunUntil(duration))
	_ = s.Result(AutoWarmup, 0)
	f, err := os.Open("/proc/self/status")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			require.NoError(t, err)
			fmt.Printf("peak-bytes %g\n", kb*1024)
		}
	}
}

// TestWorkBoundsMeasuredPeak: Work's memory bounds the measured peak of
// a large closed class and of a ring of many stations (small enough to
// run in a few seconds; the sizes of the issue run under -tags long).
func TestWorkBoundsMeasuredPeak(t *testing.T) {
	checkWorkBoundsPeak(t, []memCase{
		{"a class of 200 000 customers", ringNetwork(2, 200_000), 2, 1200},
		{"a ring of 256 stations", ringNetwork(256, 256), 10, 1200},
		{"a ring of 256 stations, every window", ringNetwork(256, 256), 10, MaxWindows},
	})
}
