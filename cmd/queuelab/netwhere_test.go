package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetSolveForkRefusalLine: a fork the exact CTMC refuses is named
// with the file and line of the station the refusal is about (here d,
// whose routing sends the joined jobs back to the fork).
func TestNetSolveForkRefusalLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "back.yaml")
	require.NoError(t, os.WriteFile(path, []byte(`arrivals: {to: f, rate: 0.4}
stations:
  - {name: f, kind: fork}
  - {name: a, service: {dist: exp, mean: 1}}
  - {name: b, service: {dist: exp, mean: 1}}
  - {name: j, kind: join}
  - name: d
    service: {dist: exp, mean: 1}
routing:
  f: {split: {a: 1, b: 1}}
  a: {j: 1}
  b: {j: 1}
  j: {d: 1}
  d: {f: 0.3}
`), 0o600))
	cmd := newNetSolveCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetArgs([]string{path})
	require.NoError(t, cmd.Execute())
	assert.Contains(t, out.String(), path+`:7: class "job"'s jobs reach fork "f" again after join "j"`)
}
