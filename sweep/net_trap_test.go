package sweep

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetTrappedRefused: an open network whose customers can never leave
// (a → b → a) has no steady state and grows without bound; a sweep refuses
// it before any run, as net solve and net run do (issue 20.3).
func TestNetTrappedRefused(t *testing.T) {
	dir := t.TempDir()
	trap := "name: trap\narrivals: {to: a, rate: 1}\nstations:\n  - name: a\n    service: {dist: exp, mean: 0.1}\n" +
		"  - name: b\n    service: {dist: exp, mean: 0.1}\nrouting:\n  a: {b: 1}\n  b: {a: 1}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "trap.yaml"), []byte(trap), 0o600))
	design := "system: net\nnetwork: trap.yaml\nvary:\n  rate.job: [1, 2]\n"
	_, err := Parse(filepath.Join(dir, "d.yaml"), []byte(design))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "never leave the network")
	assert.Contains(t, err.Error(), "design point 0")
}
