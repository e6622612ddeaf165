package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetRunDeadlock: a network whose buffers deadlock stops with an error
// naming the stations and the time, exit status 2 (no steady state).
func TestNetRunDeadlock(t *testing.T) {
	f := filepath.Join(t.TempDir(), "ring.yaml")
	require.NoError(t, os.WriteFile(f, []byte(`name: ring
classes:
  - {name: c, population: 4, start: D}
stations:
  - {name: D, servers: inf, service: {dist: exp, mean: 1}}
  - {name: A, service: {dist: exp, mean: 1}, buffer: 2}
  - {name: B, service: {dist: exp, mean: 1}, buffer: 2}
routing:
  D: {A: 1}
  A: {B: 1}
  B: {A: 0.5, D: 0.5}
`), 0o600))
	code, out, errOut := runCapture3(t, "net", "run", f, "--duration", "100000")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, `network "ring": deadlock at `)
	assert.Contains(t, errOut, "stations A, B are full")
}

// TestNetSolveSaysWhyNoValues: a network whose features no method covers
// says so once, with the chain's reason, instead of an empty table.
func TestNetSolveSaysWhyNoValues(t *testing.T) {
	code, out, errOut := runCapture3(t, "net", "solve", "../../examples/networks/jsq-vs-random.yaml")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `network "jsq-vs-random": 0 analytic values`)
	assert.Contains(t, out, `No analytic value: exact CTMC not used: router "balancer" chooses by jsq`)
	assert.Contains(t, out, "no other method covers its jsq router. queuelab net run simulates it.")
	assert.NotContains(t, out, "station  class", "no empty table")
	assert.Equal(t, 1, strings.Count(out, "exact CTMC not used"), "the reason once")
	code, out, errOut = runCapture3(t, "net", "solve", "../../examples/networks/balking.yaml")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "birth-death")
	assert.NotContains(t, out, "No analytic method")
}
