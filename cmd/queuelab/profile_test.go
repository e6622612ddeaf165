package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/trace"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProfileFlagsWriteFiles runs mmc with every profiling flag and
// checks each file: the pprof files are gzipped protocol buffers, the
// trace starts with the execution trace's header, and the event profile
// counts as many events as the run reports, in shares that add up to 1.
func TestProfileFlagsWriteFiles(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	code, out, errOut := runCapture3(t, "mmc", "--duration", "300", "--warmup", "10",
		"--cpuprofile", path("cpu.pprof"), "--memprofile", path("mem.pprof"),
		"--exectrace", path("trace.out"), "--event-profile="+path("events.json"))
	require.Equal(t, 0, code, errOut)
	for _, name := range []string{"cpu.pprof", "mem.pprof"} {
		b, err := os.ReadFile(path(name))
		require.NoError(t, err)
		require.Greater(t, len(b), 2, name)
		assert.Equal(t, []byte{0x1f, 0x8b}, b[:2], "%s is gzip, as pprof writes", name)
	}
	b, err := os.ReadFile(path("trace.out"))
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(b, []byte("go 1.")), "trace header %q", b[:min(len(b), 16)])
	ep := readEventProfile(t, path("events.json"))
	m := regexp.MustCompile(`(\d+) events\n`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	events, _ := strconv.ParseUint(m[1], 10, 64)
	assert.Equal(t, events, ep.Events, "the profile counts every event the run reports")
	assert.Contains(t, errOut, "execution trace: ")
	assert.Regexp(t, `GC: \d+ cycles`, errOut)
	var sum uint64
	var share, timeShare float64
	for _, k := range ep.Kinds {
		sum += k.Count
		share += k.Share
		timeShare += k.TimeShare
	}
	assert.Equal(t, ep.Events, sum)
	assert.InDelta(t, 1, share, 1e-9)
	assert.InDelta(t, 1, timeShare, 1e-9)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 4, "the four files and no temporary file")
}

func readEventProfile(t *testing.T, path string) eventProfileJSON {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var ep eventProfileJSON
	require.NoError(t, json.Unmarshal(b, &ep), string(b))
	return ep
}

// TestEventProfileCountsRepeat runs a network twice with the same seed:
// the counts and pending-set sizes are the same, only times differ; the
// command's own output is unchanged by the flag.
func TestEventProfileCountsRepeat(t *testing.T) {
	dir := t.TempDir()
	net := filepath.Join("..", "..", "examples", "networks", "jackson-feedback.yaml")
	var plain string
	var first []kindJSON
	for i, args := range [][]string{
		{"net", "run", net, "--duration", "20000", "--json"},
		{"net", "run", net, "--duration", "20000", "--json", "--event-profile=" + filepath.Join(dir, "a.json")},
		{"net", "run", net, "--duration", "20000", "--json", "--event-profile=" + filepath.Join(dir, "b.json")},
	} {
		code, out, errOut := runCapture3(t, args...)
		require.Equal(t, 0, code, errOut)
		if i == 0 {
			plain = out
			continue
		}
		assert.Equal(t, plain, out, "stdout is the same with --event-profile")
		ep := readEventProfile(t, filepath.Join(dir, string(rune('a'+i-1))+".json"))
		kinds := ep.Kinds
		require.NotEmpty(t, kinds)
		for j := range kinds {
			kinds[j].Sampled, kinds[j].Interrupted, kinds[j].Seconds, kinds[j].TimeShare = 0, 0, 0, 0
		}
		if first == nil {
			first = kinds
			continue
		}
		assert.Equal(t, first, kinds)
	}
}

func TestEventProfileTableOnStderr(t *testing.T) {
	code, out, errOut := runCapture3(t, "mmc", "--duration", "300", "--warmup", "10", "--event-profile")
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, out, "event profile")
	assert.Regexp(t, `event profile: \d+ events in 1 environment;`, errOut)
	assert.Regexp(t, `(?m)^  arrival +\d+ +\d+\.\d %`, errOut)
	assert.Contains(t, errOut, "station.done")
}

func TestProfileFlagsRefuseBadPaths(t *testing.T) {
	for _, flag := range []string{"--cpuprofile", "--memprofile", "--exectrace", "--event-profile="} {
		args := []string{"mmc", "--duration", "100"}
		if flag == "--event-profile=" {
			args = append(args, flag+"/no/such/folder/x.json")
		} else {
			args = append(args, flag, "/no/such/folder/x")
		}
		code, _, errOut := runCapture3(t, args...)
		assert.Equal(t, 2, code, flag)
		assert.Contains(t, errOut, "the folder /no/such/folder does not exist", flag)
	}
}

// TestTraceSummary traces two forced collections and a busy goroutine:
// the summary finds both cycles and the running time.
func TestTraceSummary(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, trace.Start(&buf))
	runtime.GC()
	sum := 0
	for i := range 20_000_000 {
		sum += i % 7
	}
	runtime.GC()
	trace.Stop()
	s, err := summariseTrace(&buf)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, s.gcCycles, 2, "two runtime.GC calls")
	assert.Positive(t, s.stw, "each collection stops the world")
	assert.Positive(t, s.running)
	assert.LessOrEqual(t, s.gcMark, s.span)
	assert.NotZero(t, sum)
	_, err = summariseTrace(strings.NewReader("not a trace"))
	assert.Error(t, err)
}

// TestEventProfileOfNoEvents: the formula engine runs no event; the
// profile says so instead of printing a table of NaNs.
func TestEventProfileOfNoEvents(t *testing.T) {
	code, _, errOut := runCapture3(t, "run", "switch", "--engine", "formula", "--minutes", "3", "--event-profile")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "event profile: no event ran in the engine (0 environments)")
	assert.NotContains(t, errOut, "NaN")
}
