package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBenchQuick runs `bench --quick` with a tiny benchtime: every quick
// benchmark gets a line with a positive ns/op and BENCHMARKS.md's figure,
// and the M/M/c ratios are printed beside ours.
func TestBenchQuick(t *testing.T) {
	code, out, errOut := runCapture3(t, "bench", "--quick", "--benchtime", "1ms", "--count", "2")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `(?m)^machine: .+, \d+ CPUs, go1\.`, out)
	assert.Contains(t, out, "load average at the start: ")
	var quick int
	for _, e := range benchEntries() {
		if !e.quick {
			assert.NotContains(t, out, e.name+" ", "only the quick set")
			continue
		}
		quick++
		m := benchLine(e.name).FindStringSubmatch(out)
		if assert.NotNil(t, m, "%s: a line with ns/op, its rounds' range, allocations, ours and the ratio\n%s", e.name, out) {
			med, lo, hi := parseBenchNs(t, m[1]), parseBenchNs(t, m[2]), parseBenchNs(t, m[3])
			assert.Positive(t, med, e.name)
			assert.True(t, lo <= med && med <= hi, "%s: median %v within its rounds %v–%v", e.name, med, lo, hi)
		}
	}
	assert.Equal(t, 12, quick)
	for _, rung := range []string{"scheduler", "env", "des"} {
		assert.Regexp(t, `(?m)^M/M/c rho=0\.95 `+rung+`/minimal +[0-9.]+ +[0-9.]+`, out)
	}
	assert.Regexp(t, `(?m)^hold n=10000 des/container-heap +[0-9.]+ +0\.39`, out)
	assert.True(t, strings.HasSuffix(out, "(1, 5, 15 min)\n") || strings.HasSuffix(out, "unknown\n"))
}

func TestBenchRefusesBadFlags(t *testing.T) {
	for _, v := range []string{"0s", "-1s", "fast", "2h"} {
		code, _, errOut := runCapture3(t, "bench", "--benchtime", v)
		assert.Equal(t, 2, code, v)
		assert.Contains(t, errOut, "--benchtime: must be a duration", v)
	}
	for _, v := range []string{"0", "-3", "101"} {
		code, _, errOut := runCapture3(t, "bench", "--count", v)
		assert.Equal(t, 2, code, v)
		assert.Contains(t, errOut, "--count: must be a whole number from 1 to 100", v)
	}
}

// benchLine matches bench's line for name: ns/op, its rounds' range,
// allocations, ours and the ratio. A time is as benchNs writes it: ns, or
// ms / s from a millisecond on (a busy machine gets there).
func benchLine(name string) *regexp.Regexp {
	const ns = `([0-9.]+(?: m?s)?)`
	return regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + ` +` + ns + ` +` + ns + `–` + ns + ` +\d+ +` + ns + ` +([0-9.]+)$`)
}

// parseBenchNs reads back what benchNs wrote: plain nanoseconds, or
// "x ms" / "x s".
func parseBenchNs(t *testing.T, s string) float64 {
	t.Helper()
	scale := 1.0
	switch {
	case strings.HasSuffix(s, " ms"):
		s, scale = strings.TrimSuffix(s, " ms"), 1e6
	case strings.HasSuffix(s, " s"):
		s, scale = strings.TrimSuffix(s, " s"), 1e9
	}
	v, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err)
	return v * scale
}

func TestParseBenchNsReadsBenchNs(t *testing.T) {
	for _, ns := range []float64{12.5, 999999, 1.5e6, 2.25e9} {
		assert.InEpsilon(t, ns, parseBenchNs(t, benchNs(ns)), 5e-3, benchNs(ns))
	}
	m := benchLine("hold n=10").FindStringSubmatch("hold n=10   812.5   1.02 ms–2.5 s   0   790.0   1.03\n")
	require.NotNil(t, m, "a loaded machine's line")
	assert.Equal(t, []string{"812.5", "1.02 ms", "2.5 s", "790.0", "1.03"}, m[1:])
}
