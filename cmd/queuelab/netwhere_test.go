package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetSolveForkRefusalLine: a fork the exact CTMC refuses is named
// with the file and line of what to change: here each time a routing
// row (d's, sending the joined jobs back to the fork; branch a's,
// routing its tasks through c; the fork's split, sending two tasks to
// a), not the station's item under stations; the location comes first.
func TestNetSolveForkRefusalLine(t *testing.T) {
	for _, tc := range []struct {
		name, file, want string
	}{
		{"back to the fork", `arrivals: {to: f, rate: 0.4}
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
`, `:14: exact CTMC not used: class "job"'s jobs reach fork "f" again after join "j"`},
		{"branch through c", `arrivals: {to: f, rate: 0.4}
stations:
  - {name: f, kind: fork}
  - {name: a, service: {dist: exp, mean: 1}}
  - {name: b, service: {dist: exp, mean: 1}}
  - {name: c, service: {dist: exp, mean: 1}}
  - {name: j, kind: join}
routing:
  f: {split: {a: 1, b: 1}}
  b: {j: 1}
  a: {c: 1}
  c: {j: 1}
`, `:11: exact CTMC not used: branch "a" does not send class "job"'s tasks straight to join "j"`},
		{"two tasks to a", `arrivals: {to: f, rate: 0.4}
stations:
  - {name: f, kind: fork}
  - {name: a, service: {dist: exp, mean: 1}}
  - {name: b, service: {dist: exp, mean: 1}}
  - {name: j, kind: join}
routing:
  a: {j: 1}
  b: {j: 1}
  f:
    split: {a: 2, b: 1}
`, `:10: exact CTMC not used: fork "f" sends 2 tasks to "a"`},
	} {
		path := filepath.Join(t.TempDir(), "x.yaml")
		require.NoError(t, os.WriteFile(path, []byte(tc.file), 0o600))
		cmd := newNetSolveCmd()
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetArgs([]string{path})
		require.NoError(t, cmd.Execute(), tc.name)
		line, why, _ := strings.Cut(tc.want[1:], ": ") // ":10: exact CTMC …": the location comes first
		assert.Contains(t, out.String(), path+":"+line+": No analytic value: "+why, tc.name)
	}
}
