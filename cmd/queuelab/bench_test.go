package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBenchQuick runs `bench --quick` with a tiny benchtime: every quick
// benchmark gets a line with a positive ns/op and BENCHMARKS.md's figure,
// and the M/M/c ratios are printed beside ours.
func TestBenchQuick(t *testing.T) {
	code, out, errOut := runCapture3(t, "bench", "--quick", "--benchtime", "1ms")
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
		m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(e.name) + ` +([0-9.]+) +\d+ +([0-9.]+) +([0-9.]+)$`).FindStringSubmatch(out)
		if assert.NotNil(t, m, "%s: a line with ns/op, allocations, ours and the ratio\n%s", e.name, out) {
			assert.NotEqual(t, "0.0", m[1], e.name)
		}
	}
	assert.Equal(t, 12, quick)
	for _, rung := range []string{"scheduler", "env", "des"} {
		assert.Regexp(t, `(?m)^M/M/c rho=0\.95 `+rung+`/minimal +[0-9.]+ +[0-9.]+`, out)
	}
	assert.Regexp(t, `(?m)^hold n=10000 des/container-heap +[0-9.]+ +0\.39`, out)
	assert.True(t, strings.HasSuffix(out, "(1, 5, 15 min)\n") || strings.HasSuffix(out, "unknown\n"))
}

func TestBenchRefusesBadBenchtime(t *testing.T) {
	for _, v := range []string{"0s", "-1s", "fast", "2h"} {
		code, _, errOut := runCapture3(t, "bench", "--benchtime", v)
		assert.Equal(t, 2, code, v)
		assert.Contains(t, errOut, "--benchtime: must be a duration", v)
	}
}
